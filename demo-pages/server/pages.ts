/**
 * The demo's own pages (DESIGN §7): the index of the demo, the /elements/ catalog and, outside
 * production, the /test/ pages of the browser tests. The domains' pages are in their folders.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../src/contract/types.ts';
import { DEMO_STOCKS } from '../data/instruments.ts';
import { resendCode } from './auth/auth.routes.ts';
import { companyPageData } from './company/company.pages.ts';
import { CompanyRepository } from './company/company.repo.ts';
import { bondUrl, etfUrl, indexUrl } from './market/market.page-data.ts';
import {
  buildStockPageData,
  emitentName,
  pageContext,
  stockName,
  stockUrl,
} from './market/stock.page-data.ts';
import { HttpError, type AppContext } from './shared/context.ts';
import { pageLang, pickName } from './shared/lang.ts';
import { sendPage } from './shared/page.ts';
import { elementCatalog, type CatalogElement } from './elements-manifest.ts';
import {
  catalogElements,
  catalogMissingBody,
  catalogPageBody,
  ISSUER_PAGE_DATA_ID,
  legacyBundlePageBody,
  needsIssuerPageData,
} from './templates/catalog.page.ts';
import { jsonScript } from './templates/html.ts';
import { indexPageBody } from './templates/index.page.ts';
import {
  testMalformedPageBody,
  testMalformedPageElements,
  testMessagesBody,
  testMessagesElements,
  testMessagesPage,
  testSingleElementPage,
  testStrictCspBody,
  VIEW_MESSAGES,
} from './templates/test-pages.ts';

/** The strict policy of issue 11 (#32): scripts and styles from the site or with the page's nonce. */
export function strictCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "object-src 'none'",
  ].join('; ');
}

const PAGE = { page: true } as const;

export function registerPages(app: FastifyInstance, ctx: AppContext): void {
  const companyRepo = new CompanyRepository(ctx.db);

  /** The page data of the demo issuer's page (the demo stock's issuer), as /company/{id}/ injects it. */
  const demoIssuerPageData = (request: FastifyRequest, lang: Lang) => {
    const sber = ctx.repo.stock(DEMO_STOCKS.sber);
    const emitent = sber && ctx.repo.emitent(sber.emitent_id);
    if (!emitent) throw new HttpError(404, 'The demo issuer is missing');
    return companyPageData(ctx, companyRepo, request, lang, emitent).data;
  };

  /** The issuer block of a page showing these elements, when one of them reads it. */
  const issuerBlock = (elements: CatalogElement[], request: FastifyRequest, lang: Lang) =>
    needsIssuerPageData(elements) ? { [ISSUER_PAGE_DATA_ID]: demoIssuerPageData(request, lang) } : undefined;

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

  app.get('/elements/', { config: PAGE }, async (request, reply) => {
    const elements = elementCatalog(ctx.distDir);
    const lang = pageLang(request, reply);
    if (!elements) {
      const body = catalogMissingBody();
      return sendPage(ctx, request, reply, lang, { title: 'Elements · fin-elements', body }, 503);
    }
    // The examples of elements that read the stock page data run on the demo stock's, as on its page.
    const demoStock = ctx.repo.stock(DEMO_STOCKS.sber);
    const demoGround = demoStock ? ctx.repo.grounds(demoStock.id)[0] : undefined;
    return sendPage(ctx, request, reply, lang, {
      title: 'Elements · fin-elements',
      pageData:
        demoStock && demoGround
          ? buildStockPageData(pageContext(ctx, request, lang), demoStock, demoGround.ground_id)
          : undefined,
      // The examples of elements that read the issuer page data run on the demo stock's issuer's.
      pageDataBlocks: issuerBlock(elements, request, lang),
      elements: catalogElements(elements),
      body: catalogPageBody(elements),
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
        classicBundle: true,
        body: legacyBundlePageBody(jsonScript('legacy-page-data', data)),
      });
    });

    // One element alone on a stock page (lazy loading: what such a page downloads).
    app.get<{ Params: { tag: string } }>('/test/only/:tag/', { config: PAGE }, async (request, reply) => {
      const { tag } = request.params;
      // An element of the build: its module is there (the tag is checked before it names a file).
      const built =
        /^fin-[a-z0-9]+(-[a-z0-9]+)*$/.test(tag) && existsSync(join(ctx.distDir, 'elements', `${tag}.js`));
      if (!built) throw new HttpError(404, `No element ${tag}`);
      const lang = pageLang(request, reply);
      const sber = ctx.repo.stock(DEMO_STOCKS.sber);
      if (!sber) throw new HttpError(404, 'The demo stock is missing');
      // The page data the element reads (its manifest entry): the demo stock's, or its issuer's.
      const kind = elementCatalog(ctx.distDir)?.find((element) => element.tagName === tag)?.pageData;
      return sendPage(ctx, request, reply, lang, {
        title: `Test: ${tag} alone`,
        pageData:
          kind === 'issuer'
            ? demoIssuerPageData(request, lang)
            : buildStockPageData(pageContext(ctx, request, lang), sber, 1),
        ...testSingleElementPage(tag),
        ...(tag === 'fin-alerts' || tag === 'fin-message' ? { messages: VIEW_MESSAGES } : {}),
      });
    });

    // Every element of the build under a strict CSP (issue 11 #32): nothing inline runs or styles
    // without the nonce, fresh for each request.
    app.get('/test/strict-csp/', { config: PAGE }, async (request, reply) => {
      const elements = elementCatalog(ctx.distDir);
      if (!elements) throw new HttpError(503, 'The element build has no manifest');
      const lang = pageLang(request, reply);
      const sber = ctx.repo.stock(DEMO_STOCKS.sber);
      if (!sber) throw new HttpError(404, 'The demo stock is missing');
      const nonce = randomBytes(18).toString('base64');
      reply.header('Content-Security-Policy', strictCsp(nonce));
      return sendPage(ctx, request, reply, lang, {
        title: 'Test: every element under a strict CSP',
        pageData: buildStockPageData(pageContext(ctx, request, lang), sber, 1),
        pageDataBlocks: issuerBlock(elements, request, lang),
        elements: catalogElements(elements),
        body: testStrictCspBody(catalogElements(elements)),
        messages: VIEW_MESSAGES,
        nonce,
      });
    });

    // The message queue (issue 23): `error=` is the server's error text shown on load (SPEC §8),
    // `alert=type:text` more messages of a type, `views=none` a page without <fin-alerts> and
    // <fin-message> (the kit's fallback stack), as a partner page would be.
    app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
      '/test/messages/',
      { config: PAGE },
      async (request, reply) => {
        const lang = pageLang(request, reply);
        const { messages, views } = testMessagesPage(request.query);
        return sendPage(ctx, request, reply, lang, {
          title: 'Test: messages',
          body: testMessagesBody(views),
          messages,
          messageViews: views,
          elements: testMessagesElements(views),
        });
      },
    );

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
