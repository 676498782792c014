import { useStore } from '@nanostores/react';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { isPaid } from '../../core/access.ts';
import { safeHref } from '../../contract/links.ts';
import { COMPARISON_SEARCH_URLS } from '../../contract/search.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { formatNumber } from '../../core/format.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR, readJsonBlock } from '../../core/page-data.ts';
import { $groundSwitching, switchGround } from '../../core/stores/ground.ts';
import { $lang } from '../../core/stores/lang.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { showArchiveInChart } from '../../core/stores/archive.ts';
import { periodWindow, type PeriodId } from '../../contract/period.ts';
import { $user } from '../../core/stores/user.ts';
import { DEFAULT_CHART_HEIGHT, PriceChart } from '../../widgets/chart/index.ts';
import { WarmPriceChart } from '../../widgets/chart/WarmChart.tsx';
import { Dialog } from '../../widgets/dialog/index.ts';
import { Dropdown } from '../../widgets/dropdown/index.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { MaskedHint } from '../../runtime/chrome/masked-hint.ts';
import { AccessPrompt } from '../../runtime/chrome/AccessPrompt.tsx';
import { PageDataMessage } from '../../runtime/chrome/PageDataMessage.tsx';
import { Tabs } from '../../widgets/tabs/index.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { CompareArea } from './CompareArea.tsx';
import type { DynamicSeries } from './DynamicTable.tsx';
import { PeriodControls } from './PeriodControls.tsx';
import { createStockChartStore, type StockChartState } from './stock-chart.store.ts';
import {
  buildChartView,
  chartModel,
  comparedLine,
  compareSearchUrls,
  isTodayAvailable,
  mainLine,
  type ComparedItem,
} from './stock-chart.utils.ts';
import { DEFAULT_ACCESS_URL, DEFAULT_LOGIN_URL, accessHref } from '../../runtime/chrome/access-links.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './stock-chart.css?inline';

// Parts a first view does not need load when first used (the chart's own bundle stays small); the
// archive view and the compare field are other elements, whose code loads by their tags.
const ArchiveView = lazy(() => import('./ArchiveView.tsx').then((m) => ({ default: m.ArchiveView })));
const DynamicTable = lazy(() => import('./DynamicTable.tsx').then((m) => ({ default: m.DynamicTable })));
const CompareField = lazy(() => import('./CompareField.tsx').then((m) => ({ default: m.CompareField })));
const WatchlistDialog = lazy(() =>
  import('./WatchlistDialog.tsx').then((m) => ({ default: m.WatchlistDialog })),
);

/**
 * The price chart of the stock page (SPEC §2, §4 "Stock chart"): period tabs and dates, the chart,
 * dynamic-table and archive views, the extended OHLC + volume chart, comparison with up to 10
 * stocks and 10 indexes, the watchlist dialog, the Excel export and the trading-ground switch.
 */
export interface StockChartProps {
  /**
   * CSS selector of the page-data block to read; default `#fin-page-data` (which follows the shared
   * ground). The chart period belongs to the block: a `<fin-archive-table>` with the same
   * `page-data` follows this chart's period.
   */
  pageData?: string;
  /** Where the "log in" prompts link to; default `/login/`. */
  loginUrl?: string;
  /** Where the "get access" links go (SPEC §2: /profile/access/). */
  accessUrl?: string;
  /** Chart height in px; default 650 (SPEC §9). */
  height?: number;
}

const VIEW_CHART = 0;
const VIEW_DYNAMIC = 1;
const VIEW_ARCHIVE = 2;
const EXTENDED_TAB = 'extended';
type View = typeof VIEW_CHART | typeof VIEW_DYNAMIC | typeof VIEW_ARCHIVE;

const LOGIN_PROMPTS: Record<NonNullable<StockChartState['loginPrompt']>, string> = {
  compare: 'compare:need_to_log_in',
  export: 'common:login_to_export',
  watchlist: 'market:watchlist_login_prompt',
};

function pageCompareUrls(selector: string): Record<string, string> {
  let raw: unknown = null;
  try {
    raw = (readJsonBlock(selector) as { comparisonSearchUrls?: unknown }).comparisonSearchUrls;
  } catch {
    // No block or a broken one (reported by the page-data store): the portal's URLs.
  }
  return compareSearchUrls(raw, COMPARISON_SEARCH_URLS);
}

