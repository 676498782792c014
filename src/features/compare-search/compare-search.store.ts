/**
 * State and actions of one comparison search box (SPEC §4 "Comparison search"): the typed term,
 * the debounced and cancellable search over every search URL, the active tab, the highlighted
 * option and the selection. One store per box; the component only renders it and calls actions.
 * The debounce, the abort and the keyboard moves are the search box widget's model.
 */
import { atom, computed } from 'nanostores';
import { toApiError } from '../../core/api/client.ts';
import { searchForComparison } from '../../core/api/search.ts';
import { createSearchBoxModel, type SearchBoxState } from '../../widgets/search-box/index.ts';
import {
  mostResultsKind,
  selectionEvent,
  toCompareGroup,
  type CompareSearchGroup,
  type CompareSearchResult,
} from './compare-search.utils.ts';

/** The search box's state (one group per search URL, in URL order; active: a kind) and the pick. */
export interface CompareSearchState extends SearchBoxState<CompareSearchGroup> {
  /** The picked result; the clear button shows while there is one. */
  selected: CompareSearchResult | null;
}

export const INITIAL_COMPARE_SEARCH: CompareSearchState = {
  term: '',
  status: 'idle',
  groups: [],
  active: null,
  open: false,
  highlighted: -1,
  searched: '',
  selected: null,
};

export interface CompareSearchChoice {
  result: CompareSearchResult;
  /** Which event the pick gives (SPEC §4). */
  event: 'compare' | 'select';
}

/** @param initialUrls the search URLs by kind; `setUrls` changes them for the next search. */
export function createCompareSearchStore(initialUrls: Record<string, string> = {}) {
  let urls = initialUrls;
  const $selected = atom<CompareSearchResult | null>(null);

  /**
   * One search over every URL (the search box aborts the older one). A URL that fails is that
   * tab's error, logged; the others still show. The answer opens the tab with the most results.
   */
  const box = createSearchBoxModel<CompareSearchGroup, CompareSearchResult>({
    describe: (term) => `comparison search for "${term}"`,
    search: (term, signal) =>
      Promise.all(
        Object.entries(urls).map(async ([kind, url]): Promise<CompareSearchGroup> => {
          try {
            return toCompareGroup(kind, await searchForComparison(url, term, signal));
          } catch (error) {
            if (!signal.aborted)
              console.error(
                `fin-elements: comparison search (${kind}) failed: ${toApiError(error, url).message}`,
              );
            return { kind, outcome: 'error', results: [] };
          }
        }),
      ),
    groupId: (group) => group.kind,
    results: (group) => group.results,
    pickActive: mostResultsKind,
  });

  const $state = computed([box.$state, $selected], (state, selected): CompareSearchState => ({
    ...state,
    selected,
  }));

  /** The box's URLs changed (attributes, page data): they apply from the next search. */
  function setUrls(next: Record<string, string>): void {
    urls = next;
  }

  /**
   * Picks an option of the active group (the highlighted one by default): the input shows its
   * name, the list closes, and the caller fires the event this returns.
   */
  function choose(
    index = box.$state.get().highlighted,
    types?: readonly string[],
  ): CompareSearchChoice | null {
    const result = box.activeResults()[index];
    if (!result) return null;
    box.setTerm(result.emissionNameWithTg);
    $selected.set(result);
    return { result, event: selectionEvent(result, types) };
  }

  /** The clear button (or a second Escape): back to an empty box (the caller fires the cancel event). */
  function clear(): void {
    box.clear();
    $selected.set(null);
  }

  return {
    $state,
    setUrls,
    input: box.input,
    selectTab: box.selectTab,
    move: box.move,
    moveTo: box.moveTo,
    highlight: box.highlight,
    setOpen: box.setOpen,
    escape: box.escape,
    choose,
    clear,
    dispose: box.dispose,
    activeResults: () => [...box.activeResults()],
  };
}

export type CompareSearchStore = ReturnType<typeof createCompareSearchStore>;
