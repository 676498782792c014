import css from './show-more-list.css?inline';

export { ShowMoreList, SHOW_MORE_LIMIT, type ShowMoreListProps } from './ShowMoreList.tsx';
export { css as showMoreListStyles };
