/** The sign-in page, /login/ (SPEC §2 shell, §4 Login); its calls are in auth.routes.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../shared/context.ts';
import { showLabelsRequested } from '../shared/labels.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { ELEMENT_SCRIPTS } from '../templates/layout.ts';
import { html } from '../templates/html.ts';
import { safeBack } from '../shared/same-site.ts';
import { loginPageBody } from './login.template.ts';

const PAGE = { page: true } as const;

export function registerAuthPages(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { back?: string; step?: string; error?: string } }>(
    '/login/',
    { config: PAGE },
    async (request, reply) => {
      const lang = pageLang(request, reply);
      const labels = ctx.labels.module('auth', lang, showLabelsRequested(request.query)) ?? {};
      return sendPage(ctx, request, reply, lang, {
        title: labels.title ?? 'Sign in',
        body: loginPageBody({
          labels,
          back: safeBack(request.query.back),
          user: request.session?.user ?? null,
          devTools: !ctx.production,
          sid: ctx.csrf.issue(request, reply),
          step: request.query.step === 'code' ? 'code' : 'phone',
          error: typeof request.query.error === 'string' ? request.query.error : null,
        }),
        elements: request.session?.user ? [] : [{ markup: html``, script: ELEMENT_SCRIPTS.login }],
      });
    },
  );
}
