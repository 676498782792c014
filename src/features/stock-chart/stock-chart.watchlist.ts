/**
 * The watchlist dialog of the stock chart (SPEC §2, §3 "Watchlist row", §7): which trading
 * grounds of the stock are in the user's watchlist and with what quantity; saving sets them.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, toApiError } from '../../core/api/client.ts';
import { addStockToWatchlist, fetchWatchlist } from '../../core/api/watchlist.ts';
import { createResource } from '../../core/resource.ts';
import type { WatchlistRow } from '../../contract/watchlist.ts';

export interface WatchlistFormState {
  status: 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'error';
  /** Ground ids of the stock that are checked. */
  grounds: number[];
  /** Quantity (SPEC "count"). */
  count: number;
  /** What failed: loading or saving. */
  failed: 'load' | 'save' | null;
}

const IDLE: WatchlistFormState = { status: 'idle', grounds: [], count: 0, failed: null };

/** The stock's checked grounds and its quantity from the user's watchlist rows. */
export function watchlistSelection(rows: readonly WatchlistRow[], stockId: number) {
  const own = rows.filter((row) => row.id === stockId && row.checked);
  return { grounds: own.map((row) => row.tgId), count: own[0]?.count ?? 0 };
}

export function createWatchlistStore() {
  const $form = atom<WatchlistFormState>(IDLE);
  /** The user's watchlist (newest load wins); its answer fills the form with the stock's rows. */
  const watchlist = createResource({
    describe: () => 'watchlist',
    async load(stockId: number, signal) {
      try {
        const answer = await fetchWatchlist(signal);
        if (signal.aborted) throw new ApiError('aborted', '', 'Cancelled');
        $form.set({ status: 'ready', ...watchlistSelection(answer.userStocksWL, stockId), failed: null });
      } catch (error) {
        if (!signal.aborted) $form.set({ ...IDLE, status: 'error', failed: 'load' });
        throw error; // logged by the resource
      }
    },
  });

  function load(stockId: number): Promise<void> {
    $form.set({ ...IDLE, status: 'loading' });
    return watchlist.load(stockId);
  }

  function toggleGround(groundId: number): void {
    const form = $form.get();
    const grounds = form.grounds.includes(groundId)
      ? form.grounds.filter((id) => id !== groundId)
      : [...form.grounds, groundId];
    $form.set({ ...form, grounds, status: 'ready', failed: null });
  }

  /** A quantity the user typed; anything but a finite number ≥ 0 counts as 0. */
  function setCount(count: number): void {
    const form = $form.get();
    $form.set({ ...form, count: Number.isFinite(count) && count >= 0 ? count : 0, status: 'ready' });
  }

  async function save(stockId: number): Promise<boolean> {
    const form = $form.get();
    $form.set({ ...form, status: 'saving', failed: null });
    try {
      const answer = await addStockToWatchlist({
        stockId,
        add: [...form.grounds].sort((a, b) => a - b),
        qnt: form.count,
      });
      $form.set({ status: 'saved', ...watchlistSelection(answer.userStocksWL, stockId), failed: null });
      return true;
    } catch (error) {
      console.error(`fin-elements: watchlist not saved: ${toApiError(error).message}`);
      $form.set({ ...form, status: 'error', failed: 'save' });
      return false;
    }
  }

  function cancel(): void {
    watchlist.cancel();
    $form.set(IDLE);
  }

  return { $form: $form as ReadableAtom<WatchlistFormState>, load, toggleGround, setCount, save, cancel };
}
