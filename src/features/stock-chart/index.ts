export { StockChart, type StockChartProps } from './StockChart.tsx';
export { CHART_PALETTE } from '../../contract/palette.ts';
