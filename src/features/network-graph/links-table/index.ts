export { LinksTable, type LinksTableProps } from './LinksTable.tsx';