function compareDetail(compared: readonly ComparedItem[]) {
  return {
    stocks: compared
      .filter((item) => item.entity.model === 'stock')
      .map((item) => ({ stockId: item.entity.id, tgId: item.entity.tgId as number })),
    indexes: compared.filter((item) => item.entity.model === 'index').map((item) => item.entity.id),
  };
}

/** Starts a download the way a click on a link would (SPEC §5 auto-click export). */
function startDownload(url: string): void {
  const href = safeHref(url);
  if (href === null) return;
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  link.click();
}

export function StockChart({
  pageData = DEFAULT_PAGE_DATA_SELECTOR,
  loginUrl = DEFAULT_LOGIN_URL,
  accessUrl = DEFAULT_ACCESS_URL,
  height = DEFAULT_CHART_HEIGHT,
}: StockChartProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('chart', 'compare', 'market', 'archive', 'common', 'widgets');
  const { emit, setHidden } = useHost();
  const page = useStore(stockPageStore(pageData));
  const store = useMemo(() => createStockChartStore({ pageData }), [pageData]);
  useEffect(() => store.start(), [store]);
  const state = useStore(store.$state);
  const ctx = useStore(store.$context);
  // The period and the archive of this chart's page-data block (the archive view loads its
  // component when first shown; its store is the block's, so the export knows its row count).
  const period = useStore(store.$period);
  const movedPeriod = useStore(store.$movedPeriod);
  const user = useStore($user);
  const lang = useStore($lang);
  const switching = useStore($groundSwitching);
  const archive = useStore(store.$archive);
  const [view, setView] = useState<View>(VIEW_CHART);
  // The compare button, where the focus comes back to when the compare field closes; and whether
  // the user has just opened the field (its search input then takes the focus).
  const compareButton = useRef<HTMLButtonElement>(null);
  const [focusCompareField, setFocusCompareField] = useState(false);
  const compareUrls = useMemo(() => pageCompareUrls(pageData), [pageData]);

  useEffect(() => {
    setHidden(ctx?.hideGraph === true);
  }, [ctx?.hideGraph, setHidden]);
  // The Archive view shows the block's archive: the page's own table of it steps aside meanwhile.
  const showsArchive = view === VIEW_ARCHIVE && ctx !== null && !ctx.hideGraph;
  useEffect(() => (showsArchive ? showArchiveInChart(pageData) : undefined), [showsArchive, pageData]);

  const model = useMemo(
    () =>
      chartModel(
        state.main ? mainLine(state.main, state.mainVisible) : null,
        state.compared.map(comparedLine),
      ),
    [state.main, state.mainVisible, state.compared],
  );
  const millionsSuffix = t('chart:millions');
  const chartView = useMemo(
    () =>
      buildChartView({
        mode: state.mode,
        main: state.main,
        extended: state.extended,
        model,
        user,
        lang,
        millionsSuffix,
      }),
    [state.mode, state.main, state.extended, model, user, lang, millionsSuffix],
  );
  const dynamicSeries = useMemo<DynamicSeries[]>(() => {
    const names = new Map(model.legend.map((item) => [item.key, item.seriesName]));
    const main = model.legend[0];
    return [
      ...(state.main && main
        ? [
            {
              key: main.key,
              name: main.seriesName,
              data: state.main.data,
              masked: state.main.scaled === true,
            },
          ]
        : []),
      ...state.compared
        .filter((item) => item.data && item.data.length > 0)
        .map((item) => ({
          key: item.key,
          name: names.get(item.key) ?? item.entity.name,
          data: item.data!,
          masked: false,
        })),
    ];
  }, [state.main, state.compared, model.legend]);

  if (page.status === 'error' || page.status === 'missing') {
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  }
  if (!ready || !ctx)
    return (
      <>
        <ElementMessage kind="loading">{ready ? t('common:loading') : '…'}</ElementMessage>
        {/* The chart is built while the labels and the first tradings are on the way; PriceChart takes it over. */}
        <WarmPriceChart height={height} />
      </>
    );
  if (ctx.hideGraph) return null;

  const paid = isPaid(user);
  const free = user.userAuth && !paid;
  const extended = state.mode === 'extended';
  const todayAvailable = isTodayAvailable(ctx.groundId, state.noIntraday, extended);
  const loading = state.status === 'loading' || switching;
  const comparing = model.compare;

  // fin-period-change only for a real change (a click on the selected tab changes nothing).
  const onPeriod = (id: PeriodId) => {
    if (!period || !store.selectPeriod(id)) return;
    emit('fin-period-change', { id, ...periodWindow(id, period.lastDate) });
  };
  const onDates = (from: string, to: string, moved: 'from' | 'to') => {
    const result = store.setDates(from, to, moved);
    if (result.ok && result.changed)
      emit('fin-period-change', { id: null, from: result.period.from, to: result.period.to });
    return result;
  };
  const onView = (id: string | number) => {
    if (id === EXTENDED_TAB) {
      if (!store.setMode('extended')) return;
      setView(VIEW_CHART);
      emit('fin-view-change', { view: VIEW_CHART, extended: true });
      return;
    }
    if (extended) store.setMode('line');
    setFocusCompareField(false);
    setView(id as View);
    emit('fin-view-change', { view: id as number, extended: false });
  };
  const announceCompare = () => emit('fin-compare-change', compareDetail(store.$state.get().compared));
  const onCompare = (item: CompareSearchItem) => {
    if (store.addCompare(item)) announceCompare();
  };
  const onRemove = (key: string) => {
    store.removeCompare(key);
    announceCompare();
  };
  const onToggleCompare = () => {
    store.toggleCompare();
    setFocusCompareField(store.$state.get().compareOpen);
  };
  // The toolbar's cancel goes away with the comparison: the focus goes to the compare button.
  const onCancelCompare = () => {
    if (store.cancelCompare()) announceCompare();
    compareButton.current?.focus();
  };
  // Escape the search field did not use (its list is closed) closes the field, back to the button.
  const onCompareKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !store.$state.get().compareOpen) return;
    event.preventDefault();
    store.toggleCompare();
    setFocusCompareField(false);
    compareButton.current?.focus();
  };
  // SPEC §4: the compare field's clear cancels the comparison (the field stays open).
  const onClearCompareField = () => {
    if (store.cancelCompare({ closeField: false })) announceCompare();
  };
  const onExport = () => {
    const decision = store.exportExcel();
    if (decision?.kind === 'download' && decision.auto) startDownload(decision.url);
  };

  const viewTabs = [
    { id: VIEW_CHART, ttl: t('chart:view_chart') },
    { id: VIEW_DYNAMIC, ttl: t('chart:view_dynamic') },
    { id: VIEW_ARCHIVE, ttl: t('chart:view_archive') },
    // SPEC §6: the extended chart is not shown to free users (anonymous ones get it empty).
    { id: EXTENDED_TAB, ttl: t('chart:view_extended'), hidden: free },
  ];
  const name = page.status === 'ok' ? page.data.stockInfo.stock_full_name : '';

  return (
    <section className="sc" part="block" aria-label={t('chart:chart_title').replace('{name}', name)}>
      <header className="sc__head">
        <PeriodControls
          period={period}
          todayAvailable={todayAvailable}
          disabled={!period}
          lang={lang}
          onSelect={onPeriod}
          onDates={onDates}
          movedPeriod={movedPeriod}
          t={t}
        />
        {pageData === DEFAULT_PAGE_DATA_SELECTOR && ctx.tradingGrounds.length > 1 ? (
          <div className="sc__ground" part="ground">
            <Dropdown
              options={ctx.tradingGrounds.map((ground) => ({ id: ground.id, text: ground.text }))}
              value={ctx.groundId}
              onChange={(id) => void switchGround(Number(id))}
              label={t('market:trading_ground')}
              disabled={switching}
            />
          </div>
        ) : null}
      </header>

      <div className="sc__toolbar">
        <Tabs
          tabs={viewTabs}
          active={extended ? EXTENDED_TAB : view}
          onSelect={onView}
          label={t('chart:view_label')}
          size="small"
          className="sc__views"
        />
        <div className="sc__actions" part="actions">
          {!extended && view === VIEW_CHART ? (
            <button
              ref={compareButton}
              type="button"
              className="sc__button"
              part="button compare-button"
              aria-expanded={paid ? state.compareOpen : undefined}
              data-action="compare"
              onClick={onToggleCompare}
            >
              {t('compare:compare')}
            </button>
          ) : null}
          {comparing && !extended ? (
            <button
              type="button"
              className="sc__button"
              part="button"
              data-action="cancel-compare"
              onClick={onCancelCompare}
            >
              {t('compare:cancel')}
            </button>
          ) : null}
          {/*
            Watchlist and export: in the toolbar on wide screens; on a phone behind one "more"
            button (stock-chart.css), so the controls leave the screen to the chart.
          */}
          <MoreActions label={t('chart:more_actions')}>
            <button
              type="button"
              className="sc__button"
              part="button"
              data-action="watchlist"
              onClick={store.openWatchlist}
            >
              {t('chart:watchlist_add')}
            </button>
            {ctx.archiveExportLink ? (
              <button
                type="button"
                className="sc__button"
                part="button"
                data-action="export"
                // The export is decided on the archive's row count (SPEC §5): it waits for the
                // archive, and says it is waiting rather than only greying out.
                disabled={archive.status === 'loading'}
                aria-busy={archive.status === 'loading' || undefined}
                onClick={onExport}
              >
                {t('common:export_excel')}
              </button>
            ) : null}
          </MoreActions>
        </div>
      </div>

      {state.compareOpen && paid && !extended && view === VIEW_CHART ? (
        <div className="sc__compare" part="compare" onKeyDown={onCompareKeyDown}>
          <CompareArea label={t('compare:placeholder')} focusInput={focusCompareField}>
            {(onInput) => (
              <Suspense fallback={null}>
                <CompareField
                  urls={compareUrls}
                  pageData={pageData}
                  loginUrl={loginUrl}
                  accessUrl={accessUrl}
                  onCompare={onCompare}
                  onCancel={onClearCompareField}
                  onInput={onInput}
                />
              </Suspense>
            )}
          </CompareArea>
        </div>
      ) : null}

      <div className="sc__body" aria-busy={loading || undefined} data-status={state.status}>
        {/*
          Prompts float over the top of the view instead of pushing it down: the chart and the
          controls stay where the visitor is looking when one appears. Alerts go to the page's
          message queue (store.alert).
        */}
        <div className="sc__notices">
          {state.loginPrompt ? (
            <div className="sc__prompt" part="prompt" data-prompt={state.loginPrompt}>
              <AccessPrompt
                need="need_auth"
                action={t(LOGIN_PROMPTS[state.loginPrompt])}
                loginUrl={loginUrl}
              />
              <CloseButton label={t('widgets:close')} onClick={store.closeLoginPrompt} />
            </div>
          ) : null}
          {state.exportLink ? (
            <p className="sc__prompt" part="prompt" role="status" data-prompt="export-link">
              <span>
                {t('chart:export_large').replace('{total}', formatNumber(state.exportLink.total, 0))}{' '}
                <a
                  href={safeHref(state.exportLink.url) ?? undefined}
                  download
                  onClick={store.closeExportLink}
                >
                  {t('chart:export_download')}
                </a>
              </span>
              <CloseButton label={t('widgets:close')} onClick={store.closeExportLink} />
            </p>
          ) : null}
        </div>
        {/*
          The chart stays mounted while another view shows (hidden, at its size): one amCharts
          Root for the element's life, updated in place, and no blank rebuild on coming back.
        */}
        <div className={view === VIEW_CHART ? 'sc__plot' : 'sc__plot sc__plot--hidden'}>
          <div
            className="sc__chart"
            // What the chart was given, for tests and integrators (the canvas cannot be queried).
            data-mode={state.mode}
            data-compare={comparing || undefined}
            data-value-axis={chartView.valueAxis}
            data-tooltip={chartView.tooltip}
            data-flags={chartView.flags?.length ?? 0}
            data-series={chartView.series.length}
            data-view-points={
              chartView.mode === 'ohlc'
                ? (chartView.ohlc?.bars.length ?? 0) + (chartView.ohlc?.volume.length ?? 0)
                : chartView.series.reduce((sum, series) => sum + series.data.length, 0)
            }
          >
            <PriceChart
              view={chartView}
              height={height}
              ariaLabel={t('chart:chart_title').replace('{name}', name)}
            />
            <ChartOverlay
              state={state}
              empty={extended ? chartView.ohlc?.bars.length === 0 : model.lines.length === 0}
              anonymous={!user.userAuth}
              loginUrl={loginUrl}
              onRetry={store.retry}
              t={t}
            />
          </div>
          {!extended ? (
            <ChartLegend items={model.legend} onToggle={store.toggleVisible} onRemove={onRemove} t={t} />
          ) : null}
          {!extended && !paid ? (
            // SPEC §6: no price axis without paid access; the chart says why, from its first paint.
            <AccessPrompt
              className="sc__axis-note"
              still
              need={user.userAuth ? 'need_get_access' : 'need_auth'}
              action={t(user.userAuth ? 'common:access_to_see_prices' : 'common:login_to_see_prices')}
              loginUrl={loginUrl}
              accessUrl={accessUrl}
            />
          ) : null}
        </div>
        {view === VIEW_DYNAMIC ? (
          loading ? (
            <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>
          ) : (
            <Suspense fallback={<ElementMessage kind="loading">{t('common:loading')}</ElementMessage>}>
              <DynamicTable series={dynamicSeries} intraday={state.main?.intraday === true} t={t} />
              <MaskedHint
                texts={{
                  auth: t('archive:masked_hint_auth'),
                  paid: t('archive:masked_hint_paid'),
                  login: t('common:login'),
                  getAccess: t('archive:get_access'),
                }}
                loginUrl={loginUrl}
                accessUrl={accessUrl}
              />
            </Suspense>
          )
        ) : view === VIEW_ARCHIVE ? (
          <Suspense fallback={<ElementMessage kind="loading">{t('common:loading')}</ElementMessage>}>
            <ArchiveView
              pageData={pageData}
              loginUrl={loginUrl}
              accessUrl={accessUrl}
              loadingText={t('common:loading')}
            />
          </Suspense>
        ) : null}
      </div>

      <Dialog
        open={state.dialog === 'access'}
        onClose={store.closeDialog}
        title={t('chart:access_title')}
        closeLabel={t('widgets:close')}
      >
        <p>{t('chart:access_text')}</p>
        <p>
          <a href={accessHref(accessUrl)} part="access-link">
            {t('chart:get_access')}
          </a>
        </p>
      </Dialog>
      {state.dialog === 'watchlist' ? (
        <Suspense fallback={null}>
          <WatchlistDialog
            open
            stockId={ctx.stockId}
            grounds={ctx.tradingGrounds}
            onClose={store.closeDialog}
            onSaved={() => {
              store.closeDialog();
              store.alert('chart:watchlist_saved');
            }}
            t={t}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * Actions that a phone shows behind one disclosure button: its list opens below it; Escape,
 * a pick or a click elsewhere closes it (the focus comes back to the button after Escape). On a
 * wide screen the button is not shown and the actions stand in the toolbar (`display: contents`).
 */
function MoreActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <div
      className={open ? 'sc__more sc__more--open' : 'sc__more'}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="sc__button sc__more-toggle"
        part="button more-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        title={label}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 16 4" width="16" height="4" aria-hidden="true" focusable="false">
          <circle cx="2" cy="2" r="1.6" fill="currentColor" />
          <circle cx="8" cy="2" r="1.6" fill="currentColor" />
          <circle cx="14" cy="2" r="1.6" fill="currentColor" />
        </svg>
      </button>
      <div
        id={id}
        className="sc__more-items"
        part="more"
        onClick={() => {
          // A pick closes the list; on a phone the focus goes back to the button (the picked one
          // is out of sight); on a wide screen the button is not shown and the focus stays.
          setOpen(false);
          if (open) toggle.current?.focus();
        }}
      >
        {children}
      </div>
    </div>
  );
}

function CloseButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="sc__close" aria-label={label} title={label} onClick={onClick}>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
        <path d="M2 2l8 8M10 2L2 10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** Over the chart: loading, a failed load (with retry), no data, or the extended chart's log-in prompt. */
function ChartOverlay({
  state,
  empty,
  anonymous,
  loginUrl,
  onRetry,
  t,
}: {
  state: StockChartState;
  empty: boolean;
  anonymous: boolean;
  loginUrl: string;
  onRetry(): void;
  t: Translate;
}) {
  let content = null;
  if (state.status === 'loading' || state.status === 'idle') {
    content = <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>;
  } else if (state.status === 'error') {
    const message = state.error?.kind === 'timeout' ? t('common:error_timeout') : t('common:error_load');
    content = (
      <ElementMessage kind="error" onRetry={onRetry} retryLabel={t('common:retry')}>
        {message}
      </ElementMessage>
    );
  } else if (empty && state.mode === 'extended' && anonymous) {
    // SPEC §6: the extended chart has empty series for anonymous visitors.
    content = (
      <div className="sc__empty" data-empty="need_auth">
        <AccessPrompt need="need_auth" action={t('chart:extended_need_auth')} loginUrl={loginUrl} still />
      </div>
    );
  } else if (empty) {
    content = (
      <p className="sc__empty" data-empty="no_graph_data">
        {t('chart:no_graph_data')}
      </p>
    );
  }
  if (!content) return null;
  return (
    <div className="sc__overlay" part="overlay">
      {content}
    </div>
  );
}
