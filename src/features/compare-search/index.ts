import css from './compare-search.css?inline';
import { tabsStyles } from '../../widgets/tabs/index.ts';

export { CompareSearch, CompareSearchElement, type CompareSearchProps } from './CompareSearch.tsx';
export type { CompareSearchResult } from './compare-search.utils.ts';
/** CSS an element embedding CompareSearch puts in its shadow root (the box and its tabs). */
export const compareSearchStyles = `${tabsStyles}\n${css}`;
