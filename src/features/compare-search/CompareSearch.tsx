import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { accessPrompt } from '../../core/access.ts';
import { COMPARISON_SEARCH_URLS } from '../../contract/search.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { $user } from '../../core/stores/user.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { Tabs } from '../../widgets/tabs/index.ts';
import {
  Highlight,
  SearchBox,
  SearchOptions,
  searchWords,
  useSearchBoxIds,
  type SearchBoxIds,
} from '../../widgets/search-box/index.ts';
import { createCompareSearchStore, type CompareSearchStore } from './compare-search.store.ts';
import {
  NAV_PER_SHARE,
  pageComparisonSearchUrls,
  toCompareItem,
  validSearchUrls,
  type CompareSearchGroup,
  type CompareSearchResult,
} from './compare-search.utils.ts';
import { accessHref, loginHref } from '../../runtime/chrome/access-links.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './compare-search.css?inline';

/**
 * The instrument search box of the comparison (SPEC §4 "Comparison search"): type at least three
 * characters, pick a stock, index, ETF or bond, and the page compares it.
 */
export interface CompareSearchProps {
  /**
   * Search URLs by kind (stocks, indexes, etf, bonds …), each with `%term%`; results of several
   * URLs show in tabs. Default: the page data's `comparisonSearchUrls`, else the portal's four.
   */
  urls?: Record<string, string>;
  /** Configured result types: with any, every pick is a compare (not only results with a trading ground). */
  types?: string[];
  /** Placeholder of the input; default the `compare:placeholder` label. */
  placeholder?: string;
  /** Where the "log in" prompt links to; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" prompt links to; default `/profile/access/`. */
  accessUrl?: string;
  /** CSS selector of the page-data block that may carry `comparisonSearchUrls`; default `#fin-page-data`. */
  pageData?: string;
  /** A result with a trading ground (or any result, with `types`) was picked. */
  onCompare?(item: CompareSearchItem): void;
  /** A result without a trading ground was picked (and no `types` are configured). */
  onSelect?(item: CompareSearchItem): void;
  /** The clear button was pressed. */
  onCancel?(): void;
}

/** SPEC §6 defaults of the gate texts, for a label that is not there. */
const GATE_DEFAULTS = {
  'compare:need_to_log_in': 'need to log in',
  'compare:need_to_get_access': 'need to get access',
} as const;

/** SPEC §6: anonymous visitors get a log-in prompt, free users an access link, paid users the box. */
export function CompareSearch(props: CompareSearchProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('compare', 'search', 'common');
  const access = accessPrompt(useStore($user));
  if (access === 'granted') return <CompareSearchBox {...props} t={t} />;
  const key = access === 'need_auth' ? 'compare:need_to_log_in' : 'compare:need_to_get_access';
  const label = t(key);
  const text = !ready ? '…' : label.startsWith('{{') ? GATE_DEFAULTS[key] : label;
  return (
    <p className={`cs-gate cs-gate--${access}`} part="gate" data-access={access}>
      <a href={access === 'need_auth' ? loginHref(props.loginUrl) : accessHref(props.accessUrl)}>{text}</a>
    </p>
  );
}

/** The custom element's component: the box with its picks announced as `fin-compare*` events. */
export function CompareSearchElement(props: Omit<CompareSearchProps, 'onCompare' | 'onSelect' | 'onCancel'>) {
  const { emit } = useHost();
  return (
    <CompareSearch
      {...props}
      onCompare={(item) => emit('fin-compare', { item })}
      onSelect={(item) => emit('fin-compare-select', { item })}
      onCancel={() => emit('fin-compare-cancel', {})}
    />
  );
}

function useSearchUrls(
  urls: unknown,
  pageData: string,
): { urls: Record<string, string> } | { error: string } {
  const fromPage = useMemo(() => pageComparisonSearchUrls(pageData), [pageData]);
  return useMemo(() => {
    if (urls === undefined || urls === null) return { urls: fromPage ?? { ...COMPARISON_SEARCH_URLS } };
    const checked = validSearchUrls(urls);
    return typeof checked === 'string' ? { error: checked } : { urls: checked };
  }, [urls, fromPage]);
}

function CompareSearchBox({
  urls,
  types,
  placeholder,
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  onCompare,
  onSelect,
  onCancel,
  t,
}: CompareSearchProps & { t: Translate }) {
  const searchUrls = useSearchUrls(urls, pageData);
  const store = useMemo(() => createCompareSearchStore(), []);
  useEffect(() => store.setUrls('urls' in searchUrls ? searchUrls.urls : {}), [store, searchUrls]);
  useEffect(() => store.dispose, [store]);

  if ('error' in searchUrls) return <ElementMessage kind="error">{searchUrls.error}</ElementMessage>;
  return (
    <SearchField
      store={store}
      kinds={Object.keys(searchUrls.urls)}
      types={types}
      placeholder={placeholder}
      onCompare={onCompare}
      onSelect={onSelect}
      onCancel={onCancel}
      t={t}
    />
  );
}

interface SearchFieldProps extends Pick<
  CompareSearchProps,
  'types' | 'placeholder' | 'onCompare' | 'onSelect' | 'onCancel'
> {
  store: CompareSearchStore;
  kinds: string[];
  t: Translate;
}

