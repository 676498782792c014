import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIssuerReportsPageData } from '../../src/contract/page-data.ts';
import { LANGUAGES } from '../../src/contract/types.ts';
import { DEMO_STOCKS } from '../data/instruments.ts';
import { customElementsManifest, type ElementDoc } from '../tools/manifest.ts';
import { BCP47 } from './shared/lang.ts';
import {
  FREE_PHONE,
  PAID_PHONE,
  client,
  createTestApp,
  createTestDatabase,
  jsonBlock,
  signIn,
  type TestDatabase,
} from './shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
const HOSTILE = `</script><script>alert("x")</script><!-- & \u2028 '"<b>`;

beforeAll(async () => {
  database = createTestDatabase();
  const db = new Database(database.dbPath);
  db.prepare(
    'INSERT INTO emitents (id, name, name_eng, full_name, full_name_eng) VALUES (901, ?, ?, ?, ?)',
  ).run(HOSTILE, HOSTILE, HOSTILE, HOSTILE);
  db.prepare(
    `INSERT INTO stocks (id, string_id, emitent_id, name, name_eng, isin, kind, lot, nominal, shares_outstanding)
     VALUES (901, 'hostile', 901, ?, ?, ?, 'ordinary', 1, NULL, 1)`,
  ).run(HOSTILE, HOSTILE, HOSTILE);
  db.prepare(
    'INSERT INTO stock_grounds (stock_id, ground_id, position, ticker, decimals) VALUES (901, 1, 1, ?, 2)',
  ).run(HOSTILE);
  db.close();
  app = await createTestApp(database.dbPath);
  // A route that fails unexpectedly, to see what the client gets.
  app.get('/api/test-boom/', async () => {
    throw new Error('secret detail at /work/main/demo-pages/server/app.ts:12');
  });
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const htmlLang = (body: string) => /<html lang="([^"]+)">/.exec(body)?.[1];

