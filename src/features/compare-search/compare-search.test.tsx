import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-compare-search.ts';
import { ApiError } from '../../core/api/client.ts';
import { checkComparisonSearchAnswer } from '../../core/api/search.ts';
import type { ComparisonSearchAnswer, SearchApiItem } from '../../contract/search.ts';
import type { CompareSearchItem, FinEventDetails } from '../../core/events.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $user } from '../../core/stores/user.ts';
import { createCompareSearchStore } from './compare-search.store.ts';
import {
  highlightSegments,
  mostResultsKind,
  searchableTerm,
  selectionEvent,
  toCompareGroup,
  toCompareItem,
  toCompareResults,
  validSearchUrls,
} from './compare-search.utils.ts';

function apiItem(overrides: Partial<SearchApiItem> = {}): SearchApiItem {
  return {
    'id.numeric': 1,
    name: 'Sberbank',
    name_highlighted: '<b>Sber</b>bank',
    isin: 'RU0009029540',
    isin_highlighted: 'RU0009029540',
    document: 'Ordinary share',
    trading_grounds: [
      { 'id.numeric': 1, name: 'MOEX', ticker: 'SBER', ticker_highlighted: '<b>SBER</b>' },
      { 'id.numeric': 2, name: 'SPB', ticker: 'SBER', ticker_highlighted: '<b>SBER</b>' },
    ],
    'measure_id.numeric': 1,
    type: 'stocks',
    url: '/stocks/sber/',
    ...overrides,
  };
}

function answer(items: SearchApiItem[], errNo = 0, errStr = ''): ComparisonSearchAnswer {
  return { error: { err_no: errNo, err_str: errStr }, response: { items, total: items.length } };
}

const INDEX = apiItem({
  'id.numeric': 1,
  name: 'MOEX Russia Index',
  name_highlighted: '<b>MOEX</b> Russia Index',
  isin: null,
  isin_highlighted: null,
  document: 'Index',
  trading_grounds: [],
  'measure_id.numeric': 2,
  type: 'indexes',
});

describe('comparison search results (SPEC §3)', () => {
  it('gives one result per trading ground with the ground in the name', () => {
    const results = toCompareResults(apiItem(), 'stocks');
    expect(results.map(toCompareItem)).toEqual([
      {
        emissionId: 1,
        emissionName: 'Sberbank',
        emissionNameWithTg: 'Sberbank (MOEX)',
        isin: 'RU0009029540',
        ticker: 'SBER',
        tradingGroundsId: 1,
        tradingGroundsName: 'MOEX',
        type: 'stocks',
        measure_id: 1,
      },
      {
        emissionId: 1,
        emissionName: 'Sberbank',
        emissionNameWithTg: 'Sberbank (SPB)',
        isin: 'RU0009029540',
        ticker: 'SBER',
        tradingGroundsId: 2,
        tradingGroundsName: 'SPB',
        type: 'stocks',
        measure_id: 1,
      },
    ]);
    expect(results[0]!.emissionNameHighlighted).toBe('<b>Sber</b>bank');
    expect(results[0]!.tickerHighlighted).toBe('<b>SBER</b>');
  });

  it('gives an item without grounds (an index) one result without ground or ticker', () => {
    expect(toCompareResults(INDEX, 'indexes').map(toCompareItem)).toEqual([
      {
        emissionId: 1,
        emissionName: 'MOEX Russia Index',
        emissionNameWithTg: 'MOEX Russia Index',
        isin: null,
        ticker: null,
        tradingGroundsId: null,
        tradingGroundsName: null,
        type: 'indexes',
        measure_id: 2,
      },
    ]);
  });

  it('adds the nav_per_share entry for an ETF, and only for an ETF', () => {
    const etf = apiItem({
      'id.numeric': 40,
      name: 'Gold ETF',
      trading_grounds: [apiItem().trading_grounds[0]!],
    });
    expect(toCompareResults(etf, 'etf').map((result) => result.type)).toEqual(['etf', 'nav_per_share']);
    expect(toCompareResults(etf, 'etf')[1]).toMatchObject({ emissionId: 40, tradingGroundsId: 1 });
    expect(toCompareResults(etf, 'stocks').map((result) => result.type)).toEqual(['stocks']);
  });

  it('compares a result with a trading ground, or any result when types are configured; else selects', () => {
    const [stock] = toCompareResults(apiItem(), 'stocks');
    const [index] = toCompareResults(INDEX, 'indexes');
    expect(selectionEvent(stock!, undefined)).toBe('compare');
    expect(selectionEvent(index!, undefined)).toBe('select');
    expect(selectionEvent(index!, [])).toBe('select');
    expect(selectionEvent(index!, ['indexes'])).toBe('compare');
  });
});

