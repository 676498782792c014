import { useId, useState } from 'react';
import type { FmpGroup, FmpReport } from '../../../contract/reports.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { LoadError } from '../../../runtime/chrome/ElementState.tsx';
import { accessHref, loginHref } from '../../../runtime/chrome/access-links.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { DataTable, type TableColumn, type TableRow } from '../../../widgets/data-table/index.ts';
import { Dropdown } from '../../../widgets/dropdown/index.ts';
import type { IssuerReportsPageData } from '../../../contract/company.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { createFmpResource, type FmpKey } from './fmp.api.ts';
import {
  FMP_ROWS_PER_GROUP,
  fmpColumns,
  fmpFallback,
  fmpGroupDimension,
  fmpGroupRows,
  fmpValueText,
} from './fmp.model.ts';
import css from './fmp.css?inline';

/**
 * SPEC §3 FMP IFRS report: a table per statement group (income statement, balance sheet, cash
 * flow), five rows each until expanded (SPEC §9), the rest locked for non-paid users (SPEC §6),
 * and a period select that reloads the report (SPEC §7, with the fallback to the latest period).
 * The select and the tables stay while another period loads, so focus stays where it was.
 */
function FmpView({ issuer, t, headingLevel }: SectionProps) {
  useStyles(css, 'element');
  const [asked, setAsked] = useState<number | null>(null);
  const key: FmpKey = {
    urls: { period: issuer.apiUrls.reportFmp, latest: issuer.apiUrls.reportFmpLatest },
    periodId: asked,
  };
  const { state, resource } = useResource(createFmpResource, key);
  // The last report shown, kept while the next period loads.
  const [shown, setShown] = useState<{ report: FmpReport; requested: number | null } | null>(null);
  if (state.status === 'ready' && shown?.report !== state.value)
    setShown({ report: state.value, requested: state.key.periodId });

  if (!shown) {
    if (state.status === 'error') return <LoadError error={state.error} onRetry={resource.retry} t={t} />;
    return <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>;
  }
  const { report } = shown;
  // An empty answer: no FMP report at all, so no periods to choose from either.
  if (report.periods.length === 0 && report.groups.length === 0)
    return (
      <>
        {state.status === 'error' ? <LoadError error={state.error} onRetry={resource.retry} t={t} /> : null}
        <ElementMessage kind="info">{t('common:no_data')}</ElementMessage>
      </>
    );
  const fallback = fmpFallback(shown.requested, report);
  const loading = state.status === 'loading';
  return (
    <div className="fmp" part="fmp">
      <div className="fmp-toolbar">
        {/* The button's own name says it too (the widget's hidden label). */}
        <span className="fmp-toolbar__label" aria-hidden="true">
          {t('issuer:fmp_period_label')}
        </span>
        <Dropdown
          className="fmp-period"
          label={t('issuer:fmp_period_label')}
          options={report.periods.map((period) => ({ id: period.id, text: period.ttl }))}
          value={report.periodId}
          onChange={(id) => setAsked(Number(id))}
        />
      </div>
      <div className="fmp-status" role="status">
        {fallback
          ? t('issuer:fmp_fallback').replace('{asked}', fallback.asked).replace('{shown}', fallback.shown)
          : null}
      </div>
      {state.status === 'error' ? <LoadError error={state.error} onRetry={resource.retry} t={t} /> : null}
      {report.groups.length === 0 ? (
        <ElementMessage kind="info">{t('common:no_data')}</ElementMessage>
      ) : (
        <div className="fmp-groups" aria-busy={loading || undefined} data-period={report.periodId}>
          {report.groups.map((group) => (
            <FmpGroupTable
              key={group.report_line_code}
              group={group}
              report={report}
              issuer={issuer}
              t={t}
              headingLevel={headingLevel}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function FmpGroupTable({
  group,
  report,
  issuer,
  t,
  headingLevel,
}: {
  group: FmpGroup;
  report: FmpReport;
  issuer: IssuerReportsPageData;
  t: Translate;
  headingLevel: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows = fmpGroupRows(report, group);
  const dimension = fmpGroupDimension(rows);
  const notReported = t('issuer:not_reported');
  const columns: TableColumn[] = fmpColumns(report).map(({ field, title }, i) =>
    i === 0
      ? {
          field,
          title,
          sortable: false,
          // Rows of another unit than the group's say theirs.
          format: (value, row) =>
            dimension === null ? `${String(value)}, ${String(row.dimension)}` : String(value),
        }
      : {
          field,
          title,
          sortable: false,
          align: 'end',
          format: (value) =>
            fmpValueText(value) ?? (
              <>
                <span aria-hidden="true">—</span>
                <span className="fin-visually-hidden">{notReported}</span>
              </>
            ),
        },
  );
  return (
    <section className="fmp-group" aria-labelledby={headingId} data-group={group.report_line_code}>
      <div className="fmp-group__head">
        <Heading id={headingId} className="fmp-group__title">
          {group.report_line_name}
        </Heading>
        {dimension ? <span className="fmp-group__unit">{dimension}</span> : null}
      </div>
      <DataTable
        columns={columns}
        rows={rows as unknown as TableRow[]}
        caption={dimension ? `${group.report_line_name}, ${dimension}` : group.report_line_name}
        limit={FMP_ROWS_PER_GROUP}
        totalRows={group.count}
        fixedFirstColumn
        mobilePageSize="fit"
        locked={
          group.closed
            ? {
                reason: group.closed.need,
                loginUrl: loginHref(issuer.loginUrl),
                accessUrl: accessHref(issuer.accessUrl),
              }
            : null
        }
        t={t}
      />
    </section>
  );
}

/** The section's view: a chunk of its own, loaded when the section shows (fmp.section.ts). */
export default FmpView;
