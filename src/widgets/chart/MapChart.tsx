/**
 * The bond map widget (yield against duration, labelled points): one amCharts Root per mount,
 * created on mount and disposed on unmount; amCharts loads by `import()` on first mount. The
 * host carries `data-rendered` once drawn and `data-labels` (the labels' placement, JSON) so
 * tests read what the canvas shows.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ExportDrawing } from '../export/export-api.ts';
import type { MapEngine, MapView } from './amcharts-map.ts';

export type { MapPointInput, MapSeriesInput, MapView } from './amcharts-map.ts';

export interface MapChartProps {
  view: MapView;
  height: number;
  ariaLabel: string;
  exportRef?: { current: (() => ExportDrawing) | null };
}

export function MapChart({ view, height, ariaLabel, exportRef }: MapChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const viewRef = useRef(view);
  const exportTarget = useRef(exportRef);
  useLayoutEffect(() => {
    viewRef.current = view;
    exportTarget.current = exportRef;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    let created: MapEngine | null = null;
    let draws = 0;
    import('./amcharts-map.ts').then(
      ({ createMapEngine }) => {
        if (disposed) return;
        created = createMapEngine(host, (labels) => {
          host.dataset.labels = JSON.stringify(labels.filter((label) => label.visible));
          host.dataset.rendered = String(++draws);
        });
        created.apply(viewRef.current);
        if (exportTarget.current) exportTarget.current.current = () => created!.drawing();
        setEngine(created);
      },
      (error: unknown) => {
        if (!disposed) setLoadError(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      disposed = true;
      created?.dispose();
      if (exportTarget.current) exportTarget.current.current = null;
      setEngine(null);
    };
  }, []);

  useEffect(() => {
    engine?.apply(view);
  }, [engine, view]);

  if (loadError) throw loadError;
  return (
    <div
      ref={hostRef}
      className="fin-map-chart"
      part="chart"
      role="figure"
      aria-label={ariaLabel}
      aria-busy={engine ? undefined : true}
      style={{ position: 'relative', width: '100%', height: `${height}px` }}
    />
  );
}
