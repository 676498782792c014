/**
 * Loading of the stock price dynamics. One store per element instance: a newer load cancels the
 * older one, so a quick ground switch never shows the values of the previous ground.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { fetchPriceDynamics } from '../../core/api/stocks.ts';
import type { StockPriceDynamics } from '../../contract/types.ts';

export type PriceDynamicsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; stockId: number; groundId: number; dynamics: StockPriceDynamics }
  | { status: 'error'; error: ApiError };

export function createPriceDynamicsStore() {
  const $state = atom<PriceDynamicsState>({ status: 'idle' });
  let controller: AbortController | null = null;

  async function load(stockId: number, groundId: number): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    $state.set({ status: 'loading' });
    try {
      const dynamics = await fetchPriceDynamics(stockId, groundId, current.signal);
      if (controller === current) $state.set({ status: 'ready', stockId, groundId, dynamics });
    } catch (error) {
      if (controller !== current) return; // superseded by a newer load
      const apiError = error instanceof ApiError ? error : new ApiError('json', '', (error as Error).message);
      console.error(`fin-elements: price dynamics of ${stockId}/${groundId} not loaded: ${apiError.message}`);
      $state.set({ status: 'error', error: apiError });
    }
  }

  function cancel(): void {
    controller?.abort();
    controller = null;
  }

  return { $state, load, cancel };
}
