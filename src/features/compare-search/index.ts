export { CompareSearch, CompareSearchElement, type CompareSearchProps } from './CompareSearch.tsx';
export type { CompareSearchResult } from './compare-search.utils.ts';
