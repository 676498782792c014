/**
 * The results view of `<fin-site-search variant="page">` (the /search/ page): the category tabs
 * with their counts, the active tab's results a page of SEARCH_PAGE_SIZE at a time, and a pager.
 *
 * - Page 1 is the element's own answer (SUGGEST_LIMIT items); a later page is one suggest call
 *   with `page` and `limit` (a newer page aborts the older call).
 * - The pager's entries are links to the server's page of the same results (they work opened in
 *   a new tab); a click stays in the element. After a page change, focus moves to the results
 *   heading, which says the range shown, so keyboard and screen-reader users start reading there.
 * - The page shown is the element's to say (it keeps it in the address, site-search.address.ts).
 * - A term under 3 characters shows a hint, not a blank page.
 */
import { useEffect, useRef } from 'react';
import {
  SEARCH_CATEGORIES,
  SEARCH_PAGE_SIZE,
  SUGGEST_LIMIT,
  pageCount,
  pageWindow,
  type SearchCategory,
  type SearchSuggestion,
  type SuggestAnswer,
} from '../../../contract/search.ts';
import { safeHref } from '../../../contract/links.ts';
import { fetchSuggestions } from '../../../core/api/search.ts';
import { createResource } from '../../../core/resource.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { Highlight } from '../../../widgets/search-box/index.ts';
import { Tabs, tabId } from '../../../widgets/tabs/index.ts';
import { groupTotal, type SiteSearchGroup } from '../site-search.utils.ts';
import css from './search-results.css?inline';

export interface SearchResultsProps {
  /** The searched term (trimmed), '' while the input holds less than 3 characters. */
  term: string;
  /** The results page to show (1-based; the element keeps it in the address). */
  page: number;
  /** The user picked a page. */
  onPage(page: number): void;
  /** loading while a search for the term is out. */
  status: 'idle' | 'loading' | 'ready';
  /** The first page of every category, SPEC order; `answer` null when its call failed. */
  groups: readonly SiteSearchGroup[];
  /** The active tab (remembered or first with results), null when none has results. */
  active: SearchCategory | null;
  /** The words to mark in names, tickers and ISINs (the term and its converted form). */
  words: readonly string[];
  /** The term converted from the other keyboard layout, when the server searched it too. */
  convertedTerm: string | null;
  /** The user picked a tab: the element remembers it and makes it active. */
  onSelectTab(category: SearchCategory): void;
  /** The user chose a result: the element navigates or fires `fin-search-select`. */
  onChoose(item: SearchSuggestion, category: SearchCategory): void;
  /** Issuer statuses left out of the companies (SPEC §7 emitent_stop_statuses_ids). */
  emitentStopStatusesIds?: number[];
  t: Translate;
}

/** The no-script page of these results: what the pager links to. */
export function resultsPageUrl(term: string, tab: SearchCategory, page: number): string {
  const params = new URLSearchParams({ q: term, tab });
  if (page > 1) params.set('page', String(page));
  return `/search/?${params}`;
}

interface PageKey {
  category: SearchCategory;
  term: string;
  page: number;
  stop: number[];
}

const count = (n: number) => formatNumber(n, 0);

