/**
 * The state of one `<fin-stock-chart>` (SPEC §4 "Stock chart"): what the chart shows for the
 * stock of its page-data block, the trading ground and the block's period; the compared stocks
 * and indexes with their colours; the 206 retry; Today availability; the extended view; alerts
 * and prompts.
 *
 * It follows the stores of its page-data block itself (the block's page data and period, and for
 * the page's main block the shared `$ground`; `$user`), so a ground switch (which sets the page
 * data, the period and the ground one after the other) gives one load. An instrument with its own
 * block has its own period: two charts with different last dates never reset each other's.
 * Series are kept for the current window only: a new window clears them and loads again.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { accessPrompt, isPaid } from '../../core/access.ts';
import { ApiError } from '../../core/api/client.ts';
import { fetchIndexCompareGraphicData, fetchIndexGraphicData } from '../../core/api/indexes.ts';
import { INTRADAY_PERIOD_ID } from '../../contract/period.ts';
import type { IndexGraphPoint } from '../../contract/indexes.ts';
import { logGlobalAction } from '../../core/api/profile.ts';
import { archiveExportUrl, fetchTradings } from '../../core/api/stocks.ts';
import type { ChartPoint, TradingField, TradingSeries } from '../../contract/stocks.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { parseDisplayDate } from '../../contract/calendar.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { $ground } from '../../core/stores/ground.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { DEFAULT_PERIOD_ID, type ChartPeriod, type PeriodId } from '../../contract/period.ts';
import {
  initPeriod,
  periodStore,
  selectPeriod as selectBlockPeriod,
  setPeriodDates,
  type PeriodDatesResult,
} from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import type { StockPageData, TradingGround, UserGlobals } from '../../contract/types.ts';
import { archiveOf, type ArchiveState } from '../../core/stores/archive.ts';
import { allocateColor } from '../../contract/palette.ts';
import {
  ALERT_MS,
  calendarToday,
  compareLimitAlert,
  entityKey,
  excelExportDecision,
  EXTENDED_FIELDS,
  isTodayAvailable,
  isTodayPeriod,
  retryWindow,
  type ChartEntity,
  type ComparedItem,
  type ExcelExportDecision,
} from './stock-chart.utils.ts';

/** The tradings link when the page data names none (the reference server's). */
export const DEFAULT_TRADINGS_LINK = '/api/stocks/get_tradings/';
/** SPEC §7: logged once, on the first index compare. */
export const INDEX_COMPARE_ACTION_ID = 313;

export type ChartMode = 'line' | 'extended';

/** What the element needs from its page: the stock, the ground it shows, the user. */
export interface StockChartContext {
  stockId: number;
  groundId: number;
  stringId: string;
  tradingGrounds: TradingGround[];
  tradingsLink: string;
  archiveExportLink: string | null;
  excelExportAccess: boolean;
  /** DD.MM.YYYY: the stock's last trading date on this ground (page data excelDefaultEnd). */
  lastDate: string;
  hideGraph: boolean;
  /** Page data intradayAvailable: false hides Today up front; null when the page does not say. */
  intradayAvailable: boolean | null;
  user: UserGlobals;
}

export interface StockChartState {
  /** Of the main data of the view (the main stock's line, or the extended series). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the last load failed (logged; the element offers a retry). */
  error: ApiError | null;
  mode: ChartMode;
  /** The main stock's close series of the current window (line mode). */
  main: TradingSeries | null;
  /** Extended view: the main stock's open/high/low/close/volume series of the current window. */
  extended: TradingSeries[] | null;
  compared: ComparedItem[];
  mainVisible: boolean;
  /** The compare field is shown. */
  compareOpen: boolean;
  /** No intraday data for this stock and ground: the Today tab is hidden (SPEC §4). */
  noIntraday: boolean;
  /** The window the shown data is for, DD.MM.YYYY. */
  from: string | null;
  to: string | null;
  /** A log-in prompt for a feature an anonymous visitor tried. */
  loginPrompt: 'compare' | 'export' | 'watchlist' | null;
  /** The open dialog: the access-upgrade dialog (free users) or the watchlist. */
  dialog: 'access' | 'watchlist' | null;
  /** An export above the auto-export limit: the link the user clicks after the notice. */
  exportLink: { url: string; total: number } | null;
}

