/**
 * Browser harness of the PriceChart widget for chart.e2e.ts and bench/chart.bench.ts: mounts the
 * widget in an open shadow root (as the elements do) and exposes `window.chartHarness`.
 * Built by build-harness.ts; never part of the element bundles.
 */
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { PriceChart } from '../PriceChart.tsx';
import type { PriceChartRenderInfo, PriceChartView } from '../chart.types.ts';
import type { dateLabelGeometry } from '../amcharts-engine.ts';
import { decimateLine, linearWindow } from '../chart.decimate.ts';
import { axisDates, dateScale } from '../chart.utils.ts';
import { randomBars, randomWalk, tradingDayTimes } from './synthetic.ts';

export interface HarnessSize {
  width: number;
  height: number;
}

export interface ChartHarness {
  /** Mounts a chart showing `view`; resolves when its first frame with the data has settled. */
  mount(view: PriceChartView, size?: HarnessSize): Promise<PriceChartRenderInfo>;
  /** A new view for the mounted chart; resolves when drawn. */
  update(view: PriceChartView): Promise<PriceChartRenderInfo>;
  /** Unmounts the chart; the (then empty) host stays in the page until `unmount()`. */
  unmountChart(): void;
  /** Unmounts the chart and removes its host. */
  unmount(): void;
  /** amCharts Roots alive on the page (imports the engine, which the chart has loaded anyway). */
  registeredRoots(): Promise<number>;
  /** The labels the mounted chart shows on its date axis (x) and price axis (y). */
  axisLabels(): Promise<{ x: string[]; y: string[] }>;
  /** Where the mounted chart draws its date labels and the amCharts logo, and its size. */
  dateLabelGeometry(): Promise<ReturnType<typeof dateLabelGeometry>>;
  randomWalk: typeof randomWalk;
  randomBars: typeof randomBars;
  tradingDayTimes: typeof tradingDayTimes;
  /** The pure pieces the pixel checks draw with (decimation on the axis' scale). */
  decimation: {
    decimateLine: typeof decimateLine;
    linearWindow: typeof linearWindow;
    axisDates: typeof axisDates;
    dateScale: typeof dateScale;
  };
}

declare global {
  interface Window {
    chartHarness: ChartHarness;
  }
}

let mounted: {
  host: HTMLElement;
  react: ReactRoot;
  size: HarnessSize;
  waiters: Array<(info: PriceChartRenderInfo) => void>;
} | null = null;

function render(view: PriceChartView) {
  if (!mounted) throw new Error('chartHarness: nothing mounted');
  const { react, size, waiters } = mounted;
  react.render(
    <PriceChart
      view={view}
      height={size.height}
      ariaLabel="Test chart"
      onRendered={(info) => waiters.splice(0).forEach((resolve) => resolve(info))}
    />,
  );
}

function nextRender(): Promise<PriceChartRenderInfo> {
  return new Promise((resolve) => mounted!.waiters.push(resolve));
}

window.chartHarness = {
  mount(view, size = { width: 1000, height: 500 }) {
    if (mounted) this.unmount();
    const host = document.createElement('div');
    host.id = 'chart-host';
    host.style.width = `${size.width}px`;
    const shadow = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadow.append(container);
    document.body.append(host);
    mounted = { host, react: createRoot(container), size, waiters: [] };
    const drawn = nextRender();
    render(view);
    return drawn;
  },
  update(view) {
    const drawn = nextRender();
    render(view);
    return drawn;
  },
  unmountChart() {
    mounted?.react.render(null);
  },
  unmount() {
    if (!mounted) return;
    mounted.react.unmount();
    mounted.host.remove();
    mounted = null;
  },
  async registeredRoots() {
    const { registeredRootCount } = await import('../amcharts-engine.ts');
    return registeredRootCount();
  },
  async axisLabels() {
    const { visibleAxisLabels } = await import('../amcharts-engine.ts');
    return visibleAxisLabels();
  },
  async dateLabelGeometry() {
    const { dateLabelGeometry } = await import('../amcharts-engine.ts');
    return dateLabelGeometry();
  },
  randomWalk,
  randomBars,
  tradingDayTimes,
  decimation: { decimateLine, linearWindow, axisDates, dateScale },
};
