import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../../demo-pages/testing/react-act.ts';
import {
  SEARCH_PAGE_SIZE,
  type SearchCategory,
  type SearchSuggestion,
  type SuggestAnswer,
} from '../../../contract/search.ts';
import { withReactRoot } from '../../../widgets/testing/react-root.ts';
import type { SiteSearchGroup } from '../site-search.utils.ts';
import { SearchResults, type SearchResultsProps } from './index.ts';

let container: HTMLDivElement;
let root: Root;
withReactRoot((c, r) => {
  [container, root] = [c, r];
});

const LABELS: Record<string, string> = {
  'search:tab_bonds': 'Bonds',
  'search:tab_stocks': 'Stocks',
  'search:tab_indexes': 'Indexes',
  'search:tab_companies': 'Companies',
  'search:tab_etf': 'ETFs',
  'search:results_range': '{from}–{to} of {total}',
  'search:pager': 'Result pages',
  'search:page_prev': 'Previous',
  'search:page_next': 'Next',
  'search:page_n': 'Page {page}',
  'search:categories': 'Result categories',
  'search:showing_results_for': 'Showing results for “{term}”',
  'search:label_not_found': 'Nothing found',
  'search:status_1': 'Traded',
  'common:error_load': 'Could not load',
  'common:retry': 'Retry',
  'common:loading': 'Loading',
  'search:term_too_short': 'Enter at least 3 characters',
};
const t = (key: string) => LABELS[key] ?? `{{${key}}}`;

const item = (n: number): SearchSuggestion => ({
  id: n,
  ttl: `Bond <b>${n}</b>`,
  ticker: [],
  status: 1,
  type: 'bonds',
  url: `/bonds/${n}/`,
  isin: `RU000A${String(n).padStart(6, '0')}`,
  ttl_highlighted: '',
  ticker_highlighted: [],
  isin_highlighted: null,
});
const answerOf = (from: number, to: number, total: number): SuggestAnswer => ({
  items: Array.from({ length: to - from + 1 }, (_, i) => item(from + i)),
  counter_title: '',
  total,
  search_error: null,
  converted_term: null,
});
const TOTAL = 45;
const groups: SiteSearchGroup[] = [
  { category: 'bonds', answer: answerOf(1, SEARCH_PAGE_SIZE, TOTAL) },
  { category: 'stocks', answer: answerOf(100, 101, 2) },
  { category: 'indexes', answer: answerOf(0, -1, 0) },
  { category: 'companies', answer: null },
  { category: 'etf', answer: answerOf(0, -1, 0) },
];

/** Bodies of the suggest calls made, and their answers: the page asked for. */
let calls: Array<{ url: string; body: Record<string, unknown> }>;
let failNext = false;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as { page: number; limit: number };
  calls.push({ url, body });
  if (failNext) {
    failNext = false;
    return Response.json({ error: 'down' }, { status: 500 });
  }
  const from = (body.page - 1) * body.limit + 1;
  return Response.json(answerOf(from, Math.min(TOTAL, from + body.limit - 1), TOTAL));
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', fetchMock);
  history.replaceState(null, '', '/search/?q=ofz');
});
afterEach(() => vi.unstubAllGlobals());

/** The results with the page kept as the element keeps it (the page a pick asks for is shown). */
function Harness(props: Partial<SearchResultsProps>) {
  const [page, setPage] = useState(props.page ?? 1);
  return (
    <SearchResults
      term="ofz"
      status="ready"
      groups={groups}
      active="bonds"
      words={['bond']}
      convertedTerm={null}
      onSelectTab={() => {}}
      onChoose={() => {}}
      t={t}
      {...props}
      page={page}
      onPage={setPage}
    />
  );
}

function render(props: Partial<SearchResultsProps> = {}) {
  act(() => root.render(<Harness {...props} />));
}

const heading = () => container.querySelector('h2')!;
const names = () => [...container.querySelectorAll('.ssr-name')].map((a) => a.textContent);
const pagerLink = (name: string) =>
  [...container.querySelectorAll<HTMLAnchorElement>('nav a')].find(
    (a) => (a.getAttribute('aria-label') ?? a.textContent) === name,
  )!;

