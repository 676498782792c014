import { dataTableStyles } from '../../widgets/data-table/index.ts';
import css from './dividends-table.css?inline';

export { DividendsTable, type DividendsTableProps } from './DividendsTable.tsx';
/** CSS an element embedding DividendsTable puts in its shadow root (the block and its data table). */
export const dividendsTableStyles = `${dataTableStyles}\n${css}`;
