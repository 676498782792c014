import {
  arrayOf,
  boolean,
  integer,
  nullable,
  number,
  optional,
  record,
  string,
  ValidationError,
  type Check,
} from './validate.ts';

/** {apiUrl} of GET /api/company/get-report/{apiUrl}/{id}/. msfo2 is the second IFRS source. */
export type ReportApiUrl = 'msfo' | 'msfo2' | 'rsbu' | 'fmp' | 'quarterly';

export type FinancialReportApiUrl = 'msfo' | 'msfo2' | 'rsbu';

/** Why a paid part is withheld: anonymous → need_auth, signed in without paid access → need_get_access. */
export type NeedAccess = 'need_auth' | 'need_get_access';

/** 1 quarterly, 2 annual (the same ids as the multipliers' periods). */
export type ReportPeriodId = 1 | 2;

export interface ReportSource {
  /** 1 company filings (IFRS), 2 data provider (IFRS), 3 RAS, 4 FMP. */
  id: number;
  apiUrl: ReportApiUrl;
  name: string;
}

/** A period column: id `2024` (a year) or `2025-q1` (a quarter); ttl as shown; date = period end. */
export interface ReportColumn {
  id: string;
  ttl: string;
  /** DD.MM.YYYY */
  date: string;
  'date.numeric': number;
}

/** A line of the fixed left column. `sub`: the line has sub rows (in `sub_rows[id]`). */
export interface ReportLine {
  id: string;
  ttl: string;
  sub: boolean;
}

/** Millions of the report currency unless the row's dimension says otherwise; null: not reported. */
export type ReportValue = number | null;

/** Rows: names in scroll_clmn, values in scroll_body (same order, each aligned with scroll_head), units in dimensions. */
export interface ReportRows {
  scroll_clmn: ReportLine[];
  scroll_body: ReportValue[][];
  dimensions: string[];
}

/** The rows beyond the free part, for paid users. */
export interface OpenClosedData extends ReportRows {
  locked: false;
  count: number;
  sub_rows: Record<string, ReportRows>;
}

/** The rows beyond the free part, withheld: how many there are and what to do to see them. */
export interface LockedClosedData {
  locked: true;
  count: number;
  need: NeedAccess;
  /** The login page (need_auth) or the access page (need_get_access). */
  link: string;
}

export interface ReportSection extends ReportRows {
  /** Section title in the page language. */
  ttl: string;
  /** The section's common unit, e.g. "млн RUB"; rows with another unit say so in `dimensions`. */
  dimension: string;
  scroll_head: ReportColumn[];
  /** Sub rows of the free lines, by parent line id. */
  sub_rows: Record<string, ReportRows>;
  /** null when the section has no rows beyond the free part. */
  closed_data: OpenClosedData | LockedClosedData | null;
}

export interface ReportParamsSection extends ReportSection {
  /**
   * The issuer's archive of report files (the quarterly report files block of the company page,
   * `/company/{id}/#quarterly_reports`); null or absent when the issuer has none.
   */
  archLink?: string | null;
}

export interface ReportPeriodOption {
  id: ReportPeriodId;
  ttl: string;
}

/** GET /api/report_msfo/{id}/, /api/report_rsbu/{id}/, /api/company/get-report/{msfo|msfo2|rsbu}/{id}/. */
export interface FinancialReport {
  emitent_id: number;
  emitent_name: string;
  apiUrl: FinancialReportApiUrl;
  standard: 'msfo' | 'rsbu';
  source: ReportSource;
  /** The sources of this standard the issuer has (the IFRS tabs). */
  sources: ReportSource[];
  currency: string;
  reportPeriod: ReportPeriodId;
  reportPeriods: ReportPeriodOption[];
  /** .xlsx export (paid), with %from%, %to% (DD.MM.YYYY) and %reportPeriod% placeholders. */
  exportLink: string;
  exportAccess: boolean;
  balance_sheet: ReportSection;
  profit_and_loss: ReportSection;
  cash_flow_statement: ReportSection;
  params: ReportParamsSection;
  /** RAS only: the official forms 1, 2 and 4. */
  rsbu_balance?: ReportSection;
  rsbu_profit_and_loss?: ReportSection;
  report_cash_flow?: ReportSection;
}

/** An FMP period kind: 1–4 = the first 3, 6, 9 or 12 months of the fiscal year. */
export interface FmpPeriod {
  id: number;
  /** Months in the period. */
  periodNum: number;
  ttl: string;
}

/** A statement of the FMP report; its rows have financial_statement_code = report_line_code. */
export interface FmpGroup {
  /** IS income statement, BS balance sheet, CF cash flow. */
  report_line_code: string;
  report_line_name: string;
  /** Rows of the group in all (the answer may hold fewer: see closed). */
  count: number;
  /** Rows beyond the first five, withheld from non-paid users; null when all are present. */
  closed: { count: number; need: NeedAccess; link: string } | null;
}

