import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SEARCH_CATEGORIES,
  pageCount,
  type SearchCategory,
  type SearchSuggestion,
} from '../../contract/search.ts';
import { safeHref } from '../../contract/links.ts';
import { formatNumber } from '../../core/format.ts';
import type { FinEventDetails } from '../../core/events.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { NARROW_MEDIA_QUERY, useMediaQuery } from '../../runtime/media.ts';
import { useStyles } from '../../runtime/styles.ts';
import { Dialog } from '../../widgets/dialog/index.ts';
import {
  Highlight,
  SearchBox,
  SearchOptions,
  searchableTerm,
  searchWords,
  useSearchBoxIds,
  type SearchBoxIds,
} from '../../widgets/search-box/index.ts';
import { Tabs, tabId } from '../../widgets/tabs/index.ts';
import { SearchResults } from './results/index.ts';
import { createSiteSearchStore, type SiteSearchStore } from './site-search.store.ts';
import {
  addRecentSearch,
  clearRecentSearches,
  convertedTerm,
  groupTotal,
  panelMessage,
  recentSearches,
  rememberTab,
  topResult,
  type SiteSearchGroup,
} from './site-search.utils.ts';
import type { BestMatch } from '../../contract/search-best-match.ts';
import { readSearchAddress, useResultsAddress } from './site-search.address.ts';
import css from './site-search.css?inline';

/**
 * The portal's search box (SPEC §4 "Main search"): from 3 characters, the five categories are
 * searched 300 ms after the last keystroke and shown in tabs with their counts; choosing a
 * result opens its page.
 */
export interface SiteSearchProps {
  /** `page`: the full results below the box (the /search/ page); default: a pop-up under the box. */
  variant?: string;
  /** The term to search at once (the /search/ page's `q`). */
  term?: string;
  /** Placeholder of the input; default the `search:placeholder` label. */
  placeholder?: string;
  /** A choice fires `fin-search-select` instead of opening the result's page. */
  events?: boolean;
  /** Where Enter without a chosen result goes, with `?q=`; default `/search/`. */
  searchUrl?: string;
  /** Issuer statuses the companies tab leaves out (`emitent_stop_statuses_ids`); default none. */
  emitentStopStatusesIds?: number[];
  /** A result was chosen and `events` is set. */
  onSearchSelect?(detail: FinEventDetails['fin-search-select']): void;
}

/** The custom element's component: choices announced as `fin-search-select` when asked. */
export function SiteSearchElement(props: Omit<SiteSearchProps, 'onSearchSelect'>) {
  const { emit } = useHost();
  return <SiteSearch {...props} onSearchSelect={(detail) => emit('fin-search-select', detail)} />;
}

const DEFAULT_SEARCH_URL = '/search/';

export function SiteSearch(props: SiteSearchProps) {
  useStyles(css, 'element');
  const { t } = useLabels('search', 'common', 'widgets');
  const stopStatuses = Array.isArray(props.emitentStopStatusesIds)
    ? props.emitentStopStatusesIds.filter((id) => Number.isInteger(id))
    : [];
  const stopKey = stopStatuses.join(',');
  const pageVariant = props.variant === 'page';
  const store = useMemo(
    () =>
      createSiteSearchStore({
        emitentStopStatusesIds: stopKey ? stopKey.split(',').map(Number) : [],
        // The /search/ page: the tab in its address opens first for the address's term.
        askedTab: pageVariant
          ? (term) => {
              const address = readSearchAddress(location.search);
              return address.q === term ? address.tab : null;
            }
          : undefined,
        progressive: !pageVariant,
      }),
    [stopKey, pageVariant],
  );
  useEffect(() => store.dispose, [store]);
  useEffect(() => {
    if (props.term) store.searchNow(props.term);
  }, [store, props.term]);

  const narrow = useMediaQuery(NARROW_MEDIA_QUERY);
  const [fullScreen, setFullScreen] = useState(false);
  const page = props.variant === 'page';
  const events = props.events === true;

  /** SPEC §4: choosing a result opens its page (or fires the event) and cancels what is pending. */
  const choose = (item: SearchSuggestion, category: SearchCategory) => {
    const term = store.$state.get().term;
    store.cancel();
    store.setOpen(false);
    rememberTab(category);
    addRecentSearch(term);
    if (events) {
      setFullScreen(false);
      props.onSearchSelect?.({ item, category, term: term.trim() });
      return;
    }
    const href = safeHref(item.url);
    if (href !== null) window.location.assign(href);
  };

  /** Enter without a chosen result: the results page of the term (the no-JS form's target). */
  const submit = (term: string) => {
    const searchable = searchableTerm(term);
    if (page || events || searchable === null) return false;
    const base = safeHref(props.searchUrl) ?? DEFAULT_SEARCH_URL;
    addRecentSearch(searchable);
    window.location.assign(`${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(searchable)}`);
    return true;
  };

  const field = (inline: boolean) => (
    <SearchField
      store={store}
      t={t}
      placeholder={props.placeholder}
      inline={inline}
      page={page}
      emitentStopStatusesIds={stopStatuses}
      onChoose={choose}
      onSubmit={submit}
    />
  );

  if (page || !narrow) return field(false);
  // Below 680 px: a button in the header opens the search as a full-screen dialog.
  return (
    <>
      <button
        type="button"
        className="ss__open"
        part="open"
        aria-haspopup="dialog"
        onClick={() => {
          store.setOpen(true); // the results of the term typed before, if any
          setFullScreen(true);
        }}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('search:title')}</span>
      </button>
      <Dialog
        open={fullScreen}
        onClose={() => setFullScreen(false)}
        title={t('search:title')}
        closeLabel={t('widgets:close')}
        className="ss-dialog"
      >
        {field(true)}
      </Dialog>
    </>
  );
}

