/**
 * The FMP IFRS report as the section shows it (SPEC §3 "Reports" FMP, §9): a table per statement
 * group with its own rows, the first five until expanded, the rest withheld from non-paid users,
 * and the period the answer shows, which may not be the one asked for (SPEC §7 fallback).
 */
import type { FmpGroup, FmpPeriod, FmpReport, FmpRow } from '../../../contract/reports.ts';
import { formatNumber } from '../../../core/format.ts';

/** SPEC §9: FMP shows 5 rows per group until expanded (the answer says so too). */
export const FMP_ROWS_PER_GROUP = 5;

/** FMP values are millions with one decimal, as the server stores them. */
const FMP_DECIMALS = 1;

export interface FmpColumn {
  field: string;
  title: string;
}

/** The table columns: `columns` keys with the `headers` titles, in the answer's order. */
export function fmpColumns(report: Pick<FmpReport, 'columns' | 'headers'>): FmpColumn[] {
  return report.columns.map((field, i) => ({ field, title: report.headers[i] ?? field }));
}

/** The rows of one group (financial_statement_code = the group's report_line_code), in order. */
export function fmpGroupRows(
  report: Pick<FmpReport, 'data'>,
  group: Pick<FmpGroup, 'report_line_code'>,
): FmpRow[] {
  return report.data.filter((row) => row.financial_statement_code === group.report_line_code);
}

/**
 * The unit shared by the rows of a group ("mln RUB"), or null when they differ (each row then
 * names its own).
 */
export function fmpGroupDimension(rows: readonly FmpRow[]): string | null {
  const units = new Set(rows.map((row) => row.dimension));
  return units.size === 1 ? ([...units][0] ?? null) : null;
}

/** A figure as shown: millions with one decimal and space thousands; null (not reported) as null. */
export function fmpValueText(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value, FMP_DECIMALS) : null;
}

/**
 * When the answer shows another period than the one asked for: the asked one's title and the
 * shown one's, for "no data for X, showing Y". The reference server says so itself
 * (`fallback: true`); another server answers an empty report, after which fetchFmpReport loads the
 * latest period, whose answer does not know what was asked: `requested` does.
 */
export function fmpFallback(
  requested: number | null,
  report: Pick<FmpReport, 'periodId' | 'requestedPeriodId' | 'fallback' | 'periods'>,
  knownPeriods: readonly FmpPeriod[] = [],
): { asked: string; shown: string } | null {
  const asked = report.fallback ? (report.requestedPeriodId ?? requested) : requested;
  if (asked === null || asked === report.periodId) return null;
  const title = (id: number) =>
    [...report.periods, ...knownPeriods].find((period) => period.id === id)?.ttl ?? String(id);
  return { asked: title(asked), shown: title(report.periodId) };
}
