/**
 * The price chart: one amCharts Root per mounted component, created on mount, disposed on
 * unmount, updated in place when the view changes. amCharts loads on first mount by `import()`.
 *
 * The host `<div>` carries `data-rendered="<n>"` once the n-th view has been drawn and the chart
 * stopped redrawing, plus `data-points` / `data-drawn-points` (before / after decimation) and
 * `data-drawn-at` (when its last frame was drawn, `performance.now()`), so tests and benches wait
 * for a real frame instead of sleeping.
 *
 * Below 680 px of width (SPEC §9 breakpoint) the chart is lower than the `height` prop, which is
 * the desktop height, and at least 2/3 of a phone's screen (chart.utils.ts `chartHeightStyle`).
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { ChartEngine } from './amcharts-engine.ts';
import type { PriceChartProps, PriceChartRenderInfo } from './chart.types.ts';
import { chartHeightStyle } from './chart.utils.ts';
import { loadChartEngine, takeWarmChart } from './warm-chart.ts';

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

export function PriceChart({
  view,
  height = DEFAULT_CHART_HEIGHT,
  ariaLabel,
  onRendered,
  onPick,
  exportRef,
}: PriceChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // The host's width, measured before the first paint; 0 until then (the desktop height).
  const [hostWidth, setHostWidth] = useState(0);
  const [engine, setEngine] = useState<ChartEngine | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  // What the next settled frame reports: counts of the last applied view and when it was asked for.
  const pending = useRef<{ startedAt: number; points: number; drawnPoints: number } | null>(null);
  const rendered = useRef(0);
  const onRenderedRef = useRef(onRendered);
  const onPickRef = useRef(onPick);
  const exportTarget = useRef(exportRef);
  const viewRef = useRef(view);
  const appliedView = useRef<PriceChartProps['view'] | null>(null);
  const mountedAt = useRef(0);

  useLayoutEffect(() => {
    onRenderedRef.current = onRendered;
    onPickRef.current = onPick;
    exportTarget.current = exportRef;
    viewRef.current = view;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    mountedAt.current = performance.now();
    const building = new AbortController();
    let disposed = false;
    let created: ChartEngine | null = null;
    const onSettled = (frameEndedAt: number, drawnPoints: number) => {
      // A resize decimates again without a new view: the count follows, the view's number does not.
      host.dataset.drawnPoints = String(drawnPoints);
      const done = pending.current;
      if (!done) return;
      pending.current = null;
      const info: PriceChartRenderInfo = {
        points: done.points,
        drawnPoints,
        ms: Math.max(0, frameEndedAt - done.startedAt),
        drawnAt: frameEndedAt,
      };
      rendered.current += 1;
      host.dataset.points = String(info.points);
      host.dataset.drawnPoints = String(info.drawnPoints);
      host.dataset.drawnAt = String(info.drawnAt);
      host.dataset.rendered = String(rendered.current);
      onRenderedRef.current?.(info);
    };
    // A chart kept warm in this shadow root while the data was on the way, or a new one.
    // Its first layout, if still to come, is over the view shown by then (the data's, if it came).
    const firstView = () => viewRef.current;
    const warm = takeWarmChart(host);
    if (warm) {
      warm.settled.current = onSettled;
      warm.firstView.current = firstView;
    }
    (warm
      ? warm.engine
      : loadChartEngine().then(({ createChartEngine }) =>
          createChartEngine(host, { onSettled, signal: building.signal, firstView }),
        )
    ).then(
      (engine) => {
        if (disposed) return engine.dispose();
        created = engine;
        pending.current = {
          startedAt: mountedAt.current,
          ...engine.apply(viewRef.current, host.clientWidth),
        };
        appliedView.current = viewRef.current;
        if (exportTarget.current) exportTarget.current.current = () => engine.drawing();
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
      warm?.stage.remove();
      if (exportTarget.current) exportTarget.current.current = null;
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

  // The height follows the width (narrow screens); measured before the first paint.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    setHostWidth(host.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHostWidth(host.clientWidth));
    observer.observe(host);
    return () => observer.disconnect();
  }, []);

  // The plot got wider or narrower: amCharts follows by itself (and decimates again for its new
  // pixel columns); the engine spaces the date labels for the new width.
  useEffect(() => {
    if (engine && hostWidth > 0) engine.resize(hostWidth);
  }, [engine, hostWidth]);

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
      // A click picks the data point the cursor line stands on (the chart widget's delete mode).
      onClick={() => {
        const time = engine?.hoveredTime() ?? null;
        if (time !== null) onPickRef.current?.(time);
      }}
      // Through a custom property: the height may be a CSS min()/max() of px and svh.
      style={
        {
          position: 'relative',
          width: '100%',
          height: 'var(--fin-price-chart-height)',
          '--fin-price-chart-height': chartHeightStyle(hostWidth, height),
        } as CSSProperties
      }
    />
  );
}
