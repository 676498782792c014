/**
 * The issuer answers of SPEC §7 built from the repository rows: IFRS/RAS reports (SPEC §3
 * "Reports"), FMP reports, quarterly report files, multipliers, consensus forecasts, comments and
 * related-issuer links — in the request's language and gated for the session (SPEC §6):
 *
 *   report rows beyond the free part (closed_data), FMP rows beyond five per group, quarterly
 *   file links: paid only; others get need_auth (anonymous) or need_get_access (signed in);
 *   market-based multipliers and price forecasts: masked like prices (shared/masking.ts).
 */
import {
  addYears,
  dateMs,
  displayDate,
  displayDateFromSeconds,
  unixSeconds,
} from '../../../src/contract/calendar.ts';
import { roundTo } from '../../data/prices.ts';
import type {
  CommentFileAlert,
  CommentFileState,
  CompanyComment,
  CompanyCommentsAnswer,
  ConsensusAnswer,
  ConsensusItem,
  MultiplierGroup,
  MultiplierRow,
  MultipliersAnswer,
  RelatedLink,
} from '../../../src/contract/company.ts';
import type {
  FinancialReport,
  FinancialReportApiUrl,
  FmpGroup,
  FmpReport,
  FmpRow,
  NeedAccess,
  QuarterlyReports,
  ReportColumn,
  ReportFileEntry,
  ReportPeriodId,
  ReportPeriodOption,
  ReportRows,
  ReportSection,
  ReportSource,
} from '../../../src/contract/reports.ts';
import type { IssuerPageSection } from '../../../src/contract/page-sections.ts';
import type { Lang, MaskedValue } from '../../../src/contract/types.ts';
import type {
  AccessRequestStatus,
  CommentRow,
  CompanyRepository,
  ReportLineRow,
  ReportSourceRow,
  ReportValueRow,
} from './company.repo.ts';
import type { LabelStore } from '../shared/labels.ts';
import { localName, pickName } from '../shared/lang.ts';
import { MASK, maskPrice, priceAccessOf, type PriceAccess, type PriceKind } from '../shared/masking.ts';
import type { SessionUser } from '../shared/session.ts';
import type { EmitentRow } from '../market/stocks.repo.ts';

/** Rows of a report section shown to everyone (SPEC §9: scroll table default limit 5). */
export const FREE_ROWS = 5;
/** FMP rows per group until expanded (SPEC §9). */
export const FMP_ROWS_PER_GROUP = 5;
export const FMP_YEARS = 5;
/** Quarter columns of the quarterly view of a report and of the multipliers. */
export const QUARTER_COLUMNS = 8;
export const MULTIPLIER_YEARS = 6;
/** Quarterly report files: years shown before "show more" (SPEC §9). */
export const QUARTERLY_DEFAULT_YEARS = 2;
/** Links of the network graph at most (SPEC §9: sizes vary above 10). */
export const MAX_RELATED_LINKS = 24;
export const ACCESS_URL = '/profile/access/';

export const COMMON_SECTIONS = ['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params'] as const;
export const RAS_SECTIONS = ['rsbu_balance', 'rsbu_profit_and_loss', 'report_cash_flow'] as const;
const FMP_GROUPS = ['IS', 'BS', 'CF'] as const;

export const MIME_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
} as const;

/** What every builder needs to know about the request. */
export interface IssuerContext {
  repo: CompanyRepository;
  labels: LabelStore;
  lang: Lang;
  user: SessionUser | null;
  access: PriceAccess;
  /** The demo's today, YYYY-MM-DD. */
  asOf: string;
}

export function issuerContext(
  base: Pick<IssuerContext, 'repo' | 'labels' | 'lang' | 'asOf'>,
  user: SessionUser | null,
): IssuerContext {
  return { ...base, user, access: priceAccessOf(user) };
}

/** null for paid users; else what the user has to do to see the paid parts. */
export function needOf(user: SessionUser | null): NeedAccess | null {
  if (!user) return 'need_auth';
  return priceAccessOf(user) === 'full' ? null : 'need_get_access';
}

export function companyUrl(emitentId: number): string {
  return `/company/${emitentId}/`;
}

export function loginUrl(back: string): string {
  return `/login/?back=${encodeURIComponent(back)}`;
}

/** Where a prompt sends the user: the login page (back to the issuer) or the access page. */
export function needLink(need: NeedAccess, emitentId: number): string {
  return need === 'need_auth' ? loginUrl(companyUrl(emitentId)) : ACCESS_URL;
}

