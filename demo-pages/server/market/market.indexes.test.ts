/**
 * Contract tests of the index calls (graphic data, paid comparison), the watchlist calls and the
 * market pages (bonds, indexes, ETFs, watchlist), plus the market demo data they stand on.
 */
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexCompareData, IndexGraphicDataAnswer } from '../../../src/contract/indexes.ts';
import type { WatchlistAnswer } from '../../../src/contract/watchlist.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { DEMO_BONDS } from '../../data/market.ts';
import { INTRADAY_BARS } from '../../data/prices.ts';
import type { BondPageData, EtfPageData, IndexPageData, WatchlistPageData } from './market.pages.ts';
import { jsonBlock, signIn, type Client, startAudiences, type AudienceFixture } from '../shared/testing.ts';

let fixture: AudienceFixture;
let db: Database.Database;
let app: FastifyInstance;
let anonymous: Client;
let free: Client;
let paid: Client;

beforeAll(async () => {
  fixture = await startAudiences();
  ({ db, app, anonymous, free, paid } = fixture);
});

afterAll(() => fixture.close());

const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const seconds = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

async function sid(who: Client): Promise<string> {
  return (jsonBlock((await who.get('/watchlist/')).body, 'fin-user') as { sid: string }).sid;
}

describe('market demo data', () => {
  it('has 10 years of daily values for the 15 indexes, computed from their members, and intraday values on ground 1', () => {
    const counts = all<{ index_id: number; n: number; first: string; last: string }>(
      'SELECT index_id, COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM index_values GROUP BY index_id',
    );
    expect(counts).toHaveLength(15);
    for (const c of counts) expect(c).toMatchObject({ n: 2609, first: '2015-07-01', last: '2025-06-30' });
    const intraday = all<{ index_id: number; n: number }>(
      'SELECT index_id, COUNT(*) AS n FROM index_intraday GROUP BY index_id',
    );
    expect(intraday.map((row) => row.n)).toEqual(Array(12).fill(INTRADAY_BARS));
    // The oil-and-gas index moves with its members: correlated daily returns.
    const index = all<{ value: number }>(
      'SELECT value FROM index_values WHERE index_id = 4 ORDER BY date',
    ).map((r) => r.value);
    const lukoil = all<{ close: number }>(
      'SELECT close FROM daily_bars WHERE stock_id = 4 AND ground_id = 1 ORDER BY date',
    ).map((r) => r.close);
    const returns = (x: number[]) => x.slice(1).map((v, i) => Math.log(v / (x[i] as number)));
    const [a, b] = [returns(index), returns(lukoil)];
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const [ma, mb] = [mean(a), mean(b)];
    const cov = mean(a.map((v, i) => (v - ma) * ((b[i] as number) - mb)));
    const corr = cov / Math.sqrt(mean(a.map((v) => (v - ma) ** 2)) * mean(b.map((v) => (v - mb) ** 2)));
    expect(corr).toBeGreaterThan(0.3);
  });

  it('has 20+ bonds with real ISINs, daily prices and yields, ETFs with NAV per share, branches, holders, watchlists', () => {
    expect(all('SELECT isin FROM bonds WHERE id = ?', DEMO_BONDS.ofz26238)).toEqual([
      { isin: 'RU000A1038V6' },
    ]);
    expect(all<{ n: number }>('SELECT COUNT(*) AS n FROM bonds')[0]?.n).toBeGreaterThanOrEqual(20);
    const span = all<{ n: number; bad: number }>(
      'SELECT COUNT(*) AS n, SUM(close <= 0 OR yield <= 0 OR low > MIN(open, close) OR high < MAX(open, close)) AS bad FROM bond_prices WHERE bond_id = ?',
      DEMO_BONDS.ofz26238,
    )[0];
    expect(span?.n).toBeGreaterThan(700);
    expect(span?.bad).toBe(0);
    // Lower prices mean higher yields.
    const days = all<{ close: number; yield: number }>(
      'SELECT close, yield FROM bond_prices WHERE bond_id = 1 ORDER BY close',
    );
    expect((days[0]?.yield as number) > (days.at(-1)?.yield as number)).toBe(true);
    expect(
      all<{ n: number }>('SELECT COUNT(DISTINCT etf_id) AS n FROM etf_values WHERE nav_per_share > 0')[0]?.n,
    ).toBeGreaterThanOrEqual(6);
    expect(
      all<{ n: number }>(
        'SELECT COUNT(*) AS n FROM stocks WHERE id NOT IN (SELECT stock_id FROM stock_branches)',
      )[0]?.n,
    ).toBe(0);
    expect(all<{ n: number }>('SELECT COUNT(DISTINCT stock_id) AS n FROM holders')[0]?.n).toBe(27);
    expect(all<{ user_id: number }>('SELECT DISTINCT user_id FROM watchlists ORDER BY user_id')).toEqual([
      { user_id: 1 },
      { user_id: 2 },
    ]);
  });
});

