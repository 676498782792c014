export { PriceChart, DEFAULT_CHART_HEIGHT } from './PriceChart.tsx';
export { preloadChartEngine } from './warm-chart.ts';
export type * from './chart.types.ts';
export {
  MapChart,
  type MapChartProps,
  type MapPointInput,
  type MapSeriesInput,
  type MapView,
} from './MapChart.tsx';
