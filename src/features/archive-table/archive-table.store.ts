/**
 * The archive of trading data (SPEC §2 view "archive", §3 "Trading table", §7
 * createTableTradingFullInfo). The archive of a page-data block follows that block: its stock,
 * its chart period and, for the page's main block, the shared trading ground, so a period or
 * ground change reloads it (DESIGN §3). The stock chart of the same block reads its `total` for
 * the Excel export rules (SPEC §5).
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { ApiError } from '../../core/api/client.ts';
import { createTradingsFullInfo, fetchTradingsFullInfo } from '../../core/api/stocks.ts';
import type { TradingFullInfoTable } from '../../contract/stocks.ts';
import { parseDisplayDate } from '../../contract/calendar.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { $ground } from '../../core/stores/ground.ts';
import { stockPageStore } from '../../core/stores/page.ts';
import { DEFAULT_PERIOD_ID, periodWindow, type ChartPeriod, type PeriodId } from '../../contract/period.ts';
import { initPeriod, periodStore } from '../../core/stores/period.ts';
import type { StockPageData } from '../../contract/types.ts';

export interface ArchiveTableState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The answer; null until loaded and after a failure. A `result: false` answer has no rows. */
  table: TradingFullInfoTable | null;
  /** Rows of the table; 0 while loading, after a failure and for an empty window (SPEC §8). */
  total: number;
  /** The window shown or being loaded, DD.MM.YYYY; null while the stock's last date is unknown. */
  from: string | null;
  to: string | null;
}

export const IDLE_ARCHIVE: ArchiveTableState = {
  status: 'idle',
  table: null,
  total: 0,
  from: null,
  to: null,
};

/**
 * What to load: a window of dates, or a period counted back from the stock's last trading date
 * when the page does not say it (an element given only stock-id and ground-id).
 */
export interface ArchiveQuery {
  stockId: number;
  groundId: number;
  window: { from: string; to: string } | { periodId: PeriodId };
}

export interface ArchiveQueryInput {
  /** Attributes of an element that shows another stock or ground, or its own period. */
  stockId?: number;
  groundId?: number;
  periodId?: number;
  /** The page data the element reads (null when there is none or it is broken). */
  page: StockPageData | null;
  /** The shared ground and period: only the page's main stock follows the ground. */
  ground: number | null;
  period: ChartPeriod | null;
  followsSharedGround: boolean;
}

function isPeriodId(value: number | undefined): value is PeriodId {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 5;
}

function hasLastDate(page: StockPageData | null): page is StockPageData {
  return page !== null && parseDisplayDate(page.excelDefaultEnd) !== null;
}

/**
 * The archive an element shows. The attributes win; else the page's stock on the shared ground;
 * the window is the element's own period (period-id), else the shared chart period, else 1M back
 * from the last date. Null when the stock or its ground is not known.
 */
export function archiveQuery(input: ArchiveQueryInput): ArchiveQuery | null {
  const { page } = input;
  const stockId = input.stockId ?? page?.stockId;
  if (stockId === undefined) return null;
  const pageStock = page !== null && page.stockId === stockId ? page : null;
  const groundId =
    input.groundId ??
    (pageStock
      ? input.followsSharedGround
        ? (input.ground ?? pageStock.groundId)
        : pageStock.groundId
      : undefined);
  if (groundId === undefined) return null;
  const lastDatePage = hasLastDate(pageStock) ? pageStock : null;
  if (isPeriodId(input.periodId)) {
    return {
      stockId,
      groundId,
      window: lastDatePage
        ? periodWindow(input.periodId, lastDatePage.excelDefaultEnd)
        : { periodId: input.periodId },
    };
  }
  if (input.period) return { stockId, groundId, window: { from: input.period.from, to: input.period.to } };
  return {
    stockId,
    groundId,
    window: lastDatePage
      ? periodWindow(DEFAULT_PERIOD_ID, lastDatePage.excelDefaultEnd)
      : { periodId: DEFAULT_PERIOD_ID },
  };
}

/** SPEC §8: a failed load or a `result: false` answer leaves an empty table and total 0. */
export function archiveStateOf(table: TradingFullInfoTable): ArchiveTableState {
  if (!table.result) {
    return {
      status: 'ready',
      table: { ...table, data: [], total: 0 },
      total: 0,
      from: table.dateFrom,
      to: table.dateTo,
    };
  }
  return { status: 'ready', table, total: table.total, from: table.dateFrom, to: table.dateTo };
}

/**
 * One archive: loads the query it is given, newest wins (an older request is aborted). The last
 * date of a stock, learnt from the "last month" call, is kept so later periods need one call.
 */
