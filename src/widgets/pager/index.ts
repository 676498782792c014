export { Pager, pageCountOf, pageItems, type PagerProps } from './Pager.tsx';