describe('comparison search answers (SPEC §8)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('100200 is no results, 500100 the too-many state; the error string is logged', () => {
    expect(toCompareGroup('stocks', answer([], 100200, 'Nothing found'))).toEqual({
      kind: 'stocks',
      outcome: 'empty',
      results: [],
    });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Nothing found'));
    expect(toCompareGroup('bonds', answer([], 500100, 'More than 500 matches'))).toEqual({
      kind: 'bonds',
      outcome: 'tooMany',
      results: [],
    });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('More than 500 matches'));
    expect(toCompareGroup('stocks', answer([], 999, 'Broken')).outcome).toBe('error');
    expect(toCompareGroup('stocks', answer([apiItem()])).results).toHaveLength(2);
  });

  it('makes the group with the most results active; with none, a too-many group over an empty one', () => {
    const group = (kind: string, count: number, outcome: 'ok' | 'empty' | 'tooMany' = 'ok') => ({
      kind,
      outcome,
      results: toCompareResults(INDEX, kind)
        .concat(...Array(Math.max(0, count - 1)).fill(toCompareResults(INDEX, kind)))
        .slice(0, count),
    });
    expect(mostResultsKind([group('stocks', 2), group('indexes', 5), group('etf', 5)])).toBe('indexes');
    expect(mostResultsKind([group('stocks', 0, 'empty'), group('bonds', 0, 'tooMany')])).toBe('bonds');
    expect(mostResultsKind([group('stocks', 0, 'empty'), group('indexes', 0, 'empty')])).toBe('stocks');
    expect(mostResultsKind([])).toBeNull();
  });

  it('searches only a trimmed term longer than 2 characters', () => {
    expect(searchableTerm('sb')).toBeNull();
    expect(searchableTerm('  sb  ')).toBeNull();
    expect(searchableTerm(' sbe ')).toBe('sbe');
    expect(searchableTerm('газ')).toBe('газ');
  });
});

describe('highlighted variants', () => {
  it('keeps only <b> as bold and decodes the escaped text', () => {
    expect(highlightSegments('<b>Sber</b>bank &amp; Co &lt;ltd&gt;')).toEqual([
      { text: 'Sber', bold: true },
      { text: 'bank & Co <ltd>', bold: false },
    ]);
  });

  it('drops every other tag, so server text never becomes markup', () => {
    expect(highlightSegments('<img src=x onerror=alert(1)><b>AB</b><script>x</script>C')).toEqual([
      { text: 'AB', bold: true },
      { text: 'xC', bold: false },
    ]);
  });
});

