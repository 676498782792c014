export { SearchResults, resultsPageUrl, type SearchResultsProps } from './SearchResults.tsx';
