import { useStore } from '@nanostores/react';
import { ISSUER_REPORT_SECTIONS, type IssuerReportSection } from '../../contract/company.ts';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { issuerReportsPageStore } from '../../core/stores/page.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { PageDataMessage } from '../../runtime/chrome/PageDataMessage.tsx';
import { useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import { SECTION_VIEWS, type SectionProps, type SectionView } from './issuer-reports.sections.ts';
import { LazyView } from '../../runtime/LazyView.tsx';
import { parseSections } from './issuer-reports.utils.ts';
import css from './issuer-reports.css?inline';

/** The issuer's reports, multipliers, analytics comments and quarterly report files (SPEC §2). */
export interface IssuerReportsProps {
  /** CSS selector of the page-data block to read; default `#fin-page-data`. */
  pageData?: string;
  /** Which sections to show: ids from ISSUER_REPORT_SECTIONS; default every section the issuer has. */
  sections?: string;
}

export function IssuerReports({ pageData = DEFAULT_PAGE_DATA_SELECTOR, sections }: IssuerReportsProps) {
  useStyles(css, 'element');
  const asked = parseSections(sections);
  const modules = [
    ...new Set(
      (asked.sections ?? ISSUER_REPORT_SECTIONS).flatMap((id) => SECTION_VIEWS[id]?.labelModules ?? []),
    ),
  ];
  const { t, ready } = useLabels('issuer', 'common', ...modules);
  const page = useStore(issuerReportsPageStore(pageData));

  if (page.status === 'error' || page.status === 'missing')
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  if (!ready || page.status === 'none')
    return <ElementMessage kind="loading">{ready ? t('common:loading') : '…'}</ElementMessage>;
  if (asked.unknown.length > 0)
    return (
      <ElementMessage kind="error">
        {t('issuer:unknown_sections')} {asked.unknown.join(', ')}
      </ElementMessage>
    );

  const issuer = page.data;
  const shown: IssuerReportSection[] = (asked.sections ?? ISSUER_REPORT_SECTIONS).filter((id) => {
    const view = SECTION_VIEWS[id];
    // Named sections always show (their own no-data message says when there is nothing).
    return view !== undefined && (asked.sections !== null || view.has(issuer));
  });
  // Whose data is missing: the issuer's name (page data, shown as text).
  if (shown.length === 0)
    return (
      <ElementMessage kind="info">
        {issuer.emitentName}: {t('stock:no_data')}
      </ElementMessage>
    );
  const several = shown.length > 1;

  return (
    <div className="ir" part="block">
      {shown.map((id) => {
        const view = SECTION_VIEWS[id]!;
        return several ? (
          <section key={id} className="ir-section" data-section={id} aria-labelledby={`ir-${id}-title`}>
            <h2 id={`ir-${id}-title`}>{t(view.titleKey)}</h2>
            <SectionBody view={view} issuer={issuer} t={t} headingLevel={3} />
          </section>
        ) : (
          <div key={id} className="ir-section" data-section={id}>
            <SectionBody view={view} issuer={issuer} t={t} headingLevel={3} />
          </div>
        );
      })}
    </div>
  );
}

/**
 * A section's view once its chunk is there. Until then the section's frame (and its heading) is in
 * place with the loading line the view itself starts with, so the page does not move when the chunk
 * arrives; a chunk that fails to load is an inline error with a retry, in that section only.
 */
function SectionBody({ view, ...props }: SectionProps & { view: SectionView }) {
  return <LazyView load={view.load} props={props} t={props.t} />;
}
