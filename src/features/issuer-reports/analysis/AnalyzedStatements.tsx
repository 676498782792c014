/**
 * The IFRS / RAS statements with the analysis views (issue 12 "beyond the spec"): a "values /
 * YoY change" switch for every report table, "Source 1 − Source 2" where the issuer has both
 * IFRS sources, and a line's history in a lazy dialog on a click on the line's name.
 */
import { useState } from 'react';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { FinancialStatements, type StatementsStandard } from '../statements/FinancialStatements.tsx';
import { reportPeriods } from '../statements/statements.model.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { AnalysisSwitch, type AnalysisMode } from './AnalysisSwitch.tsx';
import { label } from './analysis-text.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';
import { LazyView } from '../../../runtime/LazyView.tsx';
import type { SourceDiffViewProps } from './SourceDiffView.tsx';
import { ifrsSourceUrls } from './source-urls.ts';
import { useLineHistory } from './useLineHistory.tsx';
import { YOY_VIEW } from './yoy-view.ts';
import css from './analysis.css?inline';

// Asked for by few: the difference view (and its model) loads when it is first chosen.
const loadDiffView = lazyModule<SourceDiffViewProps>(() => import('./SourceDiffView.tsx'));

export function AnalyzedStatements(props: SectionProps & { standard: StatementsStandard }) {
  useStyles(css, 'element');
  const { t, issuer, standard, headingLevel } = props;
  const [mode, setMode] = useState<AnalysisMode>('values');
  const history = useLineHistory(t);
  const diffUrls = standard === 'msfo' ? ifrsSourceUrls(issuer) : null;

  return (
    <>
      <FinancialStatements
        {...props}
        view={mode === 'yoy' ? YOY_VIEW : undefined}
        onLineClick={(line, section) => history.open(section, line.id)}
        // "History of Revenue": the visible name is part of it, and it differs from the group toggle's.
        lineActionLabel={(line) => label(t, 'issuer:analysis_history_open', { line: line.ttl })}
        toolbar={() => (
          <div className="an-toolbar">
            <AnalysisSwitch mode={mode} onChange={setMode} withDiff={diffUrls !== null} t={t} />
            {mode === 'values' && (
              <p className="an-note an-note--hint">{t('issuer:analysis_history_hint')}</p>
            )}
            {mode === 'yoy' && <p className="an-note">{t('issuer:analysis_yoy_note')}</p>}
          </div>
        )}
        statementsBody={
          mode === 'diff' && diffUrls
            ? (report, range) => (
                <DiffBody
                  urls={diffUrls}
                  reportPeriod={report.reportPeriod}
                  range={range}
                  periods={reportPeriods(report).map((column) => column.id)}
                  headingLevel={headingLevel}
                  t={t}
                />
              )
            : undefined
        }
      />
      {history.dialog}
    </>
  );
}

/** The difference view once its chunk is there: loading, or the load error with a retry, until then. */
function DiffBody(props: SourceDiffViewProps) {
  return <LazyView load={loadDiffView} props={props} t={props.t} />;
}
