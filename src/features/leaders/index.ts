import { dataTableStyles } from '../../widgets/data-table/index.ts';
import { maskedHintStyles } from '../../widgets/masked-hint/index.ts';
import { tabsStyles } from '../../widgets/tabs/index.ts';
import css from './leaders.css?inline';

export { Leaders, type LeadersProps } from './Leaders.tsx';
/** CSS an element embedding Leaders puts in its shadow root. */
export const leadersStyles = `${tabsStyles}\n${dataTableStyles}\n${maskedHintStyles}\n${css}`;
