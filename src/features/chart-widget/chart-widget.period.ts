/**
 * The chart widget's period (SPEC §3 Tab period, §4, §5): the tab that is active at first, the
 * dates a tab sets, and dates the user typed — a start after the end is refused with
 * graph_period_start_incorrect and a span over the limit (default 10 years) moves the date the
 * user did not touch. Dates are DD.MM.YYYY; nothing here reads the clock.
 */
import {
  addMonths,
  addMonthsToDisplayDate,
  compareIsoDates,
  displayDate,
  parseDisplayDate,
} from '../../contract/calendar.ts';
import { activeTabPeriod, type TabPeriod } from '../../contract/chart-widget.ts';

export const DEFAULT_PERIOD_LIMIT_YEARS = 10;

/** What the chart asks its data URL for (SPEC §7): periodId null for typed dates. */
export interface ChartRange {
  periodId: number | null;
  beginDate: string;
  endDate: string;
}

/** The first range: the active tab's dates, else the last year up to `todayIso`. */
export function initialRange(periods: readonly TabPeriod[], todayIso: string): ChartRange {
  const tab = activeTabPeriod(periods);
  if (tab) return tabRange(tab);
  return { periodId: null, beginDate: displayDate(addMonths(todayIso, -12)), endDate: displayDate(todayIso) };
}

export function tabRange(tab: TabPeriod): ChartRange {
  return { periodId: tab.id, beginDate: tab.start_date, endDate: tab.end_date };
}

export type TypedRange =
  | { ok: true; range: ChartRange; capped: boolean }
  | { ok: false; error: 'graph_period_start_incorrect' | 'invalid_date' };

/**
 * Dates the user typed or picked: `moved` is the one they changed. A valid span becomes an
 * arbitrary period (no tab); one longer than `limitYears` keeps the moved date and moves the other.
 */
export function typedRange(
  from: string,
  to: string,
  moved: 'from' | 'to',
  limitYears = DEFAULT_PERIOD_LIMIT_YEARS,
): TypedRange {
  const start = parseDisplayDate(from);
  const end = parseDisplayDate(to);
  if (!start || !end) return { ok: false, error: 'invalid_date' };
  if (compareIsoDates(start, end) > 0) return { ok: false, error: 'graph_period_start_incorrect' };
  const months = Math.round(limitYears * 12);
  const latestEnd = addMonthsToDisplayDate(from, months)!;
  if (!(months > 0) || compareIsoDates(end, parseDisplayDate(latestEnd)!) <= 0)
    return { ok: true, range: { periodId: null, beginDate: from, endDate: to }, capped: false };
  const range =
    moved === 'from'
      ? { periodId: null, beginDate: from, endDate: latestEnd }
      : { periodId: null, beginDate: addMonthsToDisplayDate(to, -months)!, endDate: to };
  return { ok: true, range, capped: true };
}

/** A positive whole or fractional number of years, else the default. */
export function periodLimitYears(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : DEFAULT_PERIOD_LIMIT_YEARS;
}
