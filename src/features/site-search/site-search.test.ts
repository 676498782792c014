import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_CATEGORIES, type SuggestAnswer } from '../../contract/search.ts';
import { checkSuggestAnswer } from '../../core/api/search.ts';
import { createSiteSearchStore } from './site-search.store.ts';
import {
  RECENT_SEARCHES_MAX,
  addRecentSearch,
  clearRecentSearches,
  convertedTerm,
  panelMessage,
  pickActiveCategory,
  recentSearches,
  rememberTab,
  rememberedTab,
  type SiteSearchGroup,
} from './site-search.utils.ts';

const answer = (total: number, extra: Partial<SuggestAnswer> = {}): SuggestAnswer => ({
  items: Array.from({ length: Math.min(total, 3) }, (_, i) => ({
    id: i + 1,
    ttl: `Item ${i + 1}`,
    ticker: [],
    status: 1,
    type: 'stocks',
    url: `/stocks/${i + 1}/`,
    isin: null,
    ttl_highlighted: '',
    ticker_highlighted: [],
    isin_highlighted: null,
  })),
  counter_title: '',
  total,
  search_error: total === 0 ? 'Nothing found' : null,
  ...extra,
});

const groups = (totals: Partial<Record<string, number | null>>): SiteSearchGroup[] =>
  SEARCH_CATEGORIES.map((category) => {
    const total = totals[category];
    return { category, answer: total === null ? null : answer(total ?? 0) };
  });

describe('the active tab (SPEC §4)', () => {
  it('is the remembered one when it has results, else the first with results in SPEC order', () => {
    const found = groups({ stocks: 2, companies: 1, etf: 5 });
    expect(pickActiveCategory(found, 'etf')).toBe('etf');
    expect(pickActiveCategory(found, 'bonds')).toBe('stocks');
    expect(pickActiveCategory(found, null)).toBe('stocks');
    expect(pickActiveCategory(groups({ indexes: 1, bonds: null }), null)).toBe('indexes');
    expect(pickActiveCategory(groups({ bonds: null }), 'bonds')).toBeNull();
  });

  it("is the best match's tab when nothing is remembered, the asked tab before the remembered one", () => {
    const found = groups({ bonds: 4, stocks: 2, etf: 1 });
    expect(pickActiveCategory(found, null, 'stocks')).toBe('stocks');
    expect(pickActiveCategory(found, 'etf', 'stocks')).toBe('etf');
    expect(pickActiveCategory(found, 'indexes', 'stocks')).toBe('stocks');
    expect(pickActiveCategory(found, 'etf', 'stocks', 'bonds')).toBe('bonds');
    expect(pickActiveCategory(found, null, 'stocks', 'indexes')).toBe('stocks');
  });

  it('the store opens the tab of the best match ("sber": the stock SBER, not the bonds first in SPEC order)', async () => {
    const item = (type: string, id: number, ttl: string, extra: object) => ({
      ...answer(1).items[0]!,
      id,
      ttl,
      type,
      url: `/${type}/${id}/`,
      ...extra,
    });
    const answers: Record<string, SuggestAnswer> = {
      bonds: {
        ...answer(2),
        items: [
          item('bonds', 24, 'Sberbank 001P-SBER15', { status: 2, isin: 'RU000A101C89' }),
          item('bonds', 25, 'Sberbank 001P-SBER16', { isin: 'RU000A101QW2' }),
        ],
      } as SuggestAnswer,
      stocks: { ...answer(1), items: [item('stocks', 1, 'Sberbank', { ticker: ['SBER'] })] } as SuggestAnswer,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const category = new URL(url, 'http://localhost').pathname.split('/')[3]!;
        return new Response(JSON.stringify(answers[category] ?? answer(0)), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const store = createSiteSearchStore();
    store.searchNow('sber');
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    expect(store.$state.get().active).toBe('stocks');
    // ArrowDown reaches the top result first (option 0), then the tab's results.
    store.move(1);
    expect(store.$state.get().highlighted).toBe(0);
    store.move(1);
    store.move(1);
    expect(store.$state.get().highlighted).toBe(0);
    store.dispose();
    vi.unstubAllGlobals();
  });
});

describe('what a tab says (SPEC §8)', () => {
  it('the server search_error for a tab whose count is 0, not found for a failed call', () => {
    const [bonds, stocks] = groups({ bonds: 0, stocks: 2, indexes: null });
    expect(panelMessage(stocks, 'none')).toBeNull();
    expect(panelMessage(bonds, 'none')).toEqual({ kind: 'error', text: 'Nothing found' });
    expect(panelMessage({ category: 'bonds', answer: answer(0, { search_error: null }) }, 'none')).toEqual({
      kind: 'empty',
      text: 'none',
    });
    expect(panelMessage({ category: 'indexes', answer: null }, 'none')).toEqual({
      kind: 'empty',
      text: 'none',
    });
  });

  it('the converted term when the server searched the other keyboard layout too', () => {
    expect(convertedTerm(groups({ stocks: 1 }))).toBeNull();
    const found = groups({ stocks: 1 });
    found[1] = { category: 'stocks', answer: answer(1, { converted_term: 'sber' }) };
    expect(convertedTerm(found)).toBe('sber');
  });
});

describe('kept in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('the remembered tab, only a category', () => {
    expect(rememberedTab()).toBeNull();
    rememberTab('companies');
    expect(rememberedTab()).toBe('companies');
    localStorage.setItem('fin-site-search:tab', 'nonsense');
    expect(rememberedTab()).toBeNull();
  });

  it('recent searches: newest first, once, at most five, clearable; junk reads as none', () => {
    for (const term of ['a1', 'b22', 'A1', 'c3', 'd4', 'e5', 'f6']) addRecentSearch(term);
    expect(recentSearches()).toEqual(['f6', 'e5', 'd4', 'c3', 'A1']);
    expect(recentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
    clearRecentSearches();
    expect(recentSearches()).toEqual([]);
    localStorage.setItem('fin-site-search:recent', '{broken');
    expect(recentSearches()).toEqual([]);
  });
});

