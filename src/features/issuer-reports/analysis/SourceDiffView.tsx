/**
 * "Source 1 − Source 2": both IFRS reports of the issuer for the chosen period, and a difference
 * table per statement both have.
 */
import type { IssuerReportsPageData } from '../../../contract/company.ts';
import type { FinancialReport, ReportPeriodId } from '../../../contract/reports.ts';
import { fetchFinancialReportAt } from '../../../core/api/reports.ts';
import { createResource } from '../../../core/resource.ts';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { reportStatements } from '../statements/statements.model.ts';
import { label } from './analysis-text.ts';
import { SourceDiffTable } from './SourceDiffTable.tsx';

interface PairKey {
  urls: [string, string];
  reportPeriod: ReportPeriodId;
}

const createPairResource = () =>
  createResource({
    describe: (key: PairKey) => `IFRS sources ${key.urls.join(' and ')} (period ${key.reportPeriod})`,
    load: (key: PairKey, signal) =>
      Promise.all(
        key.urls.map((url) => fetchFinancialReportAt(url, { reportPeriod: key.reportPeriod, signal })),
      ),
  });

/** The two IFRS sources' addresses (msfo, msfo2), or null when the issuer lacks one. */
export function ifrsSourceUrls(issuer: IssuerReportsPageData): [string, string] | null {
  const url = (apiUrl: string) => issuer.reports.find((report) => report.apiUrl === apiUrl)?.url;
  const first = url('msfo');
  const second = url('msfo2');
  return first && second ? [first, second] : null;
}

export function SourceDiffView({
  urls,
  reportPeriod,
  headingLevel,
  t,
}: {
  urls: [string, string];
  reportPeriod: ReportPeriodId;
  headingLevel: 2 | 3;
  t: Translate;
}) {
  const { state, resource } = useResource(createPairResource, { urls, reportPeriod });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ElementState t={t} ready state={state} onRetry={resource.retry}>
      {(reports: FinancialReport[]) => {
        const [first, second] = reports as [FinancialReport, FinancialReport];
        const names: [string, string] = [first.source.name, second.source.name];
        return (
          <div className="an-diff-view" data-diff-period={reportPeriod}>
            <p className="an-note">
              {label(t, 'issuer:analysis_diff_note', { source1: names[0], source2: names[1] })}
            </p>
            {reportStatements(first).map(({ key, section }) => {
              const other = second[key];
              if (!other) return null;
              return (
                <div key={key} className="an-diff-statement" data-diff-statement={key}>
                  <Heading className="an-diff-statement__title">{section.ttl}</Heading>
                  <SourceDiffTable section1={section} section2={other} names={names} t={t} />
                </div>
              );
            })}
          </div>
        );
      }}
    </ElementState>
  );
}
