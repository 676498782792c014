export { ShowMoreList, SHOW_MORE_LIMIT, type ShowMoreListProps } from './ShowMoreList.tsx';