export function issuerText(
  ctx: Pick<IssuerContext, 'labels' | 'lang'>,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  let text = ctx.labels.text(ctx.lang, `issuer:${key}`);
  for (const [name, value] of Object.entries(vars)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

export function exportLinkTemplate(emitentId: number, apiUrl: FinancialReportApiUrl): string {
  return `/api/company/${emitentId}/export/${apiUrl}/?from=%from%&to=%to%&reportPeriod=%reportPeriod%`;
}

export function reportPeriodOptions(ctx: IssuerContext): ReportPeriodOption[] {
  return [
    { id: 1, ttl: issuerText(ctx, 'period_quarterly') },
    { id: 2, ttl: issuerText(ctx, 'period_annual') },
  ];
}

function sourceOf(ctx: IssuerContext, row: ReportSourceRow): ReportSource {
  return {
    id: row.source_id,
    apiUrl: row.api_url as ReportSource['apiUrl'],
    name: pickName(ctx.lang, row.name, row.name_eng),
  };
}

function quarterEndIso(year: number, quarter: number): string {
  return ['', `${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`][quarter] as string;
}

function dimensionOf(ctx: IssuerContext, unit: ReportLineRow['unit'], currency: string): string {
  switch (unit) {
    case 'mln':
      return `${issuerText(ctx, 'unit_mln')} ${currency}`;
    case 'ccy':
      return currency;
    case 'thousand_persons':
      return issuerText(ctx, 'unit_thousand_persons');
    case 'mln_pcs':
      return issuerText(ctx, 'unit_mln_pcs');
  }
}

/** A line id as the client sees it (FMP field names without the storage prefix). */
function lineId(code: string): string {
  return code.startsWith('fmp.') ? code.slice(4) : code;
}

// ─── IFRS / RAS reports ────────────────────────────────────────────────────────────────────────

interface PeriodColumn extends ReportColumn {
  year: number;
  quarter: number;
  /** YYYY-MM-DD of the period end. */
  end: string;
}

function periodColumn(ctx: IssuerContext, year: number, quarter: number): PeriodColumn {
  const end = quarterEndIso(year, quarter === 0 ? 4 : quarter);
  return {
    id: quarter === 0 ? String(year) : `${year}-q${quarter}`,
    ttl: quarter === 0 ? String(year) : issuerText(ctx, 'quarter_title', { quarter, year }),
    date: displayDate(end),
    'date.numeric': unixSeconds(end),
    year,
    quarter,
    end,
  };
}

export interface ReportOptions {
  reportPeriod: ReportPeriodId;
  /**
   * Every period whose end falls in [from, to] (YYYY-MM-DD: the From / To of the page, and the
   * export); default the latest QUARTER_COLUMNS quarters or every year.
   */
  range?: { from: string; to: string };
}

/** The values of a source for the chosen periods: columns newest first and code → column id → value. */
function reportValues(
  ctx: IssuerContext,
  emitentId: number,
  sourceId: number,
  opts: ReportOptions,
): { columns: PeriodColumn[]; values: Map<string, Map<string, number | null>> } {
  let rows: ReportValueRow[];
  if (opts.reportPeriod === 2) {
    rows = ctx.repo.annualValues(emitentId, sourceId);
  } else if (opts.range) {
    rows = ctx.repo.quarterlyValues(emitentId, sourceId);
  } else {
    const quarters = ctx.repo.latestQuarters(emitentId, sourceId, QUARTER_COLUMNS);
    const oldest = quarters[quarters.length - 1];
    rows = oldest ? ctx.repo.quarterlyValues(emitentId, sourceId, oldest.year * 10 + oldest.quarter) : [];
  }
  const columnsById = new Map<string, PeriodColumn>();
  const values = new Map<string, Map<string, number | null>>();
  for (const row of rows) {
    const column = periodColumn(ctx, row.year, row.quarter);
    if (opts.range && (column.end < opts.range.from || column.end > opts.range.to)) continue;
    columnsById.set(column.id, column);
    let byColumn = values.get(row.code);
    if (!byColumn) values.set(row.code, (byColumn = new Map()));
    byColumn.set(column.id, row.value);
  }
  const columns = [...columnsById.values()].sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0));
  return { columns, values };
}

function toColumn(column: PeriodColumn): ReportColumn {
  return { id: column.id, ttl: column.ttl, date: column.date, 'date.numeric': column['date.numeric'] };
}

interface SectionInput {
  ctx: IssuerContext;
  emitentId: number;
  currency: string;
  lines: ReportLineRow[];
  columns: PeriodColumn[];
  values: Map<string, Map<string, number | null>>;
  need: NeedAccess | null;
}

/** The top-level lines of a section shown to everyone, and those beyond them (paid only). */
function splitFreeRows(present: ReportLineRow[]): { free: ReportLineRow[]; closed: ReportLineRow[] } {
  const top = present.filter((line) => line.parent_code === null);
  return { free: top.slice(0, FREE_ROWS), closed: top.slice(FREE_ROWS) };
}

/**
 * The report lines the caller cannot see in a source's report (the closed rows and their sub
 * rows), given the lines the source reports. Empty for a paid user. Every figure computed from
 * report lines (multipliers, consensus actuals) is masked when one of its lines is in here, so a
 * closed value cannot be derived back from a public one (maskFromLines).
 */
