import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatchlistRow } from '../../contract/watchlist.ts';
import { createWatchlistStore, watchlistSelection } from './stock-chart.watchlist.ts';

function row(overrides: Partial<WatchlistRow>): WatchlistRow {
  return {
    id: 1,
    'id.numeric': 1,
    checked: true,
    count: 10,
    wlid: 3,
    tgId: 1,
    name: 'Sberbank',
    ticker: 'SBER',
    url: '/stocks/sber/',
    ...overrides,
  };
}

let posted: Array<{ path: string; body: unknown }> = [];
let rows: WatchlistRow[] = [];

beforeEach(() => {
  posted = [];
  rows = [row({ tgId: 1 }), row({ id: 5, 'id.numeric': 5, tgId: 1, count: 3 })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { stockId: number; add: number[]; qnt: number };
        posted.push({ path, body });
        rows = [
          ...rows.filter((r) => r.id !== body.stockId),
          ...body.add.map((tgId) => row({ tgId, count: body.qnt })),
        ];
        return Response.json({ result: true, userStocksWL: rows });
      }
      return Response.json({ userStocksWL: rows });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the watchlist dialog', () => {
  it("reads the stock's checked grounds and its quantity from the user's rows", () => {
    expect(watchlistSelection([row({ tgId: 2 }), row({ tgId: 1, checked: false })], 1)).toEqual({
      grounds: [2],
      count: 10,
    });
    expect(watchlistSelection([], 1)).toEqual({ grounds: [], count: 0 });
  });

  it('loads, lets the user tick grounds and set a quantity, and saves them with addStock', async () => {
    const store = createWatchlistStore();
    await store.load(1);
    expect(store.$form.get()).toMatchObject({ status: 'ready', grounds: [1], count: 10 });
    store.toggleGround(2);
    store.toggleGround(1);
    store.setCount(25);
    expect(await store.save(1)).toBe(true);
    expect(posted).toEqual([{ path: '/api/watchlist/addStock/', body: { stockId: 1, add: [2], qnt: 25 } }]);
    expect(store.$form.get()).toMatchObject({ status: 'saved', grounds: [2], count: 25 });
  });

  it('treats a quantity that is not a number ≥ 0 as 0', async () => {
    const store = createWatchlistStore();
    await store.load(1);
    store.setCount(Number.NaN);
    expect(store.$form.get().count).toBe(0);
    store.setCount(-3);
    expect(store.$form.get().count).toBe(0);
  });

  it('says what failed when saving fails', async () => {
    const store = createWatchlistStore();
    await store.load(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'no' }, { status: 500 })),
    );
    expect(await store.save(1)).toBe(false);
    expect(store.$form.get()).toMatchObject({ status: 'error', failed: 'save', grounds: [1] });
  });
});
