/**
 * The chart period of SPEC §4/§9: period ids, their month offsets, the limits a user's dates must
 * keep, and the windows they name. Pure rules shared by the elements and the reference server.
 */
import { addMonthsToDisplayDate, compareIsoDates, parseDisplayDate } from './calendar.ts';

/** SPEC §9: 0 today (intraday), 1–5 are 1, 3, 6, 12 and 36 months back from the last date. */
export const PERIOD_TODAY = 0;
export const PERIOD_MONTHS = { 1: 1, 2: 3, 3: 6, 4: 12, 5: 36 } as const;
export type PeriodId = 0 | keyof typeof PERIOD_MONTHS;
export const PERIOD_IDS: readonly PeriodId[] = [0, 1, 2, 3, 4, 5];
/** 1M is selected on first load and after a ground switch. */
export const DEFAULT_PERIOD_ID: PeriodId = 1;
/** SPEC §5: a custom span is capped at 10 years by moving the other date. */
export const PERIOD_LIMIT_YEARS = 10;
/** SPEC §7: the `periodId` / `period_id` of the index calls when the period is today (intraday). */
export const INTRADAY_PERIOD_ID = 99;
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

/** The window of a period tab, counted back from the last trading date (DD.MM.YYYY). */
export function periodWindow(id: PeriodId, lastDate: string): { from: string; to: string } {
  const from = id === PERIOD_TODAY ? null : addMonthsToDisplayDate(lastDate, -PERIOD_MONTHS[id]);
  return { from: from ?? lastDate, to: lastDate };
}

/** The dates a user may pick for a stock whose last trading date is `lastDate` (DD.MM.YYYY). */
export function periodDateBounds(lastDate: string): { min: string; max: string | null } {
  return { min: PERIOD_MIN_DATE, max: addMonthsToDisplayDate(lastDate, PERIOD_MAX_YEARS_AFTER_LAST * 12) };
}

/** A complete, real date within the bounds: one that may be applied and sent. */
export function isPeriodDateInRange(date: string, lastDate: string): boolean {
  const value = parseDisplayDate(date);
  if (!value) return false;
  const { min, max } = periodDateBounds(lastDate);
  if (compareIsoDates(value, parseDisplayDate(min)!) < 0) return false;
  const upper = max === null ? null : parseDisplayDate(max);
  return upper === null || compareIsoDates(value, upper) <= 0;
}

export type PeriodDatesCheck =
  | { ok: true; from: string; to: string }
  | { ok: false; error: 'graph_period_start_incorrect' | 'invalid_date' | 'date_out_of_range' };

/**
 * Dates a user picked, checked against SPEC §5: a date that is not real or outside the bounds is
 * refused, a start after the end is graph_period_start_incorrect, and a span over 10 years moves
 * the date the user did not touch (`moved` names the one they did).
 */
export function checkPeriodDates(
  from: string,
  to: string,
  lastDate: string,
  moved: 'from' | 'to' = 'from',
): PeriodDatesCheck {
  const start = parseDisplayDate(from);
  const end = parseDisplayDate(to);
  if (!start || !end) return { ok: false, error: 'invalid_date' };
  if (!isPeriodDateInRange(from, lastDate) || !isPeriodDateInRange(to, lastDate))
    return { ok: false, error: 'date_out_of_range' };
  if (compareIsoDates(start, end) > 0) return { ok: false, error: 'graph_period_start_incorrect' };
  const limitMonths = PERIOD_LIMIT_YEARS * 12;
  const latestEnd = addMonthsToDisplayDate(from, limitMonths)!;
  if (compareIsoDates(end, parseDisplayDate(latestEnd)!) <= 0) return { ok: true, from, to };
  return moved === 'from'
    ? { ok: true, from, to: latestEnd }
    : { ok: true, from: addMonthsToDisplayDate(to, -limitMonths)!, to };
}