export function createArchiveTableStore() {
  const $state = atom<ArchiveTableState>(IDLE_ARCHIVE);
  let controller: AbortController | null = null;
  let activeKey: string | null = null;
  let lastQuery: ArchiveQuery | null = null;
  const lastDates = new Map<string, string>();

  async function fetchTable(query: ArchiveQuery, signal: AbortSignal): Promise<TradingFullInfoTable> {
    const { stockId, groundId, window } = query;
    if (!('periodId' in window)) {
      return createTradingsFullInfo(stockId, groundId, { dateFrom: window.from, dateTo: window.to }, signal);
    }
    const groundKey = `${stockId}/${groundId}`;
    let lastDate = lastDates.get(groundKey);
    if (lastDate === undefined) {
      // The GET call answers the month before the last trading day: the default period itself.
      const lastMonth = await fetchTradingsFullInfo(stockId, groundId, signal);
      lastDate = lastMonth.dateTo;
      lastDates.set(groundKey, lastDate);
      if (window.periodId === DEFAULT_PERIOD_ID) return lastMonth;
    }
    const dates = periodWindow(window.periodId, lastDate);
    return createTradingsFullInfo(stockId, groundId, { dateFrom: dates.from, dateTo: dates.to }, signal);
  }

  /** Loads the query unless it is the one shown or on its way (`force`: load it again). */
  async function load(query: ArchiveQuery, force = false): Promise<void> {
    const key = JSON.stringify(query);
    if (!force && key === activeKey) return;
    activeKey = key;
    lastQuery = query;
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const known = 'from' in query.window ? query.window : null;
    $state.set({
      status: 'loading',
      table: null,
      total: 0,
      from: known?.from ?? null,
      to: known?.to ?? null,
    });
    try {
      const table = await fetchTable(query, current.signal);
      if (controller !== current) return; // superseded
      $state.set(archiveStateOf(table));
    } catch (error) {
      if (controller !== current) return;
      const message = error instanceof ApiError ? error.message : String(error);
      console.error(`fin-elements: archive of ${query.stockId}/${query.groundId} not loaded: ${message}`);
      $state.set({ ...IDLE_ARCHIVE, status: 'error', from: known?.from ?? null, to: known?.to ?? null });
    } finally {
      if (controller === current) controller = null;
    }
  }

  /** The retry button. */
  function reload(): Promise<void> {
    return lastQuery ? load(lastQuery, true) : Promise.resolve();
  }

  /** Stops (the element left the page): aborts the load in flight; the next query loads afresh. */
  function cancel(): void {
    controller?.abort();
    controller = null;
    activeKey = null;
    $state.set(IDLE_ARCHIVE);
  }

  return { $state: $state as ReadableAtom<ArchiveTableState>, load, reload, cancel };
}

export type ArchiveTableStore = ReturnType<typeof createArchiveTableStore>;

const blockArchives = new Map<string, ArchiveTableStore>();

function blockArchive(selector: string): ArchiveTableStore {
  let archive = blockArchives.get(selector);
  if (archive) return archive;
  archive = createArchiveTableStore();
  blockArchives.set(selector, archive);
  const { load, cancel } = archive;
  const $page = stockPageStore(selector);
  const $period = periodStore(selector);
  // Only the page's main block follows the shared ground (an instrument of its own keeps its ground).
  const followsSharedGround = selector === DEFAULT_PAGE_DATA_SELECTOR;
  onMount(archive.$state, () => {
    let scheduled = false;
    // A ground switch sets the page data, the period and the ground one after the other: one load.
    const sync = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        const page = $page.get();
        const query = archiveQuery({
          page: page.status === 'ok' ? page.data : null,
          ground: followsSharedGround ? $ground.get() : null,
          period: $period.get(),
          followsSharedGround,
        });
        if (query) void load(query);
      });
    };
    const stops = [
      $page.subscribe((page) => {
        // Without a chart on the block, the archive starts its period (1M back from the last date).
        if (page.status === 'ok' && $period.get() === null && hasLastDate(page.data))
          initPeriod(page.data.excelDefaultEnd, selector);
        sync();
      }),
      ...(followsSharedGround ? [$ground.listen(sync)] : []),
      $period.listen(sync),
    ];
    return () => {
      stops.forEach((stop) => stop());
      cancel();
    };
  });
  return archive;
}

/**
 * The archive of a page-data block's stock: loaded on first use, following the block's page data
 * and period (and, for the main block, the shared ground). Read-only for other elements (the
 * chart of the same block reads `total` and `status` for the Excel export).
 */
export function archiveTableStore(selector = DEFAULT_PAGE_DATA_SELECTOR): ReadableAtom<ArchiveTableState> {
  return blockArchive(selector).$state;
}

/** Retry of a block's archive after a failure. */
export function reloadArchiveTable(selector = DEFAULT_PAGE_DATA_SELECTOR): Promise<void> {
  return blockArchive(selector).reload();
}

/** The archive of the page's main block (`#fin-page-data`). */
export const $archiveTable: ReadableAtom<ArchiveTableState> = archiveTableStore();
