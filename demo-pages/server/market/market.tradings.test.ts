/**
 * Contract tests of the chart data call (the tradings link), the archive table and its Excel
 * export: shapes, 206 retries, intraday points, masking read from the raw answers, access
 * refusals and validation.
 */
import type Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradingFullInfoTable, TradingSeries } from '../../../src/contract/stocks.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { INTRADAY_BARS } from '../../data/prices.ts';
import { XLSX_TYPE } from './market.export.ts';
import { TEST_AS_OF, type Client, startAudiences, type AudienceFixture } from '../shared/testing.ts';

let fixture: AudienceFixture;
let db: Database.Database;
let anonymous: Client;
let free: Client;
let paid: Client;

const SBER = DEMO_STOCKS.sber;
const DIAS = DEMO_STOCKS.recentListing;
const GMKN = DEMO_STOCKS.withSplit;
const LINK = '/api/stocks/get_tradings/';
const LAST = '30.06.2025';

beforeAll(async () => {
  fixture = await startAudiences();
  ({ db, anonymous, free, paid } = fixture);
});

afterAll(() => fixture.close());

const closes = (stockId: number, groundId: number, from: string, to: string) =>
  db
    .prepare(
      'SELECT date, close FROM daily_bars WHERE stock_id = ? AND ground_id = ? AND date BETWEEN ? AND ? ORDER BY date',
    )
    .all(stockId, groundId, from, to) as Array<{ date: string; close: number }>;

const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function body(overrides: Record<string, unknown> = {}) {
  return {
    date_from: '01.06.2025',
    date_to: LAST,
    stocks_ids: [SBER],
    trading_ground_ids: [1],
    userChangePeriod: false,
    getChartIteration: 1,
    fields: ['close'],
    ...overrides,
  };
}

