import type { FmpReport } from '../../../contract/reports.ts';
import { fetchFmpReport } from '../../../core/api/reports.ts';
import { createResource, type Resource } from '../../../core/resource.ts';

/** What the FMP section loads: the issuer's report of a period, or the latest one (null). */
export interface FmpKey {
  emitentId: number;
  periodId: number | null;
}

/** SPEC §7: /api/report_fmp/{emitent}/{periodId}/, falling back to /api/report_fmp/{emitent}/. */
export function createFmpResource(): Resource<FmpKey, FmpReport> {
  return createResource<FmpKey, FmpReport>({
    describe: (key) => `FMP report of ${key.emitentId} (period ${key.periodId ?? 'latest'})`,
    load: (key, signal) => fetchFmpReport(key.emitentId, key.periodId, signal),
  });
}
