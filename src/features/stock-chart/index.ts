import css from './stock-chart.css?inline';
import { datePickerStyles } from '../../widgets/date-picker/index.ts';
import { dialogStyles } from '../../widgets/dialog/index.ts';
import { dropdownStyles } from '../../widgets/dropdown/index.ts';
import { tabsStyles } from '../../widgets/tabs/index.ts';

export { StockChart, type StockChartProps } from './StockChart.tsx';
export { CHART_PALETTE } from '../../contract/palette.ts';
/**
 * CSS of the element's shadow root: its widgets' and its own. The parts loaded later (compare
 * field, dynamic table, archive) bring their styles with them.
 */
export const stockChartStyles = [tabsStyles, datePickerStyles, dropdownStyles, dialogStyles, css].join('\n');