export function SearchResults(props: SearchResultsProps) {
  const { term, status, groups, active, words, convertedTerm, onSelectTab, onChoose, onPage, t } = props;
  useStyles(css, 'element');
  const heading = useRef<HTMLHeadingElement>(null);
  /** The page change the user asked for, until its results are shown (then focus moves). */
  const focusPending = useRef(false);
  const group = groups.find((candidate) => candidate.category === active);
  const total = groupTotal(group);
  const pages = pageCount(total);
  const page = Math.max(1, Math.min(props.page, pages));
  // Page 1 is the element's own answer when it holds a whole page.
  const ownFirstPage = page === 1 && SUGGEST_LIMIT >= SEARCH_PAGE_SIZE;
  const { state, resource } = useResource(
    () =>
      createResource<PageKey, SuggestAnswer>({
        describe: (key) => `search results page ${key.page} of ${key.category}`,
        load: (key, signal) =>
          fetchSuggestions(key.category, key.term, {
            page: key.page,
            limit: SEARCH_PAGE_SIZE,
            emitentStopStatusesIds: key.stop,
            signal,
          }),
      }),
    active && term && !ownFirstPage
      ? { category: active, term, page, stop: props.emitentStopStatusesIds ?? [] }
      : null,
  );
  const items: SearchSuggestion[] | null = ownFirstPage
    ? (group?.answer?.items.slice(0, SEARCH_PAGE_SIZE) ?? [])
    : state.status === 'ready' && state.key.page === page && state.key.term === term
      ? state.value.items
      : null;

  useEffect(() => {
    if (items && focusPending.current) {
      focusPending.current = false;
      heading.current?.focus();
    }
  });

  // Under 3 characters nothing is searched: say what to type rather than show a blank page.
  if (!term)
    return (
      <p className="ssr-message ssr-hint" role="status" part="hint">
        {t('search:term_too_short')}
      </p>
    );
  if (groups.length === 0) return null;
  if (active === null) {
    // The empty state: no category has results (the element's status while searching).
    return status === 'loading' ? null : (
      <p className="ssr-message" role="status">
        {t('search:label_not_found')}
      </p>
    );
  }

  const goTo = (next: number) => {
    focusPending.current = true;
    onPage(next);
  };
  const title = t(`search:tab_${active}`);
  const from = (page - 1) * SEARCH_PAGE_SIZE + 1;
  const range = items
    ? t('search:results_range')
        .replace('{from}', count(from))
        .replace('{to}', count(from + items.length - 1))
        .replace('{total}', count(total))
    : '';
  const tabsId = 'fin-ssr';
  const noResults = group?.answer && total === 0;

  return (
    <section className="ssr" part="results" aria-busy={status === 'loading' || items === null || undefined}>
      <Tabs
        id={tabsId}
        tabs={SEARCH_CATEGORIES.map((category) => ({
          id: category,
          ttl: `${t(`search:tab_${category}`)} (${count(groupTotal(groups.find((g) => g.category === category)))})`,
          disabled: groupTotal(groups.find((g) => g.category === category)) === 0,
        }))}
        active={active}
        onSelect={(category) => onSelectTab(category as SearchCategory)}
        label={t('search:categories')}
        controls="fin-ssr-panel"
      />
      <div id="fin-ssr-panel" role="tabpanel" aria-labelledby={tabId(tabsId, active)}>
        {convertedTerm ? (
          <p className="ssr-note" data-converted-term="">
            {t('search:showing_results_for').replace('{term}', convertedTerm)}
          </p>
        ) : null}
        {noResults ? (
          <p className="ssr-message" role="status">
            {group.answer!.search_error ?? t('search:label_not_found')}
          </p>
        ) : state.status === 'error' && !ownFirstPage ? (
          <ElementMessage kind="error" onRetry={() => void resource.retry()} retryLabel={t('common:retry')}>
            {t('common:error_load')}
          </ElementMessage>
        ) : (
          <>
            <h2 className="ssr-heading" ref={heading} tabIndex={-1}>
              {title}
              {items ? `: ${range}` : ''}
            </h2>
            {items === null ? (
              <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>
            ) : (
              <ul className="ssr-list">
                {items.map((item) => (
                  <li
                    key={`${item.type}:${item.id}`}
                    className="ssr-item"
                    data-search-item={`${active}:${item.id}`}
                  >
                    <a
                      className="ssr-name"
                      href={safeHref(item.url) ?? undefined}
                      onClick={(event) => {
                        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
                        event.preventDefault();
                        onChoose(item, active);
                      }}
                    >
                      <Highlight text={item.ttl} words={words} />
                    </a>
                    <span className="ssr-facts">
                      {item.ticker.length ? (
                        <span className="ssr-ticker">
                          <Highlight text={item.ticker.join(', ')} words={words} />
                        </span>
                      ) : null}
                      {item.isin ? (
                        <span className="ssr-isin">
                          <Highlight text={item.isin} words={words} />
                        </span>
                      ) : null}
                      <span className="ssr-status">
                        {t(`search:${active === 'companies' ? 'emitent_status' : 'status'}_${item.status}`)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Pager term={term} tab={active} page={page} pages={pages} onPage={goTo} t={t} />
          </>
        )}
      </div>
    </section>
  );
}

function Pager(props: {
  term: string;
  tab: SearchCategory;
  page: number;
  pages: number;
  onPage(page: number): void;
  t: Translate;
}) {
  const { term, tab, page, pages, onPage, t } = props;
  if (pages < 2) return null;
  const link = (target: number, text: string, extra: Record<string, string> = {}) => (
    <a
      href={resultsPageUrl(term, tab, target)}
      data-page={target}
      {...extra}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        if (target !== page) onPage(target);
      }}
    >
      {text}
    </a>
  );
  const step = (target: number, key: string, rel: string) =>
    target < 1 || target > pages ? (
      <span className="ssr-pager-off" aria-disabled="true">
        {t(key)}
      </span>
    ) : (
      link(target, t(key), { rel })
    );
  return (
    <nav className="ssr-pager" aria-label={t('search:pager')}>
      <ul>
        <li>{step(page - 1, 'search:page_prev', 'prev')}</li>
        {pageWindow(page, pages).map((target, index) =>
          target === null ? (
            <li key={`gap${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={target}>
              {link(target, String(target), {
                'aria-label': t('search:page_n').replace('{page}', String(target)),
                ...(target === page ? { 'aria-current': 'page' } : {}),
              })}
            </li>
          ),
        )}
        <li>{step(page + 1, 'search:page_next', 'next')}</li>
      </ul>
    </nav>
  );
}