export interface ChartAlert {
  /** A label key, e.g. `compare:max_stocks_in_compare`. */
  key: string;
  id: number;
}

const INITIAL: StockChartState = {
  status: 'idle',
  error: null,
  mode: 'line',
  main: null,
  extended: null,
  compared: [],
  mainVisible: true,
  compareOpen: false,
  noIntraday: false,
  from: null,
  to: null,
  loginPrompt: null,
  dialog: null,
  exportLink: null,
};

/** The element's context from the page data, the shared ground and the user; null without page data. */
export function chartContext(
  page: StockPageData | null,
  sharedGround: number | null,
  followsSharedGround: boolean,
  user: UserGlobals,
): StockChartContext | null {
  if (!page) return null;
  const shared =
    followsSharedGround && sharedGround !== null && page.tradingGrounds.some((g) => g.id === sharedGround)
      ? sharedGround
      : null;
  return {
    stockId: page.stockId,
    groundId: shared ?? page.groundId,
    stringId: page.stringId,
    tradingGrounds: page.tradingGrounds,
    tradingsLink: page.tradingsLink || DEFAULT_TRADINGS_LINK,
    archiveExportLink: page.archiveExportLink || null,
    excelExportAccess: page.excelExportAccess,
    lastDate: page.excelDefaultEnd,
    hideGraph: page.hideGraph,
    intradayAvailable: page.intradayAvailable ?? null,
    user,
  };
}

function indexPoints(points: readonly IndexGraphPoint[]): ChartPoint[] {
  // Index points carry Unix seconds (SPEC §3 "Chart point"); the chart works in ms.
  return points.map((point) => [point['date.numeric'] * 1000, point.value]);
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('json', '', (error as Error).message);
}

function isAborted(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'aborted';
}

export interface StockChartStoreOptions {
  /** CSS selector of the page-data block; default `#fin-page-data` (which follows the shared ground). */
  pageData?: string;
}

