import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { FinancialReport, ReportPeriodId, ReportSection } from '../../../contract/reports.ts';
import { accessPrompt } from '../../../core/access.ts';
import { logStockAction } from '../../../core/api/stocks.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { $user } from '../../../core/stores/user.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { safeHref } from '../../../contract/links.ts';
import { Tabs, tabId } from '../../../widgets/tabs/index.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { ExportPanel } from './ExportPanel.tsx';
import { PeriodPager, PeriodRangeFields } from './PeriodRange.tsx';
import { StatementTable } from './StatementTable.tsx';
import { createStatementsResource, type PeriodRange } from './statements.api.ts';
import {
  keepReportColumns,
  keepSectionColumns,
  periodPage,
  type PeriodPage,
  reportPeriods,
  reportStatements,
  SHOW_MORE_ACTION,
  type StatementLine,
  type StatementView,
} from './statements.model.ts';
import css from './statements.css?inline';

/** The reports a statements section shows: IFRS from its sources (tabs), or RAS. */
export type StatementsStandard = 'msfo' | 'rsbu';

export interface FinancialStatementsProps extends SectionProps {
  standard: StatementsStandard;
  /** A derived view of the figures (e.g. year over year); default the reported ones. */
  view?: StatementView;
  /** Makes each line's name a button (e.g. to chart the line's history). */
  onLineClick?(line: StatementLine, section: ReportSection, report: FinancialReport): void;
  /** The accessible name of a line's button, saying what it does; default the line's name. */
  lineActionLabel?(line: StatementLine): string;
  /** Extra controls for the report's toolbar (after the period switch and the export). */
  toolbar?(report: FinancialReport): ReactNode;
  /**
   * Shown instead of the statement tables of a loaded report (e.g. the difference between
   * sources): the report with the periods on screen only, and the From / To they come from.
   */
  statementsBody?(report: FinancialReport, range: PeriodRange): ReactNode;
}

const SOURCES: Record<StatementsStandard, readonly string[]> = {
  msfo: ['msfo', 'msfo2'],
  rsbu: ['rsbu'],
};

/**
 * The IFRS or RAS statements of an issuer (SPEC §2 "Issuer page blocks", §3 "Reports"): a tab per
 * data source, an annual / quarterly switch, the From / To of the periods shown (which the Excel
 * export of SPEC §5 takes too) with "Earlier" / "Later" when they hold more periods than fit, and
 * each statement as a full data table whose show-more logs SPEC §7 contactActionLog 80 (IFRS) or
 * 76 (RAS).
 */
