import { dataTableStyles } from '../../widgets/data-table/index.ts';
import { maskedHintStyles } from '../../widgets/masked-hint/index.ts';
import css from './exchange-table.css?inline';

export { ExchangeTable, type ExchangeTableProps } from './ExchangeTable.tsx';
/** CSS an element embedding ExchangeTable puts in its shadow root. */
export const exchangeTableStyles = `${dataTableStyles}\n${maskedHintStyles}\n${css}`;
