/** The `comments` section of <fin-issuer-reports> (registered in issuer-reports.sections.ts). */
import type { SectionView } from '../issuer-reports.sections.ts';
import { lazyModule } from '../../../runtime/lazy-view.ts';

export const commentsSection: SectionView = {
  titleKey: 'issuer:tab_comments',
  labelModules: ['widgets', 'archive'],
  has: (issuer) => issuer.commentsCount > 0,
  load: lazyModule(() => import('./CommentsSection.tsx')),
};
