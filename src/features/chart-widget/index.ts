export { ChartWidget, type ChartWidgetProps } from './ChartWidget.tsx';
