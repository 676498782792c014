export { SiteSearch, SiteSearchElement, type SiteSearchProps } from './SiteSearch.tsx';
export { default as SITE_SEARCH_CSS } from './site-search.css?inline';
