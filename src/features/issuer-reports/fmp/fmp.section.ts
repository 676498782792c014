/** The `fmp` section of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionView } from '../issuer-reports.sections.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';

export const fmpSection: SectionView = {
  titleKey: 'issuer:tab_fmp',
  labelModules: ['widgets'],
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'fmp'),
  load: lazyModule(() => import('./FmpSection.tsx')),
};
