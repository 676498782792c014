/**
 * The model of the IFRS and RAS statements (SPEC §3 "Reports"), free of React and the DOM: which
 * statements a report has, the lines a statement table shows (free lines, their sub lines when
 * expanded, the closed part when opened), how a figure reads, and the export link (SPEC §5, §7).
 */
import { columnDecimals, formatNumber } from '../../../core/format.ts';
import type {
  FinancialReport,
  LockedClosedData,
  ReportColumn,
  ReportLine,
  ReportPeriodId,
  ReportRows,
  ReportSection,
  ReportValue,
} from '../../../contract/reports.ts';
import { fillExportLink } from '../../../core/api/reports.ts';

/** The statements in display order: the three of every report, RAS's official forms, then params. */
export const STATEMENT_KEYS = [
  'balance_sheet',
  'profit_and_loss',
  'cash_flow_statement',
  'rsbu_balance',
  'rsbu_profit_and_loss',
  'report_cash_flow',
  'params',
] as const;
export type StatementKey = (typeof STATEMENT_KEYS)[number];

/** SPEC §7 contactActionLog: the show-more of a consolidated IFRS table logs 80, of an FSFR (RAS) table 76. */
export const SHOW_MORE_ACTION = { msfo: 80, rsbu: 76 } as const;

/** SPEC §5: an export without a start date starts on 1 January 1970. */
export const EXPORT_EPOCH = '01.01.1970';

export interface Statement {
  key: StatementKey;
  section: ReportSection;
}

/** The statements of a report that it carries, in display order. */
export function reportStatements(report: FinancialReport): Statement[] {
  return STATEMENT_KEYS.flatMap((key) => {
    const section = report[key];
    return section ? [{ key, section }] : [];
  });
}

/** A line as the statement table shows it. */
export interface StatementLine {
  id: string;
  ttl: string;
  /** 0: a line of the statement; 1: a sub line of `parentId`. */
  depth: 0 | 1;
  parentId: string | null;
  /** The line has sub lines (a collapsible group). */
  hasSub: boolean;
  /** One per column of the section (`scroll_head`), newest first; null: not reported. */
  values: ReportValue[];
  /** The line's unit when it differs from the section's, else null. */
  dimension: string | null;
  /** The line is of the closed part (`closed_data`). */
  closed: boolean;
}

export interface LineOptions {
  /** The closed part is shown (paid users who opened it). */
  closedOpen: boolean;
  /** Ids of the lines whose sub lines are shown. */
  expanded: ReadonlySet<string>;
}

function linesOf(
  rows: ReportRows,
  subRows: Record<string, ReportRows>,
  sectionDimension: string,
  closed: boolean,
  expanded: ReadonlySet<string>,
): StatementLine[] {
  const lines: StatementLine[] = [];
  const unit = (rowsOf: ReportRows, index: number) => {
    const dimension = rowsOf.dimensions[index];
    return dimension && dimension !== sectionDimension ? dimension : null;
  };
  rows.scroll_clmn.forEach((line: ReportLine, index) => {
    const sub = subRows[line.id];
    const hasSub = line.sub && sub !== undefined && sub.scroll_clmn.length > 0;
    lines.push({
      id: line.id,
      ttl: line.ttl,
      depth: 0,
      parentId: null,
      hasSub,
      values: rows.scroll_body[index] ?? [],
      dimension: unit(rows, index),
      closed,
    });
    if (!hasSub || !expanded.has(line.id)) return;
    sub.scroll_clmn.forEach((child, childIndex) => {
      lines.push({
        id: child.id,
        ttl: child.ttl,
        depth: 1,
        parentId: line.id,
        hasSub: false,
        values: sub.scroll_body[childIndex] ?? [],
        dimension: unit(sub, childIndex),
        closed,
      });
    });
  });
  return lines;
}

/** The lines on screen: the free part, then the closed part when it is open and not locked. */
export function statementLines(section: ReportSection, options: LineOptions): StatementLine[] {
  const lines = linesOf(section, section.sub_rows, section.dimension, false, options.expanded);
  const closed = section.closed_data;
  if (options.closedOpen && closed && !closed.locked)
    lines.push(...linesOf(closed, closed.sub_rows, section.dimension, true, options.expanded));
  return lines;
}

