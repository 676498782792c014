export {
  ScrollTable,
  SCROLL_TABLE_LIMIT,
  type ScrollTableColumn,
  type ScrollTableProps,
} from './ScrollTable.tsx';
export { visibleRows } from './scroll-table.utils.ts';
