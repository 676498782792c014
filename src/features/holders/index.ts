import { dataTableStyles } from '../../widgets/data-table/index.ts';
import css from './holders.css?inline';

export { Holders, type HoldersProps } from './Holders.tsx';
/** CSS an element embedding Holders puts in its shadow root. */
export const holdersStyles = `${dataTableStyles}\n${css}`;