describe('SearchResults', () => {
  it('shows the first page from the element’s answer, with counts in the tabs and a pager', () => {
    render();
    expect([...container.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
      'Bonds (45)',
      'Stocks (2)',
      'Indexes (0)',
      'Companies (0)',
      'ETFs (0)',
    ]);
    expect(heading().textContent).toBe(`Bonds: 1–${SEARCH_PAGE_SIZE} of 45`);
    expect(names()).toHaveLength(SEARCH_PAGE_SIZE);
    // Names are text: the hostile markup shows as written, the searched word marked.
    expect(names()[0]).toBe('Bond <b>1</b>');
    expect(container.querySelector('.ssr-name mark')!.textContent).toBe('Bond');
    expect(calls).toEqual([]);
    expect(pagerLink('Page 1').getAttribute('aria-current')).toBe('page');
    expect(pagerLink('Page 3').getAttribute('href')).toBe('/search/?q=ofz&tab=bonds&page=3');
    expect(container.querySelector('.ssr-pager-off')!.textContent).toBe('Previous');
  });

  it('loads a later page with page and limit, then moves focus to the results heading', async () => {
    render();
    act(() => pagerLink('Next').click());
    await waitFor(() => expect(heading().textContent).toBe('Bonds: 21–40 of 45'));
    expect(calls).toEqual([
      { url: '/api/suggest/bonds/', body: { term: 'ofz', page: 2, limit: SEARCH_PAGE_SIZE } },
    ]);
    expect(names()[0]).toBe('Bond <b>21</b>');
    expect(document.activeElement).toBe(heading());
    expect(pagerLink('Page 2').getAttribute('aria-current')).toBe('page');

    act(() => pagerLink('Page 3').click());
    await waitFor(() => expect(heading().textContent).toBe('Bonds: 41–45 of 45'));
    expect(names()).toHaveLength(5);
    expect(document.activeElement).toBe(heading());
    expect([...container.querySelectorAll('.ssr-pager-off')].map((off) => off.textContent)).toEqual(['Next']);

    // Page 1 again is the element's own answer: no call.
    act(() => pagerLink('Page 1').click());
    await waitFor(() => expect(heading().textContent).toBe(`Bonds: 1–${SEARCH_PAGE_SIZE} of 45`));
    expect(calls).toHaveLength(2);
    expect(document.activeElement).toBe(heading());
  });

  it('shows the page it is given, at most the last, without moving the focus', async () => {
    render({ page: 2 });
    await waitFor(() => expect(heading().textContent).toBe('Bonds: 21–40 of 45'));
    // No focus move without a page change by the user.
    expect(document.activeElement).not.toBe(heading());
    act(() => root.render(<></>));
    render({ page: 9 });
    await waitFor(() => expect(heading().textContent).toBe('Bonds: 41–45 of 45'));
  });

  it('says what to type for a term under 3 characters instead of showing nothing', () => {
    render({ term: '', groups: [] });
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Enter at least 3 characters');
  });

  it('offers a retry when a page fails, and passes the chosen tab and result on', async () => {
    const onSelectTab = vi.fn<(category: SearchCategory) => void>();
    const onChoose = vi.fn<(item: SearchSuggestion, category: SearchCategory) => void>();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render({ onSelectTab, onChoose });
    failNext = true;
    act(() => pagerLink('Next').click());
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')!.textContent).toContain('Could not load'),
    );
    act(() => container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click());
    await waitFor(() => expect(heading().textContent).toBe('Bonds: 21–40 of 45'));

    act(() => [...container.querySelectorAll<HTMLElement>('[role="tab"]')][1]!.click());
    expect(onSelectTab).toHaveBeenCalledWith('stocks');
    act(() => container.querySelector<HTMLAnchorElement>('.ssr-name')!.click());
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 21 }), 'bonds');
  });

  it('says nothing was found when no category has results, and shows a converted term', () => {
    render({ active: null });
    expect(container.textContent).toBe('Nothing found');
    render({ convertedTerm: 'щая' });
    expect(container.querySelector('[data-converted-term]')!.textContent).toBe('Showing results for “щая”');
  });
});
