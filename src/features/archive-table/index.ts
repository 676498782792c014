export { ArchiveTable, ArchiveTableElement, type ArchiveTableProps } from './ArchiveTable.tsx';
export { $archiveTable, reloadArchiveTable, type ArchiveTableState } from './archive-table.store.ts';
