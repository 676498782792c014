/** SPEC §7 watchlist calls (signed-in users only). */
import { getJson, postJson } from './client.ts';

/** SPEC §3 "Watchlist row" (id is the stock id, as `id.numeric`). */
export interface WatchlistRow {
  id: number;
  'id.numeric': number;
  checked: boolean;
  /** Quantity. */
  count: number;
  wlid: number;
  tgId: number;
  name: string;
  ticker: string;
  url: string;
}

export interface WatchlistAnswer {
  userStocksWL: WatchlistRow[];
}

/** 401 {need: 'need_auth'} for anonymous sessions. */
export function fetchWatchlist(signal?: AbortSignal): Promise<WatchlistAnswer> {
  return getJson('/watchlist/', { query: { ajax: 1 }, signal });
}

/**
 * Sets the stock's rows in the user's watchlist: one per ground id in `add` (quantity `qnt`);
 * the stock's other grounds are removed (an empty `add` removes the stock).
 */
export function addStockToWatchlist(body: {
  stockId: number;
  add: number[];
  qnt: number;
}): Promise<WatchlistAnswer & { result: true }> {
  return postJson('/api/watchlist/addStock/', body);
}
