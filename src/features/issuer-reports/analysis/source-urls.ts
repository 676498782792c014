import type { IssuerReportsPageData } from '../../../contract/company.ts';

/** The two IFRS sources' addresses (msfo, msfo2), or null when the issuer lacks one. */
export function ifrsSourceUrls(issuer: IssuerReportsPageData): [string, string] | null {
  const url = (apiUrl: string) => issuer.reports.find((report) => report.apiUrl === apiUrl)?.url;
  const first = url('msfo');
  const second = url('msfo2');
  return first && second ? [first, second] : null;
}