describe('POST /api/indexes/{indexId}/getGraphicData/', () => {
  const URL = '/api/indexes/1/getGraphicData/';
  const window = { beginDate: '01.06.2025', endDate: '30.06.2025', compareIndexes: [], periodId: null };

  it('gives a paid user the daily values with seconds and display dates', async () => {
    const response = await paid.post(URL, window);
    expect(response.statusCode).toBe(200);
    const { compare_data } = response.json() as IndexGraphicDataAnswer;
    const want = all<{ date: string; value: number }>(
      "SELECT date, value FROM index_values WHERE index_id = 1 AND date BETWEEN '2025-06-01' AND '2025-06-30' ORDER BY date",
    );
    expect(compare_data).toHaveLength(1);
    expect(compare_data[0]).toMatchObject({ index_id: 1, code: 'IMOEX', name: 'Индекс МосБиржи' });
    expect(compare_data[0]?.scaled).toBeUndefined();
    expect(compare_data[0]?.graph_data).toEqual(
      want.map((row) => ({
        'date.numeric': seconds(row.date),
        value: row.value,
        date: `${row.date.slice(8)}.${row.date.slice(5, 7)}.${row.date.slice(0, 4)}`,
      })),
    );
  });

  it('gives the 5-minute values of the last day for periodId 99', async () => {
    const { compare_data } = (
      await paid.post(URL, { ...window, periodId: 99 })
    ).json() as IndexGraphicDataAnswer;
    const want = all<{ time: number; value: number }>(
      'SELECT time, value FROM index_intraday WHERE index_id = 1 ORDER BY time',
    );
    expect(compare_data[0]?.graph_data.map((p) => [p['date.numeric'], p.value])).toEqual(
      want.map((r) => [r.time, r.value]),
    );
    expect(compare_data[0]?.graph_data[0]?.date).toBe('30.06.2025 10:00');
    // The last value is the day's close.
    const close = all<{ value: number }>(
      "SELECT value FROM index_values WHERE index_id = 1 AND date = '2025-06-30'",
    )[0]?.value;
    expect(compare_data[0]?.graph_data.at(-1)?.value).toBe(close);
  });

  it('scales the single index for non-paid sessions and refuses comparison (401 / 403)', async () => {
    for (const who of [anonymous, free]) {
      const { compare_data } = (await who.post(URL, window)).json() as IndexGraphicDataAnswer;
      const values = compare_data[0]?.graph_data.map((p) => p.value) ?? [];
      expect(compare_data[0]?.scaled).toBe(true);
      expect(Math.min(...values)).toBe(0);
      expect(Math.max(...values)).toBe(100);
    }
    const compare = { ...window, compareIndexes: [2, 11] };
    expect((await anonymous.post(URL, compare)).statusCode).toBe(401);
    expect((await anonymous.post(URL, compare)).json()).toMatchObject({ need: 'need_auth' });
    expect((await free.post(URL, compare)).statusCode).toBe(403);
    const { compare_data } = (await paid.post(URL, compare)).json() as IndexGraphicDataAnswer;
    expect(compare_data.map((c) => c.index_id)).toEqual([1, 2, 11]);
    expect(compare_data.every((c) => c.graph_data.length > 15)).toBe(true);
  });

  it('validates the payload', async () => {
    expect((await paid.post(URL, { ...window, beginDate: '2025-06-01' })).json().error).toMatch(/beginDate/);
    expect(
      (await paid.post(URL, { ...window, beginDate: '30.06.2025', endDate: '01.06.2025' })).json().error,
    ).toMatch(/beginDate is after endDate/);
    expect((await paid.post(URL, { ...window, compareIndexes: Array(11).fill(2) })).json().error).toMatch(
      /compareIndexes/,
    );
    expect((await paid.post('/api/indexes/99/getGraphicData/', window)).statusCode).toBe(404);
    expect((await paid.post('/api/indexes/x/getGraphicData/', window)).json().error).toMatch(/indexId/);
  });
});