/** A row: the line plus one value per column key (`y2024`…). */
export type FmpRow = {
  financial_statement_code: string;
  report_line_code: string;
  report_line_name: string;
  dimension: string;
} & Record<string, string | number | null>;

/** GET /api/report_fmp/{emitent}/{periodId}/ and /api/report_fmp/{emitent}/. */
export interface FmpReport {
  emitent_id: number;
  /** The period shown: the one asked for, or the latest when it has no data or none was asked for. */
  periodId: number;
  requestedPeriodId: number | null;
  /** True when the asked-for period had no data and the latest is shown instead. */
  fallback: boolean;
  periods: FmpPeriod[];
  groups: FmpGroup[];
  /** Column titles, aligned with columns; the first is the line-name column. */
  headers: string[];
  /** Keys of the row fields: 'report_line_name', then one per year, newest first. */
  columns: string[];
  data: FmpRow[];
  currency: string;
  /** Rows shown per group until expanded (SPEC §9). */
  rowsPerGroup: number;
}

export interface ReportFileLink {
  /** The download URL; null unless the user has paid access. */
  link: string | null;
  mimetype: string;
  name: string;
}

export interface ReportFileQuarter {
  rus: ReportFileLink | null;
  eng: ReportFileLink | null;
}

/** SPEC §3 "Report file entry". */
export interface ReportFileEntry {
  year: number;
  /** Quarter 1–4 → the files of that quarter, or null when none was filed. */
  monthArray: Record<'1' | '2' | '3' | '4', ReportFileQuarter | null>;
}

/** GET /api/company/get-report/quarterly/{id}/: years newest first. */
export interface QuarterlyReports {
  emitent_id: number;
  items: ReportFileEntry[];
  need: NeedAccess | null;
  link: string | null;
  /** Years shown before "show more" (SPEC §9). */
  defaultYears: number;
}

// ─── Answer check ──────────────────────────────────────────────────────────────────────────────

/*
 * The check of an IFRS / RAS report answer, run by core/api on every answer as contract/answers.ts
 * does for the others: a statement of another shape fails with the field named, so the element
 * shows a load error with retry instead of crashing on it. (Here, not in answers.ts: the shapes of
 * the reports domain stay out of the runtime chunk, vite.config.ts.)
 */

const STATEMENTS = [
  'balance_sheet',
  'profit_and_loss',
  'cash_flow_statement',
  'params',
  'rsbu_balance',
  'rsbu_profit_and_loss',
  'report_cash_flow',
] as const;

const REQUIRED = new Set<string>(['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params']);

function checkRows(source: Record<string, unknown>, path: string, columns: number): ReportRows {
  const lines = arrayOf((v, p) => {
    const line = record(v, p);
    return {
      id: string(line.id, `${p}.id`),
      ttl: string(line.ttl, `${p}.ttl`),
      sub: boolean(line.sub, `${p}.sub`),
    };
  })(source.scroll_clmn, `${path}.scroll_clmn`);
  const body = arrayOf(arrayOf(nullable(number)))(source.scroll_body, `${path}.scroll_body`);
  if (body.length !== lines.length)
    throw new ValidationError(`${path}.scroll_body`, `${lines.length} rows`, body.length);
  body.forEach((values, index) => {
    if (values.length !== columns)
      throw new ValidationError(`${path}.scroll_body[${index}]`, `${columns} values`, values.length);
  });
  const dimensions = optional(arrayOf(string), [])(source.dimensions, `${path}.dimensions`);
  return { scroll_clmn: lines, scroll_body: body, dimensions };
}

function checkSubRows(v: unknown, path: string, columns: number): Record<string, ReportRows> {
  const source = optional(record, {})(v, path);
  return Object.fromEntries(
    Object.entries(source).map(([id, rows]) => [
      id,
      checkRows(record(rows, `${path}.${id}`), `${path}.${id}`, columns),
    ]),
  );
}

function checkSection(v: unknown, path: string) {
  const source = record(v, path);
  const head = arrayOf((c, p) => {
    const column = record(c, p);
    return { ...column, id: string(column.id, `${p}.id`), ttl: string(column.ttl, `${p}.ttl`) };
  })(source.scroll_head, `${path}.scroll_head`);
  const closed = source.closed_data;
  let closedData: unknown = null;
  if (closed !== null && closed !== undefined) {
    const c = record(closed, `${path}.closed_data`);
    const count = integer(c.count, `${path}.closed_data.count`);
    closedData =
      c.locked === true
        ? {
            ...c,
            locked: true,
            count,
            need: string(c.need, `${path}.closed_data.need`),
            link: string(c.link, `${path}.closed_data.link`),
          }
        : {
            ...c,
            locked: false,
            count,
            ...checkRows(c, `${path}.closed_data`, head.length),
            sub_rows: checkSubRows(c.sub_rows, `${path}.closed_data.sub_rows`, head.length),
          };
  }
  return {
    ...source,
    ttl: string(source.ttl, `${path}.ttl`),
    dimension: optional(string, '')(source.dimension, `${path}.dimension`),
    scroll_head: head,
    ...checkRows(source, path, head.length),
    sub_rows: checkSubRows(source.sub_rows, `${path}.sub_rows`, head.length),
    closed_data: closedData,
  };
}