export function FinancialStatements({
  issuer,
  t,
  headingLevel,
  standard,
  view,
  onLineClick,
  lineActionLabel,
  toolbar,
  statementsBody,
}: FinancialStatementsProps) {
  useStyles(css, 'element');
  const lang = useStore($lang);
  const prompt = accessPrompt(useStore($user));
  const tabs = issuer.reports.filter((report) => SOURCES[standard].includes(report.apiUrl));
  const [active, setActive] = useState(tabs[0]?.apiUrl ?? null);
  const [period, setPeriod] = useState<ReportPeriodId>(issuer.defaultReportPeriod);
  const [range, setRange] = useState<PeriodRange>({
    from: issuer.exportDefaultFrom,
    to: issuer.exportDefaultTo,
  });
  const tab = tabs.find((report) => report.apiUrl === active) ?? tabs[0];
  const { state, resource } = useResource(
    createStatementsResource,
    tab ? { url: tab.url, reportPeriod: period, ...range } : null,
  );
  // Another source, period kind or range starts again at the newest periods.
  const pagesOf = `${tab?.apiUrl}|${period}|${range.from}|${range.to}`;
  const [paging, setPaging] = useState({ of: pagesOf, page: 0 });
  const pageShown = paging.of === pagesOf ? paging.page : 0;
  const tabsId = `st-${standard}`;
  const panelId = `${tabsId}-panel`;

  const logShowMore = useCallback(() => {
    // SPEC §8: the log call's failures are not shown.
    logStockAction(SHOW_MORE_ACTION[standard]).catch(() => undefined);
  }, [standard]);

  if (!tab) return <ElementMessage kind="info">{t('stock:no_data')}</ElementMessage>;

  const exportPrompt =
    prompt === 'granted' ? (issuer.reportExportAccess ? 'granted' : 'need_get_access') : prompt;
  // The period switch and the export stay while a report loads, so the focus stays on the switch.
  const bar = (
    <div className="st-report__bar">
      {issuer.reportPeriods.length > 1 ? (
        <Tabs
          tabs={issuer.reportPeriods.map((option) => ({ id: option.id, ttl: option.ttl }))}
          active={period}
          onSelect={(id) => setPeriod(Number(id) as ReportPeriodId)}
          label={t('issuer:report_period')}
          size="small"
          className="st-periods"
        />
      ) : null}
      <PeriodRangeFields range={range} onChange={setRange} lang={lang} t={t} />
      {tab.exportLink ? (
        <ExportPanel
          template={tab.exportLink}
          range={range}
          reportPeriod={period}
          prompt={exportPrompt}
          loginUrl={issuer.loginUrl}
          accessUrl={issuer.accessUrl}
          t={t}
        />
      ) : null}
      {toolbar && state.status === 'ready' ? toolbar(state.value) : null}
    </div>
  );
  const body = (
    <>
      {bar}
      <ElementState
        t={t}
        ready
        state={state}
        onRetry={resource.retry}
        isEmpty={(report) =>
          reportStatements(report).every(({ section }) => section.scroll_head.length === 0)
        }
      >
        {(report) => {
          const archLink = safeHref(report.params?.archLink);
          const periods = reportPeriods(report);
          const page = periodPage(periods.length, pageShown);
          return (
            <div className="st-report" data-report={report.apiUrl} data-period={report.reportPeriod}>
              {page.pages > 1 ? (
                <PeriodPager
                  periods={periods}
                  page={page}
                  onPage={(next) => setPaging({ of: pagesOf, page: next })}
                  t={t}
                />
              ) : null}
              {statementsBody ? (
                statementsBody(
                  keepReportColumns(report, (_column, i) => i >= page.start && i < page.end),
                  range,
                )
              ) : (
                <StatementList
                  report={report}
                  page={page}
                  reportName={tab.ttl}
                  headingLevel={headingLevel}
                  t={t}
                  view={view}
                  onLineClick={onLineClick}
                  lineActionLabel={lineActionLabel}
                  onShowMore={logShowMore}
                />
              )}
              {archLink ? (
                <p className="st-archive">
                  <a href={archLink}>{t('issuer:report_archive')}</a>
                </p>
              ) : null}
            </div>
          );
        }}
      </ElementState>
    </>
  );

  return (
    <div className="st-statements" data-standard={standard}>
      {tabs.length > 1 ? (
        <>
          <Tabs
            id={tabsId}
            tabs={tabs.map((report) => ({ id: report.apiUrl, ttl: report.ttl }))}
            active={tab.apiUrl}
            onSelect={(id) => setActive(id as typeof active)}
            label={t('issuer:report_source')}
            controls={panelId}
          />
          <div id={panelId} className="st-panel" role="tabpanel" aria-labelledby={tabId(tabsId, tab.apiUrl)}>
            {body}
          </div>
        </>
      ) : (
        body
      )}
    </div>
  );
}

/** start, start + 1, …, end − 1. */
function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}

/**
 * How many of `total` statements to render: one more per task after each commit (the first at
 * once). Seven full tables in one task block the page for over 50 ms; one at a time keeps every
 * task short (bench/issuer-reports.bench.ts). Starts again when `of` (the report shown) changes.
 */
export function useProgressiveCount(total: number, of: unknown): number {
  const [state, setState] = useState({ of, count: 1 });
  const count = state.of === of ? state.count : 1;
  if (state.of !== of) setState({ of, count: 1 });
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(
      () => setState((old) => (old.of === of ? { of, count: old.count + 1 } : old)),
      0,
    );
    return () => clearTimeout(timer);
  }, [count, total, of]);
  return count;
}

interface StatementListProps extends Pick<
  FinancialStatementsProps,
  'headingLevel' | 't' | 'view' | 'onLineClick' | 'lineActionLabel'
> {
  report: FinancialReport;
  /** The periods on screen. */
  page: PeriodPage;
  reportName: string;
  onShowMore(): void;
}

/** The statements of a report, one more per task (useProgressiveCount), placeholders until their turn. */
function StatementList({
  report,
  page,
  reportName,
  headingLevel,
  t,
  view,
  onLineClick,
  lineActionLabel,
  onShowMore,
}: StatementListProps) {
  const statements = reportStatements(report);
  const shown = useProgressiveCount(statements.length, report);
  const onScreen = range(page.start, page.end);
  return (
    <>
      {statements.map(({ key, section }, index) =>
        index < shown ? (
          <StatementTable
            key={`${report.apiUrl}-${report.reportPeriod}-${key}`}
            statementKey={key}
            section={section}
            headingLevel={headingLevel}
            t={t}
            view={view}
            periods={page}
            // The line's history over the periods on screen.
            onLineClick={
              onLineClick
                ? (line, s) => onLineClick(line, keepSectionColumns(s, onScreen), report)
                : undefined
            }
            lineActionLabel={lineActionLabel}
            onShowMore={onShowMore}
            reportName={reportName}
          />
        ) : (
          <div
            key={`${report.apiUrl}-${report.reportPeriod}-${key}`}
            className="st-pending"
            aria-hidden="true"
            // Busy until its turn: a test reading the report does not take the first tables for all.
            aria-busy="true"
          />
        ),
      )}
    </>
  );
}
