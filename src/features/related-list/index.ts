import { showMoreListStyles } from '../../widgets/show-more-list/index.ts';
import css from './related-list.css?inline';

export { RelatedList, type RelatedListProps } from './RelatedList.tsx';
/** CSS an element embedding RelatedList puts in its shadow root. */
export const relatedListStyles = `${showMoreListStyles}\n${css}`;