export function closedLineCodes(ctx: IssuerContext, reported: ReadonlySet<string>): Set<string> {
  const closed = new Set<string>();
  if (needOf(ctx.user) === null) return closed;
  const lines = ctx.repo.lines().filter((line) => reported.has(line.code));
  const addWithChildren = (code: string) => {
    closed.add(code);
    for (const child of lines)
      if (child.parent_code === code && !closed.has(child.code)) addWithChildren(child.code);
  };
  for (const section of new Set(lines.map((line) => line.section)))
    for (const line of splitFreeRows(lines.filter((l) => l.section === section)).closed)
      addWithChildren(line.code);
  return closed;
}

/** The closed lines of a source's report, whether the caller views it by year or by quarter. */
export function closedLinesOfSource(ctx: IssuerContext, emitentId: number, sourceId: number): Set<string> {
  if (needOf(ctx.user) === null) return new Set();
  const annual = new Set(ctx.repo.annualValues(emitentId, sourceId).map((row) => row.code));
  const quarterly = new Set(ctx.repo.quarterlyValues(emitentId, sourceId).map((row) => row.code));
  return new Set([...closedLineCodes(ctx, annual), ...closedLineCodes(ctx, quarterly)]);
}

/** A figure computed from report lines: masked like a closed value when any of them is closed. */
export function maskFromLines(
  value: MaskedValue,
  lines: readonly string[],
  closed: ReadonlySet<string>,
): MaskedValue {
  return value !== null && lines.some((line) => closed.has(line)) ? MASK : value;
}

function buildSection(input: SectionInput, section: string): ReportSection {
  const { ctx, lines, columns, values, need } = input;
  // Lines the source does not report at all are left out (the data provider has fewer).
  const present = lines.filter((line) => line.section === section && values.has(line.code));
  const childrenOf = (code: string) => present.filter((line) => line.parent_code === code);
  const rowsOf = (rows: ReportLineRow[]): ReportRows => ({
    scroll_clmn: rows.map((line) => ({
      id: lineId(line.code),
      ttl: localName(ctx.lang, line.name, line.name_eng),
      sub: childrenOf(line.code).length > 0,
    })),
    scroll_body: rows.map((line) => columns.map((column) => values.get(line.code)?.get(column.id) ?? null)),
    dimensions: rows.map((line) => dimensionOf(ctx, line.unit, input.currency)),
  });
  const subRowsOf = (parents: ReportLineRow[]): Record<string, ReportRows> =>
    Object.fromEntries(
      parents
        .filter((line) => childrenOf(line.code).length > 0)
        .map((line) => [lineId(line.code), rowsOf(childrenOf(line.code))]),
    );
  const { free, closed } = splitFreeRows(present);
  let closedData: ReportSection['closed_data'] = null;
  if (closed.length > 0) {
    closedData = need
      ? { locked: true, count: closed.length, need, link: needLink(need, input.emitentId) }
      : { locked: false, count: closed.length, ...rowsOf(closed), sub_rows: subRowsOf(closed) };
  }
  return {
    ttl: issuerText(ctx, `section_${section}`),
    dimension: dimensionOf(ctx, 'mln', input.currency),
    scroll_head: columns.map(toColumn),
    ...rowsOf(free),
    sub_rows: subRowsOf(free),
    closed_data: closedData,
  };
}

/**
 * The archive of the issuer's report files: the quarterly report files block of its page (the
 * section id the page gives it), or null when the issuer has no report files (no block to link).
 */
export function reportArchiveLink(ctx: IssuerContext, emitentId: number): string | null {
  const section: IssuerPageSection = 'quarterly_reports';
  return ctx.repo.reportFiles(emitentId).length > 0 ? `${companyUrl(emitentId)}#${section}` : null;
}

/** GET /api/report_msfo/, /api/report_rsbu/, /api/company/get-report/{msfo|msfo2|rsbu}/. */
export function buildFinancialReport(
  ctx: IssuerContext,
  emitent: EmitentRow,
  source: ReportSourceRow,
  opts: ReportOptions,
): FinancialReport {
  const standard = source.standard === 'rsbu' ? 'rsbu' : 'msfo';
  const { columns, values } = reportValues(ctx, emitent.id, source.source_id, opts);
  const input: SectionInput = {
    ctx,
    emitentId: emitent.id,
    currency: source.currency,
    lines: ctx.repo.lines(),
    columns,
    values,
    // A range (the page's From / To, or the export, which is paid only) is gated like the rest.
    need: needOf(ctx.user),
  };
  const sources = ctx.repo
    .sources(emitent.id)
    .filter((row) => row.standard === source.standard)
    .map((row) => sourceOf(ctx, row));
  const apiUrl = source.api_url as FinancialReportApiUrl;
  const report: FinancialReport = {
    emitent_id: emitent.id,
    emitent_name: pickName(ctx.lang, emitent.name, emitent.name_eng),
    apiUrl,
    standard,
    source: sourceOf(ctx, source),
    sources,
    currency: source.currency,
    reportPeriod: opts.reportPeriod,
    reportPeriods: reportPeriodOptions(ctx),
    exportLink: exportLinkTemplate(emitent.id, apiUrl),
    exportAccess: needOf(ctx.user) === null,
    balance_sheet: buildSection(input, 'balance_sheet'),
    profit_and_loss: buildSection(input, 'profit_and_loss'),
    cash_flow_statement: buildSection(input, 'cash_flow_statement'),
    params: { ...buildSection(input, 'params'), archLink: reportArchiveLink(ctx, emitent.id) },
  };
  if (standard === 'rsbu') {
    report.rsbu_balance = buildSection(input, 'rsbu_balance');
    report.rsbu_profit_and_loss = buildSection(input, 'rsbu_profit_and_loss');
    report.report_cash_flow = buildSection(input, 'report_cash_flow');
  }
  return report;
}

