/**
 * The archive of trading data of an instrument (SPEC §2 view "archive", §3 "Trading table", §7
 * createTableTradingFullInfo), one store per set of element attributes and shared by the elements
 * that have the same ones. The archive of a page-data block follows that block: its stock, its
 * chart period and, for the page's main block, the shared trading ground, so a period or ground
 * change reloads it (DESIGN §3). `<fin-archive-table>` shows it; the stock chart of the same block
 * reads its `total` and status for the Excel export rules (SPEC §5).
 */
import { atom, computed, effect, onMount, type ReadableAtom } from 'nanostores';
import { parseDisplayDate } from '../../contract/calendar.ts';
import { DEFAULT_PERIOD_ID, periodWindow, type PeriodId } from '../../contract/period.ts';
import type { TradingFullInfoTable } from '../../contract/stocks.ts';
import { createTradingsFullInfo, fetchTradingsFullInfo, peekTradingsFullInfo } from '../api/stocks.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../page-data.ts';
import { createResource, type Resource, type ResourceState } from '../resource.ts';
import {
  instrumentSources,
  resolveInstrument,
  type Instrument,
  type InstrumentOptions,
} from './instrument.ts';

/**
 * What to load: a window of dates, or a period counted back from the stock's last trading date
 * when the page does not say it (an element given only stock-id and ground-id).
 */
export interface ArchiveQuery {
  stockId: number;
  groundId: number;
  window: { from: string; to: string } | { periodId: PeriodId };
}

/** What the archive shows besides its load state. */
export interface ArchiveFigures {
  /** The answer; null until loaded and after a failure. A `result: false` answer has no rows. */
  table: TradingFullInfoTable | null;
  /** Rows of the table; 0 while loading, after a failure and for an empty window (SPEC §8). */
  total: number;
  /** The window shown or being loaded, DD.MM.YYYY; null while the stock's last date is unknown. */
  from: string | null;
  to: string | null;
}

/** The load (for the element chrome) with the figures the elements read. */
export type ArchiveState = ResourceState<ArchiveQuery, TradingFullInfoTable> & ArchiveFigures;

export const IDLE_ARCHIVE: ArchiveState = { status: 'idle', table: null, total: 0, from: null, to: null };

function isPeriodId(value: number | undefined): value is PeriodId {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 5;
}

/**
 * The archive an element shows: the instrument's stock and ground (null when the ground is not
 * known); the window is the element's own period (`periodId`, counted back from the stock's last
 * date), else the instrument's period, else 1M back from a last date the first call tells.
 */
export function archiveQuery(instrument: Instrument, periodId?: number): ArchiveQuery | null {
  const { stockId, groundId, page, period } = instrument;
  if (groundId === null) return null;
  if (isPeriodId(periodId)) {
    const lastDate = page && parseDisplayDate(page.excelDefaultEnd) !== null ? page.excelDefaultEnd : null;
    return { stockId, groundId, window: lastDate ? periodWindow(periodId, lastDate) : { periodId } };
  }
  if (period) return { stockId, groundId, window: { from: period.from, to: period.to } };
  return { stockId, groundId, window: { periodId: DEFAULT_PERIOD_ID } };
}

/** SPEC §8: a `result: false` answer is an empty table with total 0. */
export function archiveFiguresOf(table: TradingFullInfoTable): ArchiveFigures {
  const figures = { from: table.dateFrom, to: table.dateTo };
  if (!table.result) return { ...figures, table: { ...table, data: [], total: 0 }, total: 0 };
  return { ...figures, table, total: table.total };
}

/** The archive state of a load: a failed one empties the table with total 0 (SPEC §8). */
export function archiveState(load: ResourceState<ArchiveQuery, TradingFullInfoTable>): ArchiveState {
  if (load.status === 'ready') return { ...load, ...archiveFiguresOf(load.value) };
  const known = load.status !== 'idle' && 'from' in load.key.window ? load.key.window : null;
  return { ...load, table: null, total: 0, from: known?.from ?? null, to: known?.to ?? null };
}

