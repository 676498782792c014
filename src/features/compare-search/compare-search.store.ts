/**
 * State and actions of one comparison search box (SPEC §4 "Comparison search"): the typed term,
 * the debounced and cancellable search over every search URL, the active tab, the highlighted
 * option and the selection. One store per box; the component only renders it and calls actions.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { searchForComparison } from '../../core/api/search.ts';
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

/** @param initialUrls the search URLs by kind; `setUrls` changes them for the next search. */
export function createCompareSearchStore(initialUrls: Record<string, string> = {}) {
  const $state = atom<CompareSearchState>(INITIAL_COMPARE_SEARCH);
  let urls = initialUrls;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  const update = (patch: Partial<CompareSearchState>) => $state.set({ ...$state.get(), ...patch });

  /** Drops the pending search and aborts the one in flight. */
  function cancel(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  }

  async function search(term: string): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    update({ status: 'loading' });
    const groups = await Promise.all(
      Object.entries(urls).map(async ([kind, url]): Promise<CompareSearchGroup> => {
        try {
          return toCompareGroup(kind, await searchForComparison(url, term, current.signal));
        } catch (error) {
          if (!current.signal.aborted) {
            const message = error instanceof ApiError ? error.message : String(error);
            console.error(`fin-elements: comparison search (${kind}) failed: ${message}`);
          }
          return { kind, outcome: 'error', results: [] };
        }
      }),
    );
    if (controller !== current) return; // a newer term or a clear superseded this search
    controller = null;
    update({ status: 'ready', groups, active: mostResultsKind(groups), open: true, highlighted: -1 });
  }

  /** The user typed: search the trimmed term 300 ms after the last keystroke if it is long enough. */
  function input(value: string): void {
    cancel();
    const term = searchableTerm(value);
    if (term === null) {
      update({ term: value, status: 'idle', groups: [], active: null, open: false, highlighted: -1 });
      return;
    }
    update({ term: value, highlighted: -1 });
    timer = setTimeout(() => {
      timer = null;
      void search(term);
    }, COMPARE_SEARCH_DEBOUNCE_MS);
  }

  /** The box's URLs changed (attributes, page data): they apply from the next search. */
  function setUrls(next: Record<string, string>): void {
    urls = next;
  }

  function activeResults(state = $state.get()): CompareSearchResult[] {
    return state.groups.find((group) => group.kind === state.active)?.results ?? [];
  }

  function selectTab(kind: string): void {
    update({ active: kind, highlighted: -1, open: true });
  }

  /** Arrow keys: open the list, then move through the active group's options (wrapping). */
  function move(step: 1 | -1): void {
    const state = $state.get();
    if (state.groups.length === 0) return;
    if (!state.open) {
      update({ open: true });
      return;
    }
    const count = activeResults(state).length;
    if (count === 0) return;
    const from = state.highlighted < 0 ? (step > 0 ? -1 : count) : state.highlighted;
    update({ highlighted: (from + step + count) % count });
  }

  function highlight(index: number): void {
    update({ highlighted: index });
  }

  function setOpen(open: boolean): void {
    const state = $state.get();
    if (open && state.groups.length === 0) return;
    update({ open, highlighted: open ? state.highlighted : -1 });
  }

  /**
   * Picks an option of the active group (the highlighted one by default): the input shows its
   * name, the list closes, and the caller fires the event this returns.
   */
  function choose(index = $state.get().highlighted, types?: readonly string[]): CompareSearchChoice | null {
    const result = activeResults()[index];
    if (!result) return null;
    cancel();
    update({
      term: result.emissionNameWithTg,
      selected: result,
      open: false,
      highlighted: -1,
      status: 'idle',
    });
    return { result, event: selectionEvent(result, types) };
  }

  /** The clear button: back to an empty box (the caller fires the cancel event). */
  function clear(): void {
    cancel();
    $state.set(INITIAL_COMPARE_SEARCH);
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
    activeResults,
  };
}

export type CompareSearchStore = ReturnType<typeof createCompareSearchStore>;
