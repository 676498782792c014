/**
 * The bond map (SPEC §2 chart widget "map mode"): yield against duration, each point a marker
 * with its name. On amCharts like the price chart (loaded by `import()` with it, one Root per
 * mount); amCharts has no label-collision handling (amcharts5 #1744), so the labels are placed by
 * our own pass (label-placement.ts) whenever the plot or the points move.
 */
import { Container, Graphics, Label, color, p50, type IGraphicsSettings } from '@amcharts/amcharts5';
import { AxisRendererX, AxisRendererY, ValueAxis, XYChart } from '@amcharts/amcharts5/xy';
import { formatNumber } from '../../core/format.ts';
import { amChartsDrawing } from '../export/sources/amcharts.ts';
import type { ExportDrawing } from '../export/export-api.ts';
import { newAmChartsRoot } from './amcharts-root.ts';
import { placeLabels, type PlacedLabel } from './label-placement.ts';

export interface MapPointInput {
  x: number;
  y: number;
  label: string;
}

export interface MapSeriesInput {
  id: string;
  name: string;
  color: string;
  points: MapPointInput[];
  visible: boolean;
}

export interface MapView {
  series: MapSeriesInput[];
  showLabels: boolean;
  xTitle: string;
  yTitle: string;
  fontSize: number;
}

export interface MapEngine {
  apply(view: MapView): void;
  drawing(): ExportDrawing;
  dispose(): void;
}

const MARKER_RADIUS = 4;
const FONT_FAMILY = 'Arial, sans-serif';

type Display = Parameters<NonNullable<IGraphicsSettings['draw']>>[0];

/** amCharts reads `[…]` in a label's text as formatting: a name is shown as it is. */
const literal = (text: string) => text.replace(/\[/g, '[[').replace(/\]/g, ']]');

function range(values: number[]): { min: number; max: number } {
  if (values.length === 0) return { min: 0, max: 1 };
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const pad = (max - min) * 0.06;
  return { min: min - pad, max: max + pad };
}

/**
 * Builds the map in `element`; `onPlaced` gets the labels' placement after each layout (the
 * host writes it out for tests: a canvas has no text to read).
 */
export function createMapEngine(
  element: HTMLElement,
  onPlaced: (labels: Array<PlacedLabel & { text: string }>) => void,
): MapEngine {
  const root = newAmChartsRoot(element);
  const chart = root.container.children.push(
    XYChart.new(root, { panX: false, panY: false, wheelX: 'none', wheelY: 'none', paddingBottom: 24 }),
  );
  const xAxis = chart.xAxes.push(
    ValueAxis.new(root, { renderer: AxisRendererX.new(root, { minGridDistance: 60 }) }),
  );
  const yAxis = chart.yAxes.push(
    ValueAxis.new(root, { renderer: AxisRendererY.new(root, { minGridDistance: 40 }) }),
  );
  const xTitle = xAxis.children.push(Label.new(root, { x: p50, centerX: p50, text: '' }));
  const yTitle = yAxis.children.unshift(Label.new(root, { rotation: -90, y: p50, centerX: p50, text: '' }));
  xAxis.get('renderer').labels.template.adapters.add('text', (text, label) => {
    const value = (label.dataItem as { get(key: 'value'): number | undefined } | undefined)?.get('value');
    return typeof value === 'number' ? formatNumber(value) : text;
  });
  const markers = chart.seriesContainer.children.push(Graphics.new(root, {}));
  const labelLayer = chart.seriesContainer.children.push(Container.new(root, {}));
  const measure = document.createElement('canvas').getContext('2d');
  let view: MapView | null = null;

  const xOf = (value: number) => xAxis.get('renderer').positionToCoordinate(xAxis.valueToPosition(value));
  const yOf = (value: number) => yAxis.get('renderer').positionToCoordinate(yAxis.valueToPosition(value));

  function layout() {
    if (!view) return;
    const shown = view.series.filter((series) => series.visible);
    const points = shown.flatMap((series) => series.points.map((point) => ({ series, point })));
    const fontSize = view.fontSize;
    markers.set('draw', (display: Display) => {
      for (const { series, point } of points) {
        display.beginPath();
        display.drawCircle(xOf(point.x), yOf(point.y), MARKER_RADIUS);
        display.beginFill(color(series.color), 1);
        display.endFill();
      }
    });
    labelLayer.children.clear();
    if (!view.showLabels) return onPlaced([]);
    if (measure) measure.font = `${fontSize}px ${FONT_FAMILY}`;
    const placed = placeLabels(
      points.map(({ point }) => ({
        x: xOf(point.x),
        y: yOf(point.y),
        labelWidth: point.label
          ? Math.ceil(measure?.measureText(point.label).width ?? point.label.length * 7)
          : 0,
        labelHeight: point.label ? Math.ceil(fontSize * 1.2) : 0,
      })),
      { x: 0, y: 0, width: chart.plotContainer.width(), height: chart.plotContainer.height() },
      { markerRadius: MARKER_RADIUS },
    );
    placed.forEach((label, index) => {
      const text = points[index]!.point.label;
      if (!label.visible) return;
      labelLayer.children.push(
        Label.new(root, {
          text: literal(text),
          x: label.x,
          y: label.y,
          paddingTop: 0,
          paddingBottom: 0,
          paddingLeft: 0,
          paddingRight: 0,
          fontSize,
          fontFamily: FONT_FAMILY,
          fill: color('#1f2430'),
          populateText: false,
        }),
      );
    });
    onPlaced(placed.map((label, index) => ({ ...label, text: points[index]!.point.label })));
  }

  chart.plotContainer.events.on('boundschanged', layout);
  xAxis.onPrivate('selectionMin', layout);
  yAxis.onPrivate('selectionMin', layout);

  return {
    apply(next) {
      view = next;
      const shown = next.series.filter((series) => series.visible).flatMap((series) => series.points);
      const xs = range(shown.map((point) => point.x));
      const ys = range(shown.map((point) => point.y));
      xAxis.setAll({ min: xs.min, max: xs.max, strictMinMax: true });
      yAxis.setAll({ min: ys.min, max: ys.max, strictMinMax: true });
      xTitle.set('text', literal(next.xTitle));
      yTitle.set('text', literal(next.yTitle));
      for (const axis of [xAxis, yAxis]) axis.get('renderer').labels.template.set('fontSize', next.fontSize);
      layout();
    },
    drawing() {
      return amChartsDrawing(root);
    },
    dispose() {
      root.dispose();
    },
  };
}