describe('POST /api/indexes/{id}/getCompareGraphicData/', () => {
  it('gives a paid user one index by index_id; refuses others', async () => {
    const payload = { index_id: 11, begin_date: '01.06.2025', end_date: '30.06.2025', period_id: null };
    const answer = (
      await paid.post('/api/indexes/1/getCompareGraphicData/', payload)
    ).json() as IndexCompareData;
    expect(answer).toMatchObject({ index_id: 11, name: 'S&P 500' });
    expect(answer.graph_data.length).toBeGreaterThan(15);
    expect((await anonymous.post('/api/indexes/1/getCompareGraphicData/', payload)).statusCode).toBe(401);
    expect((await free.post('/api/indexes/1/getCompareGraphicData/', payload)).json()).toMatchObject({
      need: 'need_get_access',
    });
  });
});

describe('the watchlist', () => {
  it('GET /watchlist/?ajax=1 gives a signed-in user their rows; 401 for anonymous', async () => {
    const response = await paid.get('/watchlist/?ajax=1');
    expect(response.statusCode).toBe(200);
    const { userStocksWL } = response.json() as WatchlistAnswer;
    expect(userStocksWL.map((row) => [row.id, row.tgId, row.count, row.checked])).toEqual([
      [DEMO_STOCKS.sber, 1, 1000, true],
      [DEMO_STOCKS.sber, 2, 200, true],
      [4, 1, 10, true],
      [7, 1, 30, false],
      [23, 3, 15, true],
    ]);
    expect(userStocksWL[0]).toMatchObject({
      'id.numeric': DEMO_STOCKS.sber,
      name: 'Сбербанк',
      url: '/stocks/sber/',
    });
    expect(userStocksWL[1]?.url).toBe('/stocks/sber/2/');
    const refused = await anonymous.get('/watchlist/?ajax=1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ need: 'need_auth' });
  });

  it('POST /api/watchlist/addStock/ sets the grounds and quantity of a stock; csrf, signed-in only', async () => {
    const user = await signIn(app, '+79000000077');
    const token = await sid(user);
    expect(
      (await user.post('/api/watchlist/addStock/', { stockId: 1, add: [1, 2], qnt: 5 }, { token: null }))
        .statusCode,
    ).toBe(403);
    const added = await user.post('/api/watchlist/addStock/', {
      stockId: 1,
      add: [1, 2],
      qnt: 5,
      sid: token,
    });
    expect(added.statusCode).toBe(200);
    const rows = (added.json() as WatchlistAnswer).userStocksWL;
    expect(rows.map((row) => [row.id, row.tgId, row.count, row.checked])).toEqual([
      [1, 1, 5, true],
      [1, 2, 5, true],
    ]);
    const wlid = rows[0]?.wlid;
    const changed = await user.post('/api/watchlist/addStock/', { stockId: 1, add: [2], qnt: 7, sid: token });
    expect(
      (changed.json() as WatchlistAnswer).userStocksWL.map((row) => [row.tgId, row.count, row.wlid]),
    ).toEqual([[2, 7, wlid]]);
    const removed = await user.post('/api/watchlist/addStock/', { stockId: 1, add: [], qnt: 0, sid: token });
    expect((removed.json() as WatchlistAnswer).userStocksWL).toEqual([]);

    expect(
      (await user.post('/api/watchlist/addStock/', { stockId: 1, add: [3], sid: token })).json().error,
    ).toMatch(/add/);
    expect((await user.post('/api/watchlist/addStock/', { stockId: 'x', sid: token })).json().error).toMatch(
      /stockId/,
    );
    expect(
      (await user.post('/api/watchlist/addStock/', { stockId: 999, add: [1], sid: token })).statusCode,
    ).toBe(404);
    const anonymousToken = await sid(anonymous);
    const refused = await anonymous.post('/api/watchlist/addStock/', {
      stockId: 1,
      add: [1],
      sid: anonymousToken,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ need: 'need_auth' });
  });

  it('the /watchlist/ page lists the rows for signed-in users and prompts anonymous ones to log in', async () => {
    const page = await free.get('/watchlist/');
    expect(page.statusCode).toBe(200);
    const data = jsonBlock(page.body, 'fin-page-data') as WatchlistPageData;
    expect(data).toMatchObject({ userAuth: true });
    expect(data.userStocksWL?.map((row) => row.id)).toEqual([1, 3, 22]);
    expect(page.body).toContain('data-stock-id="3"');
    expect(page.body).toContain('Синтетические демо-данные');
    const anonymousPage = await anonymous.get('/watchlist/');
    expect(anonymousPage.body).toContain('data-login-prompt');
    expect(anonymousPage.body).toContain('href="/login/?back=%2Fwatchlist%2F"');
    expect(jsonBlock(anonymousPage.body, 'fin-page-data')).toMatchObject({
      userAuth: false,
      userStocksWL: null,
    });
  });
});

describe('instrument pages', () => {
  it('/bonds/{id}/ shows the facts, masks the price and yield, and links the issuer', async () => {
    const paidData = (await paid.get(`/bonds/${DEMO_BONDS.sber33}/?format=json`)).json() as BondPageData;
    const last = all<{ close: number; yield: number; date: string }>(
      'SELECT close, yield, date FROM bond_prices WHERE bond_id = ? ORDER BY date DESC LIMIT 1',
      DEMO_BONDS.sber33,
    )[0];
    expect(paidData).toMatchObject({
      isin: 'RU000A103WV8',
      emitentId: 1,
      kind: 'corporate',
      lastPrice: last?.close,
      yield: last?.yield,
      lastDate: '30.06.2025',
      matured: false,
    });
    const free_ = (await free.get(`/bonds/${DEMO_BONDS.sber33}/?format=json`)).json() as BondPageData;
    expect(free_).toMatchObject({ lastPrice: last?.close, yield: '***', 'yield.numeric': null });
    const page = await anonymous.get(`/bonds/${DEMO_BONDS.sber33}/?lang=eng`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/company/1/">Sberbank</a>');
    const data = jsonBlock(page.body, 'fin-page-data') as BondPageData;
    expect(data).toMatchObject({ lastPrice: '***', 'lastPrice.numeric': null, yield: '***' });
    expect(data.factsTable.data.find((row) => row.id === 'bond_price')).toMatchObject({
      name: 'Price, % of face value',
      value: '***',
    });
    expect(page.body).not.toContain(String(last?.close));
    const matured = (await paid.get(`/bonds/${DEMO_BONDS.maturedMts}/?format=json`)).json() as BondPageData;
    expect(matured).toMatchObject({ matured: true, nextCoupon: null, lastDate: '02.11.2022' });
    expect((await anonymous.get('/bonds/999/')).statusCode).toBe(404);
    expect((await anonymous.get('/bonds/x/')).statusCode).toBe(400);
  });

  it('/indexes/{id}/ shows the value (last price rule), change (paid) and members', async () => {
    const data = (await free.get('/indexes/4/?format=json')).json() as IndexPageData;
    const [last, previous] = all<{ value: number }>(
      'SELECT value FROM index_values WHERE index_id = 4 ORDER BY date DESC LIMIT 2',
    );
    expect(data).toMatchObject({
      code: 'MOEXOG',
      lastValue: last?.value,
      change: '***',
      graphicDataLink: '/api/indexes/4/getGraphicData/',
      intraday: true,
    });
    expect(data.members.map((m) => m.url)).toContain('/stocks/lkoh/');
    const paidData = (await paid.get('/indexes/4/?format=json')).json() as IndexPageData;
    expect(paidData.change).toBe(
      Math.round(
        (((last?.value as number) - (previous?.value as number)) / (previous?.value as number)) * 10000,
      ) / 100,
    );
    const page = await anonymous.get('/indexes/11/');
    expect(page.body).toContain('<h1>S&amp;P 500</h1>');
    expect(jsonBlock(page.body, 'fin-page-data')).toMatchObject({ lastValue: '***', intraday: false });
  });

  it('/etf/{id}/ shows the fund with its NAV per share (paid) and benchmark', async () => {
    const paidData = (await paid.get('/etf/1/?format=json')).json() as EtfPageData;
    const last = all<{ close: number; nav_per_share: number }>(
      'SELECT close, nav_per_share FROM etf_values WHERE etf_id = 1 ORDER BY date DESC LIMIT 1',
    )[0];
    expect(paidData).toMatchObject({
      ticker: 'TMOS',
      isin: 'RU000A101X76',
      lastPrice: last?.close,
      navPerShare: last?.nav_per_share,
      benchmark: { id: 1, code: 'IMOEX', url: '/indexes/1/' },
    });
    const anonymousData = (await anonymous.get('/etf/1/?format=json')).json() as EtfPageData;
    expect(anonymousData).toMatchObject({ lastPrice: '***', navPerShare: '***', premium: '***' });
    const page = await anonymous.get('/etf/5/?lang=eng');
    expect(page.body).toContain('VIM Liquidity');
    expect(page.body).toContain('Money market');
    expect((await anonymous.get('/etf/99/')).statusCode).toBe(404);
  });
});
