export {
  SearchBox,
  SearchOptions,
  Highlight,
  useSearchBoxIds,
  type SearchBoxIds,
  type SearchBoxProps,
  type SearchOptionsProps,
} from './SearchBox.tsx';
export {
  createSearchBoxModel,
  searchableTerm,
  SEARCH_DEBOUNCE_MS,
  type SearchBoxModel,
  type SearchBoxOptions,
  type SearchBoxState,
} from './search-box.model.ts';
export { matchSegments, searchWords, type MatchSegment } from './highlight.ts';
