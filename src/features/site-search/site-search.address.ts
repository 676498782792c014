/**
 * The /search/ page's address (issue 20): the term, the active tab and the results page live in
 * its query string (`?q=…&tab=…&page=…`, the same the no-script page and its pager links use), so
 * reload and Back keep them. A tab or a page the user picks is a new history entry (Back returns
 * to the previous one); a new term's first results replace the entry; Back and Forward
 * (popstate) bring the tab and the page of their entry back.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SEARCH_CATEGORIES, SEARCH_MAX_PAGE, type SearchCategory } from '../../contract/search.ts';

export interface SearchAddress {
  /** The term, trimmed. */
  q: string;
  tab: SearchCategory | null;
  /** 1-based; 1 when the address has none or a bad one. */
  page: number;
}

/** The term, tab and page of a query string (`location.search`). */
export function readSearchAddress(search: string): SearchAddress {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    tab: (SEARCH_CATEGORIES as readonly string[]).includes(tab ?? '') ? (tab as SearchCategory) : null,
    page: Number.isInteger(page) && page > 1 && page <= SEARCH_MAX_PAGE ? page : 1,
  };
}

/** The query string with the term, tab and page set (page 1 left out), its other parameters kept. */
export function withSearchAddress(search: string, address: SearchAddress): string {
  const params = new URLSearchParams(search);
  params.set('q', address.q);
  if (address.tab) params.set('tab', address.tab);
  else params.delete('tab');
  if (address.page > 1) params.set('page', String(address.page));
  else params.delete('page');
  return `?${params}`;
}

const currentSearch = () => (typeof location === 'undefined' ? '' : location.search);

/**
 * The results page shown for a term and a tab: the asked one while the term and the tab are those
 * it was asked for (a null tab: any, as an address without `tab`), else 1; at most `pages`.
 */
export function shownPage(
  asked: SearchAddress,
  term: string,
  tab: SearchCategory | null,
  pages: number,
): number {
  const same = asked.q === term && (asked.tab === null || asked.tab === tab);
  return Math.max(1, Math.min(same ? asked.page : 1, pages));
}

export interface ResultsAddress {
  /** The results page to show. */
  page: number;
  /** The user picked a page: a new history entry. */
  goToPage(page: number): void;
  /** The user picked a tab: a new history entry at its first page (the caller switches the tab). */
  pickTab(tab: SearchCategory): void;
}

/**
 * Keeps the address and the shown results in step (only when `enabled`: the /search/ page).
 * `searched` and `active` are the term and tab shown; `pages` the active tab's page count;
 * `onHistory` is called on Back / Forward with the entry's address, for the caller to search its
 * term or switch to its tab.
 */
export function useResultsAddress(options: {
  enabled: boolean;
  searched: string;
  active: SearchCategory | null;
  pages: number;
  onHistory(address: SearchAddress): void;
}): ResultsAddress {
  const { enabled, searched, active, pages } = options;
  const [asked, setAsked] = useState<SearchAddress>(() =>
    enabled ? readSearchAddress(currentSearch()) : { q: '', tab: null, page: 1 },
  );
  const page = shownPage(asked, searched, active, pages);
  /** The next write is a user's pick: a new entry rather than a replaced one. */
  const push = useRef(false);
  const onHistory = useEffectEvent(options.onHistory);

  useEffect(() => {
    if (!enabled || !searched || !active) return;
    const next = withSearchAddress(location.search, { q: searched, tab: active, page });
    const pushing = push.current;
    push.current = false;
    if (next === location.search) return;
    if (pushing) history.pushState(history.state, '', next);
    else history.replaceState(history.state, '', next);
  }, [enabled, searched, active, page]);

  useEffect(() => {
    if (!enabled) return;
    const onPopState = () => {
      const address = readSearchAddress(location.search);
      push.current = false;
      setAsked(address);
      onHistory(address);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [enabled]);

  return {
    page,
    goToPage: (target) => {
      if (target === page) return;
      push.current = true;
      setAsked({ q: searched, tab: active, page: target });
    },
    pickTab: (tab) => {
      if (tab === active) return;
      push.current = true;
      setAsked({ q: searched, tab, page: 1 });
    },
  };
}
