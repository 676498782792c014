/**
 * The state of one search box (SPEC §4 "Comparison search", "Main search", §9): the typed term,
 * the search 300 ms after the last keystroke once the trimmed term has 3 characters, the abort of
 * every earlier search (a newer term, a shorter one, a clear or a pick cancel the request in
 * flight: aborted, not only ignored), the result groups (tabs), the active one, whether the list
 * is open, and the highlighted option. The feature says how to search and which group opens
 * first; the box component only renders this state and calls these actions.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { createResource } from '../../core/resource.ts';
import { SEARCH_MIN_CHARS } from '../../contract/search.ts';

/** SPEC §4, §9: searched 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §5, §9: only a trimmed term of at least 3 characters is searched; null for a shorter one. */
export function searchableTerm(input: string): string | null {
  const term = input.trim();
  return [...term].length >= SEARCH_MIN_CHARS ? term : null;
}

export interface SearchBoxState<G> {
  /** What the input shows. */
  term: string;
  /** idle: no search for the term (too short, cleared, picked); loading: a request is out. */
  status: 'idle' | 'loading' | 'ready';
  /** The groups (tabs) of the last answer, in the feature's order. */
  groups: G[];
  /** Id of the active group, null for none (nothing found). */
  active: string | null;
  /** Whether the results are shown (aria-expanded). */
  open: boolean;
  /**
   * Index of the highlighted option, -1 for none (aria-activedescendant): the leading options
   * first (a top result), then the active group's.
   */
  highlighted: number;
  /** The term the groups answer (the input may hold a newer one, not searched yet). */
  searched: string;
}

export interface SearchBoxOptions<G, R> {
  /** What is searched, for the console message of a failure. */
  describe(term: string): string;
  /**
   * Searches the term; every request of it must take `signal`, so a newer term aborts it. It
   * resolves with the groups to show (a failed part is the feature's to turn into a group).
   * A search made of several requests may call `partial` with the groups answered so far: they
   * are shown at once (the box stays busy until the whole answer), so the first group does not
   * wait for the slowest one. A partial answer with no group to open shows nothing: the empty
   * state waits for the whole answer.
   */
  search(term: string, signal: AbortSignal, partial: (groups: G[]) => void): Promise<G[]>;
  groupId(group: G): string;
  results(group: G): readonly R[];
  /** The group that opens first for the answer to `term`, null when none should (nothing found). */
  pickActive(groups: readonly G[], term: string): string | null;
  /**
   * Options shown before the active group's for the answer to `term` (a top result above the
   * tabs): the arrow keys, Home and End reach them first. None by default.
   */
  leadingOptions?(groups: readonly G[], term: string): number;
  debounceMs?: number;
}

interface Box<G> extends Omit<SearchBoxState<G>, 'status'> {
  /** A search was started for the shown term (the debounce ran out): its load gives the status. */
  searching: boolean;
}

export interface SearchBoxModel<G, R> {
  readonly $state: ReadableAtom<SearchBoxState<G>>;
  /** The user typed. */
  input(value: string): void;
  /** Searches a term at once, without the debounce (a term the page gives, not typed). */
  searchNow(value: string): void;
  /** Shows a term without searching it (a pick fills the input with the picked name). */
  setTerm(value: string): void;
  /** Drops the pending search and aborts the one in flight. */
  cancel(): void;
  selectTab(id: string): void;
  /** Arrow keys: open the list, then move through the active group's options, wrapping. */
  move(step: 1 | -1): void;
  /** Home / End: the first or the last option. */
  moveTo(edge: 'first' | 'last'): void;
  highlight(index: number): void;
  setOpen(open: boolean): void;
  /**
   * Escape: the first closes the open list, the next clears the term (unless `clear` is false).
   * Returns what it did, so the component lets an unhandled Escape through (to a dialog or a
   * field around the box).
   */
  escape(options?: { clear?: boolean }): 'closed' | 'cleared' | 'none';
  /** Back to an empty box, aborting what is under way. */
  clear(): void;
  activeResults(): readonly R[];
  dispose(): void;
}

