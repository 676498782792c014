import css from './data-table.css?inline';

export { DataTable, DEFAULT_ACTION_LOG_URL } from './DataTable.tsx';
export type {
  CellObject,
  CellValue,
  DataTableProps,
  LockedExpansion,
  RowLimit,
  SortOrder,
  TableColumn,
  TableRow,
  TableSort,
} from './data-table.types.ts';
export {
  MOBILE_BREAKPOINT_PX,
  TEXT_CUT_LENGTH,
  cellText,
  cellValue,
  isCellObject,
  nextSort,
  sortRows,
} from './data-table.model.ts';

/** The table's CSS: elements that render a DataTable add it to their shadow-root styles. */
export const dataTableStyles: string = css;
