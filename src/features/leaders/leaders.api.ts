/**
 * The leaders calls (SPEC §7 growing/falling leaders, capitalization) as a resource: a newer load
 * (another tab, ground or branch) cancels the older one, so a quick switch never shows the rows of
 * the previous tab.
 */
import { fetchCapitalization, fetchLeaders, peekCapitalization, peekLeaders } from '../../core/api/stocks.ts';
import { createResource } from '../../core/resource.ts';
import { LEADERS_TABS, type LeadersQuery, type LeadersTable } from './leaders.utils.ts';

export const createLeadersResource = () =>
  createResource<LeadersQuery, LeadersTable>({
    describe: ({ tab, branchId, groundId }) => `leaders ${tab} of branch ${branchId}, ground ${groundId}`,
    load: ({ tab, branchId, groundId }, signal) =>
      tab === LEADERS_TABS.capitalization
        ? fetchCapitalization(branchId, groundId, signal)
        : fetchLeaders(branchId, groundId, tab, signal),
    peek: ({ tab, branchId, groundId }) =>
      tab === LEADERS_TABS.capitalization
        ? peekCapitalization(branchId, groundId)
        : peekLeaders(branchId, groundId, tab),
  });
