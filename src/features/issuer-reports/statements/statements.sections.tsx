/** The `ifrs` and `ras` sections of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionProps, SectionView } from '../issuer-reports.sections.ts';
// The statements with the analysis views (YoY, source difference, line history).
import { AnalyzedStatements as FinancialStatements } from '../analysis/AnalyzedStatements.tsx';

const LABEL_MODULES = ['widgets', 'stock'];

export const IFRS_SECTION: SectionView = {
  titleKey: 'issuer:tab_msfo',
  labelModules: LABEL_MODULES,
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'msfo' || report.apiUrl === 'msfo2'),
  View: (props: SectionProps) => <FinancialStatements {...props} standard="msfo" />,
};

export const RAS_SECTION: SectionView = {
  titleKey: 'issuer:tab_rsbu',
  labelModules: LABEL_MODULES,
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'rsbu'),
  View: (props: SectionProps) => <FinancialStatements {...props} standard="rsbu" />,
};
