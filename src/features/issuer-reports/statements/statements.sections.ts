/** The `ifrs` and `ras` sections of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionView } from '../issuer-reports.sections.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';

const LABEL_MODULES = ['widgets', 'stock'];

// Both standards share one chunk: the statements with the analysis views.
const loadViews = () => import('./StandardViews.tsx');

export const IFRS_SECTION: SectionView = {
  titleKey: 'issuer:tab_msfo',
  labelModules: LABEL_MODULES,
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'msfo' || report.apiUrl === 'msfo2'),
  load: lazyModule(() => loadViews().then((views) => ({ default: views.IfrsView }))),
};

export const RAS_SECTION: SectionView = {
  titleKey: 'issuer:tab_rsbu',
  labelModules: LABEL_MODULES,
  has: (issuer) => issuer.reports.some((report) => report.apiUrl === 'rsbu'),
  load: lazyModule(() => loadViews().then((views) => ({ default: views.RasView }))),
};
