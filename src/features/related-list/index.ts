export { RelatedList, type RelatedListProps } from './RelatedList.tsx';