describe('answers checked at the API boundary', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>';
  /** Text a result shows for a highlighted variant. */
  const shown = (html: string | null) =>
    highlightSegments(html)
      .map((segment) => segment.text)
      .join('');

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('leaves malformed items out with one warning and keeps the rest, with fallbacks for what is missing', () => {
    const warn = vi.mocked(console.warn);
    const raw = {
      error: { err_no: 0, err_str: '' },
      response: {
        total: 9,
        items: [
          apiItem(),
          // Missing highlighted variants: the plain texts, escaped, so they show as they are.
          {
            'id.numeric': 2,
            name: HOSTILE,
            isin: 'RU000A0JX0J2',
            trading_grounds: [{ 'id.numeric': 1, name: 'MOEX', ticker: 'A&B' }],
          },
          { ...apiItem(), 'id.numeric': 'seven' },
          { ...apiItem(), name: undefined },
          null,
          42,
          { ...apiItem(), 'id.numeric': 3, trading_grounds: 'MOEX' },
          // A malformed ground is left out of an item that is otherwise fine.
          {
            ...apiItem(),
            'id.numeric': 4,
            trading_grounds: [{ name: 'no id' }, apiItem().trading_grounds[1]],
          },
        ],
      },
    };
    const checked = checkComparisonSearchAnswer(raw, '/api/search/stocks/sber/');
    expect(checked.response.items.map((item) => item['id.numeric'])).toEqual([1, 2, 4]);
    const [, hostile, partial] = checked.response.items;
    expect(shown(hostile!.name_highlighted)).toBe(HOSTILE);
    expect(shown(hostile!.isin_highlighted)).toBe('RU000A0JX0J2');
    expect(shown(hostile!.trading_grounds[0]!.ticker_highlighted)).toBe('A&B');
    expect(hostile).toMatchObject({ document: '', 'measure_id.numeric': null });
    expect(partial!.trading_grounds.map((ground) => ground['id.numeric'])).toEqual([2]);
    // One warning for the answer, naming what was wrong.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('5 malformed result(s) left out');
    expect(warn.mock.calls[0]![0]).toContain('response.items[2].id.numeric: expected an integer');
    // The results the box builds from the kept items.
    expect(toCompareGroup('stocks', checked).results.map((result) => result.emissionId)).toEqual([
      1, 1, 2, 4,
    ]);
  });

  it('a malformed answer as a whole is a json ApiError (the box shows its load error for that URL)', () => {
    for (const raw of [
      'oops',
      null,
      [],
      { response: [] },
      { response: { items: 'none' } },
      { error: { err_no: 'bad' } },
      { error: 'failed' },
    ]) {
      expect(() => checkComparisonSearchAnswer(raw, '/x/'), JSON.stringify(raw)).toThrow(ApiError);
      try {
        checkComparisonSearchAnswer(raw, '/x/');
      } catch (error) {
        expect((error as ApiError).kind).toBe('json');
      }
    }
    // Missing parts are not malformed: no error means no error, no items means none.
    expect(checkComparisonSearchAnswer({}, '/x/')).toEqual({
      error: { err_no: 0, err_str: '' },
      response: { items: [], total: 0 },
    });
    expect(checkComparisonSearchAnswer({ error: { err_no: '100200' } }, '/x/').error.err_no).toBe(100200);
  });

  it('highlighting never throws, whatever slipped through', () => {
    expect(highlightSegments(undefined)).toEqual([]);
    expect(highlightSegments(null)).toEqual([]);
    expect(highlightSegments(42 as unknown as string)).toEqual([]);
  });
});

describe('search URLs given by an integrator', () => {
  it('needs an object of URLs with %term%', () => {
    expect(validSearchUrls({ stocks: '/s/%term%/' })).toEqual({ stocks: '/s/%term%/' });
    expect(validSearchUrls(['/s/%term%/'])).toMatch(/expected an object/);
    expect(validSearchUrls({})).toMatch(/at least one/);
    expect(validSearchUrls({ stocks: '/s/' })).toMatch(/urls\.stocks: expected a URL with %term%/);
  });
});

