/**
 * The tradings answer is checked at the API boundary: a malformed answer as a whole is a `json`
 * ApiError (the chart's load error), a malformed series or point is left out with one warning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { checkTradingsAnswer, fetchTradings } from './stocks.ts';
import type { TradingsRequest } from '../../contract/stocks.ts';

const DAY = 86_400_000;

function series(overrides: Record<string, unknown> = {}) {
  return {
    field: 'close',
    name: 'Sberbank (MOEX)',
    data: [
      [DAY, 301.5],
      [2 * DAY, 302],
    ],
    color: '#1d5fbf',
    stockId: 7,
    tgId: 1,
    stockName: 'Sberbank',
    tgName: 'MOEX',
    ticker: 'SBER',
    currency: 'RUB',
    intraday: false,
    ...overrides,
  };
}

const REQUEST: TradingsRequest = {
  date_from: '01.06.2025',
  date_to: '30.06.2025',
  stocks_ids: [7],
  trading_ground_ids: [1],
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkTradingsAnswer', () => {
  it('keeps well-formed series as they are (the same point list, no copy)', () => {
    const raw = [series(), series({ field: 'volume', data: [[DAY, 1000]] })];
    const answer = checkTradingsAnswer(200, raw, '/t/');
    expect(answer.status).toBe(200);
    if (answer.status !== 200) return;
    expect(answer.series.map((s) => s.field)).toEqual(['close', 'volume']);
    expect(answer.series[0]!.data).toBe(raw[0]!.data);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('leaves malformed series and points out with one warning, keeping the rest', () => {
    const raw = [
      series({
        data: [[DAY, 301.5], 'oops', [null, 3], [3 * DAY, null], [4 * DAY], [5 * DAY, 303]],
        events: [
          { type: 'dividend', date: 3 * DAY, text: 'Dividend 34.84 RUB' },
          { type: 'virus', date: 3 * DAY, text: '<img src=x onerror=alert(1)>' },
          null,
        ],
      }),
      series({ field: 'price' }),
      series({ stockId: '7' }),
      series({ data: 'none' }),
      null,
      'series',
      series({ field: 'volume', stockName: undefined, name: undefined, intraday: 'yes', scaled: true }),
    ];
    const answer = checkTradingsAnswer(200, raw, '/t/');
    if (answer.status !== 200) throw new Error('expected 200');
    expect(answer.series.map((s) => s.field)).toEqual(['close', 'volume']);
    const [close, volume] = answer.series;
    // A point without a finite time is left out; a value that is not a number is a gap (NaN).
    expect(close!.data).toEqual([
      [DAY, 301.5],
      [3 * DAY, Number.NaN],
      [4 * DAY, Number.NaN],
      [5 * DAY, 303],
    ]);
    expect(close!.events).toEqual([{ type: 'dividend', date: 3 * DAY, text: 'Dividend 34.84 RUB' }]);
    expect(volume).toMatchObject({ stockName: '', name: '', intraday: false, scaled: true });
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(vi.mocked(console.warn).mock.calls[0]![0]).toContain('[1].field: expected one of');
  });

  it('reads the 206 retry date, and refuses a 206 without one', () => {
    expect(checkTradingsAnswer(206, { date: '21.11.2025', 'date.numeric': 1763683200 }, '/t/')).toEqual({
      status: 206,
      retry: { date: '21.11.2025', 'date.numeric': 1763683200 },
    });
    for (const raw of [{}, { date: '2025-11-21' }, null, []])
      expect(() => checkTradingsAnswer(206, raw, '/t/')).toThrow(ApiError);
  });

  it('a 200 that is not a list of series is a json ApiError', () => {
    for (const raw of [null, {}, 'series', { series: [] }]) {
      let caught: unknown;
      try {
        checkTradingsAnswer(200, raw, '/t/');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ApiError);
      expect((caught as ApiError).kind).toBe('json');
    }
  });
});

describe('fetchTradings', () => {
  it('checks the answer it gets', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'not what you asked for' })),
    );
    await expect(fetchTradings('/api/stocks/get_tradings/', REQUEST)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'json',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([series(), { field: 'close' }])),
    );
    const answer = await fetchTradings('/api/stocks/get_tradings/', REQUEST);
    expect(answer.status === 200 && answer.series).toHaveLength(1);
  });
});
