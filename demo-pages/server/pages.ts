/**
 * The demo pages (DESIGN §7), rendered the way the legacy templates do: page data injected as
 * JSON, the user globals, and the elements dropped in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../src/contract/types.ts';
import { DEMO_STOCKS } from '../data/instruments.ts';
import { readElementDocs } from '../tools/manifest.ts';
import { resendCode } from './auth/auth.routes.ts';
import { HttpError, type AppContext } from './shared/context.ts';
import { showLabelsRequested } from './shared/labels.ts';
import { pageLang, pickName } from './shared/lang.ts';
import { RESEND_AFTER_MS } from './auth/login.service.ts';
import { priceAccessOf } from './shared/masking.ts';
import { bondUrl, etfUrl, indexUrl } from './market/market.page-data.ts';
import {
  buildStockPageData,
  emitentName,
  stockName,
  stockUrl,
  type PageContext,
} from './market/stock.page-data.ts';
import { ensureSession } from './shared/session.ts';
import { ID } from './market/price-dynamics.routes.ts';
import { catalogElements, catalogPageBody, legacyBundlePageBody } from './templates/catalog.page.ts';
import { errorPageBody } from './templates/error.page.ts';
import { jsonScript } from './templates/html.ts';
import { indexPageBody } from './templates/index.page.ts';
import { renderLayout, type LayoutOptions } from './templates/layout.ts';
import { loginPageBody } from './auth/login.template.ts';
import {
  testMalformedPageBody,
  testMalformedPageElements,
  testSingleElementPage,
} from './templates/test-pages.ts';
import { stockPageBody, stockPageElements } from './market/stock.template.ts';

type PageOptions = Pick<LayoutOptions, 'title' | 'body' | 'pageData' | 'elements'>;

/** Renders a page in the request's language with the session's user. */
export function sendPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  page: PageOptions,
  status = 200,
) {
  const session = ensureSession(ctx.sessions, request, reply);
  const html = renderLayout({
    ...page,
    lang,
    url: request.url,
    user: session.user,
    sid: session.csrf,
    labels: ctx.labels,
    showLabels: showLabelsRequested(request.query),
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

export function pageContext(ctx: AppContext, request: FastifyRequest, lang: Lang): PageContext {
  return {
    repo: ctx.repo,
    market: ctx.market,
    labels: ctx.labels,
    lang,
    access: priceAccessOf(request.session?.user ?? null),
    asOf: ctx.meta.asOf,
  };
}

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeBack(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : '/';
}

const PAGE = { page: true } as const;
const STRING_ID = /^[a-z0-9_-]{1,64}$/;

export function registerPages(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { action?: string } }>('/', { config: PAGE }, async (request, reply) => {
    // The legacy site answers some calls on its front page: GET /?action=ajaxSendCode (SPEC §7).
    const { action } = request.query;
    if (action === 'ajaxSendCode') return resendCode(ctx, request, reply);
    if (action !== undefined) throw new HttpError(400, `Unknown action "${action}"`);

    const lang = pageLang(request, reply);
    const name = (id: number) => {
      const stock = ctx.repo.stock(id);
      return stock ? stockName(lang, stock) : String(id);
    };
    const stringId = (id: number) => ctx.repo.stock(id)?.string_id ?? '';
    const featured = [
      {
        url: stockUrl('sber'),
        title: `${name(DEMO_STOCKS.sber)}`,
        note: 'main ground 1 (Moscow Exchange), intraday bars, dividends',
      },
      {
        url: stockUrl('sber', 2),
        title: `${name(DEMO_STOCKS.sber)} · SPB`,
        note: 'the same stock on ground 2 (URL with the ground segment)',
      },
      {
        url: stockUrl(stringId(DEMO_STOCKS.groundTwoOnly)),
        title: name(DEMO_STOCKS.groundTwoOnly),
        note: 'traded only on ground 2',
      },
      {
        url: stockUrl(stringId(DEMO_STOCKS.foreignMainGroundThree)),
        title: name(DEMO_STOCKS.foreignMainGroundThree),
        note: 'main ground 3, also on ground 2',
      },
      {
        url: stockUrl(stringId(DEMO_STOCKS.withSplit)),
        title: name(DEMO_STOCKS.withSplit),
        note: 'a 1:100 split',
      },
      {
        url: stockUrl(stringId(DEMO_STOCKS.recentListing)),
        title: name(DEMO_STOCKS.recentListing),
        note: 'recent listing: too little history for the changes (null)',
      },
    ];
    const stocks = ctx.repo.allStocks().map((stock) => ({
      url: stockUrl(stock.string_id),
      title: `${stockName(lang, stock)} (${stock.string_id})`,
    }));
    const companies = ctx.repo
      .allEmitents()
      .map((emitent) => ({ url: `/company/${emitent.id}/`, title: emitentName(lang, emitent) }));
    const named = <T extends { name: string; name_eng: string }>(rows: T[], url: (row: T) => string) =>
      rows.map((row) => ({ url: url(row), title: pickName(lang, row.name, row.name_eng) }));
    return sendPage(ctx, request, reply, lang, {
      title: 'fin-elements demo',
      body: indexPageBody({
        featured,
        stocks,
        companies,
        bonds: named(ctx.market.allBonds(), (bond) => bondUrl(bond.id)),
        indexes: named(ctx.market.allIndexes(), (index) => indexUrl(index.id)),
        etfs: named(ctx.market.allEtfs(), (etf) => etfUrl(etf.id)),
        asOf: ctx.meta.asOf,
        devTools: !ctx.production,
      }),
    });
  });

  const stockPage = async (
    request: FastifyRequest<{ Params: { stringId: string; groundId?: number } }>,
    reply: FastifyReply,
  ) => {
    const { stringId, groundId } = request.params;
    const stock = STRING_ID.test(stringId) ? ctx.repo.stockByStringId(stringId) : undefined;
    if (!stock && /^\d{1,9}$/.test(stringId)) {
      // Search results may link by numeric id (SPEC §2: /stocks/{id}/): send them to the page's own URL.
      const byId = ctx.repo.stock(Number(stringId));
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (byId) return reply.redirect(`${stockUrl(byId.string_id, groundId ?? null)}${query}`, 301);
    }
    if (!stock) throw new HttpError(404, `Unknown stock "${stringId}"`);
    const grounds = ctx.repo.grounds(stock.id);
    const main = grounds[0];
    if (!main) throw new HttpError(404, `Stock "${stringId}" is not traded anywhere`);
    if (groundId === main.ground_id) {
      // The main ground has no segment in its URL (SPEC §2 routes).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${stockUrl(stock.string_id)}${query}`, 301);
    }
    const ground = groundId === undefined ? main : grounds.find((g) => g.ground_id === groundId);
    if (!ground) throw new HttpError(404, `Stock "${stringId}" is not traded on trading ground ${groundId}`);

    const lang = pageLang(request, reply);
    const data = buildStockPageData(pageContext(ctx, request, lang), stock, ground.ground_id);
    if ((request.query as { format?: string }).format === 'json') {
      return reply.header('Cache-Control', 'no-store').send(data);
    }
    const emitent = ctx.repo.emitent(stock.emitent_id);
    const name = stockName(lang, stock);
    return sendPage(ctx, request, reply, lang, {
      title: `${name} (${ground.ticker}) · ${pickName(lang, ground.name, ground.name_eng)}`,
      pageData: data,
      elements: stockPageElements(),
      body: stockPageBody({
        lang,
        data,
        name,
        ticker: ground.ticker,
        emitent: emitent ? { id: emitent.id, name: emitentName(lang, emitent) } : null,
        groundsLabel: ctx.labels.text(lang, 'stock:trading_grounds'),
        elements: stockPageElements(),
        t: (key) => ctx.labels.text(lang, key, showLabelsRequested(request.query)),
      }),
    });
  };
  const stockQuery = { type: 'object', properties: { format: { type: 'string' }, lang: { type: 'string' } } };
  app.get('/stocks/:stringId/', { config: PAGE, schema: { querystring: stockQuery } }, stockPage);
  app.get(
    '/stocks/:stringId/:groundId/',
    {
      config: PAGE,
      schema: {
        querystring: stockQuery,
        params: { type: 'object', properties: { stringId: { type: 'string' }, groundId: ID } },
      },
    },
    stockPage,
  );

  // /company/{id}/ lives in company.pages.ts.

  app.get<{ Querystring: { back?: string } }>('/login/', { config: PAGE }, async (request, reply) => {
    const lang = pageLang(request, reply);
    const session = ensureSession(ctx.sessions, request, reply);
    const labels = ctx.labels.module('auth', lang, showLabelsRequested(request.query)) ?? {};
    return sendPage(ctx, request, reply, lang, {
      title: labels.title ?? 'Sign in',
      body: loginPageBody({
        labels,
        back: safeBack(request.query.back),
        resendAfterSeconds: RESEND_AFTER_MS / 1000,
        user: session.user,
        devTools: !ctx.production,
      }),
    });
  });

  app.get('/elements/', { config: PAGE }, async (request, reply) => {
    const docs = readElementDocs();
    const lang = pageLang(request, reply);
    // The examples of elements that read the stock page data run on the demo stock's, as on its page.
    const demoStock = ctx.repo.stock(DEMO_STOCKS.sber);
    const demoGround = demoStock ? ctx.repo.grounds(demoStock.id)[0] : undefined;
    return sendPage(ctx, request, reply, lang, {
      title: 'Elements · fin-elements',
      pageData:
        demoStock && demoGround
          ? buildStockPageData(pageContext(ctx, request, lang), demoStock, demoGround.ground_id)
          : undefined,
      elements: catalogElements(docs),
      body: catalogPageBody(docs),
    });
  });

  if (!ctx.production) {
    // The classic-script bundle, for legacy pages that cannot load modules.
    app.get('/test/legacy-bundle/', { config: PAGE }, async (request, reply) => {
      const lang = pageLang(request, reply);
      const sber = ctx.repo.stock(DEMO_STOCKS.sber);
      if (!sber) throw new HttpError(404, 'The demo stock is missing');
      const data = buildStockPageData(pageContext(ctx, request, lang), sber, 1);
      return sendPage(ctx, request, reply, lang, {
        title: 'Test: classic-script bundle',
        body: legacyBundlePageBody(jsonScript('legacy-page-data', data)),
      });
    });

    // One element alone on a stock page (lazy loading: what such a page downloads).
    app.get<{ Params: { tag: string } }>('/test/only/:tag/', { config: PAGE }, async (request, reply) => {
      const { tag } = request.params;
      if (!readElementDocs().some((doc) => doc.tagName === tag))
        throw new HttpError(404, `No element ${tag}`);
      const lang = pageLang(request, reply);
      const sber = ctx.repo.stock(DEMO_STOCKS.sber);
      if (!sber) throw new HttpError(404, 'The demo stock is missing');
      return sendPage(ctx, request, reply, lang, {
        title: `Test: ${tag} alone`,
        pageData: buildStockPageData(pageContext(ctx, request, lang), sber, 1),
        ...testSingleElementPage(tag),
      });
    });

    // Browser tests of error isolation: one element gets broken page data, the other valid data.
    app.get('/test/malformed-page-data/', { config: PAGE }, async (request, reply) => {
      const lang = pageLang(request, reply);
      const sber = ctx.repo.stock(DEMO_STOCKS.sber);
      if (!sber) throw new HttpError(404, 'The demo stock is missing');
      const valid = buildStockPageData(pageContext(ctx, request, lang), sber, 1);
      return sendPage(ctx, request, reply, lang, {
        title: 'Test: malformed page data',
        pageData: '{"stockId": 1, "groundId": ',
        elements: testMalformedPageElements(),
        body: testMalformedPageBody(valid, testMalformedPageElements()),
      });
    });
  }
}
