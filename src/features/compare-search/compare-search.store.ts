/**
 * State and actions of one comparison search box (SPEC §4 "Comparison search"): the typed term,
 * the debounced and cancellable search over every search URL, the active tab, the highlighted
 * option and the selection. One store per box; the component only renders it and calls actions.
 * The search is a resource (abort, latest wins, `task()`): tests `await allTasks()` after the
 * debounce instead of polling.
 */
import { atom, computed } from 'nanostores';
import { ApiError, toApiError } from '../../core/api/client.ts';
import { searchForComparison } from '../../core/api/search.ts';
import { createResource } from '../../core/resource.ts';
import {
  COMPARE_SEARCH_DEBOUNCE_MS,
  mostResultsKind,
  searchableTerm,
  selectionEvent,
  toCompareGroup,
  type CompareSearchGroup,
  type CompareSearchResult,
} from './compare-search.utils.ts';

export interface CompareSearchState {
  /** What the input shows. */
  term: string;
  /** idle: no search for the term (too short, cleared, selected); loading: a request is out. */
  status: 'idle' | 'loading' | 'ready';
  /** One group per search URL, in URL order. */
  groups: CompareSearchGroup[];
  /** Kind of the active group (tab). */
  active: string | null;
  /** Whether the result list is shown (aria-expanded). */
  open: boolean;
  /** Index of the highlighted option in the active group, -1 for none (aria-activedescendant). */
  highlighted: number;
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
  selected: null,
};

export interface CompareSearchChoice {
  result: CompareSearchResult;
  /** Which event the pick gives (SPEC §4). */
  event: 'compare' | 'select';
}

interface SearchKey {
  term: string;
  urls: Record<string, string>;
  /** Every search is its own load, the same term again too. */
  seq: number;
}

/** What the box shows besides the search under way. */
type Box = Omit<CompareSearchState, 'status'> & {
  /** A search was started for the shown term (the debounce ran out): its load gives the status. */
  searching: boolean;
};

const INITIAL_BOX: Box = { ...INITIAL_COMPARE_SEARCH, searching: false };

/** @param initialUrls the search URLs by kind; `setUrls` changes them for the next search. */
export function createCompareSearchStore(initialUrls: Record<string, string> = {}) {
  const $box = atom<Box>(INITIAL_BOX);
  let urls = initialUrls;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let seq = 0;

  const update = (patch: Partial<Box>) => $box.set({ ...$box.get(), ...patch });

  /**
   * One search over every URL, newest wins (createResource aborts the older one). A URL that fails
   * is that tab's error, logged; the others still show. The answer opens the list on the tab with
   * the most results.
   */
  const search = createResource<SearchKey, CompareSearchGroup[]>({
    describe: ({ term }) => `comparison search for "${term}"`,
    async load({ term, urls: searchUrls }, signal) {
      const groups = await Promise.all(
        Object.entries(searchUrls).map(async ([kind, url]): Promise<CompareSearchGroup> => {
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
      );
      if (signal.aborted) throw new ApiError('aborted', '', 'Cancelled'); // a newer term or a clear
      update({ groups, active: mostResultsKind(groups), open: true, highlighted: -1 });
      return groups;
    },
  });

  /** What the box shows: the status is the search's while one is on for the shown term. */
  const $state = computed([$box, search.$state], ({ searching, ...box }, load): CompareSearchState => ({
    ...box,
    status: !searching ? 'idle' : load.status === 'loading' ? 'loading' : 'ready',
  }));

  /** Drops the pending search and aborts the one in flight. */
  function cancel(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    search.cancel();
  }

  /** The user typed: search the trimmed term 300 ms after the last keystroke if it is long enough. */
  function input(value: string): void {
    cancel();
    const term = searchableTerm(value);
    if (term === null) {
      update({ term: value, searching: false, groups: [], active: null, open: false, highlighted: -1 });
      return;
    }
    update({ term: value, highlighted: -1 });
    timer = setTimeout(() => {
      timer = null;
      update({ searching: true });
      void search.load({ term, urls, seq: ++seq });
    }, COMPARE_SEARCH_DEBOUNCE_MS);
  }

  /** The box's URLs changed (attributes, page data): they apply from the next search. */
  function setUrls(next: Record<string, string>): void {
    urls = next;
  }

  function activeResults(
    state: Pick<CompareSearchState, 'groups' | 'active'> = $box.get(),
  ): CompareSearchResult[] {
    return state.groups.find((group) => group.kind === state.active)?.results ?? [];
  }

  function selectTab(kind: string): void {
    update({ active: kind, highlighted: -1, open: true });
  }

  /** Arrow keys: open the list, then move through the active group's options (wrapping). */
  function move(step: 1 | -1): void {
    const box = $box.get();
    if (box.groups.length === 0) return;
    if (!box.open) {
      update({ open: true });
      return;
    }
    const count = activeResults(box).length;
    if (count === 0) return;
    const from = box.highlighted < 0 ? (step > 0 ? -1 : count) : box.highlighted;
    update({ highlighted: (from + step + count) % count });
  }

  function highlight(index: number): void {
    update({ highlighted: index });
  }

  function setOpen(open: boolean): void {
    const box = $box.get();
    if (open && box.groups.length === 0) return;
    update({ open, highlighted: open ? box.highlighted : -1 });
  }

  /**
   * Picks an option of the active group (the highlighted one by default): the input shows its
   * name, the list closes, and the caller fires the event this returns.
   */
  function choose(index = $box.get().highlighted, types?: readonly string[]): CompareSearchChoice | null {
    const result = activeResults()[index];
    if (!result) return null;
    cancel();
    update({
      term: result.emissionNameWithTg,
      selected: result,
      open: false,
      highlighted: -1,
      searching: false,
    });
    return { result, event: selectionEvent(result, types) };
  }

  /** The clear button: back to an empty box (the caller fires the cancel event). */
  function clear(): void {
    cancel();
    $box.set(INITIAL_BOX);
  }

  return {
    $state,
    setUrls,
    input,
    selectTab,
    move,
    highlight,
    setOpen,
    choose,
    clear,
    dispose: cancel,
    activeResults: () => activeResults(),
  };
}

export type CompareSearchStore = ReturnType<typeof createCompareSearchStore>;