export function createStockChartStore(options: StockChartStoreOptions = {}) {
  const selector = options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const followsSharedGround = selector === DEFAULT_PAGE_DATA_SELECTOR;
  const $page = stockPageStore(selector);
  const $period = periodStore(selector);
  /** The archive of the same block: its total decides the Excel export (SPEC §5). */
  const $archive = archiveOf({ pageData: selector }).$state;
  const selectBlockPeriodId = (id: PeriodId) => selectBlockPeriod(id, selector);
  const $state = atom<StockChartState>(INITIAL);
  const $context = atom<StockChartContext | null>(null);
  const $alert = atom<ChartAlert | null>(null);

  let alertTimer: ReturnType<typeof setTimeout> | undefined;
  let alertSeq = 0;
  /** The window the series in the state belong to; a new one aborts every load of the old. */
  let windowKey: string | null = null;
  let controller = new AbortController();
  /** Loads in flight for the current window: 'main', 'extended' or an item key. */
  const inflight = new Set<string>();
  /** Stock/ground pairs found without intraday data. */
  const noIntraday = new Set<string>();
  /**
   * The window a 206 sent the chart to: the next load of the main data for it is the retry
   * (getChartIteration 2), and a 206 on the retry ends the chain (SPEC §4: retry once). Kept per
   * request chain, not per window change: the window of the retry may be the one just asked for.
   */
  let pendingRetry: { from: string; to: string } | null = null;
  /** The next load follows a period the user picked (sent as userChangePeriod). */
  let userChangedPeriod = false;
  let indexCompareLogged = false;
  let scheduled = false;
  let started = 0;
  let stops: Array<() => void> = [];

  const update = (patch: Partial<StockChartState>) => $state.set({ ...$state.get(), ...patch });
  const groundKey = (ctx: StockChartContext) => `${ctx.stockId}/${ctx.groundId}`;
  const mainKey = (ctx: StockChartContext) =>
    entityKey({ model: 'stock', id: ctx.stockId, tgId: ctx.groundId });

  // -------------------------------------------------------------------------------------------
  // Alerts (SPEC §9: they hide after 3 s)

  function alert(key: string): void {
    clearTimeout(alertTimer);
    const id = ++alertSeq;
    $alert.set({ key, id });
    alertTimer = setTimeout(() => {
      if ($alert.get()?.id === id) $alert.set(null);
    }, ALERT_MS);
  }

  function dismissAlert(): void {
    clearTimeout(alertTimer);
    $alert.set(null);
  }

  // -------------------------------------------------------------------------------------------
  // Following the shared stores

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      if (started > 0) sync();
    });
  }

  function currentContext(): StockChartContext | null {
    const page = $page.get();
    return chartContext(
      page.status === 'ok' ? page.data : null,
      $ground.get(),
      followsSharedGround,
      $user.get(),
    );
  }

  function resetWindow(key: string | null): void {
    controller.abort();
    controller = new AbortController();
    inflight.clear();
    windowKey = key;
    const state = $state.get();
    update({
      main: null,
      extended: null,
      compared: state.compared.map((item) => (item.data === null ? item : { ...item, data: null })),
    });
  }

  /** Brings the state in line with the page, ground, user, period and mode: loads what is missing. */
  function sync(): void {
    const ctx = currentContext();
    const previous = $context.get();
    $context.set(ctx);
    if (!ctx || ctx.hideGraph) {
      resetWindow(null);
      update({ status: 'idle', error: null });
      return;
    }
    const state = $state.get();
    // Comparing is paid (SPEC §6): a session that lost it keeps only the main stock.
    if (state.compared.length > 0 && !isPaid(ctx.user)) update({ compared: [], compareOpen: false });
    if (previous && groundKey(previous) !== groundKey(ctx)) update({ mainVisible: true });
    // The extended chart is not offered to free users (SPEC §6).
    if (state.mode === 'extended' && ctx.user.userAuth && !isPaid(ctx.user)) update({ mode: 'line' });

    if (parseDisplayDate(ctx.lastDate) === null) {
      // A stock without trading data: nothing to ask for.
      resetWindow(null);
      update({ status: 'ready', error: null, from: null, to: null });
      return;
    }
    const period = $period.get();
    if (!period || period.lastDate !== ctx.lastDate) {
      initPeriod(ctx.lastDate, selector); // its change schedules the next sync
      return;
    }
    const { mode } = $state.get();
    // The page may say up front that there are no intraday bars; else a Today answer tells.
    const withoutToday = ctx.intradayAvailable === false || noIntraday.has(groundKey(ctx));
    const todayOk = isTodayAvailable(ctx.groundId, withoutToday, mode === 'extended');
    if ($state.get().noIntraday !== withoutToday) update({ noIntraday: withoutToday });
    if (period.id === 0 && !todayOk) {
      selectBlockPeriodId(DEFAULT_PERIOD_ID); // SPEC §4: no Today here, 1M instead
      return;
    }

    const key = [
      ctx.stockId,
      ctx.groundId,
      ctx.tradingsLink,
      isPaid(ctx.user),
      ctx.user.userAuth,
      period.from,
      period.to,
    ].join('|');
    if (key !== windowKey) {
      // The user went to another window before the retry was sent: that chain is over.
      if (pendingRetry && (pendingRetry.from !== period.from || pendingRetry.to !== period.to))
        pendingRetry = null;
      resetWindow(key);
      update({ from: period.from, to: period.to });
    }
    loadMissing(ctx, period);
  }

  function loadMissing(ctx: StockChartContext, period: ChartPeriod): void {
    const state = $state.get();
    const signal = controller.signal;
    const key = windowKey as string;
    if (state.mode === 'extended') {
      if (!state.extended && !inflight.has('extended'))
        void loadPrimary(ctx, period, 'extended', [], signal, key);
    } else {
      const stocks = state.compared.filter(
        (item) => item.entity.model === 'stock' && item.data === null && !inflight.has(item.key),
      );
      if (!state.main && !inflight.has('main')) void loadPrimary(ctx, period, 'line', stocks, signal, key);
      else if (stocks.length > 0)
        stocks.forEach((item) => void loadComparedStock(ctx, period, item, signal, key));
      const indexes = state.compared.filter(
        (item) => item.entity.model === 'index' && item.data === null && !inflight.has(item.key),
      );
      if (indexes.length > 0) void loadIndexes(ctx, period, indexes, signal, key);
    }
    refreshStatus();
  }

  function refreshStatus(): void {
    const { mode, status } = $state.get();
    const loading = inflight.has(mode === 'extended' ? 'extended' : 'main');
    if (loading && status !== 'loading') update({ status: 'loading', error: null });
  }

  // -------------------------------------------------------------------------------------------
  // Loads

  /**
   * The main stock's series of the window (and, in one call with parallel ids, the compared
   * stocks not loaded yet). A 206 moves the shared period to the window ending on the date it
   * names and retries once; Today without intraday points hides the Today tab.
   */
  async function loadPrimary(
    ctx: StockChartContext,
    period: ChartPeriod,
    mode: ChartMode,
    stocks: ComparedItem[],
    signal: AbortSignal,
    key: string,
  ): Promise<void> {
    const flag = mode === 'extended' ? 'extended' : 'main';
    const fields: TradingField[] = mode === 'extended' ? EXTENDED_FIELDS : ['close'];
    const pairs = [
      { stockId: ctx.stockId, tgId: ctx.groundId },
      ...stocks.map((item) => ({ stockId: item.entity.id, tgId: item.entity.tgId as number })),
    ];
    inflight.add(flag);
    stocks.forEach((item) => inflight.add(item.key));
    update({ status: 'loading', error: null });
    const retried =
      pendingRetry !== null && pendingRetry.from === period.from && pendingRetry.to === period.to;
    pendingRetry = null;
    const userChangePeriod = userChangedPeriod;
    userChangedPeriod = false;
    try {
      const answer = await fetchTradings(
        ctx.tradingsLink,
        {
          date_from: period.from,
          date_to: period.to,
          stocks_ids: pairs.map((pair) => pair.stockId),
          trading_ground_ids: pairs.map((pair) => pair.tgId),
          userChangePeriod,
          getChartIteration: retried ? 2 : 1,
          fields,
        },
        signal,
      );
      if (windowKey !== key) return;
      inflight.delete(flag);
      stocks.forEach((item) => inflight.delete(item.key));
      if (answer.status === 206) {
        if (period.id === 0) return markNoIntraday(ctx);
        if (!retried) {
          const target = retryWindow(period.from, period.to, answer.retry.date);
          pendingRetry = target;
          if (target.from === period.from && target.to === period.to) {
            schedule(); // the same window: the retry goes out for it as it is
            return;
          }
          const moved = setPeriodDates(target.from, target.to, 'from', selector);
          if (moved.ok) return; // the period change loads the retry
          pendingRetry = null;
        }
        // Nothing after the retry either: an empty chart (no_graph_data).
        update(mode === 'extended' ? { extended: [] } : { main: emptySeries(ctx) });
        dropEmptyCompared(stocks.map((item) => item.key));
        return finish();
      }
      const of = (stockId: number, tgId: number, field: TradingField) =>
        answer.series.find((s) => s.stockId === stockId && s.tgId === tgId && s.field === field);
      const main = of(ctx.stockId, ctx.groundId, 'close');
      if (period.id === 0 && (!main || !main.intraday || main.data.length === 0)) return markNoIntraday(ctx);
      if (mode === 'extended') {
        update({
          extended: answer.series.filter((s) => s.stockId === ctx.stockId && s.tgId === ctx.groundId),
        });
      } else {
        update({ main: main ?? emptySeries(ctx) });
      }
      const empty: string[] = [];
      setComparedData(
        stocks.map((item) => {
          const data = of(item.entity.id, item.entity.tgId as number, 'close')?.data ?? [];
          if (data.length === 0) empty.push(item.key);
          return [item.key, data];
        }),
      );
      dropEmptyCompared(empty);
      finish();
    } catch (error) {
      if (signal.aborted || isAborted(error) || windowKey !== key) return;
      inflight.delete(flag);
      stocks.forEach((item) => inflight.delete(item.key));
      const apiError = asApiError(error);
      // SPEC §8: chart load errors are logged; the element shows a retry.
      console.error(`fin-elements: chart of ${ctx.stockId}/${ctx.groundId} not loaded: ${apiError.message}`);
      update({ status: 'error', error: apiError });
      // The compared stocks of that call wait for the retry.
    }
  }

  function emptySeries(ctx: StockChartContext): TradingSeries {
    return {
      field: 'close',
      name: '',
      data: [],
      color: '',
      stockId: ctx.stockId,
      tgId: ctx.groundId,
      stockName: '',
      tgName: '',
      ticker: '',
      currency: '',
      intraday: false,
    };
  }

  function finish(): void {
    const { mode } = $state.get();
    if (!inflight.has(mode === 'extended' ? 'extended' : 'main')) update({ status: 'ready', error: null });
  }

  /** SPEC §4: no intraday data for this stock and ground: hide Today and use 1M. */
  function markNoIntraday(ctx: StockChartContext): void {
    noIntraday.add(groundKey(ctx));
    update({ noIntraday: true });
    selectBlockPeriodId(DEFAULT_PERIOD_ID);
  }

  function setComparedData(entries: Array<[string, ChartPoint[]]>): void {
    if (entries.length === 0) return;
    const byKey = new Map(entries);
    update({
      compared: $state
        .get()
        .compared.map((item) => (byKey.has(item.key) ? { ...item, data: byKey.get(item.key)! } : item)),
    });
  }

  /**
   * SPEC §4, §5: compared items without data are removed (their colour is freed) with
   * null_compare_data; items the user removed meanwhile are gone already and say nothing.
   */
  function dropEmptyCompared(keys: string[]): void {
    const drop = new Set(keys);
    const { compared } = $state.get();
    if (!compared.some((item) => drop.has(item.key))) return;
    update({ compared: compared.filter((item) => !drop.has(item.key)) });
    alert('compare:null_compare_data');
  }

  async function loadComparedStock(
    ctx: StockChartContext,
    period: ChartPeriod,
    item: ComparedItem,
    signal: AbortSignal,
    key: string,
  ): Promise<void> {
    inflight.add(item.key);
    try {
      const answer = await fetchTradings(
        ctx.tradingsLink,
        {
          date_from: period.from,
          date_to: period.to,
          stocks_ids: [item.entity.id],
          trading_ground_ids: [item.entity.tgId as number],
          userChangePeriod: false,
          getChartIteration: 1,
          fields: ['close'],
        },
        signal,
      );
      if (windowKey !== key) return;
      inflight.delete(item.key);
      const data = answer.status === 200 ? (answer.series.find((s) => s.field === 'close')?.data ?? []) : [];
      if (data.length === 0) dropEmptyCompared([item.key]);
      else setComparedData([[item.key, data]]);
    } catch (error) {
      if (signal.aborted || isAborted(error) || windowKey !== key) return;
      inflight.delete(item.key);
      console.error(
        `fin-elements: compared stock ${item.entity.id}/${item.entity.tgId} not loaded: ${asApiError(error).message}`,
      );
      removeItems([item.key]);
    }
  }

  /** Compared indexes of a new window, in one getGraphicData call (periodId 99 for Today). */
  async function loadIndexes(
    ctx: StockChartContext,
    period: ChartPeriod,
    items: ComparedItem[],
    signal: AbortSignal,
    key: string,
  ): Promise<void> {
    items.forEach((item) => inflight.add(item.key));
    const [first, ...rest] = items as [ComparedItem, ...ComparedItem[]];
    try {
      const answer = await fetchIndexGraphicData(
        first.entity.id,
        {
          beginDate: period.from,
          endDate: period.to,
          compareIndexes: rest.map((item) => item.entity.id),
          periodId: isTodayPeriod(period, calendarToday()) ? INTRADAY_PERIOD_ID : null,
        },
        signal,
      );
      if (windowKey !== key) return;
      items.forEach((item) => inflight.delete(item.key));
      const byId = new Map(
        answer.compare_data.map((entry) => [entry.index_id, indexPoints(entry.graph_data)]),
      );
      const empty: string[] = [];
      setComparedData(
        items.map((item) => {
          const data = byId.get(item.entity.id) ?? [];
          if (data.length === 0) empty.push(item.key);
          return [item.key, data];
        }),
      );
      dropEmptyCompared(empty);
    } catch (error) {
      if (signal.aborted || isAborted(error) || windowKey !== key) return;
      items.forEach((item) => inflight.delete(item.key));
      // SPEC §8: index comparison errors are only logged; the items leave the legend (colours freed).
      console.error(`fin-elements: compared indexes not loaded: ${asApiError(error).message}`);
      removeItems(items.map((item) => item.key));
    }
  }

  async function loadAddedIndex(
    period: ChartPeriod,
    item: ComparedItem,
    signal: AbortSignal,
    key: string,
  ): Promise<void> {
    inflight.add(item.key);
    try {
      const answer = await fetchIndexCompareGraphicData(
        item.entity.id,
        {
          index_id: item.entity.id,
          begin_date: period.from,
          end_date: period.to,
          // SPEC §7: 99 when intraday, so the index matches the main line's 5-minute points.
          period_id:
            $state.get().main?.intraday === true || isTodayPeriod(period, calendarToday())
              ? INTRADAY_PERIOD_ID
              : null,
        },
        signal,
      );
      if (windowKey !== key) return;
      inflight.delete(item.key);
      const data = indexPoints(answer.graph_data);
      if (data.length === 0) dropEmptyCompared([item.key]);
      else setComparedData([[item.key, data]]);
    } catch (error) {
      if (signal.aborted || isAborted(error) || windowKey !== key) return;
      inflight.delete(item.key);
      console.error(
        `fin-elements: compared index ${item.entity.id} not loaded: ${asApiError(error).message}`,
      );
      removeItems([item.key]);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Actions

  function start(): () => void {
    started += 1;
    if (started === 1) {
      stops = [
        $page.subscribe(schedule),
        $ground.subscribe(schedule),
        $user.subscribe(schedule),
        $period.subscribe(schedule),
      ];
    }
    return () => {
      started -= 1;
      if (started > 0) return;
      stops.forEach((stop) => stop());
      stops = [];
      resetWindow(null);
      clearTimeout(alertTimer);
    };
  }

  /**
   * A period tab (SPEC §4): clears the series and reloads the chart and, by the block's period, the
   * archive. False when it was the period already (nothing reloads, nothing to announce).
   */
  function selectPeriod(id: PeriodId): boolean {
    const period = $period.get();
    if (period?.id === id) return false;
    const changed = selectBlockPeriodId(id);
    if (changed) userChangedPeriod = true;
    return changed;
  }

  /** Dates the user picked: the period becomes null; a start after the end is refused. */
  function setDates(from: string, to: string, moved: 'from' | 'to'): PeriodDatesResult {
    const result = setPeriodDates(from, to, moved, selector);
    if (result.ok && result.changed) userChangedPeriod = true;
    return result;
  }

  /**
   * The extended (OHLC + volume) view: sets period 1 and hides Today; leaving it brings Today back
   * (SPEC §4). Free users do not get it (SPEC §6).
   */
  function setMode(mode: ChartMode): boolean {
    const ctx = $context.get();
    if (mode === $state.get().mode) return false;
    if (mode === 'extended' && ctx && ctx.user.userAuth && !isPaid(ctx.user)) return false;
    update({ mode, compareOpen: mode === 'extended' ? false : $state.get().compareOpen });
    if (mode === 'extended' && $period.get()?.id !== DEFAULT_PERIOD_ID) {
      userChangedPeriod = true;
      selectBlockPeriodId(DEFAULT_PERIOD_ID);
    }
    schedule();
    return true;
  }

  /** The compare button (SPEC §6): log-in prompt, access dialog, or the compare field. */
  function toggleCompare(): void {
    const ctx = $context.get();
    if (!ctx) return;
    const access = accessPrompt(ctx.user);
    if (access === 'need_auth') update({ loginPrompt: 'compare' });
    else if (access === 'need_get_access') update({ dialog: 'access', loginPrompt: null });
    else update({ compareOpen: !$state.get().compareOpen, loginPrompt: null });
  }

  /**
   * Adds a stock or an index picked in the compare field (SPEC §4, §5). Returns true when the
   * item was added (the caller announces the new compare set).
   */
  function addCompare(picked: CompareSearchItem): boolean {
    const ctx = $context.get();
    const period = $period.get();
    if (!ctx || !period || !isPaid(ctx.user) || windowKey === null) return false;
    const model = picked.type === 'indexes' ? 'index' : picked.type === 'stocks' ? 'stock' : null;
    if (model === null || (model === 'stock' && picked.tradingGroundsId === null)) {
      console.error(`fin-elements: the stock chart compares stocks and indexes, not ${picked.type}`);
      return false;
    }
    const entity: ChartEntity = {
      id: picked.emissionId,
      tgId: model === 'stock' ? picked.tradingGroundsId : null,
      model,
      name: picked.emissionName,
      tgName: model === 'stock' ? picked.tradingGroundsName : null,
    };
    const key = entityKey(entity);
    const { compared } = $state.get();
    if (key === mainKey(ctx) || compared.some((item) => item.key === key)) return false;
    const stocks = 1 + compared.filter((item) => item.entity.model === 'stock').length;
    const indexes = compared.filter((item) => item.entity.model === 'index').length;
    const limit = compareLimitAlert(model, stocks, indexes);
    if (limit) {
      alert(`compare:${limit}`);
      return false;
    }
    const colorIndex = allocateColor(compared.map((item) => item.colorIndex));
    if (colorIndex === null) return false;
    const item: ComparedItem = { key, entity, colorIndex, visible: true, data: null };
    update({ compared: [...compared, item] });
    if (model === 'index' && !indexCompareLogged) {
      indexCompareLogged = true;
      logGlobalAction(INDEX_COMPARE_ACTION_ID).catch((error: unknown) => {
        // SPEC §8: log call failures are not shown.
        console.error(
          `fin-elements: action log ${INDEX_COMPARE_ACTION_ID} failed: ${(error as Error).message}`,
        );
      });
    }
    if ($state.get().mode === 'line' && $state.get().main) {
      const signal = controller.signal;
      const windowNow = windowKey;
      if (model === 'index') void loadAddedIndex(period, item, signal, windowNow);
      else void loadComparedStock(ctx, period, item, signal, windowNow);
    } else {
      schedule(); // loaded with (or after) the main series
    }
    return true;
  }

  function removeItems(keys: string[]): void {
    const drop = new Set(keys);
    update({ compared: $state.get().compared.filter((item) => !drop.has(item.key)) });
  }

  /** Removes a compared item (its colour is free again). */
  function removeCompare(key: string): void {
    removeItems([key]);
  }

  /** The legend's hide/show. */
  function toggleVisible(key: string): void {
    const ctx = $context.get();
    const state = $state.get();
    if (ctx && key === mainKey(ctx)) {
      update({ mainVisible: !state.mainVisible });
      return;
    }
    update({
      compared: state.compared.map((item) => (item.key === key ? { ...item, visible: !item.visible } : item)),
    });
  }

  /**
   * SPEC §4: cancelling clears the compared series and reloads the single chart. The toolbar's
   * cancel closes the compare field; the field's own clear button (SPEC §4 "Clear emits cancel
   * events") leaves it open for the next search. Returns false when nothing was compared.
   */
  function cancelCompare(opts: { closeField?: boolean } = {}): boolean {
    const closeField = opts.closeField ?? true;
    const { compared, compareOpen } = $state.get();
    update({ compared: [], compareOpen: closeField ? false : compareOpen, mainVisible: true });
    if (compared.length === 0) return false;
    windowKey = null; // forget the cached series of the window
    schedule();
    return true;
  }

  /** The retry after a failed load. */
  function retry(): void {
    windowKey = null;
    schedule();
  }

  function closeDialog(): void {
    update({ dialog: null });
  }

  function openWatchlist(): void {
    const ctx = $context.get();
    if (!ctx) return;
    if (!ctx.user.userAuth) update({ loginPrompt: 'watchlist' });
    else update({ dialog: 'watchlist', loginPrompt: null });
  }

  function closeLoginPrompt(): void {
    update({ loginPrompt: null });
  }

  /**
   * The Excel export of the archive of the current period (SPEC §5, §6), decided on the row count
   * of this block's archive. The caller starts an `auto` download; a larger one waits behind a
   * notice.
   */
  function exportExcel(): ExcelExportDecision | null {
    const ctx = $context.get();
    const period = $period.get();
    if (!ctx || !period || !ctx.archiveExportLink) return null;
    const archive = $archive.get();
    const decision = excelExportDecision({
      user: ctx.user,
      excelExportAccess: ctx.excelExportAccess,
      total: archive.total,
      archiveFailed: archive.status === 'error',
      url: archiveExportUrl(ctx.archiveExportLink, period.from, period.to),
    });
    update({ exportLink: null });
    switch (decision.kind) {
      case 'login':
        update({ loginPrompt: 'export' });
        break;
      case 'access':
        update({ dialog: 'access', loginPrompt: null });
        break;
      case 'denied':
        alert(decision.label);
        break;
      case 'archive_error':
        alert('chart:export_archive_error');
        break;
      case 'empty':
        alert('chart:export_empty');
        break;
      case 'download':
        if (decision.auto) alert('chart:export_started');
        else update({ exportLink: { url: decision.url, total: archive.total } });
        break;
    }
    return decision;
  }

  function closeExportLink(): void {
    update({ exportLink: null });
  }

  return {
    $state: $state as ReadableAtom<StockChartState>,
    $context: $context as ReadableAtom<StockChartContext | null>,
    $alert: $alert as ReadableAtom<ChartAlert | null>,
    /** The chart's period (its page-data block's). */
    $period,
    /** The archive of the chart's page-data block (the export button waits for it). */
    $archive: $archive as ReadableAtom<ArchiveState>,
    start,
    selectPeriod,
    setDates,
    setMode,
    toggleCompare,
    addCompare,
    removeCompare,
    toggleVisible,
    cancelCompare,
    retry,
    alert,
    dismissAlert,
    closeDialog,
    openWatchlist,
    closeLoginPrompt,
    exportExcel,
    closeExportLink,
  };
}

export type StockChartStore = ReturnType<typeof createStockChartStore>;
