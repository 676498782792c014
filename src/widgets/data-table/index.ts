import css from './data-table.css?inline';
import cellCss from './table-cell.css?inline';

export { DataTable, DEFAULT_ACTION_LOG_URL } from './DataTable.tsx';
export { CellContent, cellTitle, type CellContentProps } from './TableCell.tsx';
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

/** The cell extras (tooltip, info mark, show-more) that CellContent needs, in every table's styles. */
export const tableCellStyles: string = cellCss;
/** The table's CSS: elements that render a DataTable add it to their shadow-root styles. */
export const dataTableStyles: string = `${css}\n${cellCss}`;