describe('the suggest answer check', () => {
  it('leaves malformed items out, keeps names as plain text, refuses an answer without items', () => {
    const checked = checkSuggestAnswer(
      {
        items: [
          { id: 1, ttl: '<img src=x>', ticker: ['A', 5, null], url: 'javascript:x', isin: 'RU1' },
          { id: 'x', ttl: 'Broken' },
          'junk',
        ],
        total: 7,
        search_error: null,
        converted_term: '',
      },
      '',
    );
    expect(checked.items).toHaveLength(1);
    expect(checked.items[0]).toMatchObject({ id: 1, ttl: '<img src=x>', ticker: ['A', '5'], isin: 'RU1' });
    expect(checked).toMatchObject({ total: 7, converted_term: null });
    expect(() => checkSuggestAnswer({ items: {} }, '')).toThrow(/items/);
  });
});

describe('the site search store', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('one POST per category after 300 ms, the companies one with its stop statuses; a failed one is ignored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async (url: string) =>
      String(url).includes('/indexes/')
        ? new Response('down', { status: 500 })
        : Response.json(String(url).includes('/companies/') ? answer(2) : answer(0)),
    );
    rememberTab('etf');
    const store = createSiteSearchStore({ emitentStopStatusesIds: [4] });
    store.input('sberbank');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual(
      SEARCH_CATEGORIES.map((category) => `/api/suggest/${category}/`),
    );
    const companies = fetchMock.mock.calls.find(([url]) => String(url).includes('/companies/'))!;
    expect(JSON.parse(String((companies[1] as RequestInit).body))).toEqual({
      term: 'sberbank',
      emitent_stop_statuses_ids: [4],
    });
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    // The remembered ETF tab has nothing: the first with results opens.
    expect(store.$state.get()).toMatchObject({ active: 'companies', open: true });
    expect(store.$state.get().groups.find((group) => group.category === 'indexes')?.answer).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('site search (indexes) failed'));
  });

  /** Holds every suggest call until released, as the one-thread server answers them in turn. */
  function heldCalls() {
    const calls: Array<{ category: string; signal: AbortSignal; answer(total: number): void }> = [];
    fetchMock.mockImplementation(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          calls.push({
            category: /\/api\/suggest\/(\w+)\//.exec(String(url))![1]!,
            signal,
            answer: (total) => resolve(Response.json(answer(total))),
          });
        }),
    );
    return calls;
  }

  it('the pop-up shows each category as its answer arrives, busy until the last one', async () => {
    const calls = heldCalls();
    const store = createSiteSearchStore();
    store.input('sberbank');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(5);
    const call = (category: string) => calls.find((candidate) => candidate.category === category)!;
    // Nothing found so far is not the empty state: it waits.
    call('bonds').answer(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$state.get()).toMatchObject({ status: 'loading', open: false, groups: [] });
    call('indexes').answer(2);
    await vi.waitFor(() => expect(store.$state.get()).toMatchObject({ active: 'indexes', open: true }));
    expect(store.$state.get().status).toBe('loading');
    expect(store.$state.get().groups.map((group) => group.category)).toEqual(['bonds', 'indexes']);
    // An earlier category in SPEC order with results opens once it arrives.
    call('stocks').answer(3);
    await vi.waitFor(() => expect(store.$state.get().active).toBe('stocks'));
    expect(store.$state.get().groups.map((group) => group.category)).toEqual(['bonds', 'stocks', 'indexes']);
    call('companies').answer(0);
    call('etf').answer(1);
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    expect(store.$state.get().groups.map((group) => group.category)).toEqual([...SEARCH_CATEGORIES]);
  });

  it("the /search/ page's box waits for all five, and a newer keystroke aborts every call of the older term", async () => {
    const calls = heldCalls();
    const store = createSiteSearchStore({ progressive: false });
    store.input('sberbank');
    await vi.advanceTimersByTimeAsync(300);
    for (const call of calls.slice(0, 4)) call.answer(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$state.get()).toMatchObject({ status: 'loading', groups: [] });
    store.input('gazprom');
    // Aborted at the keystroke: no stale call stays queued on the server behind the new term's.
    expect(calls[4]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(10);
    expect(calls.slice(5).every((call) => !call.signal.aborted)).toBe(true);
  });
});
