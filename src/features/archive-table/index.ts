export { ArchiveTable, ArchiveTableElement, type ArchiveTableProps } from './ArchiveTable.tsx';