export const checkFinancialReport: Check<FinancialReport> = (v, path) => {
  const source = record(v, path);
  const out: Record<string, unknown> = {
    ...source,
    exportLink: optional(string, '')(source.exportLink, 'exportLink'),
    exportAccess: optional(boolean, false)(source.exportAccess, 'exportAccess'),
    reportPeriods: optional(
      arrayOf((o, p) => {
        const option = record(o, p);
        return { id: integer(option.id, `${p}.id`), ttl: string(option.ttl, `${p}.ttl`) };
      }),
      [],
    )(source.reportPeriods, 'reportPeriods'),
  };
  for (const key of STATEMENTS) {
    if (source[key] === undefined && !REQUIRED.has(key)) continue;
    out[key] = checkSection(source[key], key);
  }
  return out as unknown as FinancialReport;
};

// ─── FMP and quarterly answer checks ───────────────────────────────────────────────────────────

const needAccess: Check<NeedAccess> = (v, path) => {
  if (v === 'need_auth' || v === 'need_get_access') return v;
  throw new ValidationError(path, 'need_auth or need_get_access', v);
};

/** An object whose listed fields pass their checks; the other fields are kept as they came. */
function fieldsOf<T>(fields: Record<string, Check<unknown>>): Check<T> {
  return (v, path) => {
    const source = record(v, path);
    const out: Record<string, unknown> = { ...source };
    for (const [key, check] of Object.entries(fields))
      out[key] = check(source[key], path ? `${path}.${key}` : key);
    return out as T;
  };
}

/** SPEC §7 report_fmp: what the FMP section reads (periods, groups, columns, rows). */
export const checkFmpReport: Check<FmpReport> = fieldsOf<FmpReport>({
  emitent_id: optional(integer, 0),
  periodId: integer,
  requestedPeriodId: optional(nullable(integer), null),
  fallback: optional(boolean, false),
  periods: arrayOf(fieldsOf({ id: integer, periodNum: optional(integer, 0), ttl: string })),
  groups: arrayOf(
    fieldsOf({
      report_line_code: string,
      report_line_name: string,
      count: optional(integer, 0),
      closed: optional(
        nullable(fieldsOf({ count: integer, need: needAccess, link: optional(string, '') })),
        null,
      ),
    }),
  ),
  headers: arrayOf(string),
  columns: arrayOf(string),
  data: arrayOf(
    fieldsOf({
      financial_statement_code: string,
      report_line_code: string,
      report_line_name: string,
      dimension: optional(string, ''),
    }),
  ),
  currency: optional(string, ''),
  rowsPerGroup: optional(integer, 5),
});

/** An empty body: no FMP report for this issuer (the section says there is no data). */
export const emptyFmpReport = (): FmpReport => ({
  emitent_id: 0,
  periodId: 0,
  requestedPeriodId: null,
  fallback: false,
  periods: [],
  groups: [],
  headers: [],
  columns: [],
  data: [],
  currency: '',
  rowsPerGroup: 5,
});

const reportFile: Check<ReportFileLink | null> = optional(
  nullable(
    fieldsOf<ReportFileLink>({
      link: optional(nullable(string), null),
      mimetype: optional(string, ''),
      name: optional(string, ''),
    }),
  ),
  null,
);

const reportFileQuarter: Check<ReportFileQuarter | null> = optional(
  nullable(fieldsOf<ReportFileQuarter>({ rus: reportFile, eng: reportFile })),
  null,
);

/** SPEC §3 "Report file entry" (get-report/quarterly): the years and their files per quarter. */
export const checkQuarterlyReports: Check<QuarterlyReports> = fieldsOf<QuarterlyReports>({
  emitent_id: optional(integer, 0),
  items: arrayOf(
    fieldsOf<ReportFileEntry>({
      year: integer,
      monthArray: fieldsOf({
        '1': reportFileQuarter,
        '2': reportFileQuarter,
        '3': reportFileQuarter,
        '4': reportFileQuarter,
      }),
    }),
  ),
  need: optional(nullable(needAccess), null),
  link: optional(nullable(string), null),
  defaultYears: optional(integer, 2),
});

/** An empty body: no report files (the section says there is no data). */
export const emptyQuarterlyReports = (): QuarterlyReports => ({
  emitent_id: 0,
  items: [],
  need: null,
  link: null,
  defaultYears: 2,
});
