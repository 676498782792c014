/**
 * Year-over-year change view of a report section: each value becomes its change, in percent,
 * against the same period one year earlier (annual: the previous year; quarterly: the same
 * quarter of the previous year), looked up among the section's own columns in any order.
 */
import type {
  OpenClosedData,
  ReportColumn,
  ReportRows,
  ReportSection,
  ReportValue,
} from '../../../contract/reports.ts';

/** The unit of every row of a YoY view. */
export const YOY_DIMENSION = '%';

/**
 * (value − base) / |base| × 100; null when either value is missing or the base is 0.
 * The base is taken as |base| so the sign always says which way the line moved: a loss
 * narrowing from −100 to −50 is +50 % (it rose), one widening from −100 to −150 is −50 %;
 * dividing by the signed base would flip both.
 */
export function yoyChange(value: ReportValue, base: ReportValue): number | null {
  if (value === null || base === null || base === 0) return null;
  return ((value - base) / Math.abs(base)) * 100;
}

/** A column's period as (kind, year): kind `y` a year, `q1`…`q4` a quarter, else the end day `DD.MM`. */
function periodOf(column: ReportColumn): { kind: string; year: number } | null {
  const annual = /^(\d{4})$/.exec(column.id);
  if (annual) return { kind: 'y', year: Number(annual[1]) };
  const quarter = /^(\d{4})-q([1-4])$/i.exec(column.id);
  if (quarter) return { kind: `q${quarter[2]}`, year: Number(quarter[1]) };
  const date = /^(\d{2}\.\d{2})\.(\d{4})$/.exec(column.date);
  if (date) return { kind: `d${date[1]}`, year: Number(date[2]) };
  return null;
}

/** For each column, the index of the column of the same period one year earlier, or -1. */
export function yearEarlierColumns(columns: readonly ReportColumn[]): number[] {
  const periods = columns.map(periodOf);
  const index = new Map<string, number>();
  periods.forEach((period, i) => {
    if (period) index.set(`${period.kind}/${period.year}`, i);
  });
  return periods.map((period) => (period ? (index.get(`${period.kind}/${period.year - 1}`) ?? -1) : -1));
}

/** One line's values (aligned with the columns whose `yearEarlierColumns` are `bases`) as YoY changes. */
export function yoyValues(values: readonly ReportValue[], bases: readonly number[]): (number | null)[] {
  return values.map((value, i) => {
    const base = bases[i] ?? -1;
    return base < 0 ? null : yoyChange(value, values[base] ?? null);
  });
}

function yoyRows(rows: ReportRows, bases: number[]): ReportRows {
  return {
    scroll_clmn: rows.scroll_clmn,
    scroll_body: rows.scroll_body.map((values) => yoyValues(values, bases)),
    dimensions: rows.dimensions.map(() => YOY_DIMENSION),
  };
}

function yoySubRows(subRows: Record<string, ReportRows>, bases: number[]): Record<string, ReportRows> {
  return Object.fromEntries(Object.entries(subRows).map(([id, rows]) => [id, yoyRows(rows, bases)]));
}

/**
 * The section with every value (free rows, sub rows and open closed rows) replaced by its YoY
 * change in percent; the same lines, columns and locked part, so any report table shows it.
 */
export function yoySection<S extends ReportSection>(section: S): S {
  const bases = yearEarlierColumns(section.scroll_head);
  const closed = section.closed_data;
  const closedData: ReportSection['closed_data'] =
    closed && !closed.locked
      ? ({
          ...closed,
          ...yoyRows(closed, bases),
          sub_rows: yoySubRows(closed.sub_rows, bases),
        } satisfies OpenClosedData)
      : closed;
  return {
    ...section,
    ...yoyRows(section, bases),
    dimension: YOY_DIMENSION,
    sub_rows: yoySubRows(section.sub_rows, bases),
    closed_data: closedData,
  };
}
