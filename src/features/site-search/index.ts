export { SiteSearch, SiteSearchElement, type SiteSearchProps } from './SiteSearch.tsx';
