import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARISON_SEARCH_URLS,
  SEARCH_ERR,
  SEARCH_PAGE_SIZE,
  SUGGEST_LIMIT,
  pageWindow,
  type ComparisonSearchAnswer,
  type SearchPageData,
  type SuggestAnswer,
} from '../../../src/contract/search.ts';
import { comparisonResults } from '../../../src/contract/search.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { EMITENT_STATUS, insertSearchItems } from '../../data/search.ts';
import { highlight, searchTokens } from './search.repo.ts';
import {
  client,
  createTestApp,
  createTestDatabase,
  jsonBlock,
  signIn,
  PAID_PHONE,
  type TestDatabase,
  visitorHeaders,
} from '../shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
/** An anonymous visitor's cookie and CSRF token: every POST carries them, as a page's calls do. */
let visitor: Record<string, string>;
const HOSTILE = '<img src=x onerror=alert(1)>Хакерский</b><script>alert("x")</script> & Co';
/** An issuer in liquidation (status 4), to filter with emitent_stop_statuses_ids. */
const LIQUIDATED_ID = 950;
/** More than 500 stocks share this word: the comparison search answers "too many results". */
const CROWD = 'Многоликий';
let etf: { id: number; name: string; ticker: string };

beforeAll(async () => {
  database = createTestDatabase();
  const db = new Database(database.dbPath);
  insertSearchItems(db, [
    {
      type: 'stocks',
      entityId: 990,
      url: '/stocks/hostile/',
      name: HOSTILE,
      nameEng: HOSTILE,
      isin: null,
      status: 1,
      document: 'stock:share_type_ordinary',
      measureId: 1,
      grounds: [{ groundId: 1, ticker: '<b>HACK' }],
    },
    {
      type: 'companies',
      entityId: LIQUIDATED_ID,
      url: `/company/${LIQUIDATED_ID}/`,
      name: 'Сбережения Ликвидированные',
      nameEng: 'Sberezheniya Liquidated',
      isin: null,
      status: EMITENT_STATUS.liquidated,
      document: 'search:document_company',
      measureId: null,
      grounds: [],
    },
    // The ranking fixture: "zorq" (and "ящкй", the same keys in the Russian layout).
    ...[
      { id: 20_001, name: 'Beta Zorq Fund', ticker: 'BZF' },
      { id: 20_002, name: 'Zorqovaya Roshcha', ticker: 'ZRR' },
      { id: 20_003, name: 'Ящкйино', ticker: 'YKN' },
      { id: 20_004, name: 'Zorq', ticker: 'ZRQ' },
      { id: 20_005, name: 'Alpha Zorq Trust', ticker: 'ZORQ' },
      { id: 20_006, name: 'Gamma Ящкй Trust', ticker: 'GYT' },
    ].map(({ id, name, ticker }) => ({
      type: 'stocks' as const,
      entityId: id,
      url: `/stocks/z${id}/`,
      name,
      nameEng: name,
      isin: null,
      status: 1,
      document: 'stock:share_type_ordinary',
      measureId: 1,
      grounds: [{ groundId: 1, ticker }],
    })),
    ...Array.from({ length: 520 }, (_, i) => ({
      type: 'stocks' as const,
      entityId: 10_000 + i,
      url: `/stocks/crowd${i}/`,
      name: `${CROWD} ${i}`,
      nameEng: `Manyfaced ${i}`,
      isin: null,
      status: 1,
      document: 'stock:share_type_ordinary',
      measureId: 1,
      grounds: [{ groundId: 1, ticker: `CRW${i}` }],
    })),
  ]);
  etf = db.prepare('SELECT id, name, ticker FROM etfs ORDER BY id LIMIT 1').get() as typeof etf;
  db.close();
  app = await createTestApp(database.dbPath);
  visitor = await visitorHeaders(app);
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

async function suggest(category: string, body: unknown, query = ''): Promise<SuggestAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/suggest/${category}/${query}`,
    headers: visitor,
    payload: body as object,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function compareSearch(type: string, term: string, query = ''): Promise<ComparisonSearchAnswer> {
  const url = (COMPARISON_SEARCH_URLS as Record<string, string>)[type]!.replace(
    '%term%',
    encodeURIComponent(term),
  );
  const response = await app.inject({ method: 'POST', url: `${url}${query}`, headers: visitor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/suggest/{category}/', () => {
  it('finds a stock by a name prefix, with the shape of a main search suggestion', async () => {
    const answer = await suggest('stocks', { term: 'сбер' });
    expect(answer.search_error).toBeNull();
    expect(answer.total).toBe(2);
    expect(answer.counter_title).toBe('Найдено: 2');
    expect(answer.items[0]).toEqual({
      id: DEMO_STOCKS.sber,
      ttl: 'Сбербанк',
      ticker: ['SBER'],
      status: 1,
      type: 'stocks',
      url: '/stocks/sber/',
      isin: 'RU0009029540',
      ttl_highlighted: '<b>Сбер</b>банк',
      ticker_highlighted: ['SBER'],
      isin_highlighted: 'RU0009029540',
    });
  });

  it("gives the search's own time in the Server-Timing header (the header box's bench reads it)", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/suggest/stocks/',
      headers: visitor,
      payload: { term: 'сбер' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['server-timing']).toMatch(/^search;dur=\d+(\.\d)?$/);
  });

  it('answers in the request language and finds English names and tickers too', async () => {
    const answer = await suggest('stocks', { term: 'sber' }, '?lang=eng');
    expect(answer.items.map((item) => item.ttl)).toEqual(['Sberbank', 'Sberbank pref']);
    expect(answer.items[0]!.ttl_highlighted).toBe('<b>Sber</b>bank');
    expect(answer.items[0]!.ticker_highlighted).toEqual(['<b>SBER</b>']);
    expect(answer.counter_title).toBe('Found: 2');
  });

  it('accepts the term as a form field and URL-encoded', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api/suggest/stocks/',
      headers: { ...visitor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `term=${encodeURIComponent('газп')}`,
    });
    expect(form.statusCode).toBe(200);
    expect((form.json() as SuggestAnswer).items.map((item) => item.ticker)).toEqual([['GAZP']]);
    const encoded = await suggest('stocks', { term: encodeURIComponent('лукойл') });
    expect(encoded.items.map((item) => item.ticker)).toEqual([['LKOH']]);
    // Not valid encoding: taken as typed.
    expect((await suggest('stocks', { term: 'zzq%' })).search_error).toBe('Ничего не найдено');
  });

  it('ranks an exact ticker or ISIN first', async () => {
    expect((await suggest('stocks', { term: 'SBER' })).items.map((item) => item.id)).toEqual([1, 2]);
    expect((await suggest('stocks', { term: 'RU0009029557' })).items.map((item) => item.id)).toEqual([2]);
    const isinPrefix = await suggest('stocks', { term: 'RU00090295' });
    expect(isinPrefix.items.map((item) => item.id).sort()).toEqual([1, 2]);
    expect(isinPrefix.items[0]!.isin_highlighted).toMatch(/^<b>RU00090295<\/b>\d\d$/);
  });

  it('ranks names that start with the term next, the shortest first (moex → MOEX Russia Index)', async () => {
    const answer = await suggest('indexes', { term: 'moex' }, '?lang=eng');
    const names = answer.items.map((item) => item.ttl);
    expect(names.slice(0, 3)).toContain('MOEX Russia Index');
    // Every name that starts with the term comes before any that does not.
    const starts = names.map((name) => name.toLowerCase().startsWith('moex'));
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
    const lengths = names.filter((_, i) => starts[i]).map((name) => name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // The comparison search ranks the same way.
    const compared = await compareSearch('indexes', 'moex', '?lang=eng');
    expect(compared.response.items.slice(0, 3).map((item) => item.name)).toContain('MOEX Russia Index');
    // An exact ticker still comes first.
    expect((await suggest('stocks', { term: 'MOEX' }, '?lang=eng')).items[0]!.ticker).toEqual(['MOEX']);
  });

  it('searches bonds, indexes, ETFs and companies in their own category', async () => {
    const bonds = await suggest('bonds', { term: 'ОФЗ' });
    expect(bonds.items.length).toBeGreaterThan(0);
    expect(bonds.items.every((item) => item.type === 'bonds' && item.url === `/bonds/${item.id}/`)).toBe(
      true,
    );
    // A bond has no ticker of its own: its exchange code is the ISIN, shown in the ISIN field only.
    expect(
      bonds.items.every((item) => item.ticker.length === 0 && /^[A-Z]{2}[0-9A-Z]{10}$/.test(item.isin!)),
    ).toBe(true);

    const indexes = await suggest('indexes', { term: 'IMOEX' });
    expect(indexes.items[0]).toMatchObject({ id: 1, ticker: ['IMOEX'], url: '/indexes/1/', type: 'indexes' });

    const etfs = await suggest('etf', { term: etf.ticker });
    expect(etfs.items[0]).toMatchObject({ id: etf.id, ttl: etf.name, type: 'etf', url: `/etf/${etf.id}/` });

    // An issuer is found by the tickers of its stocks too.
    const companies = await suggest('companies', { term: 'SBERP', emitent_stop_statuses_ids: [] });
    expect(companies.items).toEqual([
      expect.objectContaining({
        id: 1,
        ttl: 'Сбербанк',
        ticker: ['SBER', 'SBERP'],
        status: EMITENT_STATUS.active,
      }),
    ]);
  });

  it('leaves out issuers with a stop status', async () => {
    const all = await suggest('companies', { term: 'сбер', emitent_stop_statuses_ids: [] });
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([1, LIQUIDATED_ID]));
    const active = await suggest('companies', { term: 'сбер', emitent_stop_statuses_ids: [3, 4] });
    expect(active.items.map((item) => item.id)).toEqual([1]);
    expect(active.total).toBe(1);
    const form = await app.inject({
      method: 'POST',
      url: '/api/suggest/companies/',
      headers: { ...visitor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'term=sber&emitent_stop_statuses_ids=4',
    });
    expect((form.json() as SuggestAnswer).items.map((item) => item.id)).toEqual([1]);
  });

  it('answers a term shorter than 3 characters (trimmed) with no items and a search_error', async () => {
    for (const term of ['сб', '  sb  ', '', undefined]) {
      const answer = await suggest('stocks', term === undefined ? {} : { term });
      expect(answer).toEqual({
        items: [],
        counter_title: 'Найдено: 0',
        total: 0,
        search_error: 'Введите не менее 3 символов',
        converted_term: null,
      });
    }
    expect((await suggest('bonds', { term: 'ab' }, '?lang=deu')).search_error).toBe(
      'Geben Sie mindestens 3 Zeichen ein',
    );
  });

  it('says when nothing is found, and caps the items while counting them all', async () => {
    expect(await suggest('indexes', { term: 'zzqxw' })).toEqual({
      items: [],
      counter_title: 'Найдено: 0',
      total: 0,
      search_error: 'Ничего не найдено',
      converted_term: null,
    });
    const crowd = await suggest('stocks', { term: CROWD });
    expect(crowd.total).toBe(520);
    expect(crowd.items).toHaveLength(SUGGEST_LIMIT);
  });

  it('escapes a hostile name before highlighting it', async () => {
    const [item] = (await suggest('stocks', { term: 'хакерский' })).items;
    expect(item!.ttl).toBe(HOSTILE);
    expect(item!.ttl_highlighted).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<b>Хакерский</b>&lt;/b&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co',
    );
    expect(item!.ticker_highlighted).toEqual(['&lt;b&gt;HACK']);
    const script = await suggest('stocks', { term: 'script alert' });
    expect(script.items[0]!.ttl_highlighted).not.toMatch(/<(?!\/?b>)/);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const long = await app.inject({
      method: 'POST',
      url: '/api/suggest/stocks/',
      headers: visitor,
      payload: { term: 'x'.repeat(201) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/body\.term/);
    const statuses = await app.inject({
      method: 'POST',
      url: '/api/suggest/companies/',
      headers: visitor,
      payload: { term: 'sber', emitent_stop_statuses_ids: ['x'] },
    });
    expect(statuses.statusCode).toBe(400);
    expect(statuses.json().error).toMatch(/body\.emitent_stop_statuses_ids/);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/suggest/futures/',
          headers: visitor,
          payload: { term: 'sber' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives every session the same answer (no prices in search results)', async () => {
    const paid = await signIn(app, PAID_PHONE);
    const answer = (await paid.post('/api/suggest/stocks/', { term: 'сбер' })).json();
    expect(answer).toEqual(await suggest('stocks', { term: 'сбер' }));
  });
});

describe('keyboard-layout fix, ranking, paging and hostile terms of the suggest calls', () => {
  const ids = (answer: SuggestAnswer) => answer.items.map((item) => item.id);

  it('finds what a term typed in the wrong layout means, and says which term it searched', async () => {
    // "sber" typed with the Russian layout on.
    const latin = await suggest('stocks', { term: 'ыиук' });
    expect(ids(latin)).toEqual([DEMO_STOCKS.sber, 2]);
    expect(latin.converted_term).toBe('sber');
    expect(latin.search_error).toBeNull();
    // "сбер" typed with the English layout on (the comma is the key of "б").
    const cyrillic = await suggest('stocks', { term: 'c,th' });
    expect(ids(cyrillic)).toEqual([DEMO_STOCKS.sber, 2]);
    expect(cyrillic.converted_term).toBe('сбер');
    expect(cyrillic.items[0]!.ttl_highlighted).toBe('<b>Сбер</b>банк');
    // A term that finds only in its own layout says nothing was converted.
    expect((await suggest('stocks', { term: 'sber' })).converted_term).toBeNull();
  });

  it('ranks exact ticker, then names starting with the term (shortest first, either layout), then the rest', async () => {
    const expected = [
      20_005, // ticker ZORQ
      20_004, // "Zorq"
      20_003, // "Ящкйино": starts with the term typed in the other layout
      20_002, // "Zorqovaya Roshcha"
    ];
    const answer = await suggest('stocks', { term: 'zorq' });
    expect(ids(answer).slice(0, 4)).toEqual(expected);
    // The rest: names with the word further in, both readings.
    expect(ids(answer).slice(4).sort()).toEqual([20_001, 20_006]);
    expect(answer.total).toBe(6);
    expect(answer.converted_term).toBe('ящкй');
    // The same order every time, and from the other layout's reading.
    expect(ids(await suggest('stocks', { term: 'zorq' }))).toEqual(ids(answer));
    const other = await suggest('stocks', { term: 'ящкй' });
    expect(ids(other)).toEqual(ids(answer));
    expect(other.converted_term).toBe('zorq');
  });

  it('pages through the full order with page and limit', async () => {
    const whole = await suggest('stocks', { term: CROWD, limit: 100 });
    expect(whole.items).toHaveLength(100);
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => suggest('stocks', { term: CROWD, page })));
    expect(pages.flatMap(ids)).toEqual(ids(whole));
    expect(pages.every((page) => page.total === 520)).toBe(true);
    const byHundred = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((page) => suggest('stocks', { term: CROWD, page, limit: 100 })),
    );
    expect(byHundred[5]!.items).toHaveLength(20);
    expect(new Set(byHundred.flatMap(ids)).size).toBe(520);
    // Past the last page: no items, the count still said.
    const past = await suggest('stocks', { term: CROWD, page: 7, limit: 100 });
    expect(past).toMatchObject({ items: [], total: 520, search_error: null });
    // Form fields are numbers too.
    const form = await app.inject({
      method: 'POST',
      url: '/api/suggest/stocks/',
      headers: { ...visitor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `term=${encodeURIComponent(CROWD)}&page=2&limit=3`,
    });
    expect(ids(form.json())).toEqual(ids(whole).slice(3, 6));
    for (const bad of [{ page: 0 }, { page: 501 }, { limit: 0 }, { limit: 101 }, { page: 'x' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/suggest/stocks/',
        headers: visitor,
        payload: { term: CROWD, ...bad },
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error).toMatch(new RegExp(`body\\.${Object.keys(bad)[0]}`));
    }
  });

  it('pages and converts the companies too, leaving out the stop statuses', async () => {
    const all = await suggest('companies', { term: 'c,th', emitent_stop_statuses_ids: [] });
    expect(ids(all)).toEqual(expect.arrayContaining([1, LIQUIDATED_ID]));
    expect(all.converted_term).toBe('сбер');
    const active = await suggest('companies', { term: 'c,th', emitent_stop_statuses_ids: [4] });
    expect(ids(active)).toEqual([1]);
    expect(active.total).toBe(1);
    const pageOf = (page: number, stop: number[]) =>
      suggest('companies', { term: 'сбер', emitent_stop_statuses_ids: stop, limit: 1, page });
    expect([...ids(await pageOf(1, [])), ...ids(await pageOf(2, []))]).toEqual(ids(all).slice(0, 2));
    expect((await pageOf(2, [4])).items).toEqual([]);
  });

  it('takes hostile terms as text: no wildcard, query syntax or SQL reaches the database', async () => {
    const nothing = [
      '%%%',
      '___',
      '***',
      '"""',
      "'''",
      'с%р',
      'sber" OR "gazp',
      'sber OR gazp',
      'NEAR(sber gazp)',
      "'); DROP TABLE search_items; --",
      '{name}: gazp',
      '\u0000\u0007\u202e',
      '😀😀😀',
    ];
    for (const term of nothing) {
      const answer = await suggest('stocks', { term });
      expect(answer.items, term).toEqual([]);
      expect(answer.search_error, term).toBe('Ничего не найдено');
    }
    // Query syntax around real words is ignored: the words are searched.
    for (const term of ['sber*', '^sber', '"sber"', '(sber)', 'sber -', `SBER'"`]) {
      expect(ids(await suggest('stocks', { term })), term).toEqual([DEMO_STOCKS.sber, 2]);
    }
    // The longest term allowed, of many words, answers quickly.
    const started = performance.now();
    const long = await suggest('stocks', { term: 'сбер '.repeat(40) });
    expect(long.items.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
    // And the index still answers.
    expect(ids(await suggest('stocks', { term: 'сбер' }))).toEqual([DEMO_STOCKS.sber, 2]);
  });
});