describe('stock pages', () => {
  it('renders the shell, the injected JSON, the legacy globals and the element with its module', async () => {
    const response = await get('/stocks/sber/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(jsonBlock(body, 'fin-page-data')).toMatchObject({
      stockId: DEMO_STOCKS.sber,
      groundId: 1,
      lang: 'rus',
    });
    expect(jsonBlock(body, 'fin-user')).toMatchObject({
      userAuth: false,
      userAccessLevel: 0,
      userTariffs: [],
      userId: null,
    });
    expect(body).toContain('<fin-price-dynamics></fin-price-dynamics>');
    expect(body).toContain('<script type="module" src="/dist/elements/fin-price-dynamics.js"></script>');
    expect(body).toContain('Синтетические демо-данные');
    expect(body).toContain('href="/login/?back=%2Fstocks%2Fsber%2F"');
    expect(body).toMatch(/<a href="\/stocks\/sber\/" aria-current="page" data-ground-id="1"\s/);
    // Each ground link carries the title of its page, which the page shows after a switch to it.
    expect(body).toMatch(
      /<a href="\/stocks\/sber\/2\/" data-ground-id="2" data-title="Сбербанк \(SBER\) · [^"]+"\s+data-ticker="SBER">/,
    );
  });

  it('serves the second ground under its own URL and redirects the main ground to the short one', async () => {
    const second = await get('/stocks/sber/2/');
    expect(jsonBlock(second.body, 'fin-page-data')).toMatchObject({ groundId: 2 });
    const redirect = await get('/stocks/sber/1/?lang=eng');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/stocks/sber/?lang=eng');
    // A stock whose only ground is 2: its short URL is ground 2.
    const only = await get('/stocks/aapl/');
    expect(jsonBlock(only.body, 'fin-page-data')).toMatchObject({
      stockId: DEMO_STOCKS.groundTwoOnly,
      groundId: 2,
    });
    expect((await get('/stocks/aapl/2/')).headers.location).toBe('/stocks/aapl/');
  });

  it('answers an unknown stock or ground with a 404 page and a bad ground id with a 400 page', async () => {
    for (const url of ['/stocks/nope/', '/stocks/sber/3/', '/stocks/NOT%20AN%20ID/', '/no/such/page/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body).toContain('Страница не найдена');
    }
    const bad = await get('/stocks/sber/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('params.groundId must be integer');
    expect((await get('/stocks/nope/?format=json')).json()).toEqual({ error: 'Unknown stock "nope"' });
    expect((await get('/company/abc/')).statusCode).toBe(400);
    expect((await get('/company/999/')).statusCode).toBe(404);
  });

  it('escapes a hostile stock name in the HTML and in the JSON blocks', async () => {
    const response = await get('/stocks/hostile/');
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<!-- &');
    // U+2028 is harmless in HTML text but must be escaped inside scripts.
    const scripts = [...body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    expect(scripts).not.toContain('\u2028');
    expect(scripts).toContain('\\u2028');
    expect(body).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)');
    // Every script element closes where the server meant it to.
    expect(body.match(/<script/g)?.length).toBe(body.match(/<\/script>/g)?.length);
    const data = jsonBlock(body, 'fin-page-data') as {
      stockInfo: { stock_full_name: string };
      exchangeTable: { data: Array<{ tiker: string }> };
    };
    expect(data.stockInfo.stock_full_name).toContain(HOSTILE);
    expect(data.exchangeTable.data[0]?.tiker).toBe(HOSTILE);
    expect(body).toContain('\\u003c/script\\u003e');
    const companyPage = await get('/company/901/');
    expect(companyPage.body).not.toContain('<script>alert');
    expect(jsonBlock(companyPage.body, 'fin-page-data')).toMatchObject({ emitentName: HOSTILE });
  });

  it('renders the issuer page with the issuer variant of the element', async () => {
    const response = await get('/company/1/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<fin-price-dynamics variant="issuer"></fin-price-dynamics>');
    expect(response.body).toContain('/dist/elements/fin-price-dynamics.js');
    expect(jsonBlock(response.body, 'fin-page-data')).toMatchObject({
      emitentId: 1,
      emitentName: 'Сбербанк',
    });
  });

  it('renders the index, the login page and the malformed-page-data test page', async () => {
    const index = await get('/');
    expect(index.body).toContain('href="/stocks/sber/2/"');
    expect(index.body).toContain('href="/stocks/aapl/"');
    expect(index.body).toContain('+79000000002');
    const login = await get('/login/?back=/stocks/sber/');
    // <fin-login> with where to go after, and the plain form for a browser without scripts.
    expect(login.body).toContain('<fin-login back="/stocks/sber/"></fin-login>');
    expect(login.body).toContain('<script type="module" src="/dist/elements/fin-login.js"></script>');
    expect(login.body).toMatch(/<noscript><form method="post" action="\/api\/auth\/login\/">/);
    expect((await get('/login/?back=//evil.example/')).body).toContain('<fin-login back="/"></fin-login>');

    const test = await get('/test/malformed-page-data/');
    expect(() => jsonBlock(test.body, 'fin-page-data')).toThrow(SyntaxError);
    expect(jsonBlock(test.body, 'fin-page-data-ok')).toMatchObject({
      stockId: DEMO_STOCKS.sber,
      groundId: 1,
    });
    expect(test.body).toContain(
      '<fin-price-dynamics id="ok" page-data="#fin-page-data-ok"></fin-price-dynamics>',
    );
  });
});

describe('language', () => {
  it('defaults to rus', async () => {
    const response = await get('/stocks/sber/');
    expect(htmlLang(response.body)).toBe('ru');
    expect(response.cookies.find((c) => c.name === 'lang')).toBeUndefined();
  });

  it('takes ?lang=, remembers it in a cookie for a year, and maps it to BCP 47', async () => {
    for (const lang of LANGUAGES) {
      const response = await get(`/stocks/sber/?lang=${lang}`);
      expect(htmlLang(response.body)).toBe(BCP47[lang]);
      expect(jsonBlock(response.body, 'fin-page-data')).toMatchObject({ lang });
      expect(response.cookies.find((c) => c.name === 'lang')).toMatchObject({
        value: lang,
        path: '/',
        maxAge: 365 * 24 * 3600,
      });
    }
  });

  it('follows the cookie on the next pages, and the query over the cookie', async () => {
    const browser = client(app);
    await browser.get('/?lang=deu');
    const next = await browser.get('/company/1/');
    expect(htmlLang(next.body)).toBe('de');
    expect(jsonBlock(next.body, 'fin-page-data')).toMatchObject({ lang: 'deu', emitentName: 'Sberbank' });
    expect(next.body).toContain('Synthetische Demodaten');
    expect(htmlLang((await browser.get('/company/1/?lang=chn')).body)).toBe('zh');
    expect(htmlLang((await browser.get('/')).body)).toBe('zh');
  });

  it('ignores an unknown language', async () => {
    const response = await get('/stocks/sber/?lang=xx', 'lang=eng');
    expect(htmlLang(response.body)).toBe('en');
    expect(htmlLang((await get('/stocks/sber/?lang=klingon')).body)).toBe('ru');
    expect(htmlLang((await get('/stocks/sber/', 'lang=bogus')).body)).toBe('ru');
  });
});

