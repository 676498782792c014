import cellCss from '../data-table/table-cell.css?inline';
import css from './scroll-table.css?inline';

export {
  ScrollTable,
  SCROLL_TABLE_LIMIT,
  type ScrollTableColumn,
  type ScrollTableProps,
} from './ScrollTable.tsx';
export { visibleRows } from './scroll-table.utils.ts';
/** The scroll table's CSS with the shared cell extras (tooltip, info mark). */
export const scrollTableStyles: string = `${css}\n${cellCss}`;