describe('comparison search URLs', () => {
  it('answers SPEC §3 search API items with their trading grounds', async () => {
    const answer = await compareSearch('stocks', 'сбер');
    expect(answer.error).toEqual({ err_no: SEARCH_ERR.ok, err_str: '' });
    expect(answer.response.total).toBe(2);
    expect(answer.response.items[0]).toEqual({
      'id.numeric': DEMO_STOCKS.sber,
      name: 'Сбербанк',
      name_highlighted: '<b>Сбер</b>банк',
      isin: 'RU0009029540',
      isin_highlighted: 'RU0009029540',
      document: 'Обыкновенная акция',
      trading_grounds: [
        { 'id.numeric': 1, name: 'Московская биржа', ticker: 'SBER', ticker_highlighted: 'SBER' },
        { 'id.numeric': 2, name: 'СПБ Биржа', ticker: 'SBER', ticker_highlighted: 'SBER' },
      ],
      'measure_id.numeric': 1,
      type: 'stocks',
      url: '/stocks/sber/',
    });
    // What the comparison box builds from it: one result per ground.
    expect(comparisonResults(answer.response.items[0]!, 'stocks').map((r) => r.emissionNameWithTg)).toEqual([
      'Сбербанк (Московская биржа)',
      'Сбербанк (СПБ Биржа)',
    ]);
  });

  it('searches indexes and ETFs; an ETF gives the extra nav_per_share result', async () => {
    const indexes = await compareSearch('indexes', 'RTSI', '?lang=eng');
    expect(indexes.response.items[0]).toMatchObject({
      'id.numeric': 2,
      name: 'RTS Index',
      document: 'Index',
      'measure_id.numeric': 2,
      trading_grounds: [{ 'id.numeric': 1, name: 'Moscow Exchange', ticker: 'RTSI' }],
    });
    const etfs = await compareSearch('etf', etf.ticker);
    expect(etfs.response.items[0]).toMatchObject({
      'id.numeric': etf.id,
      type: 'etf',
      document: 'Биржевой фонд',
    });
    expect(comparisonResults(etfs.response.items[0]!, 'etf').map((r) => r.type)).toEqual([
      'etf',
      'nav_per_share',
    ]);
    const bonds = await compareSearch('bonds', 'ОФЗ');
    expect(bonds.response.items[0]!['measure_id.numeric']).toBe(3);
  });

  it('gives 100200 for nothing found and 500100 for more than 500 matches', async () => {
    expect(await compareSearch('stocks', 'zzqxw')).toEqual({
      error: { err_no: SEARCH_ERR.nothingFound, err_str: 'Nothing found' },
      response: { items: [], total: 0 },
    });
    expect((await compareSearch('indexes', 'ab')).error.err_no).toBe(SEARCH_ERR.nothingFound);
    const crowd = await compareSearch('stocks', CROWD);
    expect(crowd.error.err_no).toBe(SEARCH_ERR.tooManyResults);
    expect(crowd.response.items).toEqual([]);
    // Not many in the other categories.
    expect((await compareSearch('etf', CROWD)).error.err_no).toBe(SEARCH_ERR.nothingFound);
  });

  it('takes terms with spaces, slashes and Cyrillic in the path', async () => {
    expect(
      (await compareSearch('stocks', 'сбербанк ап')).response.items.map((item) => item['id.numeric']),
    ).toEqual([2]);
    expect(
      (await compareSearch('stocks', 'sber/pref')).response.items.map((item) => item['id.numeric']),
    ).toEqual([2]);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/search/futures/sber/', headers: visitor });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/params\.type/);
  });
});

