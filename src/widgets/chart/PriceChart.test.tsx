/**
 * The widget's life cycle with a stand-in engine (happy-dom has no canvas; amCharts itself is
 * tested in Chromium by chart.e2e.ts): one engine per mount, views applied in place, disposed on
 * unmount, `data-rendered` only after a settled frame.
 */
import { act, Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartEngineOptions } from './amcharts-engine.ts';
import type { PriceChartView } from './chart.types.ts';

const engines: Array<{
  options: ChartEngineOptions;
  apply: ReturnType<typeof vi.fn>;
  dispose: ReturnType<typeof vi.fn>;
  element: HTMLElement;
}> = [];
let failLoading = false;
/** When set, the engine's build waits for it (a chart still building when it is unmounted). */
let buildGate: Promise<void> | null = null;

vi.mock('./amcharts-engine.ts', () => ({
  createChartEngine: vi.fn(async (element: HTMLElement, options: ChartEngineOptions) => {
    if (failLoading) throw new Error('chunk failed to load');
    if (buildGate) await buildGate;
    const engine = {
      options,
      element,
      apply: vi.fn((view: PriceChartView) => ({
        points: view.series.reduce((sum, s) => sum + s.data.length, 0),
        drawnPoints: 2,
      })),
      resize: vi.fn(() => null),
      dispose: vi.fn(),
    };
    engines.push(engine);
    return engine;
  }),
}));

const { PriceChart } = await import('./PriceChart.tsx');
const { WarmPriceChart } = await import('./WarmChart.tsx');

