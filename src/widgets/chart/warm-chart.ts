/**
 * The hand-over of a chart kept warm (WarmChart.tsx) to the PriceChart that shows the data, and
 * amCharts' one load. Small and shared by every chart element; the warming component itself is
 * imported only by the elements that use it.
 */
import type * as Engine from './amcharts-engine.ts';
import type { ChartEngine, ChartEngineOptions } from './amcharts-engine.ts';

export interface WarmChart {
  /** The element the chart is built in; moved into the PriceChart host that takes it over. */
  stage: HTMLDivElement;
  engine: Promise<ChartEngine>;
  /** Where the engine's settled frames are reported: the PriceChart that took it over. */
  settled: { current: ChartEngineOptions['onSettled'] | null };
  /** The view of the PriceChart that took it over, for a first layout still to come. */
  firstView: { current: ChartEngineOptions['firstView'] | null };
}

let engineModule: Promise<typeof Engine> | null = null;

/** amCharts and the engine, loaded once (a failed load is tried again by the next caller). */
export function loadChartEngine(): Promise<typeof Engine> {
  engineModule ??= import('./amcharts-engine.ts').catch((error: unknown) => {
    engineModule = null;
    throw error;
  });
  return engineModule;
}

/**
 * Starts loading amCharts now: an element that always draws a chart calls this as its module
 * runs in the browser, so the chunk comes in with the element's own code instead of after its
 * first render. The reference server's pages announce it too (module-preload.ts): a lazy import
 * is otherwise found only when the element's module has run.
 */
export function preloadChartEngine(): void {
  if (typeof document !== 'undefined') loadChartEngine().catch(() => {});
}

/** One warm chart per shadow root (or document), waiting to be taken over. */
const waiting = new Map<Node, WarmChart>();

/** Offers `warm` to the next PriceChart mounted in `scope`; false when one is offered already. */
export function offerWarmChart(scope: Node, warm: WarmChart): boolean {
  if (waiting.has(scope)) return false;
  waiting.set(scope, warm);
  return true;
}

/** Takes the offer back; false when a PriceChart took it over already. */
export function withdrawWarmChart(scope: Node, warm: WarmChart): boolean {
  if (waiting.get(scope) !== warm) return false;
  waiting.delete(scope);
  return true;
}

/** The warm chart built in `host`'s shadow root, if any; the caller owns it from now on. */
export function takeWarmChart(host: HTMLElement): WarmChart | null {
  const scope = host.getRootNode();
  const warm = waiting.get(scope);
  if (!warm) return null;
  waiting.delete(scope);
  host.append(warm.stage);
  return warm;
}
