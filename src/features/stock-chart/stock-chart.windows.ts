/**
 * The chart's window of dates and its main loads (SPEC §4 "Stock chart"): which window the chart
 * asks for (the block's period on the shown stock and ground; Today only where it exists), the
 * line and extended series of that window, the 206 retry, and Today found without intraday data.
 *
 * The window is derived from the stores (`chartWindow`); the loads go through createResource, one
 * per view mode, so a newer window aborts the older load and tests can `await allTasks()`. An
 * answer is an event like a click: its handler may call the period actions (the 206 moves the
 * dates, a Today without bars selects 1M); nothing that follows the period writes it.
 */
import { atom, batch, type ReadableAtom } from 'nanostores';
import { isPaid } from '../../core/access.ts';
import { ApiError } from '../../core/api/client.ts';
import { fetchTradings } from '../../core/api/stocks.ts';
import { createResource, type ResourceState } from '../../core/resource.ts';
import type { InstrumentState } from '../../core/stores/instrument.ts';
import { selectPeriod, setPeriodDates } from '../../core/stores/period.ts';
import { parseDisplayDate } from '../../contract/calendar.ts';
import { safeHref } from '../../contract/links.ts';
import { DEFAULT_PERIOD_ID, periodWindow, type ChartPeriod } from '../../contract/period.ts';
import type { TradingField, TradingSeries, TradingsAnswer } from '../../contract/stocks.ts';
import type { TradingGround, UserGlobals } from '../../contract/types.ts';
import type { ComparedEntry } from './stock-chart.compare.ts';
import { EXTENDED_FIELDS, isTodayAvailable, retryWindow } from './stock-chart.utils.ts';

/** The tradings link when the page data names none (the reference server's). */
export const DEFAULT_TRADINGS_LINK = '/api/stocks/get_tradings/';

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

/** The element's context from its instrument (the block's stock on its ground) and the user. */
export function chartContext(instrument: InstrumentState, user: UserGlobals): StockChartContext | null {
  if (instrument.status !== 'ok') return null;
  const { page, groundId } = instrument.instrument;
  if (!page || groundId === null) return null;
  return {
    stockId: page.stockId,
    groundId,
    stringId: page.stringId,
    tradingGrounds: page.tradingGrounds,
    tradingsLink: page.tradingsLink || DEFAULT_TRADINGS_LINK,
    archiveExportLink: safeHref(page.archiveExportLink),
    excelExportAccess: page.excelExportAccess,
    lastDate: page.excelDefaultEnd,
    hideGraph: page.hideGraph,
    intradayAvailable: page.intradayAvailable ?? null,
    user,
  };
}

/** The stock on its ground, for the set of those found without intraday bars. */
export const groundKey = (ctx: Pick<StockChartContext, 'stockId' | 'groundId'>) =>
  `${ctx.stockId}/${ctx.groundId}`;

/** SPEC §6: the extended chart is not offered to free users; they see the line chart. */
export function shownMode(mode: ChartMode, user: UserGlobals): ChartMode {
  return mode === 'extended' && user.userAuth && !isPaid(user) ? 'line' : mode;
}

/** The page says there are no intraday bars, or a Today answer had none. */
export function withoutToday(ctx: StockChartContext, noIntraday: readonly string[]): boolean {
  return ctx.intradayAvailable === false || noIntraday.includes(groundKey(ctx));
}

export type ChartWindow =
  /** No page data yet, or the page hides the graph: nothing to load. */
  | { kind: 'none' }
  /** A stock without trading data: nothing to ask for. */
  | { kind: 'empty' }
  /** The window to load; `id` names everything the answer depends on. */
  | { kind: 'window'; id: string; ctx: StockChartContext; period: ChartPeriod };

export interface ChartWindowInput {
  ctx: StockChartContext | null;
  /** The block's period (the instrument's). */
  period: ChartPeriod | null;
  mode: ChartMode;
  noIntraday: readonly string[];
  /** Bumped by a retry and a compare cancel: the window's series are loaded again. */
  generation: number;
}

/** The window the chart shows; Today where there is none (SPEC §4) is 1M instead. */
export function chartWindow({ ctx, period, mode, noIntraday, generation }: ChartWindowInput): ChartWindow {
  if (!ctx || ctx.hideGraph) return { kind: 'none' };
  if (!period || parseDisplayDate(ctx.lastDate) === null) return { kind: 'empty' };
  const today = isTodayAvailable(ctx.groundId, withoutToday(ctx, noIntraday), mode === 'extended');
  const shown =
    period.id === 0 && !today
      ? { id: DEFAULT_PERIOD_ID, ...periodWindow(DEFAULT_PERIOD_ID, ctx.lastDate), lastDate: ctx.lastDate }
      : period;
  const id = [
    ctx.stockId,
    ctx.groundId,
    ctx.tradingsLink,
    isPaid(ctx.user),
    ctx.user.userAuth,
    shown.from,
    shown.to,
    generation,
  ].join('|');
  return { kind: 'window', id, ctx, period: shown };
}

