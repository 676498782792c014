/**
 * Outside production: /test/issuer-reports/{id}/?sections=ifrs — <fin-issuer-reports> alone on a
 * page with the issuer page data of /company/{id}/, for the browser tests and the bench of its
 * sections (the issuer page itself carries the element once it is assembled).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { pageLang } from '../shared/lang.ts';
import { priceAccessOf } from '../shared/masking.ts';
import { sendPage } from '../shared/page.ts';
import { pageContext } from '../market/stock.page-data.ts';
import { html, trusted } from '../templates/html.ts';
import { elementsBlock } from '../templates/layout.ts';
import type { CompanyRepository } from './company.repo.ts';
import { buildIssuerPageData } from './company.page-data.ts';
import { buildIssuerReportsPageData } from './company.pages.ts';
import type { IssuerContext } from './reports.ts';

/** Section ids only: letters, separated by spaces or commas. */
const SECTIONS = /^[a-z]+([ ,]+[a-z]+)*$/;

export function registerIssuerTestPages(
  app: FastifyInstance,
  ctx: AppContext,
  repo: CompanyRepository,
): void {
  if (ctx.production) return;
  app.get<{ Params: { id: number }; Querystring: { sections?: string } }>(
    '/test/issuer-reports/:id/',
    {
      config: { page: true },
      schema: {
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: { sections: { type: 'string', maxLength: 100 }, lang: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const emitent = ctx.repo.emitent(request.params.id);
      if (!emitent) throw new HttpError(404, `Unknown company ${request.params.id}`);
      const sections = request.query.sections?.trim() ?? '';
      if (sections !== '' && !SECTIONS.test(sections)) throw new HttpError(400, 'sections: ids only');
      const lang = pageLang(request, reply);
      const user = request.session?.user ?? null;
      const issuer: IssuerContext = {
        repo,
        labels: ctx.labels,
        lang,
        user,
        access: priceAccessOf(user),
        asOf: ctx.meta.asOf,
      };
      const data = buildIssuerReportsPageData(
        issuer,
        emitent,
        buildIssuerPageData(pageContext(ctx, request, lang), emitent),
      );
      const attribute = sections ? ` sections="${sections}"` : '';
      const elements = [
        {
          markup: html`${trusted(`<fin-issuer-reports${attribute}></fin-issuer-reports>`)}`,
          script: '/dist/elements/fin-issuer-reports.js',
        },
      ];
      return sendPage(ctx, request, reply, lang, {
        title: `Test: <fin-issuer-reports> of ${data.emitentName}`,
        pageData: data,
        elements,
        body: html`<main>
          <h1>${data.emitentName}</h1>
          ${elementsBlock(elements)}
        </main>`,
      });
    },
  );
}