// ─── FMP ───────────────────────────────────────────────────────────────────────────────────────

/** GET /api/report_fmp/{emitent}/[{periodId}/]: the asked-for period, or the latest one. */
export function buildFmpReport(
  ctx: IssuerContext,
  emitent: EmitentRow,
  source: ReportSourceRow,
  requestedPeriodId: number | null,
): FmpReport {
  const periods = ctx.repo.fmpPeriods(emitent.id, source.source_id).map((row) => ({
    id: row.quarter,
    periodNum: row.quarter * 3,
    ttl: issuerText(ctx, `fmp_period_${row.quarter}`),
  }));
  const latest = ctx.repo.fmpLatest(emitent.id, source.source_id);
  const periodId =
    requestedPeriodId !== null && periods.some((p) => p.id === requestedPeriodId)
      ? requestedPeriodId
      : (latest?.quarter ?? 4);
  const rows = ctx.repo.fmpValues(emitent.id, source.source_id, periodId);
  const years = [...new Set(rows.map((row) => row.year))].sort((a, b) => b - a).slice(0, FMP_YEARS);
  const byLine = new Map<string, Map<number, number | null>>();
  for (const row of rows) {
    let byYear = byLine.get(row.code);
    if (!byYear) byLine.set(row.code, (byYear = new Map()));
    byYear.set(row.year, row.value);
  }
  const need = needOf(ctx.user);
  const lines = ctx.repo.lines().filter((line) => line.standard === 'fmp' && byLine.has(line.code));
  const groups: FmpGroup[] = [];
  const data: FmpRow[] = [];
  for (const code of FMP_GROUPS) {
    const groupLines = lines.filter((line) => line.section === code);
    if (groupLines.length === 0) continue;
    const shown = need ? groupLines.slice(0, FMP_ROWS_PER_GROUP) : groupLines;
    const hidden = groupLines.length - shown.length;
    groups.push({
      report_line_code: code,
      report_line_name: issuerText(ctx, `fmp_group_${code}`),
      count: groupLines.length,
      closed: need && hidden > 0 ? { count: hidden, need, link: needLink(need, emitent.id) } : null,
    });
    for (const line of shown) {
      const row: FmpRow = {
        financial_statement_code: code,
        report_line_code: lineId(line.code),
        report_line_name: localName(ctx.lang, line.name, line.name_eng),
        dimension: dimensionOf(ctx, line.unit, source.currency),
      };
      for (const year of years) row[`y${year}`] = byLine.get(line.code)?.get(year) ?? null;
      data.push(row);
    }
  }
  return {
    emitent_id: emitent.id,
    periodId,
    requestedPeriodId,
    fallback: requestedPeriodId !== null && requestedPeriodId !== periodId,
    periods,
    groups,
    headers: [
      issuerText(ctx, 'indicator'),
      ...years.map((year) => issuerText(ctx, 'fmp_column', { months: periodId * 3, year })),
    ],
    columns: ['report_line_name', ...years.map((year) => `y${year}`)],
    data,
    currency: source.currency,
    rowsPerGroup: FMP_ROWS_PER_GROUP,
  };
}

// ─── Quarterly report files ────────────────────────────────────────────────────────────────────

export function reportFileUrl(fileId: number): string {
  return `/api/company/report-file/${fileId}/`;
}

/** GET /api/company/get-report/quarterly/{id}/ (SPEC §3 "Report file entry"). */
export function buildQuarterlyReports(ctx: IssuerContext, emitentId: number): QuarterlyReports {
  const need = needOf(ctx.user);
  const byYear = new Map<number, ReportFileEntry>();
  for (const file of ctx.repo.reportFiles(emitentId)) {
    let entry = byYear.get(file.year);
    if (!entry) {
      entry = { year: file.year, monthArray: { '1': null, '2': null, '3': null, '4': null } };
      byYear.set(file.year, entry);
    }
    const key = String(file.quarter) as '1' | '2' | '3' | '4';
    const quarter = (entry.monthArray[key] ??= { rus: null, eng: null });
    quarter[file.lang] = {
      link: need ? null : reportFileUrl(file.id),
      mimetype: MIME_TYPES[file.format].split(';')[0] as string,
      name: file.file_name,
    };
  }
  return {
    emitent_id: emitentId,
    items: [...byYear.values()].sort((a, b) => b.year - a.year),
    need,
    link: need ? needLink(need, emitentId) : null,
    defaultYears: QUARTERLY_DEFAULT_YEARS,
  };
}