interface SearchFieldProps {
  store: SiteSearchStore;
  t: Translate;
  placeholder?: string;
  /** In the full-screen dialog: results below the input, Escape closes the dialog. */
  inline: boolean;
  /** The /search/ page: the results view below instead of a pop-up. */
  page: boolean;
  /** Issuer statuses the companies leave out: later pages of the results view ask with them too. */
  emitentStopStatusesIds: number[];
  onChoose(item: SearchSuggestion, category: SearchCategory): void;
  onSubmit(term: string): boolean;
}

function SearchField({
  store,
  t,
  placeholder,
  inline,
  page,
  emitentStopStatusesIds,
  onChoose,
  onSubmit,
}: SearchFieldProps) {
  const state = useStore(store.$state);
  const ids = useSearchBoxIds();
  const input = useRef<HTMLInputElement>(null);
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const [recentOpen, setRecentOpen] = useState(false);
  const [recentHighlighted, setRecentHighlighted] = useState(-1);

  const groups = state.groups;
  const active = state.active as SearchCategory | null;
  const activeGroup = groups.find((group) => group.category === active);
  const converted = convertedTerm(groups);
  const words = useMemo(() => searchWords([state.term, converted]), [state.term, converted]);
  const results = activeGroup?.answer?.items ?? [];
  // The best match above the tabs (issue 20): option 0, before the active tab's results.
  const top = useMemo(
    () => (page ? null : topResult(groups, state.searched)),
    [page, groups, state.searched],
  );
  const lead = top ? 1 : 0;
  /** The result of an option index: the top one, then the active tab's. */
  const optionAt = (index: number): { item: SearchSuggestion; category: SearchCategory } | null => {
    if (top && index === 0) return top;
    const item = results[index - lead];
    return item && active ? { item, category: active } : null;
  };

  const showRecent = !page && recentOpen && recent.length > 0 && searchableTerm(state.term) === null;
  const showResults = !page && state.open && groups.length > 0;
  const listShown = showRecent || (showResults && results.length + lead > 0);
  const highlighted = showRecent ? recentHighlighted : state.highlighted;

  // The /search/ page keeps the tab and the results page in its address (Back and reload keep them).
  const address = useResultsAddress({
    enabled: page,
    searched: state.searched,
    active,
    pages: pageCount(groupTotal(activeGroup)),
    onHistory: ({ q, tab }) => {
      if (q !== state.searched) {
        if (searchableTerm(q) === null) store.input(q);
        else store.searchNow(q);
      } else if (tab && tab !== active) store.selectTab(tab);
    },
  });

  const openRecent = () => {
    setRecent(recentSearches());
    setRecentOpen(true);
    setRecentHighlighted(-1);
  };

  const pickRecent = (index: number) => {
    const term = recent[index];
    if (term === undefined) return;
    setRecentOpen(false);
    store.input(term);
    input.current?.focus();
  };

  const clearRecent = () => {
    clearRecentSearches();
    setRecent([]);
    input.current?.focus();
  };

  return (
    <div className={page ? 'ss ss--page' : 'ss'}>
      <SearchBox
        ids={ids}
        inputRef={input}
        inline={inline}
        autoFocus={inline}
        term={state.term}
        popupOpen={showRecent || showResults}
        listShown={listShown}
        highlighted={highlighted}
        busy={state.status === 'loading'}
        label={placeholder ?? t('search:placeholder')}
        clearLabel={t('search:clear')}
        busyLabel={t('common:loading')}
        showClear={state.term !== ''}
        controls={
          !showRecent && top ? `${ids.listId}-top${results.length > 0 ? ` ${ids.listId}` : ''}` : undefined
        }
        onInput={(value) => {
          store.input(value);
          setRecentOpen(searchableTerm(value) === null);
          setRecentHighlighted(-1);
        }}
        onMove={(step) => {
          // Below 3 characters an arrow opens the recent searches (the combobox's Down opens its list).
          if (!showRecent && searchableTerm(state.term) === null) {
            const list = recentSearches();
            openRecent();
            setRecentHighlighted(step > 0 ? 0 : list.length - 1);
            return;
          }
          if (!showRecent) return store.move(step);
          const count = recent.length;
          const from = recentHighlighted < 0 ? (step > 0 ? -1 : count) : recentHighlighted;
          setRecentHighlighted((from + step + count) % count);
        }}
        onEdge={(edge) => {
          if (!showRecent) return store.moveTo(edge);
          setRecentHighlighted(edge === 'first' ? 0 : recent.length - 1);
        }}
        onEnter={() => {
          if (showRecent && recentHighlighted >= 0) {
            pickRecent(recentHighlighted);
            return true;
          }
          const option = showResults ? optionAt(state.highlighted) : null;
          if (option) {
            onChoose(option.item, option.category);
            return true;
          }
          return onSubmit(state.term);
        }}
        onEscape={() => {
          if (showRecent) {
            setRecentOpen(false);
            return true;
          }
          // Full screen: Escape closes the dialog (the list is its content, not a pop-up).
          if (inline) return false;
          return store.escape() !== 'none';
        }}
        onOpen={() => {
          if (searchableTerm(state.term) === null) openRecent();
          else store.setOpen(true);
        }}
        onClose={() => {
          setRecentOpen(false);
          store.setOpen(false);
        }}
        onClear={() => {
          store.clear();
          input.current?.focus();
          openRecent();
        }}
      >
        {showRecent ? (
          <RecentSearches
            ids={ids}
            recent={recent}
            highlighted={recentHighlighted}
            onHighlight={setRecentHighlighted}
            onPick={pickRecent}
            onClear={clearRecent}
            t={t}
          />
        ) : (
          <ResultsPanel
            ids={ids}
            groups={groups}
            active={active}
            top={top}
            converted={converted}
            highlighted={state.highlighted}
            words={words}
            onTab={(category) => {
              rememberTab(category);
              store.selectTab(category);
            }}
            onHighlight={store.highlight}
            onPick={(index) => {
              const option = optionAt(index);
              if (option) onChoose(option.item, option.category);
            }}
            t={t}
          />
        )}
      </SearchBox>
      {page ? (
        <SearchResults
          term={searchableTerm(state.term) ?? ''}
          page={address.page}
          onPage={address.goToPage}
          status={state.status}
          groups={groups}
          active={active}
          words={words}
          convertedTerm={converted}
          emitentStopStatusesIds={emitentStopStatusesIds}
          onSelectTab={(category) => {
            rememberTab(category);
            address.pickTab(category);
            store.selectTab(category);
          }}
          onChoose={onChoose}
          t={t}
        />
      ) : null}
    </div>
  );
}