function SearchField({
  store,
  kinds,
  types,
  placeholder,
  onCompare,
  onSelect,
  onCancel,
  t,
}: SearchFieldProps) {
  const state = useStore(store.$state);
  const input = useRef<HTMLInputElement>(null);
  const ids = useSearchBoxIds();
  const activeGroup = state.groups.find((group) => group.kind === state.active) ?? null;
  const expanded = state.open && activeGroup !== null;
  const words = useMemo(
    () => searchWords([state.selected ? null : state.term]),
    [state.term, state.selected],
  );

  const pick = (index: number) => {
    const choice = store.choose(index, types);
    if (!choice) return false;
    const item = toCompareItem(choice.result);
    if (choice.event === 'compare') onCompare?.(item);
    else onSelect?.(item);
    return true;
  };

  const clear = () => {
    store.clear();
    onCancel?.();
    input.current?.focus();
  };

  const label = placeholder ?? t('compare:placeholder');
  return (
    <SearchBox
      className="cs"
      ids={ids}
      inputRef={input}
      term={state.term}
      popupOpen={expanded}
      listShown={expanded && activeGroup.results.length > 0}
      highlighted={state.highlighted}
      busy={state.status === 'loading'}
      label={label}
      clearLabel={t('search:clear')}
      busyLabel={t('common:loading')}
      showClear={state.selected !== null}
      onInput={store.input}
      onMove={store.move}
      onEdge={store.moveTo}
      onEnter={() => expanded && state.highlighted >= 0 && pick(state.highlighted)}
      // Escape closes the list; with the list closed it is left to the page: the stock chart's
      // compare field closes on it (a pick stays compared, so no clearing and no cancel here).
      onEscape={() => store.escape({ clear: false }) !== 'none'}
      onOpen={() => store.setOpen(true)}
      onClose={() => store.setOpen(false)}
      onClear={clear}
    >
      {kinds.length > 1 ? (
        <Tabs
          tabs={state.groups.map((group) => ({ id: group.kind, ttl: tabTitle(group, t) }))}
          active={state.active}
          onSelect={(kind) => store.selectTab(String(kind))}
          label={t('compare:results')}
          size="small"
        />
      ) : null}
      <GroupBody
        group={activeGroup}
        ids={ids}
        highlighted={state.highlighted}
        words={words}
        onHighlight={store.highlight}
        onPick={pick}
        t={t}
      />
    </SearchBox>
  );
}

/** Tab titles: the kind's label (an integrator's own kind shows as is) and its number of results. */
function kindLabel(kind: string, t: Translate): string {
  const text = t(`search:tab_${kind}`);
  return text.startsWith('{{') && !(kind in COMPARISON_SEARCH_URLS) ? kind : text;
}

function tabTitle(group: CompareSearchGroup, t: Translate): string {
  return group.outcome === 'ok' || group.outcome === 'empty'
    ? `${kindLabel(group.kind, t)} (${group.results.length})`
    : kindLabel(group.kind, t);
}

function GroupBody({
  group,
  ids,
  highlighted,
  words,
  onHighlight,
  onPick,
  t,
}: {
  group: CompareSearchGroup | null;
  ids: SearchBoxIds;
  highlighted: number;
  words: readonly string[];
  onHighlight: (index: number) => void;
  onPick: (index: number) => void;
  t: Translate;
}) {
  if (!group) return null;
  if (group.outcome === 'tooMany')
    return <p className="cs__note cs__note--too-many">{t('search:tooManyResults')}</p>;
  if (group.outcome === 'error') return <p className="cs__note cs__note--error">{t('common:error_load')}</p>;
  const count = (
    <p className="cs__count" data-count={group.results.length}>
      {t('search:matches_count').replace('{count}', String(group.results.length))}
    </p>
  );
  if (group.results.length === 0) return count;
  return (
    <>
      {count}
      <SearchOptions
        ids={ids}
        items={group.results}
        highlighted={highlighted}
        label={kindLabel(group.kind, t)}
        optionKey={(result) => `${result.type}-${result.emissionId}-${result.tradingGroundsId ?? 0}`}
        optionData={(result) => ({
          'data-emission-id': String(result.emissionId),
          'data-ground-id': String(result.tradingGroundsId ?? ''),
          'data-type': result.type,
        })}
        renderOption={(result) => <ResultText result={result} words={words} t={t} />}
        onHighlight={onHighlight}
        onPick={onPick}
      />
    </>
  );
}

function ResultText({
  result,
  words,
  t,
}: {
  result: CompareSearchResult;
  words: readonly string[];
  t: Translate;
}) {
  return (
    <>
      <span className="cs__name">
        <Highlight text={result.emissionName} words={words} />
        {result.type === NAV_PER_SHARE ? (
          <span className="cs__badge"> {t('compare:nav_per_share')}</span>
        ) : null}
      </span>
      <span className="cs__meta">
        {result.ticker ? <Highlight text={result.ticker} words={words} /> : null}
        {result.tradingGroundsName ? <span className="cs__ground">{result.tradingGroundsName}</span> : null}
        {/* A bond's ticker is its ISIN: show it once. */}
        {result.isin && result.isin !== result.ticker ? <Highlight text={result.isin} words={words} /> : null}
      </span>
    </>
  );
}
