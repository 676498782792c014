/**
 * Contract tests of the stock tables of the market domain: holders, growing/falling leaders,
 * capitalisation, indicators, the action log (CSRF), and the market fields of the stock page data.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CapitalizationRow,
  HoldersAnswer,
  LeaderRow,
  MarketStockPageData,
  MarketTable,
  StockIndicators,
} from '../../../src/contract/stocks.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { jsonBlock, type Client, startAudiences, type AudienceFixture } from '../shared/testing.ts';

let fixture: AudienceFixture;
let db: Database.Database;
let anonymous: Client;
let free: Client;
let paid: Client;
const SBER = DEMO_STOCKS.sber;

beforeAll(async () => {
  fixture = await startAudiences();
  ({ db, anonymous, free, paid } = fixture);
});

afterAll(() => fixture.close());

/** Each stock's last two closes on the ground, computed here with SQL of the test's own. */
function lastDays(groundId: number, branchId: number) {
  return db
    .prepare(
      `WITH ranked AS (
         SELECT b.stock_id, b.date, b.close, b.volume,
           ROW_NUMBER() OVER (PARTITION BY b.stock_id ORDER BY b.date DESC) AS n
         FROM daily_bars b JOIN stock_branches sb ON sb.stock_id = b.stock_id
         WHERE b.ground_id = ? AND (? = 0 OR sb.branch_id = ?))
       SELECT l.stock_id AS id, l.close, l.volume, p.close AS prev, s.shares_outstanding AS shares
       FROM ranked l JOIN ranked p ON p.stock_id = l.stock_id AND p.n = 2 JOIN stocks s ON s.id = l.stock_id
       WHERE l.n = 1`,
    )
    .all(groundId, branchId, branchId) as Array<{
    id: number;
    close: number;
    volume: number;
    prev: number;
    shares: number;
  }>;
}

async function sid(who: Client): Promise<string> {
  return (jsonBlock((await who.get('/stocks/sber/')).body, 'fin-user') as { sid: string }).sid;
}

describe('GET /api/stocks/get-holders/{stockId}/', () => {
  it('lists the holders, largest first, with the report date and the rest as free float', async () => {
    const response = await anonymous.get(`/api/stocks/get-holders/${SBER}/`);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as HoldersAnswer;
    expect(answer.fields).toEqual(['name', 'share', 'date']);
    expect(answer.data[0]).toEqual({
      name: 'Фонд национального благосостояния',
      share: 50,
      'share.numeric': 50,
      date: '31.03.2025',
      'date.numeric': Date.parse('2025-03-31T00:00:00Z') / 1000,
    });
    expect(answer.data.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(100, 6);
    const english = (
      await anonymous.get(`/api/stocks/get-holders/${SBER}/?lang=eng`)
    ).json() as HoldersAnswer;
    expect(english.data.map((row) => row.name)).toContain('Free float');
    // The summary rows follow the page language; a named holder keeps its name (issue 20).
    const german = (await anonymous.get(`/api/stocks/get-holders/${SBER}/?lang=deu`)).json() as HoldersAnswer;
    expect(german.data.map((row) => row.name)).toEqual(
      english.data.map((row) =>
        row.name === 'Free float'
          ? 'Streubesitz'
          : row.name === 'Other shareholders'
            ? 'Sonstige Aktionäre'
            : row.name,
      ),
    );
    expect(english.fieldsLabels).toMatchObject({ name: 'Name', share: 'Share, %' });
  });

  it('answers 400 for a bad id and 404 for an unknown stock', async () => {
    expect((await anonymous.get('/api/stocks/get-holders/x/')).json().error).toMatch(/stockId/);
    expect((await anonymous.get('/api/stocks/get-holders/999/')).statusCode).toBe(404);
  });
});

describe('GET /api/stocks/get-growing-leaders/{branchId}/{groundId}/{1|2}/', () => {
  it('ranks the branch stocks by their last day change, computed from the bars', async () => {
    const days = lastDays(1, 2).map((d) => ({
      ...d,
      change: Math.round(((d.close - d.prev) / d.prev) * 10000) / 100,
    }));
    const growing = (
      await paid.get('/api/stocks/get-growing-leaders/2/1/1/')
    ).json() as MarketTable<LeaderRow>;
    const falling = (
      await paid.get('/api/stocks/get-growing-leaders/2/1/2/')
    ).json() as MarketTable<LeaderRow>;
    expect(growing.fields).toEqual(['name', 'tiker', 'last', 'change', 'volume', 'date']);
    expect(growing).toMatchObject({ branchId: 2, groundId: 1, currency: 'RUB' });
    const up = days.filter((d) => d.change > 0).sort((a, b) => b.change - a.change || a.id - b.id);
    const down = days.filter((d) => d.change < 0).sort((a, b) => a.change - b.change || a.id - b.id);
    expect(growing.data.map((row) => [row.id, row.change, row.last])).toEqual(
      up.map((d) => [d.id, d.change, d.close]),
    );
    expect(falling.data.map((row) => [row.id, row.change])).toEqual(down.map((d) => [d.id, d.change]));
    expect(up.length + down.length).toBeGreaterThan(0);
    for (const row of growing.data) expect(row).toMatchObject({ class: 'up', date: '30.06.2025' });
    expect(growing.data[0]?.name.lnk).toMatch(/^\/stocks\/[a-z]+\/$/);
  });

  it('masks the prices: anonymous sees none, free users the last price only', async () => {
    const url = '/api/stocks/get-growing-leaders/0/1/1/';
    const rows = ((await anonymous.get(url)).json() as MarketTable<LeaderRow>).data;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        last: '***',
        'last.numeric': null,
        change: '***',
        'change.numeric': null,
        class: '',
      });
      expect(typeof row.volume).toBe('number');
    }
    for (const row of ((await free.get(url)).json() as MarketTable<LeaderRow>).data) {
      expect(typeof row.last).toBe('number');
      expect(row.change).toBe('***');
    }
  });

  it('validates the ids and the type', async () => {
    expect((await anonymous.get('/api/stocks/get-growing-leaders/2/1/3/')).json().error).toMatch(/type/);
    expect((await anonymous.get('/api/stocks/get-growing-leaders/-1/1/1/')).json().error).toMatch(/branchId/);
    expect((await anonymous.get('/api/stocks/get-growing-leaders/99/1/1/')).statusCode).toBe(404);
    expect((await anonymous.get('/api/stocks/get-growing-leaders/2/9/1/')).statusCode).toBe(404);
  });
});

