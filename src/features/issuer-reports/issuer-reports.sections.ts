/**
 * The sections of <fin-issuer-reports> (SPEC §2 "Issuer page blocks"): each is a view of its own,
 * registered here by its id, with the test that says whether an issuer has it. The element shows
 * the sections its `sections` attribute names, or every section the issuer has. Each view is a
 * chunk of its own, loaded when its section shows: a page showing one section loads that one only.
 */
import type { IssuerReportSection, IssuerReportsPageData } from '../../contract/company.ts';
import type { ReportApiUrl } from '../../contract/reports.ts';
import type { Translate } from '../../runtime/hooks.ts';
import type { LazyLoad } from '../../runtime/lazy-view.ts';
import { IFRS_SECTION } from './statements/statements.sections.ts';
import { RAS_SECTION } from './statements/statements.sections.ts';
import { commentsSection } from './comments/comments.section.ts';
import { fmpSection } from './fmp/fmp.section.ts';
import { multipliersSection } from './multipliers/multipliers.section.ts';
import { quarterlySection } from './quarterly/quarterly.section.ts';

export interface SectionProps {
  /** The issuer page data (call URLs, export templates and dates, the reports the issuer has). */
  issuer: IssuerReportsPageData;
  t: Translate;
  /** Heading level of the section's own headings: 2 when the element shows several sections, else 3. */
  headingLevel: 2 | 3;
}

export interface SectionView {
  /** Label key of the section's title. */
  titleKey: string;
  /** Label modules the view needs besides `issuer` and `common`. */
  labelModules?: string[];
  /** Whether the issuer has the section (from the page data, before any call). */
  has(issuer: IssuerReportsPageData): boolean;
  /** The view's chunk (`lazyModule(() => import(…))`: one load, shared; a failed one may be retried). */
  load: LazyLoad<SectionProps>;
}

export function hasReport(issuer: IssuerReportsPageData, ...apiUrls: ReportApiUrl[]): boolean {
  return issuer.reports.some((report) => apiUrls.includes(report.apiUrl));
}

/** Filled by the section modules (one line each); the views themselves are not imported here. */
export const SECTION_VIEWS: Partial<Record<IssuerReportSection, SectionView>> = {
  ifrs: IFRS_SECTION,
  ras: RAS_SECTION,
  fmp: fmpSection,
  multipliers: multipliersSection,
  comments: commentsSection,
  quarterly: quarterlySection,
};
