/**
 * The first calls of the issuer page's elements (issue 24), as each makes them from the page data
 * (`apiUrls`, `reports[].url`, the default period and dates): the server answers them into the
 * page (shared/preload.ts), so the blocks' first view needs no request.
 */
import type { IssuerReportsPageData } from '../../../src/contract/company.ts';
import type { IssuerPageSection } from '../../../src/contract/page-sections.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { PreloadCall } from '../shared/preload.ts';

/** The tabs of each statements section, first one first (FinancialStatements' SOURCES). */
const STATEMENT_SOURCES = { ifrs: ['msfo', 'msfo2'], ras: ['rsbu'] } as const;

export function issuerPagePreloadCalls(
  data: IssuerReportsPageData,
  blocks: readonly IssuerPageSection[],
  lang: Lang,
): PreloadCall[] {
  const calls: PreloadCall[] = [];
  const shown = (block: IssuerPageSection) => blocks.includes(block);
  // The price-dynamics bar and the menu read the page data: no call.
  for (const section of ['ifrs', 'ras'] as const) {
    const first = data.reports.find((tab) =>
      (STATEMENT_SOURCES[section] as readonly string[]).includes(tab.apiUrl),
    );
    if (shown(section) && first)
      calls.push({
        path: first.url,
        query: {
          reportPeriod: data.defaultReportPeriod,
          from: data.exportDefaultFrom || undefined,
          to: data.exportDefaultTo || undefined,
        },
      });
  }
  // The FMP view asks for the latest period until the visitor picks one.
  if (shown('ifrs_fmp')) calls.push({ path: data.apiUrls.reportFmpLatest });
  if (shown('multipliers')) calls.push({ path: data.apiUrls.multipliers });
  if (shown('comments')) calls.push({ path: data.apiUrls.comments, query: { lang } });
  if (shown('quarterly_reports')) {
    const quarterly = data.reports.find((tab) => tab.apiUrl === 'quarterly');
    calls.push({ path: quarterly?.url ?? data.apiUrls.getReport.replace('%apiUrl%', 'quarterly') });
  }
  if (shown('consensus_forecasts')) calls.push({ path: data.apiUrls.consensus });
  if (shown('related_issuers') && data.graph) calls.push({ path: data.graph.dataUrl });
  return calls;
}
