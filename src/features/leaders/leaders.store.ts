/**
 * Loading of a leaders table. One store per element: a newer load (another tab, ground or
 * branch) cancels the older one, so a quick switch never shows the rows of the previous tab.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { fetchCapitalization, fetchLeaders } from '../../core/api/stocks.ts';
import { LEADERS_TABS, type LeadersQuery, type LeadersTable } from './leaders.utils.ts';

export type LeadersState =
  | { status: 'idle' }
  | { status: 'loading'; query: LeadersQuery }
  | { status: 'ready'; query: LeadersQuery; table: LeadersTable }
  | { status: 'error'; query: LeadersQuery; error: ApiError };

export function createLeadersStore() {
  const $state = atom<LeadersState>({ status: 'idle' });
  let controller: AbortController | null = null;

  async function load(query: LeadersQuery): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    $state.set({ status: 'loading', query });
    const { tab, branchId, groundId } = query;
    try {
      const table =
        tab === LEADERS_TABS.capitalization
          ? await fetchCapitalization(branchId, groundId, current.signal)
          : await fetchLeaders(branchId, groundId, tab, current.signal);
      if (controller === current) $state.set({ status: 'ready', query, table });
    } catch (error) {
      if (controller !== current) return; // superseded by a newer load
      const apiError = error instanceof ApiError ? error : new ApiError('json', '', (error as Error).message);
      console.error(
        `fin-elements: leaders ${tab} of branch ${branchId}, ground ${groundId} not loaded: ${apiError.message}`,
      );
      $state.set({ status: 'error', query, error: apiError });
    }
  }

  function cancel(): void {
    controller?.abort();
    controller = null;
  }

  return { $state, load, cancel };
}
