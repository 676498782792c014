import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './generate.ts';
import { DEMO_STOCKS } from './instruments.ts';
import { INTRADAY_BARS } from './prices.ts';

const AS_OF = '2025-06-30';
const dir = mkdtempSync(join(tmpdir(), 'fin-generate-test-'));
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
let db: Database.Database;

beforeAll(() => {
  generate(join(dir, 'a.sqlite'), { seed: 7, asOf: AS_OF });
  db = new Database(join(dir, 'a.sqlite'), { readonly: true });
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const get = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;

describe('demo data generator', () => {
  it('writes a byte-identical file for the same seed and as-of date, a different one otherwise', () => {
    generate(join(dir, 'b.sqlite'), { seed: 7, asOf: AS_OF });
    generate(join(dir, 'c.sqlite'), { seed: 8, asOf: AS_OF });
    generate(join(dir, 'd.sqlite'), { seed: 7, asOf: '2025-07-01' });
    expect(sha256(join(dir, 'b.sqlite'))).toBe(sha256(join(dir, 'a.sqlite')));
    expect(sha256(join(dir, 'c.sqlite'))).not.toBe(sha256(join(dir, 'a.sqlite')));
    expect(sha256(join(dir, 'd.sqlite'))).not.toBe(sha256(join(dir, 'a.sqlite')));
  });

  it('records the seed and as-of date, and leaves no journal mode other than DELETE', () => {
    const meta = Object.fromEntries(
      all<{ key: string; value: string }>('SELECT key, value FROM meta').map((r) => [r.key, r.value]),
    );
    expect(meta).toMatchObject({ asOf: AS_OF, seed: '7', lastTradingDay: AS_OF });
    expect(get<{ journal_mode: string }>('PRAGMA journal_mode').journal_mode).toBe('delete');
  });

  it('has the instruments the demo promises', () => {
    expect(get<{ n: number }>('SELECT COUNT(*) AS n FROM trading_grounds').n).toBeGreaterThanOrEqual(3);
    expect(get<{ n: number }>('SELECT COUNT(*) AS n FROM stocks').n).toBeGreaterThanOrEqual(20);
    expect(get<{ n: number }>('SELECT COUNT(*) AS n FROM indexes').n).toBeGreaterThanOrEqual(10);
    expect(
      get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM stocks s LEFT JOIN emitents e ON e.id = s.emitent_id WHERE e.id IS NULL',
      ).n,
    ).toBe(0);

    const sber = get<{ id: number; isin: string }>("SELECT id, isin FROM stocks WHERE string_id = 'sber'");
    expect(sber).toEqual({ id: DEMO_STOCKS.sber, isin: 'RU0009029540' });
    expect(
      all<{ ground_id: number }>(
        'SELECT ground_id FROM stock_grounds WHERE stock_id = ? ORDER BY position',
        sber.id,
      ),
    ).toEqual([{ ground_id: 1 }, { ground_id: 2 }]);
    expect(
      all<{ ground_id: number }>(
        'SELECT ground_id FROM stock_grounds WHERE stock_id = ?',
        DEMO_STOCKS.groundTwoOnly,
      ),
    ).toEqual([{ ground_id: 2 }]);
    expect(get<{ isin: string }>("SELECT isin FROM stocks WHERE string_id = 'gazp'").isin).toBe(
      'RU0007661625',
    );
    expect(get<{ isin: string }>("SELECT isin FROM stocks WHERE string_id = 'lkoh'").isin).toBe(
      'RU0009024277',
    );
  });

  it('has ten years of weekday bars with consistent OHLC and realistic volatility', () => {
    const span = get<{ first: string; last: string; n: number }>(
      'SELECT MIN(date) AS first, MAX(date) AS last, COUNT(*) AS n FROM daily_bars WHERE stock_id = 1 AND ground_id = 1',
    );
    expect(span).toEqual({ first: '2015-07-01', last: AS_OF, n: 2609 });
    expect(
      get<{ n: number }>("SELECT COUNT(*) AS n FROM daily_bars WHERE strftime('%w', date) IN ('0', '6')").n,
    ).toBe(0);
    expect(
      get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM daily_bars WHERE low > MIN(open, close) OR high < MAX(open, close) OR low <= 0 OR volume <= 0',
      ).n,
    ).toBe(0);

    const closes = all<{ close: number }>(
      'SELECT close FROM daily_bars WHERE stock_id = 3 AND ground_id = 1 ORDER BY date',
    ).map((r) => r.close);
    const returns = closes.slice(1).map((close, i) => Math.log(close / (closes[i] as number)));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const volatility = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length);
    expect(volatility).toBeGreaterThan(0.012);
    expect(volatility).toBeLessThan(0.03);
  });

  it('moves stocks together with the market', () => {
    const series = (id: number) =>
      all<{ close: number }>(
        'SELECT close FROM daily_bars WHERE stock_id = ? AND ground_id = 1 ORDER BY date',
        id,
      ).map((r) => r.close);
    const returns = (closes: number[]) => closes.slice(1).map((c, i) => Math.log(c / (closes[i] as number)));
    const a = returns(series(3));
    const b = returns(series(4));
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const [ma, mb] = [mean(a), mean(b)];
    const cov = mean(a.map((v, i) => (v - ma) * ((b[i] as number) - mb)));
    const correlation =
      cov / Math.sqrt(mean(a.map((v) => (v - ma) ** 2)) * mean(b.map((v) => (v - mb) ** 2)));
    expect(correlation).toBeGreaterThan(0.15);
  });

  it('has 5-minute intraday bars on ground 1 for the last trading day, ending at its close', () => {
    const bars = all<{ time: number; close: number; high: number; low: number }>(
      'SELECT time, close, high, low FROM intraday_bars WHERE stock_id = 1 AND ground_id = 1 ORDER BY time',
    );
    expect(bars).toHaveLength(INTRADAY_BARS);
    expect(new Date((bars[0]?.time ?? 0) * 1000).toISOString()).toBe(`${AS_OF}T07:00:00.000Z`); // 10:00 Moscow
    expect(new Date((bars.at(-1)?.time ?? 0) * 1000).toISOString()).toBe(`${AS_OF}T15:45:00.000Z`); // 18:45 Moscow
    const day = get<{ close: number; high: number; low: number }>(
      'SELECT close, high, low FROM daily_bars WHERE stock_id = 1 AND ground_id = 1 AND date = ?',
      AS_OF,
    );
    expect(bars.at(-1)?.close).toBe(day.close);
    expect(Math.max(...bars.map((b) => b.high))).toBeLessThanOrEqual(day.high);
    expect(Math.min(...bars.map((b) => b.low))).toBeGreaterThanOrEqual(day.low);
    expect(get<{ n: number }>('SELECT COUNT(*) AS n FROM intraday_bars WHERE ground_id <> 1').n).toBe(0);
  });

  it('has a ground-1 stock without intraday bars (no Today on its chart)', () => {
    const count = (stockId: number) =>
      get<{ n: number }>('SELECT COUNT(*) AS n FROM intraday_bars WHERE stock_id = ?', stockId).n;
    expect(count(DEMO_STOCKS.withoutIntraday)).toBe(0);
    expect(
      get<{ ground_id: number }>(
        'SELECT ground_id FROM stock_grounds WHERE stock_id = ? AND position = 1',
        DEMO_STOCKS.withoutIntraday,
      ).ground_id,
    ).toBe(1);
    expect(
      get<{ date: string }>(
        'SELECT MAX(date) AS date FROM daily_bars WHERE stock_id = ? AND ground_id = 1',
        DEMO_STOCKS.withoutIntraday,
      ).date,
    ).toBe(AS_OF);
    expect(count(DEMO_STOCKS.sber)).toBe(INTRADAY_BARS);
  });

  it('has dividends for sber with every field, one upcoming, and a split', () => {
    const dividends = all<Record<string, unknown>>(
      'SELECT * FROM dividends WHERE stock_id = 1 ORDER BY date_of_close_list_dividends',
    );
    expect(dividends.length).toBeGreaterThanOrEqual(5);
    for (const d of dividends) {
      for (const field of [
        'summ',
        'year',
        'period_name',
        'announcement_date',
        'last_date_of_purchase',
        'date_of_ex_dividend',
        'date_of_close_list_dividends',
        'payment_date',
      ]) {
        expect(d[field], field).toBeTruthy();
      }
    }
    expect(String(dividends.at(-1)?.date_of_close_list_dividends) > AS_OF).toBe(true);
    expect(String(dividends.at(-1)?.announcement_date) <= AS_OF).toBe(true);
    expect(all('SELECT stock_id, coefficient FROM splits')).toEqual([
      { stock_id: DEMO_STOCKS.withSplit, coefficient: 100 },
    ]);
  });

  it('has the demo accounts', () => {
    expect(all('SELECT phone, access_level FROM users ORDER BY id')).toEqual([
      { phone: '+79000000001', access_level: 0 },
      { phone: '+79000000002', access_level: 1077 },
    ]);
    expect(all('SELECT user_id, tariff_id FROM user_tariffs')).toEqual([{ user_id: 2, tariff_id: 677 }]);
  });
});
