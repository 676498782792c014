/** The IFRS / RAS report call (SPEC §7) as a resource: one per section view, latest wins. */
import type { ReportPeriodId } from '../../../contract/reports.ts';
import { fetchFinancialReportAt, peekFinancialReportAt } from '../../../core/api/reports.ts';
import { createResource } from '../../../core/resource.ts';

/** The dates the shown periods end between (the From / To fields, DD.MM.YYYY; '' for open). */
export interface PeriodRange {
  from: string;
  to: string;
}

export interface StatementsKey extends PeriodRange {
  /** The report's address from the page data (`reports[].url`). */
  url: string;
  reportPeriod: ReportPeriodId;
}

export const createStatementsResource = () =>
  createResource({
    describe: (key: StatementsKey) =>
      `report ${key.url} (period ${key.reportPeriod}, ${key.from || '…'}–${key.to || '…'})`,
    load: (key: StatementsKey, signal) =>
      fetchFinancialReportAt(key.url, { reportPeriod: key.reportPeriod, from: key.from, to: key.to, signal }),
    peek: (key: StatementsKey) =>
      peekFinancialReportAt(key.url, { reportPeriod: key.reportPeriod, from: key.from, to: key.to }),
  });
