/** SPEC §7 calls of the stock domain. */
import type { StockPriceDynamics } from '../types.ts';
import { getJson } from './client.ts';

export function fetchPriceDynamics(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<StockPriceDynamics> {
  return getJson<StockPriceDynamics>(`/api/stocks/${stockId}/${groundId}/price-dynamics/`, { signal });
}
