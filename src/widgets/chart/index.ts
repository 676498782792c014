export { PriceChart, DEFAULT_CHART_HEIGHT } from './PriceChart.tsx';
export type * from './chart.types.ts';