// ─── Multipliers ───────────────────────────────────────────────────────────────────────────────

type Figures = Record<string, number | null>;

interface MultiplierDef {
  id: string;
  unit: '' | '%' | 'mln';
  /** Market-based: masked like prices. */
  market: boolean;
  /** The report lines it is computed from: masked when the caller cannot see one of them. */
  lines: readonly string[];
  value: (f: Figures, cap: number | null) => number | null;
}

const NET_DEBT_LINES = ['total_debt', 'cash'] as const;

const ratio = (
  a: number | null | undefined,
  b: number | null | undefined,
  positive = false,
): number | null => (a === null || a === undefined || !b || (positive && b <= 0) ? null : a / b);

const MULTIPLIER_GROUPS: Array<{ id: number; key: string; rows: MultiplierDef[] }> = [
  {
    id: 1,
    key: 'mult_group_valuation',
    rows: [
      { id: 'market_cap', unit: 'mln', market: true, lines: [], value: (_f, cap) => cap },
      {
        id: 'ev',
        unit: 'mln',
        market: true,
        lines: NET_DEBT_LINES,
        value: (f, cap) => (cap === null ? null : cap + netDebt(f)),
      },
      {
        id: 'pe',
        unit: '',
        market: true,
        lines: ['net_income_parent'],
        value: (f, cap) => ratio(cap, f.net_income_parent, true),
      },
      {
        id: 'ps',
        unit: '',
        market: true,
        lines: ['revenue'],
        value: (f, cap) => ratio(cap, f.revenue, true),
      },
      {
        id: 'pb',
        unit: '',
        market: true,
        lines: ['total_equity'],
        value: (f, cap) => ratio(cap, f.total_equity, true),
      },
      {
        id: 'ev_ebitda',
        unit: '',
        market: true,
        lines: [...NET_DEBT_LINES, 'ebitda'],
        value: (f, cap) => (cap === null ? null : ratio(cap + netDebt(f), f.ebitda, true)),
      },
      {
        id: 'ev_sales',
        unit: '',
        market: true,
        lines: [...NET_DEBT_LINES, 'revenue'],
        value: (f, cap) => (cap === null ? null : ratio(cap + netDebt(f), f.revenue, true)),
      },
    ],
  },
  {
    id: 2,
    key: 'mult_group_profitability',
    rows: [
      {
        id: 'roe',
        unit: '%',
        market: false,
        lines: ['net_income_parent', 'total_equity'],
        value: (f) => percent(ratio(f.net_income_parent, f.total_equity, true)),
      },
      {
        id: 'roa',
        unit: '%',
        market: false,
        lines: ['net_income', 'total_assets'],
        value: (f) => percent(ratio(f.net_income, f.total_assets, true)),
      },
      {
        id: 'ebitda_margin',
        unit: '%',
        market: false,
        lines: ['ebitda', 'revenue'],
        value: (f) => percent(ratio(f.ebitda, f.revenue, true)),
      },
      {
        id: 'net_margin',
        unit: '%',
        market: false,
        lines: ['net_income', 'revenue'],
        value: (f) => percent(ratio(f.net_income, f.revenue, true)),
      },
    ],
  },
  {
    id: 3,
    key: 'mult_group_debt',
    rows: [
      {
        id: 'net_debt_ebitda',
        unit: '',
        market: false,
        lines: [...NET_DEBT_LINES, 'ebitda'],
        value: (f) => ratio(netDebt(f), f.ebitda, true),
      },
      {
        id: 'debt_equity',
        unit: '',
        market: false,
        lines: ['total_debt', 'total_equity'],
        value: (f) => ratio(f.total_debt, f.total_equity, true),
      },
      {
        id: 'current_ratio',
        unit: '',
        market: false,
        lines: ['current_assets', 'current_liabilities'],
        value: (f) => ratio(f.current_assets, f.current_liabilities, true),
      },
      {
        id: 'interest_coverage',
        unit: '',
        market: false,
        lines: ['operating_profit', 'finance_costs'],
        value: (f) =>
          ratio(f.operating_profit, f.finance_costs === null ? null : -(f.finance_costs ?? 0), true),
      },
    ],
  },
];

function netDebt(f: Figures): number {
  return (f.total_debt ?? 0) - (f.cash ?? 0);
}

function percent(value: number | null): number | null {
  return value === null ? null : value * 100;
}

