import type { FmpReport } from '../../../contract/reports.ts';
import { fetchFmpReport, peekFmpReport, type FmpUrls } from '../../../core/api/reports.ts';
import { createResource, type Resource } from '../../../core/resource.ts';

/** What the FMP section loads: the issuer's report of a period, or the latest one (null). */
export interface FmpKey {
  /** The page data's `apiUrls.reportFmp` (with %periodId%) and `reportFmpLatest`. */
  urls: FmpUrls;
  periodId: number | null;
}

/** SPEC §7: /api/report_fmp/{emitent}/{periodId}/, falling back to /api/report_fmp/{emitent}/. */
export function createFmpResource(): Resource<FmpKey, FmpReport> {
  return createResource<FmpKey, FmpReport>({
    describe: (key) => `FMP report ${key.urls.latest} (period ${key.periodId ?? 'latest'})`,
    load: (key, signal) => fetchFmpReport(key.urls, key.periodId, signal),
    peek: (key) => peekFmpReport(key.urls, key.periodId),
  });
}
