import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_DYNAMICS_WINDOW_FIELDS,
  type IssuerPageData,
  type IssuerPriceDynamics,
  type StockPageData,
  type StockPriceDynamics,
} from '../../../src/contract/types.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import {
  FREE_PHONE,
  PAID_PHONE,
  TEST_AS_OF,
  client,
  createTestApp,
  createTestDatabase,
  jsonBlock,
  signIn,
  type Client,
  type TestDatabase,
} from '../shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
let anonymous: Client;
let free: Client;
let paid: Client;
/** A stock listed on ground 1 with no bars at all (inserted by the test). */
const EMPTY_STOCK_ID = 900;

beforeAll(async () => {
  database = createTestDatabase();
  const db = new Database(database.dbPath);
  db.prepare(
    "INSERT INTO emitents (id, name, name_eng, full_name, full_name_eng) VALUES (900, 'Пустой', 'Empty', 'Пустой', 'Empty')",
  ).run();
  db.prepare(
    `INSERT INTO stocks (id, string_id, emitent_id, name, name_eng, isin, kind, lot, nominal, shares_outstanding)
     VALUES (?, 'empty', 900, 'Пустая', 'Empty', NULL, 'ordinary', 1, NULL, 1)`,
  ).run(EMPTY_STOCK_ID);
  db.prepare(
    "INSERT INTO stock_grounds (stock_id, ground_id, position, ticker, decimals) VALUES (?, 1, 1, 'EMPT', 2)",
  ).run(EMPTY_STOCK_ID);
  db.close();
  app = await createTestApp(database.dbPath);
  anonymous = client(app);
  free = await signIn(app, FREE_PHONE);
  paid = await signIn(app, PAID_PHONE);
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

const PRICE_FIELDS = [...PRICE_DYNAMICS_WINDOW_FIELDS, 'last_price'] as const;

async function dynamics(who: Client, stockId: number, groundId: number): Promise<StockPriceDynamics> {
  const response = await who.get(`/api/stocks/${stockId}/${groundId}/price-dynamics/`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The expected figures, computed straight from the bars with SQL of the test's own. */
function expected(stockId: number, groundId: number) {
  const db = new Database(database.dbPath, { readonly: true });
  try {
    const last = db
      .prepare(
        'SELECT date, close FROM daily_bars WHERE stock_id = ? AND ground_id = ? ORDER BY date DESC LIMIT 1',
      )
      .get(stockId, groundId) as { date: string; close: number };
    const intraday = db
      .prepare(
        'SELECT close FROM intraday_bars WHERE stock_id = ? AND ground_id = ? AND date = ? ORDER BY time DESC LIMIT 1',
      )
      .get(stockId, groundId, last.date) as { close: number } | undefined;
    const lastPrice = intraday?.close ?? last.close;
    const window = (from: string) => {
      const range = db
        .prepare(
          'SELECT MAX(high) AS max, MIN(low) AS min FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date > ?',
        )
        .get(stockId, groundId, from) as { max: number; min: number };
      const base = db
        .prepare(
          'SELECT close FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date <= ? ORDER BY date DESC LIMIT 1',
        )
        .get(stockId, groundId, from) as { close: number } | undefined;
      return {
        ...range,
        delta: base ? Math.round(((lastPrice - base.close) / base.close) * 10000) / 100 : null,
      };
    };
    return { lastPrice, lastDate: last.date, month: window('2025-05-30'), year: window('2024-06-30') };
  } finally {
    db.close();
  }
}

describe('GET /api/stocks/{stockId}/{tgId}/price-dynamics/', () => {
  it('gives a paid user every value, computed from the bars', async () => {
    const answer = await dynamics(paid, DEMO_STOCKS.sber, 1);
    const want = expected(DEMO_STOCKS.sber, 1);
    expect(answer).toEqual({
      absolute_max_price_1m: want.month.max,
      'absolute_max_price_1m.numeric': want.month.max,
      absolute_min_price_1m: want.month.min,
      'absolute_min_price_1m.numeric': want.month.min,
      delta_last_price_1m: want.month.delta,
      'delta_last_price_1m.numeric': want.month.delta,
      absolute_max_price_1y: want.year.max,
      'absolute_max_price_1y.numeric': want.year.max,
      absolute_min_price_1y: want.year.min,
      'absolute_min_price_1y.numeric': want.year.min,
      delta_last_price_1y: want.year.delta,
      'delta_last_price_1y.numeric': want.year.delta,
      last_price: want.lastPrice,
      'last_price.numeric': want.lastPrice,
      date: '30.06.2025',
      'date.numeric': Date.parse(`${TEST_AS_OF}T00:00:00Z`) / 1000,
      currency: 'RUB',
    });
    for (const field of PRICE_FIELDS) expect(typeof answer[field], field).toBe('number');
  });

  it('masks every price for an anonymous visitor: no number anywhere among the price values', async () => {
    const response = await anonymous.get(`/api/stocks/${DEMO_STOCKS.sber}/1/price-dynamics/`);
    const raw = response.json() as Record<string, unknown>;
    for (const field of PRICE_FIELDS) {
      expect(raw[field], field).toBe('***');
      expect(raw[`${field}.numeric`], `${field}.numeric`).toBeNull();
    }
    // Nothing but the date carries a number in the raw text.
    const numbers = Object.entries(raw).filter(
      ([key, value]) => typeof value === 'number' && key !== 'date.numeric',
    );
    expect(numbers).toEqual([]);
    expect(raw.date).toBe('30.06.2025');
  });

  it('shows a free user the last price only', async () => {
    const answer = await dynamics(free, DEMO_STOCKS.sber, 1);
    const want = expected(DEMO_STOCKS.sber, 1);
    expect(answer.last_price).toBe(want.lastPrice);
    expect(answer['last_price.numeric']).toBe(want.lastPrice);
    for (const field of PRICE_DYNAMICS_WINDOW_FIELDS) {
      expect(answer[field], field).toBe('***');
      expect(answer[`${field}.numeric`], field).toBeNull();
    }
  });

  it('works on a ground other than 1, in its currency (no intraday there)', async () => {
    const answer = await dynamics(paid, DEMO_STOCKS.sber, 2);
    const want = expected(DEMO_STOCKS.sber, 2);
    expect(answer).toMatchObject({
      last_price: want.lastPrice,
      absolute_max_price_1y: want.year.max,
      currency: 'USD',
    });
    const only = await dynamics(paid, DEMO_STOCKS.groundTwoOnly, 2);
    expect(typeof only.last_price).toBe('number');
  });

  it('keeps null as null: a recent listing has no base for its changes, whoever asks', async () => {
    for (const who of [anonymous, free, paid]) {
      const answer = await dynamics(who, DEMO_STOCKS.recentListing, 1);
      for (const field of ['delta_last_price_1m', 'delta_last_price_1y'] as const) {
        expect(answer[field]).toBeNull();
        expect(answer[`${field}.numeric`]).toBeNull();
      }
    }
    const paidAnswer = await dynamics(paid, DEMO_STOCKS.recentListing, 1);
    expect(typeof paidAnswer.absolute_max_price_1m).toBe('number');
    expect((await dynamics(anonymous, DEMO_STOCKS.recentListing, 1)).absolute_max_price_1m).toBe('***');
  });

  it('keeps null as null: a stock without bars has no values at all', async () => {
    for (const who of [anonymous, free, paid]) {
      const answer = (await dynamics(who, EMPTY_STOCK_ID, 1)) as Record<string, unknown>;
      for (const field of PRICE_FIELDS) {
        expect(answer[field], field).toBeNull();
        expect(answer[`${field}.numeric`], field).toBeNull();
      }
      expect(answer.date).toBeNull();
    }
  });

  it('answers 404 for a stock that does not trade on the ground', async () => {
    for (const url of [
      '/api/stocks/1/3/price-dynamics/',
      '/api/stocks/9999/1/price-dynamics/',
      `/api/stocks/${DEMO_STOCKS.groundTwoOnly}/1/price-dynamics/`,
    ]) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toMatch(/not traded/);
    }
  });

  it('answers 400 naming the field for ids that are not positive integers', async () => {
    const cases: Array<[string, string]> = [
      ['/api/stocks/abc/1/price-dynamics/', 'stockId'],
      ['/api/stocks/1.5/1/price-dynamics/', 'stockId'],
      ['/api/stocks/0/1/price-dynamics/', 'stockId'],
      ['/api/stocks/1/-1/price-dynamics/', 'tgId'],
      ['/api/stocks/1/x/price-dynamics/', 'tgId'],
    ];
    for (const [url, field] of cases) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toContain(`params.${field}`);
    }
  });
});

describe('page data masking', () => {
  const pageData = async (who: Client, url: string) => {
    const response = await who.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    return response.json() as StockPageData;
  };
  const PRICE_COLUMNS = ['change', 'buy_sell', 'open', 'min', 'max', 'avg', 'legal_close_price'];

  it('?format=json masks the exchange table like price dynamics', async () => {
    const anon = await pageData(anonymous, '/stocks/sber/?format=json');
    for (const row of anon.exchangeTable.data) {
      for (const field of ['last', ...PRICE_COLUMNS]) expect(row[field], field).toBe('***');
      expect(row.class).toBe('');
    }
    expect(anon.excelExportAccess).toBe(false);

    const freeData = await pageData(free, '/stocks/sber/?format=json');
    for (const row of freeData.exchangeTable.data) {
      expect(typeof row.last).toBe('number');
      for (const field of PRICE_COLUMNS) expect(row[field], field).toBe('***');
      expect(row.class).toBe('');
    }
    expect(freeData.excelExportAccess).toBe(false);

    const paidData = await pageData(paid, '/stocks/sber/?format=json');
    for (const row of paidData.exchangeTable.data) {
      for (const field of ['last', 'change', 'open', 'min', 'max', 'avg', 'legal_close_price'])
        expect(typeof row[field], field).toBe('number');
      // Written as the (Russian) page writes numbers, with the ground's decimals (issue 20).
      expect(row.buy_sell).toMatch(/^[\d\u202f]+,\d+ \/ [\d\u202f]+,\d+$/);
      expect(row.class).toBe((row.change as number) > 0 ? 'up' : (row.change as number) < 0 ? 'down' : '');
    }
    expect(paidData.excelExportAccess).toBe(true);
    const english = await pageData(paid, '/stocks/sber/?format=json&lang=eng');
    for (const row of english.exchangeTable.data)
      expect(row.buy_sell).toMatch(/^[\d\u202f]+\.\d+ \/ [\d\u202f]+\.\d+$/);
  });

  it('injects the same masked object into the page as ?format=json returns', async () => {
    for (const who of [anonymous, free, paid]) {
      const json = await pageData(who, '/stocks/sber/2/?format=json');
      const page = await who.get('/stocks/sber/2/');
      expect(jsonBlock(page.body, 'fin-page-data')).toEqual(json);
    }
  });

  it('fills the stock page data', async () => {
    const data = await pageData(paid, '/stocks/sber/?format=json&lang=eng');
    expect(data).toMatchObject({
      lang: 'eng',
      stockId: DEMO_STOCKS.sber,
      groundId: 1,
      stringId: 'sber',
      tradingGrounds: [
        { id: 1, text: 'Moscow Exchange' },
        { id: 2, text: 'SPB Exchange' },
      ],
      hideGraph: false,
      excelDefaultEnd: '30.06.2025',
      excelDefaultStart: '30.05.2025',
      excelGraphTableStartDate: '01.07.2015',
      excelGraphTableEndDate: '30.06.2025',
    });
    expect(data.exchangeTable.fields).toEqual([
      'trading_ground',
      'date',
      'last',
      'change',
      'buy_sell',
      'open',
      'min',
      'max',
      'avg',
      'legal_close_price',
      'tiker',
      'currency_name',
    ]);
    expect(data.exchangeTable.data.map((row) => [row.trading_ground, row.currency_name, row.tiker])).toEqual([
      [{ id: 1, text: 'Moscow Exchange' }, 'RUB', 'SBER'],
      [{ id: 2, text: 'SPB Exchange' }, 'USD', 'SBER'],
    ]);
    expect(data.dividendsTable.fields).toEqual([
      'year',
      'dividends_periods_name',
      'last_date_of_purchase',
      'date_of_ex_dividend',
      'date_of_close_list_dividends',
      'summ',
    ]);
    expect(data.dividendsTable.data.length).toBeGreaterThan(3);
    expect(data.dividendsTable.data[0]).toMatchObject({
      dividends_periods_name: 'for 2024',
      summ: expect.any(Number),
    });
    expect(data.nearestDividend).toMatchObject({
      date_of_close_list_dividends: '25.07.2025',
      announcement_date: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
    });
    expect(data.paramsTable.data).toContainEqual({ id: 'isin', name: 'ISIN', value: 'RU0009029540' });
    expect(data.emitentSharesStocksList).toEqual([
      expect.objectContaining({ string_id: 'sberp', url: '/stocks/sberp/' }),
    ]);
    expect(data.indexesList.map((index) => index.code)).toContain('IMOEX');

    const split = await pageData(anonymous, `/stocks/gmkn/?format=json`);
    expect(split.stockInfo.splits).toEqual([{ date: '30.06.2022', coefficient: 100 }]);
  });

  it('masks the issuer page price dynamics: the last price for signed-in users, the rest for paid', async () => {
    const issuer = async (who: Client) =>
      jsonBlock((await who.get('/company/1/')).body, 'fin-page-data') as IssuerPageData & {
        priceDynamics: IssuerPriceDynamics;
      };
    const anon = await issuer(anonymous);
    expect(anon).toMatchObject({ emitentId: 1, stockId: DEMO_STOCKS.sber, groundId: 1 });
    expect(anon.priceDynamics).toEqual({
      absoluteMinPrice: '***',
      absoluteMaxPrice: '***',
      deltaLastPrice: '***',
      lastPrice: '***',
      lastDate: '30.06.2025',
    });
    const freeData = await issuer(free);
    expect(typeof freeData.priceDynamics.lastPrice).toBe('number');
    expect(freeData.priceDynamics.absoluteMaxPrice).toBe('***');
    const paidData = await issuer(paid);
    const want = expected(DEMO_STOCKS.sber, 1);
    expect(paidData.priceDynamics).toEqual({
      absoluteMinPrice: want.year.min,
      absoluteMaxPrice: want.year.max,
      deltaLastPrice: want.year.delta,
      lastPrice: want.lastPrice,
      lastDate: '30.06.2025',
    });
  });
});
