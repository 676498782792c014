/**
 * Test page of the browser tests (outside production only): `<fin-issuer-reports>` alone on a page
 * with the issuer page data of /company/{id}/, showing the sections named by `?sections=` (all the
 * issuer has when left out). It lets a section be tested on its own, whatever the issuer page
 * around it shows.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, ID, type AppContext } from '../shared/context.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { html } from '../templates/html.ts';
import { elementsBlock } from '../templates/layout.ts';
import type { CompanyRepository } from './company.repo.ts';
import { companyPageData } from './company.pages.ts';

export function registerIssuerReportsTestPage(
  app: FastifyInstance,
  ctx: AppContext,
  repo: CompanyRepository,
): void {
  app.get<{ Params: { id: number }; Querystring: { sections?: string } }>(
    '/test/issuer-reports/:id/',
    {
      config: { page: true },
      schema: {
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: { sections: { type: 'string', maxLength: 200 }, lang: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const emitent = ctx.repo.emitent(request.params.id);
      if (!emitent) throw new HttpError(404, `Unknown company ${request.params.id}`);
      const lang = pageLang(request, reply);
      // The very page data of /company/{id}/ for this visitor, so the element is tested on what it gets there.
      const { data } = companyPageData(ctx, repo, request, lang, emitent);
      const sections = request.query.sections;
      const elements = [
        {
          // html`` escapes the attribute value.
          markup:
            sections === undefined
              ? html`<fin-issuer-reports></fin-issuer-reports>`
              : html`<fin-issuer-reports sections="${sections}"></fin-issuer-reports>`,
          script: '/dist/elements/fin-issuer-reports.js',
        },
      ];
      return sendPage(ctx, request, reply, lang, {
        title: `Test: issuer reports of ${data.emitentName}`,
        pageData: data,
        elements,
        body: html`<main>
          <h1>Test: <code>&lt;fin-issuer-reports&gt;</code> of ${data.emitentName}</h1>
          ${elementsBlock(elements)}
        </main>`,
      });
    },
  );
}