/** A window the loads are for, numbered each time it opens (a window opened again loads afresh). */
export interface OpenWindow {
  id: string;
  seq: number;
  ctx: StockChartContext;
  period: ChartPeriod;
}

export interface PrimaryKey {
  window: OpenWindow;
  mode: ChartMode;
  /** Compared stocks asked for in the same call (parallel ids). */
  stocks: ComparedEntry[];
  /** The one retry after a 206 (getChartIteration 2). */
  retried: boolean;
  /** The window follows a period the user picked. */
  userChangePeriod: boolean;
}

/** Series of one trading-data answer, by stock, ground and field. */
export type SeriesOf = (stockId: number, tgId: number, field: TradingField) => TradingSeries | undefined;

export type PrimaryState = ResourceState<PrimaryKey, TradingSeries[]>;

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

export interface ChartWindowsOptions {
  /** The page-data block whose period the chart follows. */
  selector: string;
  /** The compared stocks of a main call answered: their series, or none (an empty answer). */
  receiveStocks(window: OpenWindow, stocks: ComparedEntry[], seriesOf: SeriesOf): void;
}

/**
 * A period a 206 moved: the window asked for had no trading data, so the chart shows the window of
 * the same length that ends on the last date with data (`from`–`to`). The user is told, naming
 * the new dates, for as long as that period is shown.
 */
export interface MovedPeriod {
  asked: { from: string; to: string };
  from: string;
  to: string;
}

