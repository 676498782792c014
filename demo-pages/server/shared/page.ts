/**
 * Sending a page: the layout around a body in the request's language, with the session's user,
 * the CSRF token and the labels (every domain's page routes answer through here).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../../src/contract/types.ts';
import { HINTS_COOKIE, HINTS_DEFAULT, parseHintsValue } from '../../../src/contract/hints.ts';
import { errorPageBody } from '../templates/error.page.ts';
import { portalMenu } from '../menu/menu.ts';
import { renderLayout, type LayoutOptions } from '../templates/layout.ts';
import type { AppContext } from './context.ts';
import { showLabelsRequested } from './labels.ts';
import { pageLang } from './lang.ts';
import { preloadRequested } from './preload.ts';

type PageOptions = Pick<
  LayoutOptions,
  | 'title'
  | 'body'
  | 'pageData'
  | 'pageDataBlocks'
  | 'elements'
  | 'skipTo'
  | 'nonce'
  | 'headerSearch'
  | 'shellBars'
  | 'messages'
  | 'messageViews'
  | 'classicBundle'
  | 'preload'
> & {
  /** The server renders the elements' first view (stock and issuer pages, issue 24). */
  firstPaint?: boolean;
};

/** The visitor's hints choice: a signed-in user's saved setting, else the hints cookie, else on. */
function hintsOf(ctx: AppContext, request: FastifyRequest): boolean {
  const user = request.session?.user;
  if (!user) return parseHintsValue(request.cookies[HINTS_COOKIE]) ?? HINTS_DEFAULT;
  return ctx.profile.settings(user.id).hints;
}

const nonces = new WeakMap<FastifyRequest, string>();

/**
 * The CSP nonce of this request's page, fresh for each response: the page's inline scripts carry
 * it (the layout's, and a body's own such as the login page's). Style is not restricted.
 */
export function cspNonce(request: FastifyRequest): string {
  let nonce = nonces.get(request);
  if (nonce === undefined) {
    nonce = randomBytes(18).toString('base64');
    nonces.set(request, nonce);
  }
  return nonce;
}

/** Every page's policy: scripts from the site or with the page's nonce (the module scripts are the site's). */
export function pageCsp(nonce: string): string {
  return [`script-src 'self' 'nonce-${nonce}'`, "object-src 'none'", "base-uri 'self'"].join('; ');
}

/** Renders a page in the request's language with the session's user. */
export function sendPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  page: PageOptions,
  status = 200,
) {
  // A page with a stricter policy of its own (the strict-CSP test page) keeps it, with its nonce.
  const nonce = page.nonce ?? cspNonce(request);
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', pageCsp(nonce));
  // Reading a page stores nothing: an anonymous visitor's token is a signed one (csrf.ts).
  const { firstPaint, ...layout } = page;
  const html = renderLayout({
    ...layout,
    // Every page brings its elements' labels (the server knows the language), so none of them
    // waits for a label call; `?preload=0` gives the page as a legacy template does, without.
    labelModules: preloadRequested(request.query) ? [] : undefined,
    firstPaint: firstPaint ? ctx.renderer : null,
    nonce,
    lang,
    url: request.url,
    user: request.session?.user ?? null,
    hints: hintsOf(ctx, request),
    sid: ctx.csrf.issue(request, reply),
    labels: ctx.labels,
    showLabels: showLabelsRequested(request.query),
    // The test pages of one element show that element alone (what it downloads, its events).
    headerSearch: page.headerSearch ?? !request.url.startsWith('/test/'),
    // Every page carries the menu's data; the element test pages show their element alone.
    menu: portalMenu(ctx, lang, request.url, showLabelsRequested(request.query)),
    headerMenu: !request.url.startsWith('/test/'),
    shellBars: page.shellBars ?? !request.url.startsWith('/test/'),
  });
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The HTML answer of a failed page (unknown stock, bad id, server error). */
export function sendErrorPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string | null,
) {
  const lang = pageLang(request, reply);
  const heading =
    status === 404
      ? ctx.labels.text(lang, 'common:not_found')
      : status >= 500
        ? 'Internal error'
        : 'Bad request';
  return sendPage(
    ctx,
    request,
    reply,
    lang,
    { title: heading, body: errorPageBody(status, heading, detail) },
    status,
  );
}
