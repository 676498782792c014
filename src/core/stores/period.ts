/**
 * The chart period of the stock page (SPEC §4 "Stock chart"). One source of truth: the chart's
 * tabs and date inputs write it, the chart and the archive table both load the window it names,
 * so a period change reloads both.
 */
import { atom } from 'nanostores';
import { dayjs, DATE_FORMAT } from '../dates.ts';

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

function parse(date: string) {
  return dayjs.utc(date, DATE_FORMAT, true);
}

/** The window of a period tab, counted back from the last trading date. */
export function periodWindow(id: PeriodId, lastDate: string): { from: string; to: string } {
  if (id === PERIOD_TODAY) return { from: lastDate, to: lastDate };
  const from = parse(lastDate).subtract(PERIOD_MONTHS[id], 'month').format(DATE_FORMAT);
  return { from, to: lastDate };
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
  if (!current || !start.isValid() || !end.isValid()) return { ok: false, error: 'invalid_date' };
  if (start.isAfter(end)) return { ok: false, error: 'graph_period_start_incorrect' };
  let capped = { from, to };
  if (end.diff(start, 'year', true) > PERIOD_LIMIT_YEARS) {
    capped =
      moved === 'from'
        ? { from, to: start.add(PERIOD_LIMIT_YEARS, 'year').format(DATE_FORMAT) }
        : { from: end.subtract(PERIOD_LIMIT_YEARS, 'year').format(DATE_FORMAT), to };
  }
  const period: ChartPeriod = { id: null, ...capped, lastDate: current.lastDate };
  $period.set(period);
  return { ok: true, period };
}
