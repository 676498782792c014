/** Loading of a stock's holders; a newer load (another stock) cancels the older one. */
import { atom } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { fetchHolders } from '../../core/api/stocks.ts';
import type { HoldersAnswer } from '../../contract/stocks.ts';

export type HoldersState =
  | { status: 'idle' }
  | { status: 'loading'; stockId: number }
  | { status: 'ready'; stockId: number; answer: HoldersAnswer }
  | { status: 'error'; stockId: number; error: ApiError };

export function createHoldersStore() {
  const $state = atom<HoldersState>({ status: 'idle' });
  let controller: AbortController | null = null;

  async function load(stockId: number): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    $state.set({ status: 'loading', stockId });
    try {
      const answer = await fetchHolders(stockId, current.signal);
      if (controller === current) $state.set({ status: 'ready', stockId, answer });
    } catch (error) {
      if (controller !== current) return; // superseded by a newer load
      const apiError = error instanceof ApiError ? error : new ApiError('json', '', (error as Error).message);
      console.error(`fin-elements: holders of ${stockId} not loaded: ${apiError.message}`);
      $state.set({ status: 'error', stockId, error: apiError });
    }
  }

  function cancel(): void {
    controller?.abort();
    controller = null;
  }

  return { $state, load, cancel };
}