describe('POST/GET the tradings link (/api/stocks/get_tradings/)', () => {
  it('gives a paid user the real closes as [ms, value] with the series fields and dividend/split flags', async () => {
    const response = await paid.post(LINK, body());
    expect(response.statusCode).toBe(200);
    const series = response.json() as TradingSeries[];
    expect(series).toHaveLength(1);
    const [sber] = series as [TradingSeries];
    const want = closes(SBER, 1, '2025-06-01', '2025-06-30');
    expect(sber).toMatchObject({
      field: 'close',
      name: 'Сбербанк (SBER)',
      stockId: SBER,
      tgId: 1,
      stockName: 'Сбербанк',
      ticker: 'SBER',
      currency: 'RUB',
      intraday: false,
      color: '#1d5fbf',
      events: [],
    });
    expect(sber.scaled).toBeUndefined();
    expect(sber.data).toEqual(want.map((row) => [ms(row.date), row.close]));

    // Ten years of Norilsk Nickel: the 1:100 split; Sberbank pays dividends every year.
    const long = (
      await paid.post(LINK, body({ date_from: '01.07.2015', stocks_ids: [GMKN] }))
    ).json() as TradingSeries[];
    const split = db.prepare('SELECT date FROM splits WHERE stock_id = ?').get(GMKN) as { date: string };
    expect(long[0]?.events).toEqual([{ type: 'split', date: ms(split.date), text: 'Сплит 1:100' }]);
    const dividends = (
      await paid.post(LINK, body({ date_from: '01.07.2015', fields: ['close'] }))
    ).json() as TradingSeries[];
    const exDates = db
      .prepare(
        'SELECT date_of_ex_dividend AS d FROM dividends WHERE stock_id = ? AND date_of_ex_dividend <= ? ORDER BY d',
      )
      .all(SBER, TEST_AS_OF) as Array<{ d: string }>;
    expect(dividends[0]?.events?.map((e) => [e.type, e.date])).toEqual(
      exDates.map((row) => ['dividend', ms(row.d)]),
    );
    expect(dividends[0]?.events?.[0]?.text).toMatch(/^Дивиденд [\d.]+ RUB \(за \d{4} год\)$/);
  });

  it('accepts the same payload as a GET query, arrays with or without []', async () => {
    const query = 'date_from=01.06.2025&date_to=30.06.2025&userChangePeriod=1&getChartIteration=2';
    const bracketed = await paid.get(
      `${LINK}?${query}&stocks_ids[]=${SBER}&trading_ground_ids[]=2&fields[]=close`,
    );
    expect(bracketed.statusCode).toBe(200);
    const [series] = bracketed.json() as TradingSeries[];
    expect(series).toMatchObject({ tgId: 2, currency: 'USD', tgName: 'СПБ Биржа' });
    expect(series?.data).toEqual(
      closes(SBER, 2, '2025-06-01', '2025-06-30').map((row) => [ms(row.date), row.close]),
    );
    const plain = await paid.get(`${LINK}?${query}&stocks_ids=${SBER}&trading_ground_ids=2`);
    expect(plain.json()).toEqual(bracketed.json());
  });

  it('gives 5-minute points when the window is the last trading day of ground 1', async () => {
    const [series] = (
      await paid.post(LINK, body({ date_from: LAST, date_to: LAST }))
    ).json() as TradingSeries[];
    expect(series?.intraday).toBe(true);
    expect(series?.data).toHaveLength(INTRADAY_BARS);
    const bars = db
      .prepare('SELECT time, close FROM intraday_bars WHERE stock_id = ? AND ground_id = 1 ORDER BY time')
      .all(SBER) as Array<{ time: number; close: number }>;
    expect(series?.data).toEqual(bars.map((bar) => [bar.time * 1000, bar.close]));
    // The same day on ground 2 has no intraday bars: its daily bar.
    const [ground2] = (
      await paid.post(LINK, body({ date_from: LAST, date_to: LAST, trading_ground_ids: [2] }))
    ).json() as TradingSeries[];
    expect(ground2).toMatchObject({
      intraday: false,
      data: [[ms(TEST_AS_OF), closes(SBER, 2, TEST_AS_OF, TEST_AS_OF)[0]?.close]],
    });
  });

  it('answers 206 with the last date that has data when the window has no bars (recent listing dias)', async () => {
    const before = await anonymous.post(
      LINK,
      body({ stocks_ids: [DIAS], date_from: '01.01.2024', date_to: '31.01.2024' }),
    );
    expect(before.statusCode).toBe(206);
    expect(before.json()).toEqual({ date: LAST, 'date.numeric': ms(TEST_AS_OF) / 1000 });
    const after = await paid.post(
      LINK,
      body({ stocks_ids: [DIAS], date_from: '01.07.2025', date_to: '10.07.2025' }),
    );
    expect(after.statusCode).toBe(206);
    expect(after.json()).toMatchObject({ date: LAST });
    // Retrying with a window ending there finds the listing's bars.
    const retry = await paid.post(LINK, body({ stocks_ids: [DIAS], date_from: '01.06.2025', date_to: LAST }));
    expect(retry.statusCode).toBe(200);
    const [series] = retry.json() as TradingSeries[];
    expect(series?.data.length).toBe(12);
  });

  it('sends non-paid sessions the shape only: each series scaled to 0..100, no flags', async () => {
    const want = closes(SBER, 1, '2025-06-01', '2025-06-30').map((row) => row.close);
    const min = Math.min(...want);
    const max = Math.max(...want);
    for (const who of [anonymous, free]) {
      const response = await who.post(LINK, body());
      expect(response.statusCode).toBe(200);
      const [series] = response.json() as TradingSeries[];
      expect(series?.scaled).toBe(true);
      expect(series?.events).toBeUndefined();
      const values = series?.data.map(([, value]) => value) ?? [];
      expect(values).toEqual(want.map((close) => Math.round(((close - min) / (max - min)) * 10000) / 100));
      expect(Math.min(...values)).toBe(0);
      expect(Math.max(...values)).toBe(100);
      for (const close of want)
        if (close !== 0 && close !== 100) expect(response.body).not.toContain(String(close));
    }
  });

  it('gives the extended fields (OHLC, volume) to paid users, empty series to anonymous ones, 403 to free ones', async () => {
    const fields = ['open', 'high', 'low', 'close', 'volume'];
    const paidSeries = (await paid.post(LINK, body({ fields }))).json() as TradingSeries[];
    expect(paidSeries.map((s) => s.field)).toEqual(fields);
    const bar = db
      .prepare(
        'SELECT open, high, low, close, volume FROM daily_bars WHERE stock_id = ? AND ground_id = 1 AND date = ?',
      )
      .get(SBER, TEST_AS_OF) as Record<string, number>;
    for (const s of paidSeries) expect(s.data.at(-1)).toEqual([ms(TEST_AS_OF), bar[s.field]]);
    expect(paidSeries.find((s) => s.field === 'volume')?.color).toBe('#F8BB68');

    const anonymousSeries = await anonymous.post(LINK, body({ fields }));
    expect(anonymousSeries.statusCode).toBe(200);
    expect((anonymousSeries.json() as TradingSeries[]).map((s) => [s.field, s.data])).toEqual(
      fields.map((f) => [f, []]),
    );

    const refused = await free.post(LINK, body({ fields }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ need: 'need_get_access' });
  });

  it('compares stocks for paid users only (401 anonymous, 403 free)', async () => {
    const compare = body({ stocks_ids: [SBER, DEMO_STOCKS.groundTwoOnly], trading_ground_ids: [1, 2] });
    const response = await paid.post(LINK, compare);
    expect(response.statusCode).toBe(200);
    const series = response.json() as TradingSeries[];
    expect(series.map((s) => [s.stockId, s.tgId])).toEqual([
      [SBER, 1],
      [DEMO_STOCKS.groundTwoOnly, 2],
    ]);
    expect(series[0]?.color).not.toBe(series[1]?.color);
    expect((await anonymous.post(LINK, compare)).statusCode).toBe(401);
    expect((await anonymous.post(LINK, compare)).json()).toMatchObject({ need: 'need_auth' });
    expect((await free.post(LINK, compare)).statusCode).toBe(403);
  });

  it('rejects bad payloads with 400 naming the field, unknown stocks with 404', async () => {
    const bad = async (payload: Record<string, unknown>, pattern: RegExp) => {
      const response = await paid.post(LINK, body(payload));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(pattern);
    };
    await bad({ date_from: '2025-06-01' }, /date_from/);
    await bad({ date_from: '31.02.2025' }, /date_from must be a date/);
    await bad({ date_from: LAST, date_to: '01.06.2025' }, /date_from is after date_to/);
    await bad({ stocks_ids: ['x'] }, /stocks_ids/);
    await bad({ stocks_ids: [] }, /stocks_ids/);
    await bad({ trading_ground_ids: [1, 2] }, /trading_ground_ids/);
    await bad({ fields: ['price'] }, /fields/);
    await bad(
      { stocks_ids: Array.from({ length: 11 }, () => SBER), trading_ground_ids: undefined },
      /stocks_ids/,
    );
    expect((await paid.post(LINK, body({ stocks_ids: [999] }))).statusCode).toBe(404);
    expect((await paid.post(LINK, body({ trading_ground_ids: [3] }))).statusCode).toBe(404);
  });
});

