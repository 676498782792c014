/**
 * The state of one `<fin-stock-chart>` (SPEC §4 "Stock chart"), wired from its parts:
 * stock-chart.windows.ts (the window of dates, the main loads, the 206 retry, Today),
 * stock-chart.compare.ts (compared stocks and indexes, their colours and calls) and
 * stock-chart.export.ts (the Excel export, the prompts and dialogs), plus the alerts.
 *
 * The chart follows its page-data block (the block's page data and period, and for the page's
 * main block the shared `$ground`) and `$user`. `$state` and `$context` are computed from those
 * and from the parts' stores; `start()` follows them with one effect that loads what a new window
 * or view mode needs. User actions call the actions below (they may write stores, batched so the
 * chart loads once); answers of calls are handled like actions; nothing that follows a store
 * writes it. Series are kept for the window shown only: a new window loads again.
 */
import { atom, batch, computed, effect, type ReadableAtom } from 'nanostores';
import { accessPrompt, isPaid } from '../../core/access.ts';
import type { ApiError } from '../../core/api/client.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { archiveOf } from '../../core/stores/archive.ts';
import { instrumentSources, resolveInstrument } from '../../core/stores/instrument.ts';
import type { PageDataState } from '../../core/stores/page.ts';
import {
  initPeriod,
  selectPeriod as selectBlockPeriod,
  setPeriodDates,
  type PeriodDatesResult,
} from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { $labels } from '../../core/stores/labels.ts';
import { lookupLabel } from '../../core/labels.ts';
import { $messages, dismissMessage, pushMessage, type MessageType } from '../../core/stores/messages.ts';
import { DEFAULT_PERIOD_ID, type ChartPeriod, type PeriodId } from '../../contract/period.ts';
import type { TradingSeries } from '../../contract/stocks.ts';
import type { StockPageData, UserGlobals } from '../../contract/types.ts';
import {
  comparedItems,
  createChartCompare,
  type ComparedData,
  type ComparedEntry,
} from './stock-chart.compare.ts';
import { createChartExport, type ChartPrompts } from './stock-chart.export.ts';
import {
  entityKey,
  isTodayAvailable,
  type ComparedItem,
  type ExcelExportDecision,
} from './stock-chart.utils.ts';
import {
  chartContext,
  chartWindow,
  createChartWindows,
  groundKey,
  primaryView,
  shownMode,
  withoutToday,
  type ChartMode,
  type ChartWindow,
  type OpenWindow,
  type StockChartContext,
} from './stock-chart.windows.ts';

export {
  DEFAULT_TRADINGS_LINK,
  type ChartMode,
  type MovedPeriod,
  type StockChartContext,
} from './stock-chart.windows.ts';
export { INDEX_COMPARE_ACTION_ID } from './stock-chart.compare.ts';

export interface StockChartState extends ChartPrompts {
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
}

export interface ChartAlert {
  /** A label key, e.g. `compare:max_stocks_in_compare`. */
  key: string;
  /** Its id in the page's message queue. */
  id: string;
}

let chartSequence = 0;

/** How each alert of the chart shows: a failure stays until closed, the rest hide after 3 s. */
function alertTypeOf(key: string): MessageType {
  if (key === 'chart:export_archive_error') return 'alertRed';
  if (key === 'chart:watchlist_saved' || key === 'chart:export_started') return 'alertGreen';
  if (key.startsWith('compare:max_') || key === 'common:access_denied_auth') return 'alertYellow';
  return 'alertBlue';
}

export interface StockChartStoreOptions {
  /** CSS selector of the page-data block; default `#fin-page-data` (which follows the shared ground). */
  pageData?: string;
}

/** The view the user picked: the chart mode, and a counter that makes the window load again. */
interface ChartView {
  mode: ChartMode;
  generation: number;
}

/** No compared items: the same array every time, so the chart's memos hold. */
const NOT_COMPARED: ComparedItem[] = [];

const mainKeyOf = (ctx: StockChartContext) =>
  entityKey({ model: 'stock', id: ctx.stockId, tgId: ctx.groundId });

