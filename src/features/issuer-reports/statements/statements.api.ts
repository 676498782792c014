/** The IFRS / RAS report call (SPEC §7) as a resource: one per section view, latest wins. */
import type { ReportPeriodId } from '../../../contract/reports.ts';
import { fetchFinancialReportAt } from '../../../core/api/reports.ts';
import { createResource } from '../../../core/resource.ts';

export interface StatementsKey {
  /** The report's address from the page data (`reports[].url`). */
  url: string;
  reportPeriod: ReportPeriodId;
}

export const createStatementsResource = () =>
  createResource({
    describe: (key: StatementsKey) => `report ${key.url} (period ${key.reportPeriod})`,
    load: (key: StatementsKey, signal) =>
      fetchFinancialReportAt(key.url, { reportPeriod: key.reportPeriod, signal }),
  });
