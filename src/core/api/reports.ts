/**
 * SPEC §7 report calls of the issuer page (SPEC §3 "Reports", "Report file entry"): IFRS from two
 * sources, RAS, FMP and the quarterly report files. The reference server answers exactly these
 * shapes (demo-pages/server/reports.ts).
 *
 * Access (SPEC §6 "Report show-more and quarterly links"): the free part of every table comes to
 * everyone; the rows beyond it (`closed_data`), FMP rows beyond the first five of a group, and the
 * links of quarterly report files come only to paid users. Others get `need: 'need_auth'`
 * (anonymous) or `'need_get_access'` (signed in) with the link to follow.
 */
import type {
  ReportApiUrl,
  FinancialReportApiUrl,
  ReportPeriodId,
  FinancialReport,
  FmpReport,
  QuarterlyReports,
} from '../../contract/reports.ts';
import {
  checkFinancialReport,
  checkFmpReport,
  checkQuarterlyReports,
  emptyFmpReport,
  emptyQuarterlyReports,
} from '../../contract/reports.ts';
import { peekPreloaded } from '../preload.ts';
import { getJson } from './client.ts';

export function fetchMsfoReport(
  emitentId: number,
  opts: { source?: 1 | 2; reportPeriod?: ReportPeriodId; signal?: AbortSignal } = {},
): Promise<FinancialReport> {
  return getJson<FinancialReport>(`/api/report_msfo/${emitentId}/`, {
    query: { source: opts.source, reportPeriod: opts.reportPeriod },
    signal: opts.signal,
  });
}

export function fetchRsbuReport(
  emitentId: number,
  opts: { reportPeriod?: ReportPeriodId; signal?: AbortSignal } = {},
): Promise<FinancialReport> {
  return getJson<FinancialReport>(`/api/report_rsbu/${emitentId}/`, {
    query: { reportPeriod: opts.reportPeriod },
    signal: opts.signal,
  });
}

/** GET /api/company/get-report/{apiUrl}/{id}/: the answer's shape follows apiUrl. */
export function fetchReport(
  apiUrl: FinancialReportApiUrl,
  emitentId: number,
  opts?: { reportPeriod?: ReportPeriodId; signal?: AbortSignal },
): Promise<FinancialReport>;
export function fetchReport(
  apiUrl: 'fmp',
  emitentId: number,
  opts?: { signal?: AbortSignal },
): Promise<FmpReport>;
export function fetchReport(
  apiUrl: 'quarterly',
  emitentId: number,
  opts?: { signal?: AbortSignal },
): Promise<QuarterlyReports>;
export function fetchReport(
  apiUrl: ReportApiUrl,
  emitentId: number,
  opts: { reportPeriod?: ReportPeriodId; signal?: AbortSignal } = {},
): Promise<FinancialReport | FmpReport | QuarterlyReports> {
  return getJson(`/api/company/get-report/${apiUrl}/${emitentId}/`, {
    query: { reportPeriod: opts.reportPeriod },
    signal: opts.signal,
  });
}

/** Where the FMP report loads from: the page data's `apiUrls.reportFmp` (with %periodId%) and `reportFmpLatest`. */
export interface FmpUrls {
  period: string;
  latest: string;
}

/**
 * GET /api/report_fmp/{emitent}/{periodId}/, falling back to /api/report_fmp/{emitent}/ (the
 * latest period) when the asked-for period has no rows (SPEC §7). The reference server already
 * answers the latest period then (`fallback: true`); other servers may answer an empty report.
 */
export async function fetchFmpReport(
  urls: FmpUrls,
  periodId: number | null,
  signal?: AbortSignal,
): Promise<FmpReport> {
  const options = { signal, check: checkFmpReport, empty: emptyFmpReport };
  if (periodId !== null) {
    const report = await getJson<FmpReport>(
      urls.period.replace('%periodId%', encodeURIComponent(String(periodId))),
      options,
    );
    if (report.data.length > 0) return report;
  }
  return getJson<FmpReport>(urls.latest, options);
}

/** The quarterly report files at the address the page data gives (`reports[].url`), checked. */
/**
 * The page's preloaded FMP report (core/preload.ts): the period's when it has rows, else the
 * latest, as fetchFmpReport falls back; undefined when the page has none.
 */
export function peekFmpReport(urls: FmpUrls, periodId: number | null): FmpReport | undefined {
  if (periodId !== null) {
    const report = peekPreloaded(urls.period.replace('%periodId%', encodeURIComponent(String(periodId))), {
      check: checkFmpReport,
    });
    if (report === undefined || report.data.length > 0) return report;
  }
  return peekPreloaded(urls.latest, { check: checkFmpReport });
}

export function fetchQuarterlyReports(url: string, signal?: AbortSignal): Promise<QuarterlyReports> {
  return getJson<QuarterlyReports>(url, {
    signal,
    check: checkQuarterlyReports,
    empty: emptyQuarterlyReports,
  });
}

export const peekQuarterlyReports = (url: string): QuarterlyReports | undefined =>
  peekPreloaded(url, { check: checkQuarterlyReports });

/** Replaces the placeholders of an export link template (SPEC §5: dates DD.MM.YYYY). */
export function fillExportLink(
  template: string,
  values: { from: string; to: string; reportPeriod: ReportPeriodId },
): string {
  return template
    .replace('%from%', encodeURIComponent(values.from))
    .replace('%to%', encodeURIComponent(values.to))
    .replace('%reportPeriod%', String(values.reportPeriod));
}

/**
 * An IFRS / RAS report at the address the page data gives (`reports[].url`), checked. With `from`
 * / `to` (DD.MM.YYYY) the periods ending between them, else the server's latest ones.
 */
export function fetchFinancialReportAt(
  url: string,
  opts: { reportPeriod?: ReportPeriodId; from?: string; to?: string; signal?: AbortSignal } = {},
): Promise<FinancialReport> {
  return getJson<FinancialReport>(url, {
    query: financialReportQuery(opts),
    signal: opts.signal,
    check: checkFinancialReport,
  });
}

const financialReportQuery = (opts: { reportPeriod?: ReportPeriodId; from?: string; to?: string }) => ({
  reportPeriod: opts.reportPeriod,
  from: opts.from || undefined,
  to: opts.to || undefined,
});

/** The page's preloaded answer of fetchFinancialReportAt (core/preload.ts), or undefined. */
export function peekFinancialReportAt(
  url: string,
  opts: { reportPeriod?: ReportPeriodId; from?: string; to?: string } = {},
): FinancialReport | undefined {
  return peekPreloaded(url, { query: financialReportQuery(opts), check: checkFinancialReport });
}