export function createStockChartStore(options: StockChartStoreOptions = {}) {
  const selector = options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const instrument = { pageData: selector };
  const [$page, $ground, $period] = instrumentSources(instrument);
  const $view = atom<ChartView>({ mode: 'line', generation: 0 });
  // This chart's alert in the page's message queue (one at a time: a new one replaces it).
  const alertId = `fin-stock-chart-${++chartSequence}`;
  const $alert = computed($messages, (messages): ChartAlert | null => {
    const shown = messages.find((message) => message.id === alertId);
    return shown?.key ? { key: shown.key, id: alertId } : null;
  });
  /** The archive of the same block: its total decides the Excel export (SPEC §5). */
  const $archive = archiveOf(instrument).$state;

  // -------------------------------------------------------------------------------------------
  // Alerts: pushed to the page's message queue (issue 23), which shows and announces them and
  // hides all but errors after 3 s (SPEC §9).

  function alert(key: string): void {
    pushMessage({
      id: alertId,
      message: lookupLabel($labels.get(), key),
      type: alertTypeOf(key),
      key,
      source: 'fin-stock-chart',
    });
  }

  function dismissAlert(): void {
    dismissMessage(alertId);
  }

  const compare = createChartCompare({ alert });
  const windows = createChartWindows({ selector, receiveStocks: compare.receiveStocks });
  const gates = createChartExport({ alert });

  // -------------------------------------------------------------------------------------------
  // Derived

  /** Context, mode and window from the inputs: the one derivation behind $state and the loads. */
  function inputsOf(
    page: PageDataState<StockPageData>,
    ground: number | null,
    blockPeriod: ChartPeriod | null,
    user: UserGlobals,
    view: ChartView,
    noIntraday: readonly string[],
  ) {
    const resolved = resolveInstrument(instrument, page, ground, blockPeriod);
    const ctx = chartContext(resolved, user);
    const period = resolved.status === 'ok' ? resolved.instrument.period : null;
    const mode = shownMode(view.mode, user);
    const window = chartWindow({ ctx, period, mode, noIntraday, generation: view.generation });
    return { ctx, period, mode, window };
  }

  /** The inputs now (actions). */
  const current = () =>
    inputsOf($page.get(), $ground.get(), $period.get(), $user.get(), $view.get(), windows.$noIntraday.get());

  // Flat over the block's stores (see instrumentSources): the element lets them go in time.
  const $context = computed([$page, $ground, $period, $user], (page, ground, period, user) =>
    chartContext(resolveInstrument(instrument, page, ground, period), user),
  );

  let shownItems: {
    items: ComparedEntry[];
    data: ComparedData;
    windowId: string | null;
    value: ComparedItem[];
  } | null = null;
  /** The compared items with the window's series, the same array while they do not change. */
  function comparedOf(items: ComparedEntry[], data: ComparedData, windowId: string | null): ComparedItem[] {
    if (shownItems?.items !== items || shownItems.data !== data || shownItems.windowId !== windowId)
      shownItems = { items, data, windowId, value: comparedItems(items, data, windowId) };
    return shownItems.value;
  }

  const $state: ReadableAtom<StockChartState> = computed(
    [
      $page,
      $ground,
      $period,
      $user,
      $view,
      windows.$noIntraday,
      windows.line.$state,
      windows.extended.$state,
      compare.$compare,
      compare.$data,
      gates.$prompts,
    ],
    (page, ground, period, user, view, noIntraday, line, extended, comparing, data, prompts) => {
      const { ctx, mode, window } = inputsOf(page, ground, period, user, view, noIntraday);
      const primary = primaryView(window, mode, line, extended);
      // Comparing is paid (SPEC §6): a session without it sees only the main stock.
      const paid = isPaid(user);
      const windowId = window.kind === 'window' ? window.id : null;
      return {
        status: primary.status,
        error: primary.error,
        mode,
        main: primary.main,
        extended: primary.extended,
        compared: paid ? comparedOf(comparing.items, data, windowId) : NOT_COMPARED,
        mainVisible: ctx === null || comparing.mainHidden !== groundKey(ctx),
        compareOpen: paid && comparing.open,
        noIntraday: ctx !== null && withoutToday(ctx, noIntraday),
        from: window.kind === 'window' ? window.period.from : null,
        to: window.kind === 'window' ? window.period.to : null,
        ...prompts,
      };
    },
  );

  // -------------------------------------------------------------------------------------------
  // Loads

  let opened: OpenWindow | null = null;
  let openings = 0;

  /** The loads of the window and mode shown: a new window stops the old one's and starts its own. */
  function ensureLoaded(window: ChartWindow, mode: ChartMode): void {
    if (window.kind !== 'window') {
      stopLoads();
      return;
    }
    if (opened?.id !== window.id) {
      opened = { id: window.id, seq: ++openings, ctx: window.ctx, period: window.period };
      windows.open(opened);
      compare.open(opened);
    }
    loadMissing(opened, mode);
  }

  /** What the open window lacks for the mode: the main series, compared stocks and indexes. */
  function loadMissing(window: OpenWindow, mode: ChartMode): void {
    if (mode === 'extended') {
      if (!windows.hasPrimary(window, 'extended')) windows.load(window, 'extended', []);
      return;
    }
    const missing = compare.missing(window, windows.stocksOnTheirWay(window));
    const stocks = missing.filter((item) => item.entity.model === 'stock');
    if (!windows.hasPrimary(window, 'line')) windows.load(window, 'line', stocks);
    else stocks.forEach((item) => compare.loadStock(window, item));
    const indexes = missing.filter((item) => item.entity.model === 'index');
    if (indexes.length > 0) compare.loadIndexes(window, indexes);
  }

  function stopLoads(): void {
    windows.cancel();
    compare.cancel();
    opened = null;
  }

  let started = 0;
  let stopFollowing: () => void = () => {};

  /** Follows the block and the user while the element is on the page. Returns the stop. */
  function start(): () => void {
    started += 1;
    if (started === 1) {
      let requested: string | null = null;
      let shown: string | null = null;
      stopFollowing = effect(
        [$page, $ground, $period, $user, $view, windows.$noIntraday],
        (page, ground, period, user, view, noIntraday) => {
          const { ctx, window, mode } = inputsOf(page, ground, period, user, view, noIntraday);
          // A prompt or an alert answers an action on one stock and ground: another ground (a
          // switch, Back) or another stock makes it stale.
          const instrument = ctx ? groundKey(ctx) : null;
          if (shown !== null && instrument !== shown) {
            gates.clearNotices();
            dismissAlert();
          }
          shown = instrument;
          const request = window.kind === 'window' ? `${window.id} ${mode}` : window.kind;
          if (request === requested) return;
          requested = request;
          ensureLoaded(window, mode);
        },
      );
    }
    return () => {
      started -= 1;
      if (started > 0) return;
      stopFollowing();
      stopLoads();
      // The alert spoke of this chart: it leaves with it.
      dismissAlert();
    };
  }

  // -------------------------------------------------------------------------------------------
  // Actions

  /** Moves the block's period (the chart and its archive reload), sent as a user change. */
  function changePeriod(change: () => boolean): boolean {
    let changed = false;
    batch(() => {
      changed = change();
      if (changed) windows.userChangedPeriod();
    });
    return changed;
  }

  /**
   * A period tab (SPEC §4): clears the series and reloads the chart and, by the block's period, the
   * archive. Where there is no Today, 1M is used. False when it was the period already (nothing
   * reloads, nothing to announce).
   */
  function selectPeriod(id: PeriodId): boolean {
    const { ctx, period, mode } = current();
    if (!ctx || !period) return false;
    const today = isTodayAvailable(
      ctx.groundId,
      withoutToday(ctx, windows.$noIntraday.get()),
      mode === 'extended',
    );
    const target = id === 0 && !today ? DEFAULT_PERIOD_ID : id;
    if (period.id === target) return false;
    return changePeriod(() => {
      if ($period.get()?.lastDate !== ctx.lastDate) initPeriod(ctx.lastDate, selector);
      return selectBlockPeriod(target, selector);
    });
  }

  /** Dates the user picked: the period becomes null; a start after the end is refused. */
  function setDates(from: string, to: string, moved: 'from' | 'to'): PeriodDatesResult {
    let result: PeriodDatesResult = { ok: false, error: 'invalid_date' };
    changePeriod(() => {
      result = setPeriodDates(from, to, moved, selector);
      return result.ok && result.changed;
    });
    return result;
  }

  /**
   * The extended (OHLC + volume) view: sets period 1 and hides Today; leaving it brings Today back
   * (SPEC §4). Free users do not get it (SPEC §6).
   */
  function setMode(mode: ChartMode): boolean {
    const view = $view.get();
    const { ctx, period } = current();
    if (mode === view.mode) return false;
    if (mode === 'extended' && ctx && ctx.user.userAuth && !isPaid(ctx.user)) return false;
    batch(() => {
      $view.set({ ...view, mode });
      if (mode !== 'extended') return;
      compare.setOpen(false);
      if (period?.id !== DEFAULT_PERIOD_ID)
        changePeriod(() => selectBlockPeriod(DEFAULT_PERIOD_ID, selector));
    });
    return true;
  }

  /** The compare button (SPEC §6): log-in prompt, access dialog, or the compare field. */
  function toggleCompare(): void {
    const ctx = $context.get();
    if (!ctx) return;
    const access = accessPrompt(ctx.user);
    if (access === 'need_auth') gates.askLogin('compare');
    else if (access === 'need_get_access') gates.openAccessDialog();
    else
      batch(() => {
        gates.closeLoginPrompt();
        compare.setOpen(!compare.$compare.get().open);
      });
  }

  /**
   * Adds a stock or an index picked in the compare field (SPEC §4, §5). Returns true when the
   * item was added (the caller announces the new compare set). With the main line there, it loads
   * at once; else with (or after) the main series.
   */
  function addCompare(picked: CompareSearchItem): boolean {
    const ctx = $context.get();
    if (!ctx || !isPaid(ctx.user) || opened === null) return false;
    const window = opened;
    const item = compare.add(picked, mainKeyOf(ctx));
    if (!item) return false;
    const { mode } = current();
    const main = windows.mainSeries(window);
    if (mode === 'line' && main) {
      if (item.entity.model === 'index') compare.loadIndex(window, item, main.intraday === true);
      else compare.loadStock(window, item);
    } else {
      loadMissing(window, mode);
    }
    return true;
  }

  /** The legend's hide/show. */
  function toggleVisible(key: string): void {
    const ctx = $context.get();
    compare.toggleVisible(key, ctx ? { key: mainKeyOf(ctx), ground: groundKey(ctx) } : null);
  }

  /** Loads the window again: the retry after a failure, the single chart after a compare cancel. */
  function reload(): void {
    const view = $view.get();
    $view.set({ ...view, generation: view.generation + 1 });
  }

  /**
   * SPEC §4: cancelling clears the compared series and reloads the single chart. The toolbar's
   * cancel closes the compare field; the field's own clear button (SPEC §4 "Clear emits cancel
   * events") leaves it open for the next search. Returns false when nothing was compared.
   */
  function cancelCompare(opts: { closeField?: boolean } = {}): boolean {
    let cancelled = false;
    batch(() => {
      cancelled = compare.clear(opts.closeField ?? true);
      if (cancelled) reload();
    });
    return cancelled;
  }

  /**
   * The Excel export of the archive of the current period (SPEC §5, §6), decided on the row count
   * of this block's archive. The caller starts an `auto` download; a larger one waits behind a
   * notice.
   */
  function exportExcel(): ExcelExportDecision | null {
    return gates.exportExcel($context.get(), current().period, $archive.get());
  }

  return {
    $state,
    $context: $context as ReadableAtom<StockChartContext | null>,
    $alert: $alert as ReadableAtom<ChartAlert | null>,
    /** The chart's period (its page-data block's). */
    $period,
    /** The last period a 206 moved to the last dates with data (PeriodControls says so). */
    $movedPeriod: windows.$moved,
    /** The archive of the chart's page-data block (the export button waits for it). */
    $archive,
    start,
    selectPeriod,
    setDates,
    setMode,
    toggleCompare,
    addCompare,
    removeCompare: (key: string) => compare.remove([key]),
    toggleVisible,
    cancelCompare,
    retry: reload,
    alert,
    dismissAlert,
    closeDialog: gates.closeDialog,
    openWatchlist: () => gates.openWatchlist($context.get()),
    closeLoginPrompt: gates.closeLoginPrompt,
    exportExcel,
    closeExportLink: gates.closeExportLink,
  };
}

export type StockChartStore = ReturnType<typeof createStockChartStore>;
