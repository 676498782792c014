import type { QuarterlyReports, ReportFileQuarter } from '../../../contract/reports.ts';
import { fetchQuarterlyReports, peekQuarterlyReports } from '../../../core/api/reports.ts';
import { createResource, type Resource } from '../../../core/resource.ts';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import { accessHref, loginHref } from '../../../runtime/chrome/access-links.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import { DataTable, type RowLimit, type TableColumn } from '../../../widgets/data-table/index.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { FILE_LANGS, fileState, QUARTERS, quarterlyYears, shownYears } from './quarterly.model.ts';
import css from './quarterly.css?inline';

/** Keyed by the address of the quarterly tab in the page data (`reports[].url`). */
function createQuarterlyResource(): Resource<string, QuarterlyReports> {
  return createResource<string, QuarterlyReports>({
    describe: (url) => `quarterly report files ${url}`,
    load: (url, signal) => fetchQuarterlyReports(url, signal),
    peek: peekQuarterlyReports,
  });
}

/** The quarterly tab's address, else the page's get-report template for it. */
function quarterlyUrl(issuer: SectionProps['issuer']): string {
  return (
    issuer.reports.find((report) => report.apiUrl === 'quarterly')?.url ??
    issuer.apiUrls.getReport.replace('%apiUrl%', 'quarterly')
  );
}

/**
 * SPEC §3 "Report file entry": a row per year (newest first, 2 until expanded, SPEC §9), a column
 * per quarter with its Russian and English files as downloads with their type. Users without
 * access (no links in their answer, SPEC §6) see the types and one prompt to log in or get access.
 */
function QuarterlyView({ issuer, t }: SectionProps) {
  useStyles(css, 'element');
  const { state, resource } = useResource(createQuarterlyResource, quarterlyUrl(issuer));
  return (
    <ElementState
      t={t}
      ready
      state={state}
      onRetry={resource.retry}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('common:no_data')}
    >
      {(answer) => (
        <div className="qr" part="quarterly">
          {answer.need ? (
            <p className="qr-prompt" part="hint">
              {answer.need === 'need_auth' ? (
                <>
                  {t('issuer:quarterly_need_auth')}{' '}
                  <a href={loginHref(issuer.loginUrl)}>{t('common:login')}</a>
                </>
              ) : (
                <>
                  {t('issuer:quarterly_need_access')}{' '}
                  <a href={accessHref(issuer.accessUrl)}>{t('widgets:get_access')}</a>
                </>
              )}
            </p>
          ) : null}
          <DataTable
            columns={quarterColumns(answer, t)}
            rows={quarterlyYears(answer).map((entry) => ({ year: entry.year, ...entry.monthArray }))}
            caption={t('issuer:tab_quarterly')}
            limit={shownYears(answer) as RowLimit}
            fixedFirstColumn
            mobilePageSize={2}
            t={t}
          />
        </div>
      )}
    </ElementState>
  );
}

function quarterColumns(answer: QuarterlyReports, t: Translate): TableColumn[] {
  return [
    { field: 'year', title: t('common:year'), sortable: false },
    ...QUARTERS.map<TableColumn>((quarter) => ({
      field: quarter,
      title: t('issuer:quarter_short').replace('{quarter}', quarter),
      sortable: false,
      alwaysShown: true,
      format: (value, row) => (
        <QuarterFiles
          files={value as ReportFileQuarter | null}
          need={answer.need}
          title={t('issuer:quarter_title').replace('{quarter}', quarter).replace('{year}', String(row.year))}
          t={t}
        />
      ),
    })),
  ];
}

function QuarterFiles({
  files,
  need,
  title,
  t,
}: {
  files: ReportFileQuarter | null;
  need: QuarterlyReports['need'];
  title: string;
  t: Translate;
}) {
  const shown = FILE_LANGS.map((lang) => ({ lang, state: fileState(files?.[lang] ?? null, need) })).filter(
    (file) => file.state.kind !== 'none',
  );
  if (shown.length === 0)
    return (
      <span className="qr-none">
        <span aria-hidden="true">—</span>
        <span className="fin-visually-hidden">
          {title}: {t('issuer:no_filing')}
        </span>
      </span>
    );
  return (
    <ul className="qr-files">
      {shown.map(({ lang, state }) => {
        const langText = t(`issuer:lang_${lang}`);
        if (state.kind === 'download')
          return (
            <li key={lang}>
              <a
                className="qr-file"
                href={state.href}
                download={state.name}
                type={state.mimetype}
                aria-label={`${t('issuer:download')} ${title}: ${langText}, ${state.type}`}
              >
                {langText} <span className="qr-file__type">{state.type}</span>
              </a>
            </li>
          );
        if (state.kind === 'locked')
          return (
            <li key={lang} className="qr-file qr-file--locked" data-need={state.need}>
              {langText} <span className="qr-file__type">{state.type}</span>
              <span className="fin-visually-hidden">
                {' '}
                ({t(state.need === 'need_auth' ? 'common:need_auth' : 'common:need_get_access')})
              </span>
            </li>
          );
        return null;
      })}
    </ul>
  );
}

/** The section's view: a chunk of its own, loaded when the section shows (quarterly.section.ts). */
export default QuarterlyView;