/** A tab's title: the category and its number of matches in the page's number format. */
export function categoryTitle(group: SiteSearchGroup, t: Translate): string {
  const name = t(`search:tab_${group.category}`);
  return group.answer ? `${name} (${formatNumber(groupTotal(group), 0)})` : name;
}

function ResultsPanel({
  ids,
  groups,
  active,
  top,
  converted,
  highlighted,
  words,
  onTab,
  onHighlight,
  onPick,
  t,
}: {
  ids: SearchBoxIds;
  groups: SiteSearchGroup[];
  active: SearchCategory | null;
  /** The best match, shown above the tabs as option 0 (the tab's options then start at 1). */
  top: BestMatch | null;
  converted: string | null;
  highlighted: number;
  words: readonly string[];
  onTab(category: SearchCategory): void;
  onHighlight(index: number): void;
  onPick(index: number): void;
  t: Translate;
}) {
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;
  const notFound = t('search:label_not_found');
  const note: ReactNode = converted ? (
    <p className="ss__converted" part="converted">
      {t('search:showing_results_for').replace('{term}', converted)}
    </p>
  ) : null;
  // The empty state: no category has results.
  if (active === null)
    return (
      <>
        {note}
        <p className="ss__message ss__message--empty" role="status" part="empty">
          {notFound}
        </p>
      </>
    );
  const group = groups.find((candidate) => candidate.category === active);
  const message = panelMessage(group, notFound);
  const ordered = SEARCH_CATEGORIES.map(
    (category) => groups.find((candidate) => candidate.category === category) ?? { category, answer: null },
  );
  const topTitleId = `${tabsId}-top-title`;
  return (
    <>
      {note}
      {top ? (
        <div className="ss__top" part="top-result">
          <p className="ss__top-title" id={topTitleId}>
            {t('search:top_result')}
          </p>
          <SearchOptions
            ids={ids}
            listId={`${ids.listId}-top`}
            items={[top.item]}
            highlighted={highlighted}
            label={t('search:top_result')}
            optionKey={(item) => `top-${top.category}-${item.id}`}
            optionData={(item) => ({ 'data-id': String(item.id), 'data-category': top.category })}
            renderOption={(item) => (
              <SuggestionText item={item} category={top.category} words={words} t={t} kind={top.category} />
            )}
            onHighlight={onHighlight}
            onPick={onPick}
          />
        </div>
      ) : null}
      <Tabs
        id={tabsId}
        tabs={ordered.map((candidate) => ({ id: candidate.category, ttl: categoryTitle(candidate, t) }))}
        active={active}
        onSelect={(category) => onTab(category as SearchCategory)}
        label={t('search:results')}
        size="small"
        className="ss__tabs"
        controls={panelId}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tabsId, active)} className="ss__panel">
        {message ? (
          <p className={`ss__message ss__message--${message.kind}`} role="status" part={message.kind}>
            {message.text}
          </p>
        ) : (
          <SearchOptions
            ids={ids}
            items={group?.answer?.items ?? []}
            firstIndex={top ? 1 : 0}
            highlighted={highlighted}
            label={t(`search:tab_${active}`)}
            optionKey={(item) => `${active}-${item.id}`}
            optionData={(item) => ({ 'data-id': String(item.id), 'data-category': active })}
            renderOption={(item) => <SuggestionText item={item} category={active} words={words} t={t} />}
            onHighlight={onHighlight}
            onPick={onPick}
          />
        )}
      </div>
    </>
  );
}