function view(points: number): PriceChartView {
  return {
    mode: 'line',
    series: [
      { id: 'main', name: 'SBER', color: '#1d5fbf', data: Array.from({ length: points }, (_, i) => [i, i]) },
    ],
    valueAxis: 'values',
    tooltip: 'values',
    intraday: false,
  };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

let container: HTMLElement;
let root: Root;

async function render(node: ReactNode) {
  await act(async () => root.render(<Boundary>{node}</Boundary>));
  // The dynamic import and the engine's build resolve on later ticks.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const chartHost = () => container.querySelector<HTMLElement>('[role="figure"]')!;

beforeEach(() => {
  engines.length = 0;
  failLoading = false;
  buildGate = null;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('PriceChart', () => {
  it('builds one engine, applies each new view to it in place and disposes it on unmount', async () => {
    const first = view(10);
    await render(<PriceChart view={first} ariaLabel="SBER price" />);
    expect(engines).toHaveLength(1);
    expect(engines[0]!.element).toBe(chartHost());
    expect(engines[0]!.apply).toHaveBeenLastCalledWith(first, expect.any(Number));

    const second = view(20);
    await render(<PriceChart view={second} ariaLabel="SBER price" />);
    // Same props object again: nothing to apply.
    await render(<PriceChart view={second} ariaLabel="SBER price" />);
    expect(engines).toHaveLength(1);
    expect(engines[0]!.apply).toHaveBeenCalledTimes(2);
    expect(engines[0]!.apply).toHaveBeenLastCalledWith(second, expect.any(Number));

    await act(async () => root.render(<Boundary>{null}</Boundary>));
    expect(engines[0]!.dispose).toHaveBeenCalledTimes(1);
  });

  it('is a labelled figure of the requested height, marked rendered only after a settled frame', async () => {
    const onRendered = vi.fn();
    await render(<PriceChart view={view(10)} height={400} ariaLabel="SBER price" onRendered={onRendered} />);
    const host = chartHost();
    expect(host.getAttribute('aria-label')).toBe('SBER price');
    expect(host.style.getPropertyValue('--fin-price-chart-height')).toBe('400px');
    expect(host.dataset.rendered).toBeUndefined();

    act(() => engines[0]!.options.onSettled(performance.now(), 2));
    expect(host.dataset.rendered).toBe('1');
    expect(host.dataset.points).toBe('10');
    expect(host.dataset.drawnPoints).toBe('2');
    expect(onRendered).toHaveBeenCalledWith(expect.objectContaining({ points: 10, drawnPoints: 2 }));

    await render(<PriceChart view={view(30)} height={400} ariaLabel="SBER price" onRendered={onRendered} />);
    act(() => engines[0]!.options.onSettled(performance.now(), 5));
    expect(host.dataset.rendered).toBe('2');
    expect(host.dataset.points).toBe('30');
    // The points drawn are the engine's once the plot is laid out, not the estimate apply() gave.
    expect(host.dataset.drawnPoints).toBe('5');
    // A resize decimating again updates the count without counting a new view.
    act(() => engines[0]!.options.onSettled(performance.now(), 7));
    expect(host.dataset.drawnPoints).toBe('7');
    expect(host.dataset.rendered).toBe('2');
  });

  it('hands the first view to the engine, which lays its axes out while it is built', async () => {
    const first = view(10);
    await render(<PriceChart view={first} ariaLabel="SBER price" />);
    expect(engines[0]!.options.firstView?.()).toBe(first);
  });

  it("lets an engine still being built lay its axes out for the view shown by then (the data's, when it came meanwhile)", async () => {
    let finishBuild = () => {};
    buildGate = new Promise((resolve) => (finishBuild = resolve));
    await render(<PriceChart view={view(0)} ariaLabel="SBER price" />);
    const withData = view(2500);
    await render(<PriceChart view={withData} ariaLabel="SBER price" />);
    await act(async () => finishBuild());
    expect(engines[0]!.options.firstView?.()).toBe(withData);
  });

  it("takes over the chart kept warm in its scope: one engine, its first layout for the taker's view", async () => {
    let finishBuild = () => {};
    buildGate = new Promise((resolve) => (finishBuild = resolve));
    await render(<WarmPriceChart height={400} />);
    // While nobody has taken it, the warm chart lays out a placeholder.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const withData = view(2500);
    await render(<PriceChart view={withData} ariaLabel="SBER price" />);
    await act(async () => finishBuild());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(engines).toHaveLength(1);
    expect(chartHost().contains(engines[0]!.element)).toBe(true);
    expect(engines[0]!.options.firstView?.()).toBe(withData);
    expect(engines[0]!.apply).toHaveBeenLastCalledWith(withData, expect.any(Number));
  });

  it('is lower below 680 px of width, and at least 2/3 of the screen high: the height prop is the desktop height (SPEC §9)', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    try {
      await render(<PriceChart view={view(10)} height={650} ariaLabel="SBER price" />);
      expect(chartHost().style.getPropertyValue('--fin-price-chart-height')).toBe(
        'min(650px, max(300px, 66svh))',
      );
      await act(async () => root.render(<Boundary>{null}</Boundary>));
      width.mockReturnValue(1000);
      await render(<PriceChart view={view(10)} height={650} ariaLabel="SBER price" />);
      expect(chartHost().style.getPropertyValue('--fin-price-chart-height')).toBe('650px');
    } finally {
      width.mockRestore();
    }
  });

  it('throws to the error boundary when amCharts cannot be loaded', async () => {
    failLoading = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(<PriceChart view={view(10)} ariaLabel="SBER price" />);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('chunk failed to load');
  });

  it('disposes an engine that finishes building after the chart was unmounted', async () => {
    let finishBuild = () => {};
    buildGate = new Promise((resolve) => (finishBuild = resolve));
    await render(<PriceChart view={view(10)} ariaLabel="SBER price" />);
    await act(async () => root.render(<Boundary>{null}</Boundary>));
    await act(async () => finishBuild());
    expect(engines).toHaveLength(1);
    expect(engines[0]!.options.signal?.aborted).toBe(true);
    expect(engines[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(engines[0]!.apply).not.toHaveBeenCalled();
  });
});
