/** SPEC §7 watchlist calls (signed-in users only). */
import type { WatchlistAnswer } from '../../contract/watchlist.ts';
import { getJson, postJson } from './client.ts';

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