describe('errors', () => {
  it('answers an unexpected failure with "Internal error" and no stack trace', async () => {
    const response = await get('/api/test-boom/');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal error' });
    expect(response.body).not.toMatch(/secret|\.ts|at /);
  });

  it('answers malformed JSON bodies and unknown API paths with a short JSON error', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['error']);
    expect(malformed.body).not.toMatch(/node_modules|\.js:\d/);
    const unknown = await get('/api/nothing/here/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Not found: GET /api/nothing/here/' });
    const action = await get('/?action=drop');
    expect(action.statusCode).toBe(400);
  });
});

describe('links between pages', () => {
  it('redirects a numeric stock id to the stock page (search results link by id)', async () => {
    const response = await get(`/stocks/${DEMO_STOCKS.sber}/?lang=eng`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/stocks/sber/?lang=eng');
    expect((await get('/stocks/999999/')).statusCode).toBe(404);
  });

  it('links every kind of demo page from the index', async () => {
    const body = (await get('/')).body;
    for (const path of [
      '/stocks/sber/',
      '/company/',
      '/bonds/',
      '/indexes/',
      '/etf/',
      '/search/',
      '/watchlist/',
      '/profile/access/',
      '/profile_access/',
    ]) {
      expect(body, path).toContain(`href="${path}`);
    }
  });

  it('gives the stock page the comparison search URLs with the %term% placeholder', async () => {
    const data = JSON.parse((await get('/stocks/sber/?format=json')).body) as {
      comparisonSearchUrls: Record<string, string>;
    };
    expect(Object.keys(data.comparisonSearchUrls)).toEqual(
      expect.arrayContaining(['stocks', 'indexes', 'etf']),
    );
    for (const url of Object.values(data.comparisonSearchUrls)) expect(url).toContain('%term%');
  });
});

describe('the /elements/ catalog', () => {
  const element: ElementDoc = {
    tagName: 'fin-sample',
    source: 'elements/fin-sample.ts',
    summary: 'A sample with `code` in its summary.',
    attributes: [
      {
        name: 'page-data',
        fieldName: 'pageData',
        kind: 'string',
        type: 'string',
        description: 'selector of the page-data block; default `#fin-page-data`',
        fieldDescription: '',
        default: '#fin-page-data',
      },
      {
        name: 'variant',
        fieldName: 'variant',
        kind: 'string',
        type: "'stock' | 'issuer'",
        description: `${HOSTILE} then \`<b>bold</b>\` and a lone \` backtick`,
        fieldDescription: '',
      },
    ],
    events: [
      { name: 'fin-error', description: 'detail `{tag, message}`', type: 'CustomEvent<{ tag: string; }>' },
    ],
    cssParts: [],
    cssProperties: [],
    example: '<fin-sample variant="issuer"></fin-sample>',
    pageData: 'stock',
  };

  it("renders the build's custom-elements.json: each attribute's type and default, code spans as code, the rest as text", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fin-dist-'));
    writeFileSync(join(dist, 'custom-elements.json'), JSON.stringify(customElementsManifest([element])));
    mkdirSync(join(dist, 'elements'));
    writeFileSync(join(dist, 'elements/fin-sample.js'), '');
    const withBuild = await createTestApp(database.dbPath, { distDir: dist });
    try {
      const response = await withBuild.inject({ method: 'GET', url: '/elements/?lang=eng' });
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toContain('<script type="module" src="/dist/elements/fin-sample.js"></script>');
      expect(body).toContain(
        '<pre><code>&lt;fin-sample variant=&quot;issuer&quot;&gt;&lt;/fin-sample&gt;</code></pre>',
      );
      expect(body).toContain('<div class="elements"><fin-sample variant="issuer"></fin-sample></div>');
      expect(body).toContain('A sample with <code>code</code> in its summary.');
      const entry = (name: string) =>
        new RegExp(`<dt><code>${name}</code></dt>\\s*<dd>([\\s\\S]*?)</dd>`).exec(body)?.[1];
      expect(entry('page-data')).toMatch(
        /^selector of the page-data block; default <code>#fin-page-data<\/code> <span class="catalog-facts"\s*>Type <code>string<\/code>, default <code>#fin-page-data<\/code><\/span\s*>$/,
      );
      const variant = entry('variant')!;
      expect(variant).toContain('Type <code>&#39;stock&#39; | &#39;issuer&#39;</code></span');
      expect(variant).not.toContain('default <code>');
      // The description is text: a hostile string is escaped, also inside a code span.
      expect(variant).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(variant).toContain('<code>&lt;b&gt;bold&lt;/b&gt;</code> and a lone ` backtick');
      expect(body).not.toContain('<script>alert');
      expect(entry('fin-error')).toContain('Type <code>CustomEvent&lt;{ tag: string; }&gt;</code>');

      // The single-element test pages serve the elements of the build, and only tags.
      expect((await withBuild.inject({ method: 'GET', url: '/test/only/fin-sample/' })).statusCode).toBe(200);
      expect((await withBuild.inject({ method: 'GET', url: '/test/only/fin-nothing/' })).statusCode).toBe(
        404,
      );
      expect((await withBuild.inject({ method: 'GET', url: '/test/only/fin-..%2Fx/' })).statusCode).toBe(404);
    } finally {
      await withBuild.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("gives an element that reads the issuer page data the demo issuer's, alone and among all elements", async () => {
    const issuerElement: ElementDoc = {
      ...element,
      tagName: 'fin-sample-issuer',
      source: 'elements/fin-sample-issuer.ts',
      example: '<fin-sample-issuer sections="ifrs"></fin-sample-issuer>',
      pageData: 'issuer',
    };
    const dist = mkdtempSync(join(tmpdir(), 'fin-dist-'));
    writeFileSync(
      join(dist, 'custom-elements.json'),
      JSON.stringify(customElementsManifest([element, issuerElement])),
    );
    mkdirSync(join(dist, 'elements'));
    for (const tag of ['fin-sample', 'fin-sample-issuer'])
      writeFileSync(join(dist, `elements/${tag}.js`), '');
    const withBuild = await createTestApp(database.dbPath, { distDir: dist });
    const page = async (url: string) => {
      const response = await withBuild.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    try {
      // Alone: the issuer's page data is the page's block, checked as the elements check it.
      const alone = await page('/test/only/fin-sample-issuer/?lang=eng');
      const issuer = checkIssuerReportsPageData(jsonBlock(alone, 'fin-page-data'), '');
      expect(issuer).toMatchObject({ emitentId: 1, emitentName: 'Sberbank', lang: 'eng' });
      expect(issuer.reports.length).toBeGreaterThan(0);
      expect(alone).toContain('<fin-sample-issuer></fin-sample-issuer>');
      expect(jsonBlock(await page('/test/only/fin-sample/'), 'fin-page-data')).toMatchObject({
        stockId: DEMO_STOCKS.sber,
      });

      // Among all: the stock page's block and the issuer's, which the issuer example points at.
      for (const url of ['/elements/?lang=deu', '/test/strict-csp/?lang=deu']) {
        const body = await page(url);
        expect(jsonBlock(body, 'fin-page-data'), url).toMatchObject({ stockId: DEMO_STOCKS.sber });
        expect(checkIssuerReportsPageData(jsonBlock(body, 'fin-issuer-page-data'), ''), url).toMatchObject({
          emitentId: 1,
          lang: 'deu',
        });
        expect(body, url).toContain(
          '<fin-sample-issuer page-data="#fin-issuer-page-data" sections="ifrs"></fin-sample-issuer>',
        );
        expect(body, url).toContain('<fin-sample variant="issuer"></fin-sample>');
      }
    } finally {
      await withBuild.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('says what to run while the build has no custom-elements.json', async () => {
    const response = await get('/elements/?lang=eng');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('run <code>npm run build</code>');
  });
});

describe('the page shell', () => {
  const userLine = (body: string) =>
    /<span data-fin-user\s*>([\s\S]*?)<\/span\s*>/
      .exec(body)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();

  it('names the signed-in user’s plan in the page language, not the raw access level', async () => {
    const free = await signIn(app, FREE_PHONE);
    const paid = await signIn(app, PAID_PHONE);
    expect(userLine((await free.get('/?lang=eng')).body)).toBe(`${FREE_PHONE} · Registered user`);
    expect(userLine((await paid.get('/?lang=eng')).body)).toBe(`${PAID_PHONE} · Paid access`);
    expect(userLine((await paid.get('/?lang=deu')).body)).not.toMatch(/· \d+$/);
  });

  it('names the access level on <body>, which picks the room the stock page reserves for prompts or data', async () => {
    const access = (body: string) => /<body data-access="([a-z]+)"[ >]/.exec(body)?.[1];
    const anonymous = (await get('/stocks/sber/?lang=eng')).body;
    expect(access(anonymous)).toBe('anonymous');
    expect(access((await (await signIn(app, FREE_PHONE)).get('/stocks/sber/?lang=eng')).body)).toBe(
      'registered',
    );
    expect(access((await (await signIn(app, PAID_PHONE)).get('/stocks/sber/?lang=eng')).body)).toBe('paid');
    // Before its script runs an element already takes its reserved height.
    expect(anonymous).toMatch(
      /:is\([^)]*fin-stock-chart[^)]*\):not\(:defined\) \{[^}]*min-height: var\(--fin-reserve-height/,
    );
    expect(anonymous).toContain('fin-stock-chart { --fin-reserve-height: 763px; }');
    expect(anonymous).toMatch(
      /body\[data-access="paid"\] fin-archive-table \{ --fin-reserve-height: \d+px; \}/,
    );
  });

  it('starts every page with a skip link to its content; the stock page skips to the chart', async () => {
    const firstLink = (body: string) =>
      /<body[^>]*>\s*<a class="skip-link" href="#([\w-]+)">([^<]+)<\/a>/.exec(body);
    const index = (await get('/?lang=eng')).body;
    expect(firstLink(index)?.slice(1)).toEqual(['content', 'Skip to content']);
    expect(index).toContain('<div id="content" tabindex="-1">');
    const stock = (await get('/stocks/sber/?lang=eng')).body;
    expect(firstLink(stock)?.slice(1)).toEqual(['graph', 'Skip to the chart']);
    expect(stock).toMatch(/<section\s+id="graph"/);
  });

  it('keeps the demo notice inside the banner landmark', async () => {
    const body = (await get('/?lang=eng')).body;
    const header = /<header>([\s\S]*?)<\/header>/.exec(body)?.[1] ?? '';
    expect(header).toContain('class="demo-notice"');
  });
});

describe('labels on the pages', () => {
  it('every kind of page finds each of its labels in all ten languages, for visitors and paid users', async () => {
    const pages = [
      '/',
      '/stocks/sber/',
      '/stocks/sber/2/',
      '/company/1/',
      '/company/21/',
      '/bonds/1/',
      '/indexes/1/',
      '/etf/1/',
      '/search/?q=sber',
      '/search/?q=zzzqqq',
      '/watchlist/',
      '/profile/access/',
      '/profile_access/',
      '/login/',
    ];
    const missing: string[] = [];
    for (const browser of [client(app), await signIn(app, PAID_PHONE)]) {
      for (const lang of LANGUAGES) {
        for (const page of pages) {
          const response = await browser.get(`${page}${page.includes('?') ? '&' : '?'}lang=${lang}`);
          expect(response.statusCode, page).toBe(200);
          for (const [gap] of response.body.matchAll(/\{\{[\w-]+:\w+\}\}/g))
            missing.push(`${page} ${lang}: ${gap}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
