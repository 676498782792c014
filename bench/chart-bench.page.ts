/**
 * Browser side of bench/chart.bench.ts: draws the same fixed-seed random walks with our chart
 * (the PriceChart harness), lightweight-charts 5 and a plain canvas polyline, each 1000×500 in an
 * open shadow root, and times them in two phases:
 *  - `data`: the chart already exists (empty); data set → the frame that shows it (the
 *    TECH-NOTES baseline's "first frame after data set"; the stock chart creates its chart while
 *    the data is on its way);
 *  - `full`: chart creation + data → that frame.
 * Our chart counts until amCharts stops redrawing (settled), which is never earlier than its
 * first frame with the data.
 */
import { createChart, LineSeries, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import '../src/widgets/chart/testing/chart-harness.tsx';
import type { ChartPoint, PriceChartView } from '../src/widgets/chart/chart.types.ts';
import { CHART_PALETTE } from '../src/contract/palette.ts';

export const BENCH_WIDTH = 1000;
export const BENCH_HEIGHT = 500;
const COLORS = CHART_PALETTE;

export type Library = 'ours' | 'lightweight' | 'canvas';
export type Phase = 'data' | 'full';

export interface Scenario {
  series: number;
  points: number;
}

export interface Measurement {
  /** Start of the phase → the frame that shows the data (ms). */
  ms: number;
  /** Points the library was given (ours: after decimation). */
  drawnPoints: number;
  /** Longest main-thread task of the phase (ms; 0 when none reached 50 ms). */
  longestTask: number;
  /** Total blocking time: the parts of long tasks beyond 50 ms. */
  blocking: number;
}

declare global {
  interface Window {
    chartBench: {
      prepare(scenario: Scenario): void;
      /** Loads amCharts (our chart's lazy chunk) so that, like lightweight-charts, its code is in before timing. */
      preload(): Promise<void>;
      draw(library: Library, phase: Phase): Promise<Measurement>;
      clear(): void;
    };
  }
}

let data: ChartPoint[][] = [];
let cleanup: (() => void) | null = null;

const total = () => data.reduce((sum, points) => sum + points.length, 0);
const nextFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

function shadowHost(): { host: HTMLElement; mount: HTMLElement } {
  const host = document.createElement('div');
  host.style.width = `${BENCH_WIDTH}px`;
  host.style.height = `${BENCH_HEIGHT}px`;
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  mount.style.width = `${BENCH_WIDTH}px`;
  mount.style.height = `${BENCH_HEIGHT}px`;
  shadow.append(mount);
  document.body.append(host);
  return { host, mount };
}

/** Each library: `create` builds an empty chart, `setData` gives it the data; both return a drawn frame's time. */
interface Drawer {
  create(): void;
  setData(): void;
  drawnPoints(): number;
  /** Resolves at the end of the frame that shows the data. */
  drawn(): Promise<number>;
  remove(): void;
}

function lightweight(): Drawer {
  const { host, mount } = shadowHost();
  let chart: IChartApi | null = null;
  return {
    create: () => {
      chart = createChart(mount, {
        width: BENCH_WIDTH,
        height: BENCH_HEIGHT,
        timeScale: { minBarSpacing: 0.001 },
      });
    },
    setData: () => {
      data.forEach((points, index) => {
        const series = chart!.addSeries(LineSeries, {
          color: COLORS[index % COLORS.length]!,
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: false,
        });
        series.setData(points.map(([time, value]) => ({ time: (time / 1000) as UTCTimestamp, value })));
      });
      // The whole period in view, as ours draws it (its default 6 px per bar, at least 0.5 px,
      // shows ~170 bars).
      chart!.timeScale().fitContent();
    },
    drawnPoints: total,
    // lightweight-charts paints in the animation frame it requested while the data was set; ours runs after it.
    drawn: nextFrame,
    remove: () => {
      chart?.remove();
      host.remove();
    },
  };
}

function canvas(): Drawer {
  const { host, mount } = shadowHost();
  let context: CanvasRenderingContext2D | null = null;
  return {
    create: () => {
      const element = document.createElement('canvas');
      const ratio = window.devicePixelRatio || 1;
      element.width = BENCH_WIDTH * ratio;
      element.height = BENCH_HEIGHT * ratio;
      element.style.width = `${BENCH_WIDTH}px`;
      element.style.height = `${BENCH_HEIGHT}px`;
      mount.append(element);
      context = element.getContext('2d')!;
      context.scale(ratio, ratio);
    },
    setData: () => {
      const ctx = context!;
      let minTime = Infinity;
      let maxTime = -Infinity;
      let minValue = Infinity;
      let maxValue = -Infinity;
      for (const points of data) {
        minTime = Math.min(minTime, points[0]![0]);
        maxTime = Math.max(maxTime, points[points.length - 1]![0]);
        for (const [, value] of points) {
          if (value < minValue) minValue = value;
          if (value > maxValue) maxValue = value;
        }
      }
      const x = (time: number) => ((time - minTime) / (maxTime - minTime)) * (BENCH_WIDTH - 1);
      const y = (value: number) =>
        BENCH_HEIGHT - 1 - ((value - minValue) / (maxValue - minValue)) * (BENCH_HEIGHT - 1);
      ctx.clearRect(0, 0, BENCH_WIDTH, BENCH_HEIGHT);
      ctx.lineWidth = 2;
      data.forEach((points, index) => {
        ctx.strokeStyle = COLORS[index % COLORS.length]!;
        ctx.beginPath();
        points.forEach(([time, value], i) =>
          i ? ctx.lineTo(x(time), y(value)) : ctx.moveTo(x(time), y(value)),
        );
        ctx.stroke();
      });
    },
    drawnPoints: total,
    drawn: nextFrame,
    remove: () => host.remove(),
  };
}

function ourView(withData: boolean): PriceChartView {
  return {
    mode: 'line',
    series: withData
      ? data.map((points, index) => ({
          id: `s${index}`,
          name: `Series ${index + 1}`,
          color: COLORS[index % COLORS.length]!,
          data: points,
        }))
      : [],
    valueAxis: 'values',
    tooltip: 'values',
    intraday: false,
  };
}

function ours(): Drawer {
  let frame: Promise<{ drawnAt: number; drawnPoints: number }> | null = null;
  let drawnPoints = 0;
  const size = { width: BENCH_WIDTH, height: BENCH_HEIGHT };
  return {
    // The empty chart of a stock chart waiting for its data.
    create: () => {
      frame = window.chartHarness.mount(ourView(false), size);
    },
    setData: () => {
      frame = frame
        ? frame.then(() => window.chartHarness.update(ourView(true)))
        : window.chartHarness.mount(ourView(true), size);
    },
    drawnPoints: () => drawnPoints,
    drawn: async () => {
      const info = await frame!;
      drawnPoints = info.drawnPoints;
      return info.drawnAt;
    },
    remove: () => window.chartHarness.unmount(),
  };
}

const DRAWERS: Record<Library, () => Drawer> = { ours, lightweight, canvas };

async function measurePhase(
  library: Library,
  phase: Phase,
): Promise<Pick<Measurement, 'ms' | 'drawnPoints'> & { from: number }> {
  const drawer = DRAWERS[library]();
  cleanup = drawer.remove;
  if (phase === 'data') {
    drawer.create();
    await drawer.drawn();
    // Let the empty chart's frames and tasks pass before timing.
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const started = performance.now();
  if (phase === 'full') {
    if (library !== 'ours') drawer.create();
  }
  drawer.setData();
  const drawn = await drawer.drawn();
  return { ms: drawn - started, drawnPoints: drawer.drawnPoints(), from: started };
}

window.chartBench = {
  prepare({ series, points }) {
    data = Array.from({ length: series }, (_, index) =>
      window.chartHarness.randomWalk({ seed: 1000 + index, points, startValue: 100 + 10 * index }),
    );
  },
  async preload() {
    await window.chartHarness.registeredRoots();
  },
  async draw(library, phase) {
    window.chartBench.clear();
    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask' });
    const { from, ...drawn } = await measurePhase(library, phase);
    // Long-task entries arrive after their task ends: give the last drawing task's entry time to come in.
    await new Promise((resolve) => setTimeout(resolve, 120));
    tasks.push(...observer.takeRecords());
    observer.disconnect();
    const during = tasks.filter((task) => task.startTime + task.duration > from);
    return {
      ...drawn,
      longestTask: Math.max(0, ...during.map((task) => task.duration)),
      blocking: during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    };
  },
  clear() {
    cleanup?.();
    cleanup = null;
  },
};