/** A result: its name, tickers and ISIN with the searched words marked, and a status that is not the usual one. */
export function SuggestionText({
  item,
  category,
  words,
  t,
  kind,
}: {
  item: SearchSuggestion;
  category: SearchCategory;
  words: readonly string[];
  t: Translate;
  /** Says the result's category (the top result stands outside the tabs). */
  kind?: SearchCategory;
}) {
  const statusKey =
    category === 'companies'
      ? item.status > 1
        ? `search:emitent_status_${item.status}`
        : null
      : item.status === 2
        ? 'search:status_2'
        : null;
  const status = statusKey ? t(statusKey) : '';
  return (
    <>
      <span className="ss__name">
        <Highlight text={item.ttl} words={words} />
      </span>
      <span className="ss__meta">
        {kind ? <span className="ss__kind">{t(`search:tab_${kind}`)}</span> : null}
        {item.ticker.map((ticker) => (
          <span key={ticker} className="ss__ticker">
            <Highlight text={ticker} words={words} />
          </span>
        ))}
        {item.isin ? (
          <span className="ss__isin">
            <Highlight text={item.isin} words={words} />
          </span>
        ) : null}
        {status && !status.startsWith('{{') ? <span className="ss__status">{status}</span> : null}
      </span>
    </>
  );
}

function RecentSearches({
  ids,
  recent,
  highlighted,
  onHighlight,
  onPick,
  onClear,
  t,
}: {
  ids: SearchBoxIds;
  recent: string[];
  highlighted: number;
  onHighlight(index: number): void;
  onPick(index: number): void;
  onClear(): void;
  t: Translate;
}) {
  return (
    <div className="ss__recent" part="recent">
      <div className="ss__recent-head">
        <span className="ss__recent-title">{t('search:recent')}</span>
        <button type="button" className="ss__recent-clear" part="clear-recent" onClick={onClear}>
          {t('search:clear_recent')}
        </button>
      </div>
      <SearchOptions
        ids={ids}
        items={recent}
        highlighted={highlighted}
        label={t('search:recent')}
        optionKey={(term) => term}
        renderOption={(term) => <span className="ss__name">{term}</span>}
        onHighlight={onHighlight}
        onPick={onPick}
      />
    </div>
  );
}