/**
 * Loads archives, newest wins. The last date of a stock, learnt from the "last month" call, is
 * kept, so later periods of an element without page data need one call.
 */
export function createArchiveResource(): Resource<ArchiveQuery, TradingFullInfoTable> {
  const lastDates = new Map<string, string>();
  return createResource({
    describe: (query: ArchiveQuery) => `archive of ${query.stockId}/${query.groundId}`,
    async load({ stockId, groundId, window }, signal) {
      if (!('periodId' in window)) {
        return createTradingsFullInfo(
          stockId,
          groundId,
          { dateFrom: window.from, dateTo: window.to },
          signal,
        );
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
    },
    // The page's preload: a window's answer, or the last month for the default period.
    peek: ({ stockId, groundId, window }) =>
      'periodId' in window
        ? window.periodId === DEFAULT_PERIOD_ID
          ? peekTradingsFullInfo(stockId, groundId)
          : undefined
        : peekTradingsFullInfo(stockId, groundId, { dateFrom: window.from, dateTo: window.to }),
  });
}

/** The attributes of an archive: the instrument's, and its own period instead of the block's. */
export interface ArchiveOptions extends InstrumentOptions {
  /** SPEC §9 period ids: 0 today, 1–5 = 1, 3, 6, 12, 36 months back from the last date. */
  periodId?: number;
}

export interface Archive {
  readonly $state: ReadableAtom<ArchiveState>;
  /** The retry after a failure. */
  reload(): Promise<void>;
}

const archives = new Map<string, Archive>();

/**
 * The archive of the instrument these options name, loaded while anyone listens. It follows the
 * instrument's inputs directly (not through `instrumentStore`), so an element's stores let the
 * page data go within the unmount delays the leak test allows.
 */
export function archiveOf(options: ArchiveOptions = {}): Archive {
  const selector = options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const key = JSON.stringify([selector, options.stockId, options.groundId, options.periodId]);
  let archive = archives.get(key);
  if (archive) return archive;
  const resource = createArchiveResource();
  const $state = computed(resource.$state, archiveState);
  onMount($state, () => {
    let loaded: string | null = null;
    const stop = effect([...instrumentSources(options)], (page, ground, period) => {
      const resolved = resolveInstrument(options, page, ground, period);
      const query = resolved.status === 'ok' ? archiveQuery(resolved.instrument, options.periodId) : null;
      const queryKey = query && JSON.stringify(query);
      if (query === null || queryKey === loaded) return;
      // The first archive comes from the page's preload when the server put it there.
      const first = loaded === null && resource.$state.get().status === 'idle';
      loaded = queryKey;
      if (!(first && resource.prime(query))) void resource.load(query);
    });
    return () => {
      stop();
      resource.cancel();
    };
  });
  archive = { $state, reload: resource.retry };
  archives.set(key, archive);
  return archive;
}

/** The archive of the page's main block (`#fin-page-data`). */
export const $archive: ReadableAtom<ArchiveState> = archiveOf().$state;

/**
 * The page-data blocks whose stock chart shows the archive in its Archive view. One archive on
 * the page in every view: while the chart of a block shows it, a `<fin-archive-table>` of the
 * same block elsewhere on the page steps aside, and comes back with the chart's other views.
 */
const $archiveInChart = atom<readonly string[]>([]);

/** Whether the chart of this block (a page-data selector) shows the archive now. */
export function archiveShownInChart(pageData: string | undefined): ReadableAtom<boolean> {
  const selector = pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  return computed($archiveInChart, (blocks) => blocks.includes(selector));
}

/** The chart of this block shows its archive until the returned function is called. */
export function showArchiveInChart(pageData: string | undefined): () => void {
  const selector = pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  $archiveInChart.set([...$archiveInChart.get(), selector]);
  return () => {
    const blocks = [...$archiveInChart.get()];
    blocks.splice(blocks.indexOf(selector), 1);
    $archiveInChart.set(blocks);
  };
}
