import css from './archive-table.css?inline';
import { dataTableStyles } from '../../widgets/data-table/index.ts';

export { ArchiveTable, ArchiveTableElement, type ArchiveTableProps } from './ArchiveTable.tsx';
export { $archiveTable, reloadArchiveTable, type ArchiveTableState } from './archive-table.store.ts';
/** CSS an element embedding ArchiveTable puts in its shadow root (the block and its data table). */
export const archiveTableStyles = `${dataTableStyles}\n${css}`;