const MULTIPLIER_FLOWS = [
  'revenue',
  'ebitda',
  'net_income',
  'net_income_parent',
  'operating_profit',
  'finance_costs',
];

interface MultiplierPeriod {
  key: string;
  ttl: string;
  end: string;
  figures: Figures;
}

/** Annual periods: each reported year, newest first. */
function annualPeriods(ctx: IssuerContext, emitentId: number, sourceId: number): MultiplierPeriod[] {
  const byYear = new Map<number, Figures>();
  for (const row of ctx.repo.annualValues(emitentId, sourceId)) {
    const figures = byYear.get(row.year) ?? {};
    figures[row.code] = row.value;
    byYear.set(row.year, figures);
  }
  return [...byYear.entries()]
    .sort((a, b) => b[0] - a[0])
    .slice(0, MULTIPLIER_YEARS)
    .map(([year, figures]) => ({ key: `p${year}`, ttl: String(year), end: `${year}-12-31`, figures }));
}

/** Quarterly periods: balances at the quarter end, flows over the trailing twelve months. */
function quarterlyPeriods(ctx: IssuerContext, emitentId: number, sourceId: number): MultiplierPeriod[] {
  const byQuarter = new Map<number, Figures>();
  for (const row of ctx.repo.quarterlyValues(emitentId, sourceId)) {
    const key = row.year * 4 + (row.quarter - 1);
    const figures = byQuarter.get(key) ?? {};
    figures[row.code] = row.value;
    byQuarter.set(key, figures);
  }
  const keys = [...byQuarter.keys()].sort((a, b) => b - a);
  const periods: MultiplierPeriod[] = [];
  for (const key of keys) {
    if (periods.length === QUARTER_COLUMNS) break;
    const window = [0, 1, 2, 3].map((back) => byQuarter.get(key - back));
    if (window.some((f) => f === undefined)) continue;
    const figures: Figures = { ...(window[0] as Figures) };
    for (const code of MULTIPLIER_FLOWS) {
      const parts = window.map((f) => (f as Figures)[code]);
      figures[code] = parts.some((v) => v === null || v === undefined)
        ? null
        : parts.reduce((sum: number, v) => sum + (v as number), 0);
    }
    const year = Math.floor(key / 4);
    const quarter = (key % 4) + 1;
    periods.push({
      key: `p${year}q${quarter}`,
      ttl: issuerText(ctx, 'quarter_title', { quarter, year }),
      end: quarterEndIso(year, quarter),
      figures,
    });
  }
  return periods;
}

function multiplierGroups(
  ctx: IssuerContext,
  emitentId: number,
  periods: MultiplierPeriod[],
  closed: ReadonlySet<string>,
): MultiplierGroup[] {
  // Capitalisation in millions, like the reports.
  const caps = periods.map((period) => {
    const cap = ctx.repo.marketCap(emitentId, period.end);
    return cap === null ? null : cap / 1e6;
  });
  return MULTIPLIER_GROUPS.map((group) => ({
    group_id: group.id,
    group_name: issuerText(ctx, group.key),
    headers: [issuerText(ctx, 'indicator'), ...periods.map((period) => period.ttl)],
    columns: ['name', ...periods.map((period) => period.key)],
    body: group.rows.map((def) => {
      const row: MultiplierRow = {
        id: def.id,
        name: issuerText(ctx, `mult_${def.id}`),
        unit: def.unit === 'mln' ? '' : def.unit,
      };
      periods.forEach((period, i) => {
        const raw = def.value(period.figures, caps[i] ?? null);
        const value = raw === null || !Number.isFinite(raw) ? null : roundTo(raw, def.unit === 'mln' ? 0 : 2);
        const shown = def.market ? maskPrice(value, ctx.access, 'paid') : value;
        row[period.key] = maskFromLines(shown, def.lines, closed);
      });
      return row;
    }),
  }));
}

/** GET /api/company/{id}/multipliers/: from the IFRS of the company (else RAS) and the daily bars. */
export function buildMultipliers(ctx: IssuerContext, emitentId: number): MultipliersAnswer {
  const sources = ctx.repo.sources(emitentId);
  const source = sources.find((s) => s.api_url === 'msfo') ?? sources.find((s) => s.api_url === 'rsbu');
  if (!source) return { '1': [], '2': [] };
  const closed = closedLinesOfSource(ctx, emitentId, source.source_id);
  return {
    '1': withValues(
      multiplierGroups(ctx, emitentId, quarterlyPeriods(ctx, emitentId, source.source_id), closed),
    ),
    '2': withValues(
      multiplierGroups(ctx, emitentId, annualPeriods(ctx, emitentId, source.source_id), closed),
    ),
  };
}

/** The groups of a period, or none when not one multiplier could be computed (no figures to compute from). */
function withValues(groups: MultiplierGroup[]): MultiplierGroup[] {
  const computed = groups.some((group) =>
    group.body.some((row) =>
      group.columns.slice(1).some((key) => row[key] !== null && row[key] !== undefined),
    ),
  );
  return computed ? groups : [];
}