describe('GET /api/stocks/get-capitalization/{branchId}/{groundId}/', () => {
  it('ranks by last close × shares with the share of the total, from the bars', async () => {
    const days = lastDays(1, 0).map((d) => ({ ...d, cap: d.close * d.shares }));
    const total = days.reduce((sum, d) => sum + d.cap, 0);
    const want = days.sort((a, b) => b.cap - a.cap || a.id - b.id).slice(0, 10);
    const table = (
      await paid.get('/api/stocks/get-capitalization/0/1/')
    ).json() as MarketTable<CapitalizationRow>;
    expect(table.fields).toEqual(['name', 'tiker', 'last', 'capitalization', 'share', 'date']);
    expect(table.data.map((row) => [row.id, row.capitalization, row.share])).toEqual(
      want.map((d) => [d.id, Math.round(d.cap), Math.round((10000 * d.cap) / total) / 100]),
    );
    const masked = (
      await free.get('/api/stocks/get-capitalization/0/1/')
    ).json() as MarketTable<CapitalizationRow>;
    expect(masked.data[0]).toMatchObject({ capitalization: '***', share: '***', 'share.numeric': null });
    expect(typeof masked.data[0]?.last).toBe('number');
    // Ground 2 (USD): Apple and the others traded there.
    const usd = (
      await paid.get('/api/stocks/get-capitalization/9/2/')
    ).json() as MarketTable<CapitalizationRow>;
    expect(usd.currency).toBe('USD');
    expect(usd.data.map((row) => row.tiker)).toEqual(expect.arrayContaining(['AAPL', 'MSFT', 'NVDA']));
  });
});

