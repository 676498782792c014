/**
 * A chart kept warm while its data is on the way: an element that shows its chart only once the
 * answer is in (`<fin-chart>`), or only once its labels are in (`<fin-stock-chart>` on a page
 * without them), renders `<WarmPriceChart>` meanwhile. It loads amCharts and builds
 * an empty chart (Root, axes, the first layout over a placeholder range: the costliest part of a
 * cold chart, bench/chart.bench.ts) out of sight, in the same shadow root; the first `PriceChart`
 * that mounts there takes it over (moves its stage in, warm-chart.ts) instead of building its
 * own, so once the data comes only the data is drawn. A warm chart nobody takes is disposed.
 * Imported by path, not through the widget's index: elements that never warm a chart leave it out.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { chartHeightStyle } from './chart.utils.ts';
import { loadChartEngine, offerWarmChart, withdrawWarmChart, type WarmChart } from './warm-chart.ts';

function warmUp(place: HTMLElement): () => void {
  const scope = place.getRootNode();
  const stage = document.createElement('div');
  stage.style.cssText = 'position:relative;width:100%;height:100%';
  const building = new AbortController();
  const settled: WarmChart['settled'] = { current: null };
  const firstView: WarmChart['firstView'] = { current: null };
  // One warm chart per shadow root: a second one would never be taken.
  const warm: WarmChart = { stage, settled, firstView, engine: Promise.resolve(null as never) };
  if (!offerWarmChart(scope, warm)) return () => {};
  const engine = loadChartEngine().then(({ createChartEngine }) =>
    createChartEngine(stage, {
      onSettled: (frameEndedAt, drawnPoints) => settled.current?.(frameEndedAt, drawnPoints),
      firstView: () => firstView.current?.() ?? null,
      signal: building.signal,
    }),
  );
  warm.engine = engine;
  place.append(stage);
  return () => {
    // The PriceChart that takes it over mounts in the same commit, after this cleanup: give it
    // that long before the warm chart is thrown away.
    queueMicrotask(() => {
      if (!withdrawWarmChart(scope, warm)) return;
      building.abort();
      engine.then((built) => built.dispose()).catch(() => {});
      stage.remove();
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
