/**
 * "Source 1 − Source 2": both IFRS reports of the issuer for the chosen period, and a difference
 * table per statement both have.
 */
import type { FinancialReport, ReportPeriodId } from '../../../contract/reports.ts';
import { fetchFinancialReportAt } from '../../../core/api/reports.ts';
import { createResource } from '../../../core/resource.ts';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { useProgressiveCount } from '../statements/FinancialStatements.tsx';
import type { PeriodRange } from '../statements/statements.api.ts';
import { keepReportColumns, reportStatements } from '../statements/statements.model.ts';
import { label } from './analysis-text.ts';
import { SourceDiffTable } from './SourceDiffTable.tsx';
import css from './source-diff.css?inline';

interface PairKey extends PeriodRange {
  urls: [string, string];
  reportPeriod: ReportPeriodId;
}

const createPairResource = () =>
  createResource({
    describe: (key: PairKey) => `IFRS sources ${key.urls.join(' and ')} (period ${key.reportPeriod})`,
    load: (key: PairKey, signal) =>
      Promise.all(
        key.urls.map((url) =>
          fetchFinancialReportAt(url, { reportPeriod: key.reportPeriod, from: key.from, to: key.to, signal }),
        ),
      ),
  });

export interface SourceDiffViewProps {
  /** The two IFRS sources' report addresses (source 1, source 2). */
  urls: [string, string];
  reportPeriod: ReportPeriodId;
  /** The From / To of the report shown. */
  range: PeriodRange;
  /** Ids of the periods on screen (the report's page of them): the difference is of these. */
  periods: readonly string[];
  headingLevel: 2 | 3;
  t: Translate;
}

export default function SourceDiffView({
  urls,
  reportPeriod,
  range,
  periods,
  headingLevel,
  t,
}: SourceDiffViewProps) {
  useStyles(css, 'element');
  const { state, resource } = useResource(createPairResource, { urls, reportPeriod, ...range });
  return (
    <ElementState t={t} ready state={state} onRetry={resource.retry}>
      {(reports: FinancialReport[]) => {
        const shown = (report: FinancialReport) =>
          keepReportColumns(report, (column) => periods.includes(column.id));
        const [first, second] = reports.map(shown) as [FinancialReport, FinancialReport];
        return <DiffStatements first={first} second={second} headingLevel={headingLevel} t={t} />;
      }}
    </ElementState>
  );
}

/** A difference table per statement both reports have, one more per task (as the statements render). */
function DiffStatements({
  first,
  second,
  headingLevel,
  t,
}: {
  first: FinancialReport;
  second: FinancialReport;
  headingLevel: 2 | 3;
  t: Translate;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const names: [string, string] = [first.source.name, second.source.name];
  const pairs = reportStatements(first).flatMap(({ key, section }) => {
    const other = second[key];
    return other ? [{ key, section, other }] : [];
  });
  const shown = useProgressiveCount(pairs.length, first);
  return (
    <div className="an-diff-view" data-diff-period={first.reportPeriod}>
      <p className="an-note">
        {label(t, 'issuer:analysis_diff_note', { source1: names[0], source2: names[1] })}
      </p>
      {pairs.slice(0, shown).map(({ key, section, other }) => (
        <div key={key} className="an-diff-statement" data-diff-statement={key}>
          <Heading className="an-diff-statement__title">{section.ttl}</Heading>
          <SourceDiffTable section1={section} section2={other} names={names} t={t} />
        </div>
      ))}
    </div>
  );
}