describe('the search store: debounce and cancellation', () => {
  const URLS = { stocks: '/api/search/stocks/%term%/', indexes: '/api/search/indexes/%term%/' };
  let answers: Record<string, ComparisonSearchAnswer>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = decodeURIComponent(String(input));
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return Response.json(answers[path] ?? answer([], 100200, 'Nothing found'));
  });

  beforeEach(() => {
    vi.useFakeTimers();
    answers = {};
    fetchMock.mockReset(); // back to the default answers after a test's own implementation
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends nothing for 2 characters and searches 3 characters 300 ms after the last keystroke', async () => {
    const store = createCompareSearchStore(URLS);
    store.input('sb');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    store.input('sbe');
    await vi.advanceTimersByTimeAsync(200);
    store.input('sber');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
      ['/api/search/stocks/sber/', 'POST'],
      ['/api/search/indexes/sber/', 'POST'],
    ]);
  });

  it('POSTs the encoded trimmed term', async () => {
    const store = createCompareSearchStore({ stocks: '/api/search/stocks/%term%/' });
    store.input('  a&b c ');
    await vi.advanceTimersByTimeAsync(300);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/search/stocks/a%26b%20c/');
  });

  it('aborts the earlier request when a newer term is searched, and shows only the newer results', async () => {
    answers['/api/search/stocks/sber/'] = answer([apiItem()]);
    answers['/api/search/stocks/gazp/'] = answer([
      apiItem({ 'id.numeric': 9, name: 'Gazprom', trading_grounds: [] }),
    ]);
    let release: () => void = () => {};
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementationOnce(async (input, init) => {
      signals.push(init!.signal!);
      await new Promise<void>((resolve) => (release = resolve));
      return Response.json(answers[String(input)]);
    });
    const store = createCompareSearchStore({ stocks: '/api/search/stocks/%term%/' });
    store.input('sber');
    await vi.advanceTimersByTimeAsync(300);
    expect(store.$state.get().status).toBe('loading');
    store.input('gazp');
    await vi.advanceTimersByTimeAsync(300);
    expect(signals[0]!.aborted).toBe(true);
    release();
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    expect(store.activeResults().map((result) => result.emissionName)).toEqual(['Gazprom']);
  });

  it('a term shortened below 3 characters cancels the pending search and closes the list', async () => {
    const store = createCompareSearchStore(URLS);
    store.input('sbe');
    await vi.advanceTimersByTimeAsync(100);
    store.input('sb');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.$state.get()).toMatchObject({ status: 'idle', open: false, groups: [] });
  });

  it('makes the tab with the most results active and moves through its options with wrap-around', async () => {
    answers['/api/search/stocks/moex/'] = answer([apiItem({ name: 'Moscow Exchange' })]);
    answers['/api/search/indexes/moex/'] = answer([
      INDEX,
      { ...INDEX, 'id.numeric': 2 },
      { ...INDEX, 'id.numeric': 3 },
    ]);
    const store = createCompareSearchStore(URLS);
    store.input('moex');
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    expect(store.$state.get()).toMatchObject({ active: 'indexes', open: true, highlighted: -1 });
    store.move(-1);
    expect(store.$state.get().highlighted).toBe(2);
    store.move(1);
    expect(store.$state.get().highlighted).toBe(0);
    store.selectTab('stocks');
    store.move(1);
    store.move(1);
    expect(store.$state.get().highlighted).toBe(1);
    const choice = store.choose();
    expect(choice?.event).toBe('compare');
    expect(store.$state.get()).toMatchObject({ term: 'Moscow Exchange (SPB)', open: false });
    expect(store.$state.get().selected?.tradingGroundsId).toBe(2);
  });

  it('a failed URL is reported and the other URLs still show', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/search/stocks/sber/'] = answer([apiItem()]);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('indexes')
        ? new Response('oops', { status: 500 })
        : Response.json(answers[String(input)]),
    );
    const store = createCompareSearchStore(URLS);
    store.input('sber');
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(store.$state.get().status).toBe('ready'));
    expect(store.$state.get().groups.map((group) => [group.kind, group.outcome])).toEqual([
      ['stocks', 'ok'],
      ['indexes', 'error'],
    ]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('comparison search (indexes) failed'));
  });

  it('clear during a search drops its answer', async () => {
    answers['/api/search/stocks/sber/'] = answer([apiItem()]);
    const store = createCompareSearchStore(URLS);
    store.input('sber');
    await vi.advanceTimersByTimeAsync(300);
    store.clear();
    await vi.advanceTimersByTimeAsync(50);
    expect(store.$state.get()).toMatchObject({ term: '', status: 'idle', groups: [], selected: null });
  });
});

// ---------------------------------------------------------------------------------------------
// The element

const LABELS = {
  compare: {
    placeholder: 'Stock or index to compare',
    need_to_log_in: 'Log in to compare',
    need_to_get_access: 'Get access to compare',
    results: 'Search results',
    nav_per_share: 'NAV per share',
  },
  search: {
    tab_stocks: 'Stocks',
    tab_indexes: 'Indexes',
    clear: 'Clear',
    tooManyResults: 'Too many results. Refine your query.',
    matches_count: 'Matches: {count}',
  },
  common: { loading: 'Loading…', error_load: 'Could not load the data.' },
};