describe('the archive table (full-info trading table)', () => {
  const GET = `/api/stocks/get-tradings-full-info-table/${SBER}/1/`;
  const POST = `/api/stocks/${SBER}/1/createTableTradingFullInfo/`;

  it('gives a paid user a month of days, newest first, with exact .no_round twins and labels in the page language', async () => {
    const response = await paid.get(`${GET}?lang=eng`);
    expect(response.statusCode).toBe(200);
    const table = response.json() as TradingFullInfoTable;
    const want = closes(SBER, 1, '2025-05-30', TEST_AS_OF).reverse();
    expect(table).toMatchObject({
      result: true,
      total: want.length,
      dateFrom: '30.05.2025',
      dateTo: LAST,
      currency: 'RUB',
    });
    expect(table.fields).toEqual(['date', 'open', 'max', 'min', 'close', 'avg', 'volume', 'value', 'change']);
    expect(table.fieldsLabels).toMatchObject({
      date: 'Date',
      open: 'Open',
      close: 'Close',
      value: 'Turnover',
    });
    expect(table.data.map((row) => [row.date, row.close])).toEqual(
      want.map((row) => [`${row.date.slice(8)}.${row.date.slice(5, 7)}.${row.date.slice(0, 4)}`, row.close]),
    );
    const [last] = table.data;
    const bar = db
      .prepare(
        'SELECT open, high, low, close, volume FROM daily_bars WHERE stock_id = ? AND ground_id = 1 AND date = ?',
      )
      .get(SBER, TEST_AS_OF) as Record<string, number>;
    const previous = want[1]?.close as number;
    const avg =
      ((bar.open as number) + (bar.high as number) + (bar.low as number) + (bar.close as number)) / 4;
    expect(last).toMatchObject({
      'date.numeric': ms(TEST_AS_OF) / 1000,
      open: bar.open,
      'open.no_round': bar.open,
      max: bar.high,
      min: bar.low,
      'close.no_round': bar.close,
      avg: Math.round(avg * 100) / 100,
      'avg.no_round': avg,
      volume: bar.volume,
      'volume.no_round': bar.volume,
      'value.no_round': avg * (bar.volume as number),
      change: Math.round((((bar.close as number) - previous) / previous) * 10000) / 100,
      'change.no_round': (((bar.close as number) - previous) / previous) * 100,
    });
  });

  it("masks every price cell for non-paid sessions ('***', null twin) but keeps volumes", async () => {
    for (const who of [anonymous, free]) {
      const table = (await who.get(GET)).json() as TradingFullInfoTable;
      expect(table.result).toBe(true);
      for (const row of table.data) {
        for (const field of ['open', 'max', 'min', 'close', 'avg', 'value', 'change'] as const) {
          expect(row[field]).toBe('***');
          expect(row[`${field}.no_round`]).toBeNull();
        }
        expect(typeof row.volume).toBe('number');
      }
    }
  });

  it('takes any window by POST, and answers an empty window with result false', async () => {
    const week = (
      await paid.post(POST, { dateFrom: '23.06.2025', dateTo: '27.06.2025' })
    ).json() as TradingFullInfoTable;
    expect(week.data.map((row) => row.date)).toEqual([
      '27.06.2025',
      '26.06.2025',
      '25.06.2025',
      '24.06.2025',
      '23.06.2025',
    ]);
    const weekend = await paid.post(POST, { dateFrom: '28.06.2025', dateTo: '29.06.2025' });
    expect(weekend.statusCode).toBe(200);
    expect(weekend.json()).toMatchObject({ result: false, data: [], total: 0 });
  });

  it('validates the window and the ids', async () => {
    expect((await paid.post(POST, { dateFrom: '2025-06-01' })).statusCode).toBe(400);
    expect((await paid.post(POST, { dateFrom: '30.06.2025', dateTo: '01.06.2025' })).json().error).toMatch(
      /dateFrom is after dateTo/,
    );
    expect((await paid.get('/api/stocks/get-tradings-full-info-table/abc/1/')).json().error).toMatch(
      /stockId/,
    );
    expect((await paid.get(`/api/stocks/get-tradings-full-info-table/${SBER}/3/`)).statusCode).toBe(404);
  });
});

