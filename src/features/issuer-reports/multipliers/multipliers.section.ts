/** The `multipliers` section of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionView } from '../issuer-reports.sections.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';

export const multipliersSection: SectionView = {
  titleKey: 'issuer:tab_multipliers',
  labelModules: ['widgets'],
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'msfo' || report.apiUrl === 'rsbu'),
  load: lazyModule(() => import('./MultipliersSection.tsx')),
};