/** The closed part of a section: how many lines it holds and, when withheld, why. */
export function closedPart(
  section: ReportSection,
): { count: number; locked: LockedClosedData | null } | null {
  const closed = section.closed_data;
  if (!closed || closed.count <= 0) return null;
  return { count: closed.count, locked: closed.locked ? closed : null };
}

/** SPEC §9 and issue 20: a figure has at most 2 decimals; a column shows all its figures with one count. */
export const FIGURE_MAX_DECIMALS = 2;

/**
 * The decimals of one column of figures: as many as its most precise figure was reported with, at
 * most 2 (42 and 13.5 → 1: "42.0", "13.5"), so "46 919 939" never stands under "52 648 192.5".
 */
export function figureDecimals(values: Iterable<ReportValue>): number {
  return columnDecimals(values, 0, FIGURE_MAX_DECIMALS);
}

/**
 * A figure as shown: the shared number format (space thousands, the page's decimal separator),
 * a dash when not reported; with the column's decimals, or its own (at most 2) when alone.
 */
export function formatFigure(value: ReportValue, decimals?: number): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return formatNumber(value, decimals ?? figureDecimals([value]));
}

/** Replaces a section's figures line by line (a derived view: year over year, a difference). */
export interface StatementView {
  /** The figures of a line, aligned with the columns; default its reported values. */
  values?(line: StatementLine, section: ReportSection): readonly ReportValue[];
  /** The text of one figure; default formatFigure. */
  format?(value: ReportValue, column: ReportColumn, line: StatementLine): string;
}

/** Period columns a report shows at once; the older and newer ones of the From / To range are a page away. */
export const PERIOD_PAGE_SIZE = 8;

/** One page of a report's periods: columns [start, end) of the answer's (newest first). */
export interface PeriodPage {
  start: number;
  end: number;
  /** Page 0 is the newest; `pages - 1` the oldest. */
  page: number;
  pages: number;
}

/** The page `page` (0: the newest periods) of `total` period columns, clamped to the pages there are. */
export function periodPage(total: number, page: number, size = PERIOD_PAGE_SIZE): PeriodPage {
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(0, Math.trunc(page)), pages - 1);
  return { start: shown * size, end: Math.min(total, (shown + 1) * size), page: shown, pages };
}

function keepRows<R extends ReportRows>(rows: R, keep: readonly number[]): R {
  return { ...rows, scroll_body: rows.scroll_body.map((values) => keep.map((i) => values[i] ?? null)) };
}

function keepSubRows(
  subRows: Record<string, ReportRows>,
  keep: readonly number[],
): Record<string, ReportRows> {
  return Object.fromEntries(Object.entries(subRows).map(([id, rows]) => [id, keepRows(rows, keep)]));
}

/** The section with only the period columns `keep` (indexes, in the order given): every row follows. */
export function keepSectionColumns<S extends ReportSection>(section: S, keep: readonly number[]): S {
  const closed = section.closed_data;
  return {
    ...keepRows(section, keep),
    scroll_head: keep.flatMap((i) => section.scroll_head[i] ?? []),
    sub_rows: keepSubRows(section.sub_rows, keep),
    closed_data:
      closed && !closed.locked
        ? { ...keepRows(closed, keep), sub_rows: keepSubRows(closed.sub_rows, keep) }
        : closed,
  };
}

/** The report with only the period columns `keep` says yes to, in every statement. */
export function keepReportColumns(
  report: FinancialReport,
  keep: (column: ReportColumn, index: number) => boolean,
): FinancialReport {
  const out = { ...report };
  for (const { key, section } of reportStatements(report)) {
    const indexes = section.scroll_head.flatMap((column, i) => (keep(column, i) ? [i] : []));
    (out as Record<StatementKey, ReportSection | undefined>)[key] = keepSectionColumns(section, indexes);
  }
  return out;
}

/** The report's periods, newest first (every statement of a report has the same columns). */
export function reportPeriods(report: FinancialReport): ReportColumn[] {
  return reportStatements(report)[0]?.section.scroll_head ?? [];
}

/** SPEC §5 and §7: the export link of a report with the dates (empty from → 1 January 1970) and period. */
export function exportHref(
  template: string,
  values: { from: string; to: string; reportPeriod: ReportPeriodId },
): string {
  return fillExportLink(template, {
    from: values.from.trim() || EXPORT_EPOCH,
    to: values.to.trim(),
    reportPeriod: values.reportPeriod,
  });
}
