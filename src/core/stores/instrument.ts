/**
 * Which stock, trading ground and period an element shows: one answer for every element
 * (DESIGN §3). The element's attributes win; else its page-data block names the stock; the page's
 * main block follows the shared ground (`$ground`) when the stock trades there, any other block
 * keeps its own ground; the period is the block's (`periodStore`), 1M back from the stock's last
 * date until one is chosen.
 */
import { computed, type ReadableAtom } from 'nanostores';
import { parseDisplayDate } from '../../contract/calendar.ts';
import { DEFAULT_PERIOD_ID, periodWindow, type ChartPeriod } from '../../contract/period.ts';
import type { StockPageData } from '../../contract/types.ts';
import { DEFAULT_PAGE_DATA_SELECTOR, type PageDataError } from '../page-data.ts';
import { $ground } from './ground.ts';
import { stockPageStore, type PageDataState } from './page.ts';
import { periodStore } from './period.ts';

export interface InstrumentOptions {
  /** Selector of the page-data block; default the page's main block. */
  pageData?: string;
  /** `stock-id` / `ground-id` attributes, for pages without page data. */
  stockId?: number;
  groundId?: number;
}

export interface Instrument {
  stockId: number;
  /** null when neither an attribute nor the page data of this stock names one. */
  groundId: number | null;
  /** The block's page data when it describes this stock (not when an attribute names another). */
  page: StockPageData | null;
  /**
   * The block's chart period. For the block's own stock it is always one of that stock's last
   * date: the chosen one, else 1M back from it (SPEC §4 first load); null when nothing says.
   */
  period: ChartPeriod | null;
  /** Whether the ground is the shared one of the page (a ground switch reloads this element). */
  followsSharedGround: boolean;
}

export type InstrumentState =
  | { status: 'ok'; instrument: Instrument }
  /** The element has no stock: the page data it needs is missing or malformed. */
  | { status: 'page-error'; page: Extract<PageDataState<StockPageData>, { error: Error | PageDataError }> }
  /** The page data has not been read yet. */
  | { status: 'waiting' };

/** The ground a block shows: the shared one when the block is the main one and its stock trades there. */
export function groundOf(page: StockPageData, sharedGround: number | null, followsShared: boolean): number {
  const shared =
    followsShared &&
    sharedGround !== null &&
    page.tradingGrounds.some((ground) => ground.id === sharedGround);
  return shared ? sharedGround! : page.groundId;
}

/**
 * The period of a block's stock: the block's when it counts from the stock's last date, else (none
 * chosen yet, or the page data moved on) 1M back from that date. Null without a usable last date.
 */
export function blockPeriod(page: StockPageData, period: ChartPeriod | null): ChartPeriod | null {
  const lastDate = page.excelDefaultEnd;
  if (period && period.lastDate === lastDate) return period;
  if (parseDisplayDate(lastDate) === null) return period;
  return { id: DEFAULT_PERIOD_ID, ...periodWindow(DEFAULT_PERIOD_ID, lastDate), lastDate };
}

export function resolveInstrument(
  options: InstrumentOptions,
  page: PageDataState<StockPageData>,
  sharedGround: number | null,
  period: ChartPeriod | null,
): InstrumentState {
  const data = page.status === 'ok' ? page.data : null;
  const stockId = options.stockId ?? data?.stockId;
  if (stockId === undefined) {
    return page.status === 'error' || page.status === 'missing'
      ? { status: 'page-error', page }
      : { status: 'waiting' };
  }
  const pageStock = data !== null && data.stockId === stockId ? data : null;
  const followsSharedGround =
    (options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR) === DEFAULT_PAGE_DATA_SELECTOR &&
    options.groundId === undefined;
  const groundId =
    options.groundId ?? (pageStock ? groundOf(pageStock, sharedGround, followsSharedGround) : null);
  return {
    status: 'ok',
    instrument: {
      stockId,
      groundId,
      page: pageStock,
      period: pageStock ? blockPeriod(pageStock, period) : options.stockId === undefined ? period : null,
      followsSharedGround: followsSharedGround && pageStock !== null,
    },
  };
}

/**
 * The stores an instrument is resolved from, in `resolveInstrument`'s order. A store that derives
 * more than the instrument computes over these directly rather than over `instrumentStore()`:
 * every computed in a chain lets its inputs go one unmount delay (1 s) after its own listeners
 * left, and an element's stores let the page data go within three of them (the chart's leak test).
 */
export function instrumentSources(options: InstrumentOptions = {}) {
  const selector = options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  return [stockPageStore(selector), $ground, periodStore(selector)] as const;
}

const cache = new Map<string, ReadableAtom<InstrumentState>>();

/** The instrument of an element with these attributes; elements with the same ones share the store. */
export function instrumentStore(options: InstrumentOptions = {}): ReadableAtom<InstrumentState> {
  const selector = options.pageData ?? DEFAULT_PAGE_DATA_SELECTOR;
  const key = JSON.stringify([selector, options.stockId ?? null, options.groundId ?? null]);
  let store = cache.get(key);
  if (!store) {
    store = computed([...instrumentSources(options)], (page, ground, period) =>
      resolveInstrument(options, page, ground, period),
    );
    cache.set(key, store);
  }
  return store;
}