describe('highlighting and tokens', () => {
  it('folds case, accents and ё, and marks only word starts', () => {
    expect(searchTokens('  Ёлка-Палка  café ')).toEqual(['елка', 'палка', 'cafe']);
    expect(searchTokens('kedr g')).toEqual(['kedr']);
    expect(highlight('Ёлочный базар', ['елоч'])).toBe('<b>Ёлоч</b>ный базар');
    expect(highlight('Café Olé', ['cafe', 'ole'])).toBe('<b>Café</b> <b>Olé</b>');
    expect(highlight('Газпром нефть', ['нефт'])).toBe('Газпром <b>нефт</b>ь');
    expect(highlight('Сургутнефтегаз', ['газ'])).toBe('Сургутнефтегаз');
  });
});

describe('/search/ page', () => {
  it('links the first, the last and two pages on each side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 26)).toEqual([1, 2, 3, null, 26]);
    expect(pageWindow(6, 26)).toEqual([1, null, 4, 5, 6, 7, 8, null, 26]);
    expect(pageWindow(4, 26)).toEqual([1, 2, 3, 4, 5, 6, null, 26]);
    expect(pageWindow(26, 26)).toEqual([1, null, 24, 25, 26]);
  });

  it('renders the results of ?q= in five category tabs, without scripts', async () => {
    const browser = client(app);
    const response = await browser.get(`/search/?q=${encodeURIComponent('сбер')}`);
    expect(response.statusCode).toBe(200);
    const data = jsonBlock(response.body, 'fin-page-data') as SearchPageData;
    expect(data.tabs.map((tab) => [tab.id, tab.ttl])).toEqual([
      ['bonds', 'Облигации'],
      ['stocks', 'Акции'],
      ['indexes', 'Индексы'],
      ['companies', 'Компании'],
      ['etf', 'ETF'],
    ]);
    // The best match's tab is active (the stock Sberbank, issue 20), though bonds come first and have results.
    expect(data.tabs[0]!.count).toBeGreaterThan(0);
    expect(data.tab).toBe('stocks');
    expect(data.tabs.find((tab) => tab.id === data.tab)!.class).toBe('active');
    expect(response.body).toMatch(/<form class="search-form" method="get" action="\/search\/"/);
    expect(response.body).toContain(`aria-current="page" data-tab="${data.tab}"`);
    expect(response.body).toContain('href="/search/?q=%D1%81%D0%B1%D0%B5%D1%80&amp;tab=bonds"');
    // Without a best match, the first category with results (SPEC §4 "Main search").
    const ofz = (
      await browser.get(`/search/?q=${encodeURIComponent('банк')}&format=json`)
    ).json() as SearchPageData;
    expect(ofz.tab).toBe(ofz.tabs.find((tab) => tab.count > 0)!.id);
    expect(data.comparisonSearchUrls).toEqual(COMPARISON_SEARCH_URLS);

    const stocks = await browser.get(`/search/?q=${encodeURIComponent('сбер')}&tab=stocks`);
    expect(stocks.body).toContain('<a href="/stocks/sber/"><b>Сбер</b>банк</a>');
    const json = (
      await browser.get(`/search/?q=${encodeURIComponent('сбер')}&tab=stocks&format=json`)
    ).json();
    expect(json.items.map((item: { id: number }) => item.id)).toEqual([1, 2]);
  });

  it('shows the too-short and not-found texts, and escapes what the visitor typed', async () => {
    const short = await app.inject({ method: 'GET', url: '/search/?q=ab&lang=eng' });
    expect(short.body).toContain('Enter at least 3 characters');
    // With no term at all the page says what to type, not nothing.
    const empty = await app.inject({ method: 'GET', url: '/search/?lang=eng' });
    expect(empty.body).toMatch(/<p class="search-hint" role="status">\s*Enter at least 3 characters/);
    const none = await app.inject({
      method: 'GET',
      url: `/search/?q=${encodeURIComponent('"><script>zzqxw</script>')}`,
    });
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<script>zzqxw');
    expect(none.body).toContain('Ничего не найдено');
    const hostile = await app.inject({
      method: 'GET',
      url: `/search/?q=${encodeURIComponent('хакерский')}&tab=stocks`,
    });
    expect(hostile.body).not.toContain('<img src=x');
    expect(hostile.body).toContain('&lt;img src=x onerror=alert(1)&gt;<b>Хакерский</b>');
  });

  it('shows a bond row’s ISIN in the ISIN column only: its Ticker cell says it has none', async () => {
    const page = await app.inject({ method: 'GET', url: '/search/?q=sber&tab=bonds&lang=eng' });
    const rows = [...page.body.matchAll(/<tr data-search-item="bonds:\d+">([\s\S]*?)<\/tr>/g)];
    expect(rows.length).toBeGreaterThan(0);
    for (const [, row] of rows) {
      const cells = [...row!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map(([, cell]) =>
        cell!.replace(/<\/?b>/g, '').trim(),
      );
      expect(cells[1]).toBe('—');
      expect(cells[2]).toMatch(/^[A-Z]{2}[0-9A-Z]{10}$/);
    }
  });

  it('pages the active tab with links: numbered, previous and next, the current one marked', async () => {
    const url = (page: number) => `/search/?q=${encodeURIComponent(CROWD)}&tab=stocks&page=${page}&lang=eng`;
    const ids = (body: string) =>
      [...body.matchAll(/data-search-item="stocks:(\d+)"/g)].map(([, id]) => Number(id));
    const first = await app.inject({
      method: 'GET',
      url: `/search/?q=${encodeURIComponent(CROWD)}&lang=eng`,
    });
    const data = jsonBlock(first.body, 'fin-page-data') as SearchPageData;
    expect(data).toMatchObject({ tab: 'stocks', page: 1, pages: Math.ceil(520 / SEARCH_PAGE_SIZE) });
    expect(first.body).toContain('Stocks: 1–20 of 520</h2>');
    // 1 2 3 … 26, no previous page on the first.
    const pager = first.body.match(/<nav class="pager"[\s\S]*?<\/nav>/)![0];
    expect(
      [...pager.matchAll(/data-page="(\d+)"[^>]*>([^<]*)</g)].map(
        ([, page, text]) => `${page}:${text!.trim()}`,
      ),
    ).toEqual(['1:1', '2:2', '3:3', '26:26', '2:Next']);
    expect(pager).toContain('aria-label="Page 1" aria-current="page"');
    expect(pager).toMatch(/<span class="pager-off" aria-disabled="true">Previous<\/span>/);
    expect(pager).toContain(`href="/search/?q=${encodeURIComponent(CROWD)}&amp;tab=stocks&amp;page=2"`);

    // The pages together are the whole list, in the order of the suggest calls.
    const pages = await Promise.all([1, 2, 3].map((page) => app.inject({ method: 'GET', url: url(page) })));
    const whole = await suggest('stocks', { term: CROWD, limit: 60 });
    expect(pages.flatMap((page) => ids(page.body))).toEqual(whole.items.map((item) => item.id));
    expect(pages[2]!.body).toContain('Stocks: 41–60 of 520</h2>');
    expect(pages[2]!.body).toMatch(/rel="prev"[^>]*>Previous</);

    // The last page is short; a page past it (an old link) shows the last one.
    const last = await app.inject({ method: 'GET', url: url(26) });
    expect(ids(last.body)).toHaveLength(0 + (520 % SEARCH_PAGE_SIZE || SEARCH_PAGE_SIZE));
    expect(ids((await app.inject({ method: 'GET', url: url(400) })).body)).toEqual(ids(last.body));
    expect(last.body).toMatch(/<span class="pager-off" aria-disabled="true">Next<\/span>/);
    for (const bad of ['0', '501', 'x'])
      expect((await app.inject({ method: 'GET', url: `/search/?q=sber&page=${bad}` })).statusCode).toBe(400);
  });

  it('says when a term typed in the other layout was searched', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/search/?q=${encodeURIComponent('ыиук')}&lang=eng`,
    });
    const data = jsonBlock(page.body, 'fin-page-data') as SearchPageData;
    expect(data.converted_term).toBe('sber');
    expect(data.items.length).toBeGreaterThan(0);
    expect(page.body).toMatch(/data-converted-term>\s*Showing results for “sber”/);
  });

  it('refuses an unknown tab with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/search/?q=sber&tab=futures' });
    expect(response.statusCode).toBe(400);
  });
});
