/**
 * The price chart: one amCharts Root per mounted component, created on mount, disposed on
 * unmount, updated in place when the view changes. amCharts loads on first mount by `import()`.
 *
 * The host `<div>` carries `data-rendered="<n>"` once the n-th view has been drawn and the chart
 * stopped redrawing, plus `data-points` / `data-drawn-points` (before / after decimation), so
 * tests and benches wait for a real frame instead of sleeping.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChartEngine } from './amcharts-engine.ts';
import type { PriceChartProps, PriceChartRenderInfo } from './chart.types.ts';

export type {
  ChartFlag,
  ChartPoint,
  LineSeriesInput,
  OhlcBar,
  OhlcInput,
  PriceChartProps,
  PriceChartRenderInfo,
  PriceChartView,
} from './chart.types.ts';

/** SPEC §9: the stock page chart is 650 px high. */
export const DEFAULT_CHART_HEIGHT = 650;

export function PriceChart({ view, height = DEFAULT_CHART_HEIGHT, ariaLabel, onRendered }: PriceChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<ChartEngine | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  // What the next settled frame reports: counts of the last applied view and when it was asked for.
  const pending = useRef<{ startedAt: number; points: number; drawnPoints: number } | null>(null);
  const rendered = useRef(0);
  const onRenderedRef = useRef(onRendered);
  const viewRef = useRef(view);
  const appliedView = useRef<PriceChartProps['view'] | null>(null);
  const mountedAt = useRef(0);

  useLayoutEffect(() => {
    onRenderedRef.current = onRendered;
    viewRef.current = view;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    mountedAt.current = performance.now();
    const building = new AbortController();
    let disposed = false;
    let created: ChartEngine | null = null;
    import('./amcharts-engine.ts')
      .then(({ createChartEngine }) =>
        createChartEngine(host, {
          onSettled(frameEndedAt) {
            const done = pending.current;
            if (!done) return;
            pending.current = null;
            const info: PriceChartRenderInfo = {
              points: done.points,
              drawnPoints: done.drawnPoints,
              ms: Math.max(0, frameEndedAt - done.startedAt),
              drawnAt: frameEndedAt,
            };
            rendered.current += 1;
            host.dataset.points = String(info.points);
            host.dataset.drawnPoints = String(info.drawnPoints);
            host.dataset.rendered = String(rendered.current);
            onRenderedRef.current?.(info);
          },
          signal: building.signal,
        }),
      )
      .then(
        (engine) => {
          if (disposed) return engine.dispose();
          created = engine;
          // The view of the moment goes in as soon as the chart is built.
          pending.current = {
            startedAt: mountedAt.current,
            ...engine.apply(viewRef.current, host.clientWidth),
          };
          appliedView.current = viewRef.current;
          setEngine(engine);
        },
        (error: unknown) => {
          if (!disposed) setLoadError(error instanceof Error ? error : new Error(String(error)));
        },
      );
    return () => {
      disposed = true;
      building.abort();
      created?.dispose();
      setEngine(null);
      delete host.dataset.rendered;
    };
  }, []);

  // A new view: update the one chart in place.
  useEffect(() => {
    const host = hostRef.current;
    if (!engine || !host || appliedView.current === view) return;
    appliedView.current = view;
    pending.current = { startedAt: performance.now(), ...engine.apply(view, host.clientWidth) };
  }, [engine, view]);

  // The plot got wider or narrower: amCharts follows by itself; decimation may need a new pass.
  useEffect(() => {
    const host = hostRef.current;
    if (!engine || !host || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const applied = engine.resize(host.clientWidth);
        if (applied) pending.current = { startedAt: performance.now(), ...applied };
      });
    });
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [engine]);

  // The error boundary of the element shows the message in the page's language.
  if (loadError) throw loadError;

  return (
    <div
      ref={hostRef}
      className="fin-price-chart"
      part="chart"
      role="figure"
      aria-label={ariaLabel}
      aria-busy={engine ? undefined : true}
      style={{ position: 'relative', width: '100%', height }}
    />
  );
}
