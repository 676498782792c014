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
