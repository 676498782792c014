/**
 * The chart period (SPEC §4 "Stock chart"). One source of truth per page-data block: the chart's
 * tabs and date inputs write it, the chart and the archive table of that block both load the
 * window it names, so a period change reloads both. The page's main block has the shared
 * `$period` that every element without its own block follows; an instrument with its own block
 * (`page-data="#second-stock"`) has its own period, counted from its own last date (DESIGN §3).
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import {
  DEFAULT_PERIOD_ID,
  checkPeriodDates,
  periodWindow,
  type ChartPeriod,
  type PeriodDatesCheck,
  type PeriodId,
} from '../../contract/period.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../page-data.ts';

const blocks = new Map<string, WritableAtom<ChartPeriod | null>>();

/** The period of the page's main block (`#fin-page-data`): the one the stock page shares. */
export const $period = atom<ChartPeriod | null>(null);
blocks.set(DEFAULT_PAGE_DATA_SELECTOR, $period);

function block(selector: string): WritableAtom<ChartPeriod | null> {
  let store = blocks.get(selector);
  if (!store) {
    store = atom<ChartPeriod | null>(null);
    blocks.set(selector, store);
  }
  return store;
}

/** The period of a page-data block: `$period` for the main block, one of its own for any other. */
export function periodStore(selector = DEFAULT_PAGE_DATA_SELECTOR): ReadableAtom<ChartPeriod | null> {
  return block(selector);
}

/** Forgets every block's period (tests; pages that replace their blocks). */
export function resetPeriods(): void {
  for (const store of blocks.values()) store.set(null);
}

/** The period of a (new) page: 1M back from its last date, unless the same last date is already set. */
export function initPeriod(lastDate: string, selector = DEFAULT_PAGE_DATA_SELECTOR): void {
  const current = block(selector).get();
  if (current && current.lastDate === lastDate) return;
  resetPeriod(lastDate, selector);
}

/** Back to 1M (a ground switch, SPEC §4). */
export function resetPeriod(lastDate: string, selector = DEFAULT_PAGE_DATA_SELECTOR): void {
  block(selector).set({ id: DEFAULT_PERIOD_ID, ...periodWindow(DEFAULT_PERIOD_ID, lastDate), lastDate });
}

/** A period tab. Returns false when it was already the period (nothing changed). */
export function selectPeriod(id: PeriodId, selector = DEFAULT_PAGE_DATA_SELECTOR): boolean {
  const store = block(selector);
  const current = store.get();
  if (!current) return false;
  const window = periodWindow(id, current.lastDate);
  if (current.id === id && current.from === window.from && current.to === window.to) return false;
  store.set({ id, ...window, lastDate: current.lastDate });
  return true;
}

export type PeriodDatesResult =
  /** `changed` is false when the dates were already the period (nothing to reload or announce). */
  { ok: true; period: ChartPeriod; changed: boolean } | Extract<PeriodDatesCheck, { ok: false }>;

/** Dates the user picked (checked by checkPeriodDates): the period becomes null. */
export function setPeriodDates(
  from: string,
  to: string,
  moved: 'from' | 'to' = 'from',
  selector = DEFAULT_PAGE_DATA_SELECTOR,
): PeriodDatesResult {
  const store = block(selector);
  const current = store.get();
  if (!current) return { ok: false, error: 'invalid_date' };
  const checked = checkPeriodDates(from, to, current.lastDate, moved);
  if (!checked.ok) return checked;
  if (current.id === null && current.from === checked.from && current.to === checked.to)
    return { ok: true, period: current, changed: false };
  const period: ChartPeriod = { id: null, from: checked.from, to: checked.to, lastDate: current.lastDate };
  store.set(period);
  return { ok: true, period, changed: true };
}
