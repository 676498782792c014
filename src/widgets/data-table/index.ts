export { DataTable } from './DataTable.tsx';
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
  mobileColumnOrder,
  nextSort,
  sortRows,
} from './data-table.model.ts';
