/**
 * The chart period of the stock page (SPEC §4 "Stock chart"). One source of truth: the chart's
 * tabs and date inputs write it, the chart and the archive table both load the window it names,
 * so a period change reloads both.
 */
import { atom } from 'nanostores';

/** SPEC §9: 0 today (intraday), 1–5 are 1, 3, 6, 12 and 36 months back from the last date. */
export const PERIOD_TODAY = 0;
export const PERIOD_MONTHS = { 1: 1, 2: 3, 3: 6, 4: 12, 5: 36 } as const;
export type PeriodId = 0 | keyof typeof PERIOD_MONTHS;
export const PERIOD_IDS: readonly PeriodId[] = [0, 1, 2, 3, 4, 5];
/** 1M is selected on first load and after a ground switch. */
export const DEFAULT_PERIOD_ID: PeriodId = 1;
/** SPEC §5: a custom span is capped at 10 years by moving the other date. */
export const PERIOD_LIMIT_YEARS = 10;

export interface ChartPeriod {
  /** null: dates the user picked. */
  id: PeriodId | null;
  /** DD.MM.YYYY, inclusive. */
  from: string;
  to: string;
  /** The last trading date of the stock on its ground; tab windows count back from it. */
  lastDate: string;
}

export const $period = atom<ChartPeriod | null>(null);

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

function format({ year, month, day }: CalendarDate): string {
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
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

/** The period of a (new) page: 1M back from its last date, unless the same last date is already set. */
export function initPeriod(lastDate: string): void {
  const current = $period.get();
  if (current && current.lastDate === lastDate) return;
  resetPeriod(lastDate);
}

/** Back to 1M (a ground switch, SPEC §4). */
export function resetPeriod(lastDate: string): void {
  $period.set({ id: DEFAULT_PERIOD_ID, ...periodWindow(DEFAULT_PERIOD_ID, lastDate), lastDate });
}

export function selectPeriod(id: PeriodId): void {
  const current = $period.get();
  if (!current) return;
  $period.set({ id, ...periodWindow(id, current.lastDate), lastDate: current.lastDate });
}

export type PeriodDatesResult =
  { ok: true; period: ChartPeriod } | { ok: false; error: 'graph_period_start_incorrect' | 'invalid_date' };

/**
 * Dates the user picked: the period becomes null. A start after the end is refused (the chart
 * shows graph_period_start_incorrect); a span over 10 years moves the date the user did not touch.
 */
export function setPeriodDates(from: string, to: string, moved: 'from' | 'to' = 'from'): PeriodDatesResult {
  const current = $period.get();
  const start = parse(from);
  const end = parse(to);
  if (!current || !start || !end) return { ok: false, error: 'invalid_date' };
  if (compare(start, end) > 0) return { ok: false, error: 'graph_period_start_incorrect' };
  let capped = { from, to };
  const limitMonths = PERIOD_LIMIT_YEARS * 12;
  if (compare(end, addMonths(start, limitMonths)) > 0) {
    capped =
      moved === 'from'
        ? { from, to: format(addMonths(start, limitMonths)) }
        : { from: format(addMonths(end, -limitMonths)), to };
  }
  const period: ChartPeriod = { id: null, ...capped, lastDate: current.lastDate };
  $period.set(period);
  return { ok: true, period };
}