export function createChartWindows({ selector, receiveStocks }: ChartWindowsOptions) {
  /** Stock/ground pairs found without intraday data (SPEC §4: their Today tab is hidden). */
  const $noIntraday = atom<readonly string[]>([]);
  /** The last period a 206 moved (a date moved by a rule is always said). */
  const $moved = atom<MovedPeriod | null>(null);
  /**
   * The window a 206 sent the chart to: the next main load for it is the retry (getChartIteration
   * 2), and a 206 on the retry ends the chain (SPEC §4: retry once). Kept per request chain, not
   * per window: the window of the retry may be the one just asked for.
   */
  let pendingRetry: { from: string; to: string } | null = null;
  /** The next main load follows a period the user picked (sent as userChangePeriod). */
  let userChangedPeriod = false;

  const describe = ({ window }: PrimaryKey) => `chart of ${window.ctx.stockId}/${window.ctx.groundId}`;
  /** Line mode: the main stock's close series (one); extended: its open/high/low/close/volume. */
  const line = createResource<PrimaryKey, TradingSeries[]>({ describe, load: loadPrimary });
  const extended = createResource<PrimaryKey, TradingSeries[]>({ describe, load: loadPrimary });
  const resourceOf = (mode: ChartMode) => (mode === 'extended' ? extended : line);

  /** SPEC §4: no intraday data for this stock and ground: hide Today and use 1M. */
  function markNoIntraday(ctx: StockChartContext): void {
    batch(() => {
      $noIntraday.set([...$noIntraday.get(), groundKey(ctx)]);
      selectPeriod(DEFAULT_PERIOD_ID, selector);
    });
  }

  /**
   * The main stock's series of the window (and the compared stocks not loaded yet, in one call
   * with parallel ids). A 206 moves the block's period to the window ending on the date it names
   * and retries once; Today without intraday points hides the Today tab.
   */
  async function loadPrimary(
    key: PrimaryKey,
    signal: AbortSignal,
    alongside: (commit: () => void) => void,
  ): Promise<TradingSeries[]> {
    const { window, mode, stocks, retried } = key;
    const { ctx, period } = window;
    const pairs = [
      { stockId: ctx.stockId, tgId: ctx.groundId },
      ...stocks.map((item) => ({ stockId: item.entity.id, tgId: item.entity.tgId as number })),
    ];
    const answer: TradingsAnswer = await fetchTradings(
      ctx.tradingsLink,
      {
        date_from: period.from,
        date_to: period.to,
        stocks_ids: pairs.map((pair) => pair.stockId),
        trading_ground_ids: pairs.map((pair) => pair.tgId),
        userChangePeriod: key.userChangePeriod,
        getChartIteration: retried ? 2 : 1,
        fields: mode === 'extended' ? EXTENDED_FIELDS : ['close'],
      },
      signal,
    );
    if (signal.aborted) throw new ApiError('aborted', ctx.tradingsLink, 'Cancelled');
    if (answer.status === 206) {
      // Today, the 206 retry and the same-window retry give another load: this one is over.
      if (period.id === 0) {
        markNoIntraday(ctx);
        return [];
      }
      if (!retried) {
        const target = retryWindow(period.from, period.to, answer.retry.date);
        pendingRetry = target;
        if (target.from === period.from && target.to === period.to) {
          load(window, mode, stocks); // the same window: the retry goes out for it as it is
          return [];
        }
        if (setPeriodDates(target.from, target.to, 'from', selector).ok) {
          $moved.set({ asked: { from: period.from, to: period.to }, ...target });
          return []; // loads the retry
        }
        pendingRetry = null;
      }
      // Nothing after the retry either: an empty chart (no_graph_data).
      alongside(() => receiveStocks(window, stocks, () => undefined));
      return mode === 'extended' ? [] : [emptySeries(ctx)];
    }
    const seriesOf: SeriesOf = (stockId, tgId, field) =>
      answer.series.find((s) => s.stockId === stockId && s.tgId === tgId && s.field === field);
    const main = seriesOf(ctx.stockId, ctx.groundId, 'close');
    if (period.id === 0 && (!main || !main.intraday || main.data.length === 0)) {
      markNoIntraday(ctx);
      return [];
    }
    // With the main series, in one render: the chart draws the new period once, never the main
    // line of one period beside the compared lines of another.
    alongside(() => receiveStocks(window, stocks, seriesOf));
    if (mode === 'line') return [main ?? emptySeries(ctx)];
    return answer.series.filter((s) => s.stockId === ctx.stockId && s.tgId === ctx.groundId);
  }

  /** Loads the main series of the window for the mode, with these compared stocks. */
  function load(window: OpenWindow, mode: ChartMode, stocks: ComparedEntry[]): void {
    const { from, to } = window.period;
    const retried = pendingRetry !== null && pendingRetry.from === from && pendingRetry.to === to;
    pendingRetry = null;
    const userChangePeriod = userChangedPeriod;
    userChangedPeriod = false;
    void resourceOf(mode).load({ window, mode, stocks, retried, userChangePeriod });
  }

  /** Stops the main loads (a new window, or the element left). */
  function cancel(): void {
    line.cancel();
    extended.cancel();
  }

  /** A new window opens: every load of the old one stops; a retry chain for another window is over. */
  function open(window: OpenWindow): void {
    cancel();
    if (pendingRetry && (pendingRetry.from !== window.period.from || pendingRetry.to !== window.period.to))
      pendingRetry = null;
  }

  /** The main series of the mode is there or on its way for the open window (a failed one is not). */
  function hasPrimary(window: OpenWindow, mode: ChartMode): boolean {
    const state = resourceOf(mode).$state.get();
    return state.status !== 'idle' && state.status !== 'error' && state.key.window.seq === window.seq;
  }

  /** The main stock's line of the open window, when it is there. */
  function mainSeries(window: OpenWindow): TradingSeries | null {
    const state = line.$state.get();
    return state.status === 'ready' && state.key.window.seq === window.seq ? (state.value[0] ?? null) : null;
  }

  /** Compared stocks asked for with the main series of the open window and still on their way. */
  function stocksOnTheirWay(window: OpenWindow): string[] {
    const state = line.$state.get();
    return state.status === 'loading' && state.key.window.seq === window.seq
      ? state.key.stocks.map((item) => item.key)
      : [];
  }

  return {
    $noIntraday,
    $moved: $moved as ReadableAtom<MovedPeriod | null>,
    /** The loads of the main series, line and extended. */
    line,
    extended,
    load,
    open,
    cancel,
    hasPrimary,
    mainSeries,
    stocksOnTheirWay,
    /** The next load follows a period the user picked. */
    userChangedPeriod() {
      userChangedPeriod = true;
    },
  };
}

export type ChartWindows = ReturnType<typeof createChartWindows>;

/** The main data of the window as the element shows it: its status, error and series. */
export function primaryView(
  window: ChartWindow,
  mode: ChartMode,
  line: PrimaryState,
  extended: PrimaryState,
) {
  if (window.kind !== 'window') {
    return {
      status: window.kind === 'none' ? 'idle' : 'ready',
      error: null,
      main: null,
      extended: null,
    } as const;
  }
  const ofWindow = (state: PrimaryState) =>
    state.status !== 'idle' && state.key.window.id === window.id ? state : null;
  const lineState = ofWindow(line);
  const extendedState = ofWindow(extended);
  const current = mode === 'extended' ? extendedState : lineState;
  return {
    // A window whose load is not out yet is about to be loaded.
    status: current === null ? 'loading' : current.status,
    error: current?.status === 'error' ? current.error : null,
    main: lineState?.status === 'ready' ? (lineState.value[0] ?? null) : null,
    extended: extendedState?.status === 'ready' ? extendedState.value : null,
  } as const;
}
