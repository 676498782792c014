export {
  SearchResults,
  resultsPageUrl,
  type ResultsGroup,
  type SearchResultsProps,
} from './SearchResults.tsx';