describe('GET /api/stocks/indicators/{stockId}/{groundId}/', () => {
  it('gives volatility, beta against the first index, 52-week range, average volume and turnover, capitalisation', async () => {
    const answer = (await paid.get(`/api/stocks/indicators/${SBER}/1/?lang=eng`)).json() as StockIndicators;
    expect(answer).toMatchObject({
      stockId: SBER,
      groundId: 1,
      currency: 'RUB',
      date: '30.06.2025',
      benchmark: { id: 1, code: 'IMOEX', name: 'MOEX Russia Index' },
      fields: ['name', 'value'],
    });
    const value = (id: string) => answer.data.find((row) => row.id === id)?.value;
    const range = db
      .prepare(
        "SELECT MAX(high) AS high, MIN(low) AS low FROM daily_bars WHERE stock_id = ? AND ground_id = 1 AND date >= '2024-06-30'",
      )
      .get(SBER) as { high: number; low: number };
    expect(value('high_52w')).toBe(range.high);
    expect(value('low_52w')).toBe(range.low);
    expect(value('volatility_1y')).toBeGreaterThan(15);
    expect(value('volatility_1y')).toBeLessThan(60);
    expect(value('beta_1y')).toBeGreaterThan(0.3);
    expect(answer.data.find((row) => row.id === 'volatility_1y')).toMatchObject({
      unit: '%',
      name: 'Volatility over a year, % annualized',
    });
  });

  it('masks every price-derived figure for non-paid sessions; the average volume stays', async () => {
    const answer = (await anonymous.get(`/api/stocks/indicators/${SBER}/1/`)).json() as StockIndicators;
    for (const row of answer.data) {
      if (row.id === 'avg_volume_1m') expect(typeof row.value).toBe('number');
      else expect(row).toMatchObject({ value: '***', 'value.numeric': null });
    }
    // A recent listing outside every index: no benchmark, no beta.
    const dias = (
      await paid.get(`/api/stocks/indicators/${DEMO_STOCKS.recentListing}/1/`)
    ).json() as StockIndicators;
    expect(dias.benchmark).toBeNull();
    expect(dias.data.find((row) => row.id === 'beta_1y')?.value).toBeNull();
    expect((await paid.get(`/api/stocks/indicators/${SBER}/4/`)).statusCode).toBe(404);
  });
});

describe('POST /api/stocks/contactActionLog/', () => {
  it('stores the action with the user and session; needs the session token', async () => {
    expect(
      (await paid.post('/api/stocks/contactActionLog/', { actionId: 80 }, { token: null })).statusCode,
    ).toBe(403);
    const response = await paid.post('/api/stocks/contactActionLog/', { actionId: 80, sid: await sid(paid) });
    expect(response.statusCode).toBe(200);
    const { result, id } = response.json() as { result: boolean; id: number };
    expect(result).toBe(true);
    const row = db
      .prepare('SELECT scope, action_id, user_id, session_id, created_at FROM action_log WHERE id = ?')
      .get(id);
    expect(row).toMatchObject({
      scope: 'stocks',
      action_id: 80,
      user_id: 2,
      session_id: paid.jar.get('fin_sid'),
    });

    const anonymousToken = await sid(anonymous);
    const logged = await anonymous.post('/api/stocks/contactActionLog/', {
      actionId: 76,
      sid: anonymousToken,
    });
    expect(
      db.prepare('SELECT user_id, action_id FROM action_log WHERE id = ?').get(logged.json().id),
    ).toEqual({
      user_id: null,
      action_id: 76,
    });
    expect(
      (await anonymous.post('/api/stocks/contactActionLog/', { actionId: 'x', sid: anonymousToken })).json()
        .error,
    ).toMatch(/actionId/);
    expect((await anonymous.post('/api/stocks/contactActionLog/', { sid: anonymousToken })).statusCode).toBe(
      400,
    );
  });
});

describe('the market fields of the stock page data', () => {
  it('carries the tradings and archive links, branch, issuer, bonds and indexes', async () => {
    const data = (await anonymous.get('/stocks/sber/?format=json&lang=eng')).json() as MarketStockPageData;
    expect(data).toMatchObject({
      tradingsLink: '/api/stocks/get_tradings/',
      archiveExportLink: `/api/stocks/${SBER}/1/archive-export/?dateFrom=%from%&dateTo=%to%`,
      archiveTableLink: `/api/stocks/${SBER}/1/createTableTradingFullInfo/`,
      branchId: 1,
      branchName: 'Financials',
      emitentId: 1,
    });
    expect(data.emitentSharesBondsList.map((bond) => bond.isin)).toEqual(
      expect.arrayContaining(['RU000A101C89', 'RU000A103WV8', 'RU000A105SD9']),
    );
    expect(data.emitentSharesBondsList[0]?.url).toMatch(/^\/bonds\/\d+\/$/);
    expect(data.indexesList[0]).toEqual({
      id: 1,
      code: 'IMOEX',
      name: 'MOEX Russia Index',
      url: '/indexes/1/',
    });
    const ground2 = (await anonymous.get('/stocks/sber/2/?format=json')).json() as MarketStockPageData;
    expect(ground2.archiveExportLink).toBe(
      `/api/stocks/${SBER}/2/archive-export/?dateFrom=%from%&dateTo=%to%`,
    );
    const gazp = (await anonymous.get('/stocks/gazp/?format=json')).json() as MarketStockPageData;
    expect(gazp).toMatchObject({ branchId: 2, emitentSharesBondsList: [] });
  });
});