describe('<fin-compare-search>', () => {
  let answers: Record<string, ComparisonSearchAnswer>;
  let labels: Record<string, Record<string, string>>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0]!;
    if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
    return Response.json(answers[decodeURIComponent(path)] ?? answer([], 100200, 'Nothing found'));
  });

  beforeEach(() => {
    answers = {};
    labels = LABELS;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    act(() => {
      document.body.innerHTML = '';
    });
    resetLabels();
    cleanStores($user, $lang);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const PAID = JSON.stringify({ userAuth: true, userAccessLevel: 1077 });

  async function render(attributes: string, user = PAID) {
    act(() => {
      document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script><fin-compare-search ${attributes}></fin-compare-search>`;
    });
    const element = document.querySelector('fin-compare-search')!;
    const root = () => element.shadowRoot!;
    await waitFor(() => expect(root().querySelector('input, .cs-gate a')).not.toBeNull());
    return { element, root };
  }

  function type(input: HTMLInputElement, value: string) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    act(() => input.dispatchEvent(new Event('input', { bubbles: true })));
  }

  const key = (input: HTMLInputElement, name: string) =>
    act(() =>
      input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true })),
    );

  it('shows anonymous visitors the log-in prompt and free users the access link instead of the box', async () => {
    const anonymous = await render('login-url="/signin/"', '{}');
    await waitFor(() =>
      expect(anonymous.root().querySelector('.cs-gate a')?.textContent).toBe('Log in to compare'),
    );
    expect(anonymous.root().querySelector('.cs-gate a')?.getAttribute('href')).toBe(
      `/signin/?back=${encodeURIComponent(location.pathname + location.search)}`,
    );
    expect(anonymous.root().querySelector('input')).toBeNull();
    act(() => {
      document.body.innerHTML = '';
    });
    cleanStores($user);

    const free = await render('', JSON.stringify({ userAuth: true, userAccessLevel: 0 }));
    await waitFor(() =>
      expect(free.root().querySelector('.cs-gate a')?.textContent).toBe('Get access to compare'),
    );
    expect(free.root().querySelector('.cs-gate a')?.getAttribute('href')).toBe('/profile/access/');
  });

  it("falls back to SPEC's 'need to log in' when the label is missing", async () => {
    labels = { ...LABELS, compare: {} };
    const { root } = await render('', '{}');
    await waitFor(() => expect(root().querySelector('.cs-gate a')?.textContent).toBe('need to log in'));
  });

  it('a paid user searches, picks with the keyboard, gets fin-compare, and clears with fin-compare-cancel', async () => {
    answers['/api/search/stocks/sber/'] = answer([apiItem()]);
    answers['/api/search/indexes/sber/'] = answer([]);
    const { element, root } = await render(
      `urls='{"stocks": "/api/search/stocks/%term%/", "indexes": "/api/search/indexes/%term%/"}'`,
    );
    const events: Array<[string, unknown]> = [];
    /** Where each event came from, as a listener on the document sees it. */
    const targets: Array<EventTarget | null> = [];
    for (const name of ['fin-compare', 'fin-compare-select', 'fin-compare-cancel'] as const)
      document.addEventListener(name, (event) => {
        events.push([name, (event as CustomEvent).detail]);
        targets.push(event.target);
      });

    const input = root().querySelector('input')!;
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type(input, 'sber');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'), { timeout: 2000 });
    const tabs = [...root().querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Stocks (2)', 'true'],
      ['Indexes (0)', 'false'],
    ]);
    expect(root().querySelector('.cs__count')?.textContent).toBe('Matches: 2');
    const options = [...root().querySelectorAll('[role="option"]')];
    expect(options[0]!.textContent).toContain('MOEX');
    expect(options[0]!.querySelector('mark')?.textContent).toBe('Sber');

    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id));
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    key(input, 'Enter');
    await waitFor(() => expect(events).toHaveLength(1));
    const detail = events[0]![1] as FinEventDetails['fin-compare'];
    expect(events[0]![0]).toBe('fin-compare');
    expect(detail.item).toEqual<CompareSearchItem>({
      emissionId: 1,
      emissionName: 'Sberbank',
      emissionNameWithTg: 'Sberbank (SPB)',
      isin: 'RU0009029540',
      ticker: 'SBER',
      tradingGroundsId: 2,
      tradingGroundsName: 'SPB',
      type: 'stocks',
      measure_id: 1,
    });
    expect(input.value).toBe('Sberbank (SPB)');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    const clear = root().querySelector<HTMLButtonElement>('[part="clear"]')!;
    expect(clear.getAttribute('aria-label')).toBe('Clear');
    act(() => clear.click());
    await waitFor(() => expect(events.map(([name]) => name)).toEqual(['fin-compare', 'fin-compare-cancel']));
    expect(input.value).toBe('');
    expect(root().activeElement).toBe(input);
    expect(root().querySelector('[part="clear"]')).toBeNull();
    // Both come from the <fin-compare-search> the page placed, with the cancel's empty detail.
    expect(targets).toHaveLength(2);
    expect(
      targets.every((target) => target === element),
      'dispatched on the element',
    ).toBe(true);
    expect(events[1]![1]).toEqual({});
  });

  it('a result without a trading ground gives fin-compare-select; with types configured, fin-compare', async () => {
    answers['/api/search/indexes/moex/'] = answer([INDEX]);
    const attributes = `urls='{"indexes": "/api/search/indexes/%term%/"}'`;
    for (const [extra, expected] of [
      ['', 'fin-compare-select'],
      [`types='["indexes"]'`, 'fin-compare'],
    ] as const) {
      const { root } = await render(`${attributes} ${extra}`);
      const seen: string[] = [];
      for (const name of ['fin-compare', 'fin-compare-select'] as const)
        root().host.addEventListener(name, () => seen.push(name));
      const input = root().querySelector('input')!;
      type(input, 'moex');
      await waitFor(() => expect(root().querySelector('[role="option"]')).not.toBeNull(), {
        timeout: 2000,
      });
      expect(root().querySelector('[role="tablist"]')).toBeNull(); // one URL: no tabs
      act(() => root().querySelector<HTMLElement>('[role="option"]')!.click());
      await waitFor(() => expect(seen).toEqual([expected]));
      act(() => {
        document.body.innerHTML = '';
      });
    }
  });

  it('Escape closes the list; the too-many state shows its text', async () => {
    answers['/api/search/stocks/bank/'] = answer([], 500100, 'More than 500 matches');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { root } = await render(`urls='{"stocks": "/api/search/stocks/%term%/"}'`);
    const input = root().querySelector('input')!;
    type(input, 'bank');
    await waitFor(
      () =>
        expect(root().querySelector('.cs__note--too-many')?.textContent).toBe(
          'Too many results. Refine your query.',
        ),
      { timeout: 2000 },
    );
    key(input, 'Escape');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    key(input, 'ArrowDown');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  });

  it('shows hostile and incomplete results as text, leaves malformed ones out, and never crashes', async () => {
    const warn = vi.mocked(console.warn);
    const HOSTILE = '<img src=x onerror=alert(1)>';
    answers['/api/search/stocks/sber/'] = {
      error: { err_no: 0, err_str: '' },
      response: {
        total: 4,
        items: [
          // A server's highlighted HTML is never used: the name shows as text, the tag never an element.
          apiItem({ 'id.numeric': 5, name: HOSTILE, name_highlighted: `<b>Sber</b> ${HOSTILE}` }),
          // No highlighted variants at all: the plain name, shown as it is.
          {
            'id.numeric': 6,
            name: `${HOSTILE} bank`,
            trading_grounds: [{ 'id.numeric': 1, name: 'MOEX', ticker: 'X' }],
          },
          { 'id.numeric': 'oops', name: 'Broken' },
          'not an item',
        ],
      },
    } as unknown as ComparisonSearchAnswer;
    // The other URL answers with something that is not an answer at all.
    answers['/api/search/indexes/sber/'] = { response: { items: {} } } as unknown as ComparisonSearchAnswer;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { root } = await render(
      `urls='{"stocks": "/api/search/stocks/%term%/", "indexes": "/api/search/indexes/%term%/"}'`,
    );
    type(root().querySelector('input')!, 'sber');
    await waitFor(() => expect(root().querySelectorAll('[role="option"]')).toHaveLength(3), {
      timeout: 2000,
    });
    const names = [...root().querySelectorAll('[role="option"] .cs__name')].map((name) => name.textContent);
    expect(names).toEqual([HOSTILE, HOSTILE, `${HOSTILE} bank`]);
    expect(root().querySelector('img')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('2 malformed result(s) left out'));
    // The malformed answer is that tab's load error; the box itself still works.
    const tabs = [...root().querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Stocks (3)', 'Indexes']);
    act(() => tabs[1]!.click());
    await waitFor(() =>
      expect(root().querySelector('.cs__note--error')?.textContent).toBe('Could not load the data.'),
    );
    expect(error).toHaveBeenCalledWith(expect.stringContaining('comparison search (indexes) failed'));
    expect(root().querySelector('input')).not.toBeNull();
  });

  it('an empty result shows the number of matches with 0', async () => {
    const { root } = await render(`urls='{"stocks": "/api/search/stocks/%term%/"}'`);
    type(root().querySelector('input')!, 'zzzz');
    await waitFor(() => expect(root().querySelector('.cs__count')?.textContent).toBe('Matches: 0'), {
      timeout: 2000,
    });
  });

  it('says what is wrong with bad urls', async () => {
    act(() => {
      document.body.innerHTML = `<script type="application/json" id="fin-user">${PAID}</script><fin-compare-search urls='{"stocks": "/nothing/"}'></fin-compare-search>`;
    });
    const element = document.querySelector('fin-compare-search')!;
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
        'urls.stocks: expected a URL with %term%',
      ),
    );
  });

  it('uses the comparisonSearchUrls of the page data by default', async () => {
    const { root } = await render(
      '',
      `${PAID}</script><script type="application/json" id="fin-page-data">{"comparisonSearchUrls": {"etf": "/x/etf/%term%/"}}`,
    );
    type(root().querySelector('input')!, 'gold');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/x/etf/gold/'), {
      timeout: 2000,
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/search/'))).toBe(false);
  });
});
