/** The `quarterly` section of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionView } from '../issuer-reports.sections.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';

export const quarterlySection: SectionView = {
  titleKey: 'issuer:tab_quarterly',
  labelModules: ['widgets'],
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'quarterly'),
  load: lazyModule(() => import('./QuarterlySection.tsx')),
};