export function createSearchBoxModel<G, R>(options: SearchBoxOptions<G, R>): SearchBoxModel<G, R> {
  const { describe, groupId, results, pickActive, leadingOptions, debounceMs = SEARCH_DEBOUNCE_MS } = options;
  const initial: Box<G> = {
    term: '',
    searching: false,
    groups: [],
    active: null,
    open: false,
    highlighted: -1,
    searched: '',
  };
  const $box = atom<Box<G>>(initial);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let seq = 0;
  /** The user chose a tab among a partial answer: later answers of the same search keep it. */
  let tabChosen = false;

  const update = (patch: Partial<Box<G>>) => $box.set({ ...$box.get(), ...patch });

  /**
   * Shows (part of) the answer to `term`. After a partial answer of the same search (`more`), a
   * highlighted option of the open group stays highlighted when it is the same option: same
   * group answer, same number of options before it. A highlighted leading option (a top result)
   * does not: a later group may bring a better one, and Enter must not open what was not chosen.
   */
  function show(groups: G[], term: string, active: string | null, more: boolean): void {
    const box = $box.get();
    const lead = leadingOptions?.(groups, term) ?? 0;
    const sameGroup = (list: readonly G[]) => list.find((group) => groupId(group) === active);
    const kept =
      more &&
      box.active === active &&
      box.highlighted >= lead &&
      sameGroup(box.groups) === sameGroup(groups) &&
      (leadingOptions?.(box.groups, term) ?? 0) === lead;
    update({ groups, active, open: true, highlighted: kept ? box.highlighted : -1, searched: term });
  }

  /** The group to open: the user's choice among a partial answer, else the feature's pick. */
  function activeFor(groups: readonly G[], term: string): string | null {
    const chosen = $box.get().active;
    if (tabChosen && groups.some((group) => groupId(group) === chosen)) return chosen;
    return pickActive(groups, term);
  }

  // Newest wins: createResource aborts the older load's signal before it starts the next one.
  const resource = createResource<{ term: string; seq: number }, G[]>({
    describe: ({ term }) => describe(term),
    async load({ term }, signal) {
      tabChosen = false;
      let shown = false;
      const groups = await options.search(term, signal, (answered) => {
        if (signal.aborted) return;
        const active = activeFor(answered, term);
        if (active === null) return;
        show(answered, term, active, shown);
        shown = true;
      });
      if (signal.aborted) throw new DOMException('Cancelled', 'AbortError'); // a newer term or a clear
      show(groups, term, activeFor(groups, term), shown);
      return groups;
    },
  });

  const $state = computed([$box, resource.$state], ({ searching, ...box }, load): SearchBoxState<G> => ({
    ...box,
    status: !searching ? 'idle' : load.status === 'loading' ? 'loading' : 'ready',
  }));

  function cancel(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    resource.cancel();
  }

  function input(value: string, delay = debounceMs): void {
    cancel();
    const term = searchableTerm(value);
    if (term === null) {
      update({
        term: value,
        searching: false,
        groups: [],
        active: null,
        open: false,
        highlighted: -1,
        searched: '',
      });
      return;
    }
    update({ term: value, highlighted: -1 });
    const start = () => {
      timer = null;
      update({ searching: true });
      void resource.load({ term, seq: ++seq });
    };
    if (delay > 0) timer = setTimeout(start, delay);
    else start();
  }

  function activeResults(box: Box<G> = $box.get()): readonly R[] {
    const group = box.groups.find((candidate) => groupId(candidate) === box.active);
    return group ? results(group) : [];
  }

  /** Options the keys move through: the leading ones, then the active group's. */
  function optionCount(box: Box<G>): number {
    return (leadingOptions?.(box.groups, box.searched) ?? 0) + activeResults(box).length;
  }

  function move(step: 1 | -1): void {
    const box = $box.get();
    if (box.groups.length === 0) return;
    if (!box.open) {
      update({ open: true });
      return;
    }
    const count = optionCount(box);
    if (count === 0) return;
    const from = box.highlighted < 0 ? (step > 0 ? -1 : count) : box.highlighted;
    update({ highlighted: (from + step + count) % count });
  }

  function moveTo(edge: 'first' | 'last'): void {
    const box = $box.get();
    const count = optionCount(box);
    if (!box.open || count === 0) return;
    update({ highlighted: edge === 'first' ? 0 : count - 1 });
  }

  function setOpen(open: boolean): void {
    const box = $box.get();
    if (open && box.groups.length === 0) return;
    update({ open, highlighted: open ? box.highlighted : -1 });
  }

  function clear(): void {
    cancel();
    $box.set(initial);
  }

  function escape({ clear: clears = true }: { clear?: boolean } = {}): 'closed' | 'cleared' | 'none' {
    const box = $box.get();
    if (box.open) {
      setOpen(false);
      return 'closed';
    }
    if (clears && box.term !== '') {
      clear();
      return 'cleared';
    }
    return 'none';
  }

  return {
    $state,
    input: (value) => input(value),
    searchNow: (value) => input(value, 0),
    setTerm: (value) => {
      cancel();
      update({ term: value, searching: false, open: false, highlighted: -1 });
    },
    cancel,
    selectTab: (id) => {
      tabChosen = true;
      update({ active: id, highlighted: -1, open: true });
    },
    move,
    moveTo,
    highlight: (index) => update({ highlighted: index }),
    setOpen,
    escape,
    clear,
    activeResults: () => activeResults(),
    dispose: cancel,
  };
}