describe('the archive Excel export', () => {
  const link = `/api/stocks/${SBER}/1/archive-export/?dateFrom=23.06.2025&dateTo=30.06.2025`;

  it('is paid only: 401 need_auth anonymous, 403 need_get_access free', async () => {
    const refusedAnonymous = await anonymous.get(link);
    expect(refusedAnonymous.statusCode).toBe(401);
    expect(refusedAnonymous.json()).toMatchObject({ need: 'need_auth' });
    const refusedFree = await free.get(link);
    expect(refusedFree.statusCode).toBe(403);
    expect(refusedFree.json()).toMatchObject({ need: 'need_get_access' });
  });

  it('streams a real .xlsx with the archive rows of the window', async () => {
    const response = await paid.get(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="SBER_23.06.2025-30.06.2025.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Archive');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Дата',
      'Открытие',
      'Максимум',
      'Минимум',
      'Закрытие',
      'Средневзвешенная цена',
      'Объём, шт.',
      'Оборот',
      'Изменение, %',
    ]);
    const want = closes(SBER, 1, '2025-06-23', TEST_AS_OF).reverse();
    expect(sheet?.rowCount).toBe(want.length + 1);
    want.forEach((row, i) => {
      const cells = sheet?.getRow(i + 2);
      expect((cells?.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(row.date);
      expect(cells?.getCell(5).value).toBe(row.close);
    });
    expect(
      (await paid.get(`/api/stocks/${SBER}/1/archive-export/?dateFrom=30.06.2025&dateTo=01.06.2025`))
        .statusCode,
    ).toBe(400);
  });
});
