/**
 * A chart kept warm while its data is on the way: an element that shows its chart only once the
 * answer is in (`<fin-chart>`) renders `<WarmPriceChart>` meanwhile. It loads amCharts and builds
 * an empty chart (Root, axes, the first layout over a placeholder range: the costliest part of a
 * cold chart, bench/chart.bench.ts) out of sight, in the same shadow root; the first `PriceChart`
 * that mounts there takes it over (moves its stage in) instead of building its own, so once the
 * data comes only the data is drawn. A warm chart nobody takes is disposed.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import type * as Engine from './amcharts-engine.ts';
import type { ChartEngine, ChartEngineOptions } from './amcharts-engine.ts';
import { chartHeightStyle } from './chart.utils.ts';

export interface WarmChart {
  /** The element the chart is built in; moved into the PriceChart host that takes it over. */
  stage: HTMLDivElement;
  engine: Promise<ChartEngine>;
  /** Where the engine's settled frames are reported: the PriceChart that took it over. */
  settled: { current: ChartEngineOptions['onSettled'] | null };
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
 * first render (the chunk is not in the page's modulepreload links: it is a lazy import).
 */
export function preloadChartEngine(): void {
  if (typeof document !== 'undefined') loadChartEngine().catch(() => {});
}

/** One warm chart per shadow root (or document), waiting to be taken over. */
const waiting = new Map<Node, WarmChart & { dispose(): void }>();

/** The warm chart built in `host`'s shadow root, if any; the caller owns it from now on. */
export function takeWarmChart(host: HTMLElement): WarmChart | null {
  const scope = host.getRootNode();
  const warm = waiting.get(scope);
  if (!warm) return null;
  waiting.delete(scope);
  host.append(warm.stage);
  return warm;
}

function warmUp(place: HTMLElement): () => void {
  const scope = place.getRootNode();
  if (waiting.has(scope)) return () => {};
  const stage = document.createElement('div');
  stage.style.cssText = 'position:relative;width:100%;height:100%';
  place.append(stage);
  const building = new AbortController();
  const settled: WarmChart['settled'] = { current: null };
  const engine = loadChartEngine().then(({ createChartEngine }) =>
    createChartEngine(stage, {
      onSettled: (frameEndedAt, drawnPoints) => settled.current?.(frameEndedAt, drawnPoints),
      signal: building.signal,
    }),
  );
  const warm = {
    stage,
    engine,
    settled,
    dispose() {
      building.abort();
      engine.then((built) => built.dispose()).catch(() => {});
      stage.remove();
    },
  };
  waiting.set(scope, warm);
  return () => {
    // The PriceChart that takes it over mounts in the same commit, after this cleanup: give it
    // that long before the warm chart is thrown away.
    queueMicrotask(() => {
      if (waiting.get(scope) !== warm) return;
      waiting.delete(scope);
      warm.dispose();
    });
  };
}

/**
 * Out of sight and out of the layout (a zero-height box holding an absolutely placed one of the
 * chart's size), so nothing moves when it goes.
 */
export function WarmPriceChart({ height }: { height: number }) {
  const placeRef = useRef<HTMLDivElement>(null);
  useEffect(() => (placeRef.current ? warmUp(placeRef.current) : undefined), []);
  return (
    <div aria-hidden="true" style={{ position: 'relative', height: 0, overflow: 'visible' }}>
      <div
        ref={placeRef}
        style={
          {
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: chartHeightStyle(0, height),
            visibility: 'hidden',
            pointerEvents: 'none',
          } as CSSProperties
        }
      />
    </div>
  );
}
