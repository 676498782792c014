/**
 * The chart period (SPEC §4 "Stock chart"). One source of truth per page-data block: the chart's
 * tabs and date inputs write it, the chart and the archive table of that block both load the
 * window it names, so a period change reloads both. The page's main block has the shared
 * `$period` that every element without its own block follows; an instrument with its own block
 * (`page-data="#second-stock"`) has its own period, counted from its own last date (DESIGN §3).
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../page-data.ts';

/** SPEC §9: 0 today (intraday), 1–5 are 1, 3, 6, 12 and 36 months back from the last date. */
export const PERIOD_TODAY = 0;
export const PERIOD_MONTHS = { 1: 1, 2: 3, 3: 6, 4: 12, 5: 36 } as const;
export type PeriodId = 0 | keyof typeof PERIOD_MONTHS;
export const PERIOD_IDS: readonly PeriodId[] = [0, 1, 2, 3, 4, 5];
/** 1M is selected on first load and after a ground switch. */
export const DEFAULT_PERIOD_ID: PeriodId = 1;
/** SPEC §5: a custom span is capped at 10 years by moving the other date. */
export const PERIOD_LIMIT_YEARS = 10;
/**
 * Dates a user may pick: none before 1970 (SPEC §5 report exports start there), none more than a
 * year after the stock's last date. Anything else is a half-typed year (a date input reports
 * 0002, 0020, 0202 on the way to 2024) and is never sent.
 */
export const PERIOD_MIN_DATE = '01.01.1970';
export const PERIOD_MAX_YEARS_AFTER_LAST = 1;

export interface ChartPeriod {
  /** null: dates the user picked. */
  id: PeriodId | null;
  /** DD.MM.YYYY, inclusive. */
  from: string;
  to: string;
  /** The last trading date of the stock on its ground; tab windows count back from it. */
  lastDate: string;
}

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

// Plain calendar arithmetic rather than dayjs: every element follows the ground, and the ground
// switch resets the period, so this module is in the chunk even a price block downloads.
interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number;
}

/** DD.MM.YYYY → a real calendar date, or null. */
function parse(text: string): CalendarDate | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/** DD.MM.YYYY with a four-digit year (a year before 1000 must not go out as `23.10.11`). */
function format({ year, month, day }: CalendarDate): string {
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
}

/** The same day `months` later (negative: earlier), clamped to the month's last day (31.03 − 1 month = 28/29.02). */
function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return (a.year - b.year) * 10000 + (a.month - b.month) * 100 + (a.day - b.day);
}

/** The window of a period tab, counted back from the last trading date. */
export function periodWindow(id: PeriodId, lastDate: string): { from: string; to: string } {
  const last = parse(lastDate);
  if (id === PERIOD_TODAY || !last) return { from: lastDate, to: lastDate };
  return { from: format(addMonths(last, -PERIOD_MONTHS[id])), to: lastDate };
}

/** The dates a user may pick for a stock whose last trading date is `lastDate` (DD.MM.YYYY). */
export function periodDateBounds(lastDate: string): { min: string; max: string | null } {
  const last = parse(lastDate);
  return {
    min: PERIOD_MIN_DATE,
    max: last ? format(addMonths(last, PERIOD_MAX_YEARS_AFTER_LAST * 12)) : null,
  };
}

/** A complete, real date within the bounds: one that may be applied and sent. */
export function isPeriodDateInRange(date: string, lastDate: string): boolean {
  const value = parse(date);
  if (!value) return false;
  const { min, max } = periodDateBounds(lastDate);
  if (compare(value, parse(min)!) < 0) return false;
  const upper = max === null ? null : parse(max);
  return upper === null || compare(value, upper) <= 0;
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
  | { ok: true; period: ChartPeriod; changed: boolean }
  | { ok: false; error: 'graph_period_start_incorrect' | 'invalid_date' | 'date_out_of_range' };

/**
 * Dates the user picked: the period becomes null. A date that is not real or outside
 * periodDateBounds is refused (nothing is sent); a start after the end is refused (the chart shows
 * graph_period_start_incorrect); a span over 10 years moves the date the user did not touch.
 */
export function setPeriodDates(
  from: string,
  to: string,
  moved: 'from' | 'to' = 'from',
  selector = DEFAULT_PAGE_DATA_SELECTOR,
): PeriodDatesResult {
  const store = block(selector);
  const current = store.get();
  const start = parse(from);
  const end = parse(to);
  if (!current || !start || !end) return { ok: false, error: 'invalid_date' };
  if (!isPeriodDateInRange(from, current.lastDate) || !isPeriodDateInRange(to, current.lastDate))
    return { ok: false, error: 'date_out_of_range' };
  if (compare(start, end) > 0) return { ok: false, error: 'graph_period_start_incorrect' };
  let capped = { from, to };
  const limitMonths = PERIOD_LIMIT_YEARS * 12;
  if (compare(end, addMonths(start, limitMonths)) > 0) {
    capped =
      moved === 'from'
        ? { from, to: format(addMonths(start, limitMonths)) }
        : { from: format(addMonths(end, -limitMonths)), to };
  }
  if (current.id === null && current.from === capped.from && current.to === capped.to)
    return { ok: true, period: current, changed: false };
  const period: ChartPeriod = { id: null, ...capped, lastDate: current.lastDate };
  store.set(period);
  return { ok: true, period, changed: true };
}