// ─── Consensus ─────────────────────────────────────────────────────────────────────────────────

/** GET /api/company/{emitentId}/get-emitent-list-of-indexes/ */
/** The report lines a consensus actual is (the latest year's value of the issuer's IFRS). */
const CONSENSUS_LINES: Record<string, readonly string[]> = {
  roe: ['net_income_parent', 'total_equity'],
  share_price: [],
};

export function buildConsensus(ctx: IssuerContext, emitentId: number): ConsensusAnswer {
  const rows = ctx.repo.consensus(emitentId);
  const ifrs = ctx.repo.sources(emitentId).find((source) => source.api_url === 'msfo');
  const closed = ifrs ? closedLinesOfSource(ctx, emitentId, ifrs.source_id) : new Set<string>();
  const items: ConsensusItem[] = rows.map((row) => {
    // An actual from a closed report line is closed too, and so is the change (forecast / actual).
    const lines = CONSENSUS_LINES[row.code] ?? [row.code];
    const fromLines = (value: MaskedValue) => maskFromLines(value, lines, closed);
    // The share price row: the actual is the last price, the forecasts are target prices.
    const kind = (paid: boolean): PriceKind | null => (row.is_price ? (paid ? 'paid' : 'last') : null);
    const value = (number: number | null, paid = true): MaskedValue => {
      const k = kind(paid);
      return k ? maskPrice(number, ctx.access, k) : number;
    };
    const change =
      row.actual_value && row.forecast_value !== null
        ? roundTo((row.forecast_value / row.actual_value - 1) * 100, 2)
        : null;
    return {
      code: row.code,
      indexName: issuerText(ctx, `consensus_${row.code}`),
      unit:
        row.unit === 'percent'
          ? '%'
          : row.unit === 'mln'
            ? `${issuerText(ctx, 'unit_mln')} ${row.currency}`
            : row.currency,
      actual_year: row.actual_year,
      actual_value: fromLines(value(row.actual_value, false)),
      forecast_year: row.actual_year + 1,
      forecast_value: value(row.forecast_value),
      forecast_value_next: value(row.forecast_value_next),
      forecast_min: value(row.forecast_min),
      forecast_max: value(row.forecast_max),
      change: fromLines(value(change)),
      analysts_count: row.analysts_count,
      updated: displayDate(row.updated),
    };
  });
  const year = rows[0]?.actual_year ?? Number(ctx.asOf.slice(0, 4)) - 1;
  return {
    items,
    labels: {
      title: issuerText(ctx, 'consensus_title'),
      indexName: issuerText(ctx, 'indicator'),
      unit: issuerText(ctx, 'unit'),
      actual_value: issuerText(ctx, 'consensus_actual', { year }),
      forecast_value: issuerText(ctx, 'consensus_forecast', { year: year + 1 }),
      forecast_value_next: issuerText(ctx, 'consensus_forecast', { year: year + 2 }),
      forecast_min: issuerText(ctx, 'consensus_min'),
      forecast_max: issuerText(ctx, 'consensus_max'),
      change: issuerText(ctx, 'consensus_change'),
      analysts_count: issuerText(ctx, 'consensus_analysts'),
      updated: issuerText(ctx, 'consensus_updated'),
      no_data: ctx.labels.text(ctx.lang, 'common:no_data'),
    },
  };
}

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────

export function commentFileUrl(commentId: number): string {
  return `/api/comments/file/${commentId}/`;
}

/** SPEC §4 "Comment file access": the state of a provider's files for the user, and the alert to show. */
export function commentFileAccess(
  kind: CommentRow['file_access'],
  user: SessionUser | null,
  request: AccessRequestStatus | undefined,
): { state: CommentFileState; alert: CommentFileAlert | null; requestAllowed: boolean } {
  if (kind === 'open') return { state: 'open', alert: null, requestAllowed: false };
  if (!user) return { state: 'denied', alert: 'need_auth', requestAllowed: false };
  if (kind === 'paid') {
    return priceAccessOf(user) === 'full'
      ? { state: 'open', alert: null, requestAllowed: false }
      : { state: 'denied', alert: 'need_get_access', requestAllowed: false };
  }
  switch (request) {
    case 'approved':
      return { state: 'open', alert: null, requestAllowed: false };
    case 'sent':
      return { state: 'request_sent', alert: 'request_sent', requestAllowed: false };
    case 'rejected':
      return { state: 'request_rejected', alert: 'request_rejected', requestAllowed: false };
    default:
      return { state: 'denied', alert: 'download_denied', requestAllowed: true };
  }
}

/** DD.MM.YYYY of an access request's time (epoch ms, UTC day); null without a request. */
export function requestDate(sentAt: number | undefined): string | null {
  return sentAt === undefined ? null : displayDateFromSeconds(Math.floor(sentAt / 1000));
}

