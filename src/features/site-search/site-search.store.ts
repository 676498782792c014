/**
 * State of one site search box (SPEC §4 "Main search"): the search box model searching the five
 * categories, one request each after 300 ms of quiet, all aborted by the next keystroke. A
 * failed category is ignored (SPEC §8): it counts as no results and never keeps the box busy.
 * In the pop-up, each category shows as its answer arrives: the server answers the five calls
 * one after another, and the first tab with results should not wait for the last one.
 */
import { SEARCH_CATEGORIES, type SearchCategory, type SearchSuggestion } from '../../contract/search.ts';
import { fetchSuggestions } from '../../core/api/search.ts';
import { toApiError } from '../../core/api/client.ts';
import { createSearchBoxModel } from '../../widgets/search-box/index.ts';
import { pickActiveCategory, rememberedTab, topResult, type SiteSearchGroup } from './site-search.utils.ts';

export interface SiteSearchOptions {
  /** `emitent_stop_statuses_ids` of the companies call: issuer statuses left out. */
  emitentStopStatusesIds?: number[];
  /** The tab asked for the answer to a term (the /search/ page's address), if any. */
  askedTab?(term: string): SearchCategory | null;
  /**
   * Show the categories answered so far (default true). The /search/ page waits for all five: it
   * writes the open tab into its address.
   */
  progressive?: boolean;
}

export function createSiteSearchStore(options: SiteSearchOptions = {}) {
  return createSearchBoxModel<SiteSearchGroup, SearchSuggestion>({
    describe: (term) => `site search for "${term}"`,
    search: (term, signal, partial) => {
      // The answers so far, in SPEC order (the tabs' order), whatever order they arrive in.
      const answered: Array<SiteSearchGroup | undefined> = SEARCH_CATEGORIES.map(() => undefined);
      return Promise.all(
        SEARCH_CATEGORIES.map(async (category, index): Promise<SiteSearchGroup> => {
          let group: SiteSearchGroup;
          try {
            const answer = await fetchSuggestions(category, term, {
              emitentStopStatusesIds: options.emitentStopStatusesIds,
              signal,
            });
            group = { category, answer };
          } catch (error) {
            // SPEC §8: ignored, but said in the console so an integrator can find out why.
            if (!signal.aborted)
              console.warn(`fin-elements: site search (${category}) failed: ${toApiError(error).message}`);
            group = { category, answer: null };
          }
          answered[index] = group;
          const soFar = answered.filter((done) => done !== undefined);
          if (options.progressive !== false && soFar.length < SEARCH_CATEGORIES.length) partial(soFar);
          return group;
        }),
      );
    },
    groupId: (group) => group.category,
    results: (group) => group.answer?.items ?? [],
    pickActive: (groups, term) =>
      pickActiveCategory(
        groups,
        rememberedTab(),
        topResult(groups, term)?.category ?? null,
        options.askedTab?.(term) ?? null,
      ),
    // The top result above the tabs comes first for the arrow keys.
    leadingOptions: (groups, term) => (topResult(groups, term) ? 1 : 0),
  });
}

export type SiteSearchStore = ReturnType<typeof createSiteSearchStore>;