/** GET /api/company/{id}/comments_about/ */
export function buildComments(ctx: IssuerContext, emitentId: number): CompanyCommentsAnswer {
  const requests = ctx.user ? ctx.repo.accessRequests(ctx.user.id) : new Map<number, AccessRequestStatus>();
  const requestTimes = ctx.user ? ctx.repo.accessRequestTimes(ctx.user.id) : new Map<number, number>();
  const linked = ctx.repo.linkedEmitents(emitentId);
  return {
    items: ctx.repo.comments(emitentId, ctx.lang).map((row): CompanyComment => {
      const access = commentFileAccess(row.file_access, ctx.user, requests.get(row.provider_id));
      const emitents = (linked.get(row.id) ?? []).map((e) => ({
        id: e.id,
        name: pickName(ctx.lang, e.name, e.name_eng),
        url: companyUrl(e.id),
      }));
      return {
        id: row.id,
        title: row.title,
        provider_name: pickName(ctx.lang, row.provider_name, row.provider_name_eng),
        provider_id: row.provider_id,
        language: row.language,
        file: row.file_name,
        mimetype: row.file_format ? (MIME_TYPES[row.file_format].split(';')[0] as string) : null,
        content: row.content,
        cb_link: `${companyUrl(emitents[0]?.id ?? emitentId)}#comment-${row.id}`,
        cb_file_link: row.file_name && access.state === 'open' ? commentFileUrl(row.id) : null,
        date: displayDate(row.date),
        'date.numeric': unixSeconds(row.date),
        linked_emitents: emitents,
        moderated: row.moderated === 1,
        approved: row.approved === 1,
        checked: row.checked === 1,
        requestExists: requests.has(row.provider_id),
        request_date: requestDate(requestTimes.get(row.provider_id)),
        file_access_kind: row.file_access,
        file_access: access.state,
        alert: row.file_name ? access.alert : null,
        requestAllowed: access.requestAllowed,
      };
    }),
  };
}

// ─── Related issuers ───────────────────────────────────────────────────────────────────────────

/** The links of one entity, seen from it. */
function linksFrom(ctx: IssuerContext, id: number, seen: Set<string>, skip: number | null): RelatedLink[] {
  const links: RelatedLink[] = [];
  for (const row of ctx.repo.relationsOf(id)) {
    const edge = `${row.owner_id}>${row.owned_id}`;
    if (seen.has(edge)) continue;
    const owns = row.owner_id === id;
    const other = owns ? row.owned_id : row.owner_id;
    if (other === skip) continue;
    seen.add(edge);
    const relType: RelatedLink['rel_type'] =
      row.kind === 'affiliate'
        ? 'affiliate'
        : !owns
          ? 'shareholder'
          : (row.share ?? 0) > 50
            ? 'subsidiary'
            : (row.share ?? 0) >= 20
              ? 'associate'
              : 'investment';
    const name = (rus: string | null, eng: string | null) =>
      pickName(ctx.lang, rus ?? eng ?? '', eng ?? rus ?? '');
    links.push({
      emitent_id: other,
      emitent_name: owns
        ? name(row.owned_name, row.owned_name_eng)
        : name(row.owner_name, row.owner_name_eng),
      rel_type: relType,
      rel_type_name: issuerText(ctx, `rel_${relType}`),
      share: row.share,
      parent_emitent_id: id,
      parent_emitent_name: owns
        ? name(row.owner_name, row.owner_name_eng)
        : name(row.owned_name, row.owned_name_eng),
      url: (owns ? row.owned_is_emitent : row.owner_is_emitent) ? companyUrl(other) : null,
    });
  }
  return links;
}

/**
 * GET /api/company/{id}/related/ (SPEC §3 "Network graph input"): the issuer's own links, then the
 * links of its neighbours, so the graph shows the group around it (at most MAX_RELATED_LINKS).
 */
export function buildRelated(ctx: IssuerContext, emitentId: number): RelatedLink[] {
  const seen = new Set<string>();
  const links = linksFrom(ctx, emitentId, seen, null);
  for (const neighbour of links.map((link) => link.emitent_id)) {
    if (links.length >= MAX_RELATED_LINKS) break;
    links.push(...linksFrom(ctx, neighbour, seen, emitentId));
  }
  return links.slice(0, MAX_RELATED_LINKS);
}

// ─── Export dates ──────────────────────────────────────────────────────────────────────────────

/** SPEC §5: the export defaults, 1 January five years back and today (YYYY-MM-DD). */
export function exportDefaults(asOf: string): { from: string; to: string } {
  return { from: `${addYears(asOf, -5).slice(0, 4)}-01-01`, to: asOf };
}

/** DD.MM.YYYY → YYYY-MM-DD, or null when it is not a real date. */
export function parseDisplayDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return Number.isNaN(dateMs(iso)) || displayDate(new Date(dateMs(iso)).toISOString().slice(0, 10)) !== value
    ? null
    : iso;
}
