/**
 * The only module that imports amCharts; PriceChart loads it with `import()`, so pages without a
 * chart never download it (DESIGN §5). One engine owns one amCharts Root for its whole life:
 * a new view updates the chart in place (series kept by id, data set once per change).
 *
 * Speed (figures in bench/chart.bench.ts): amCharts spends several microseconds per data item and
 * redraws every item on each of the 4–5 frames it takes to settle. So:
 *  - lines are decimated to the plot's pixel columns (chart.decimate.ts) and drawn by one
 *    amCharts `Graphics` per series from that array, not by a `LineSeries` with a data item per
 *    point; the axes get their range from us (the decimated points keep every extreme);
 *  - after a change the frames that amCharts needs to settle run at once (`_runTickerNow`, the
 *    synchronous ticker amCharts' exporting uses) within a time budget, so the canvas is
 *    rasterised once instead of once per frame; what is left runs on animation frames;
 *  - no theme beyond amCharts' defaults (no Animated theme: nothing interpolates), no bullets on
 *    data, no accessibility DOM per element (the host is a labelled figure);
 *  - the chart is built in steps of one frame each, ending with an unseen layout over a
 *    placeholder range, so no task of a cold first chart runs long and the first frame with data
 *    finds amCharts' code compiled (the stock chart mounts it while its data is on the way).
 * OHLC bars (a few hundred at most) and the flags use amCharts series as they are.
 * The hover read-out is an HTML box in the host (text only), filled from the full data.
 */
import {
  Bullet,
  Circle,
  Container,
  Graphics,
  Label,
  Root,
  Timezone,
  Tooltip,
  color,
  p100,
  percent,
  registry,
  type DataItem,
  type IGraphicsSettings,
} from '@amcharts/amcharts5';
import {
  AxisRendererX,
  AxisRendererY,
  CandlestickSeries,
  ColumnSeries,
  DateAxis,
  LineSeries,
  ValueAxis,
  XYChart,
  XYCursor,
  type AxisRenderer,
  type IValueAxisDataItem,
} from '@amcharts/amcharts5/xy';
import { formatAxisValue, formatNumber } from '../../core/format.ts';
import { decimateLine, decimateOhlc, timeSpan, type PixelWindow } from './chart.decimate.ts';
import type { ChartFlag, ChartPoint, LineSeriesInput, OhlcBar, PriceChartView } from './chart.types.ts';
import {
  CHART_COLORS,
  baseIntervalOf,
  flagPoints,
  floorIndex,
  formatChartDate,
  nearestIndex,
  plotColumns,
  sameInterval,
  valueRange,
  type FlagPoint,
} from './chart.utils.ts';

export interface ChartEngineOptions {
  /** Called once the chart has drawn the last applied view and stopped redrawing (time of that frame's end). */
  onSettled(frameEndedAt: number): void;
  /** Aborting while the chart is being built disposes it and rejects with an AbortError. */
  signal?: AbortSignal;
}

export interface AppliedView {
  /** Points handed in. */
  points: number;
  /** Points given to amCharts after decimation. */
  drawnPoints: number;
}

export interface ChartEngine {
  /** Shows `view`, decimated for a plot inside a container `width` px wide. */
  apply(view: PriceChartView, width: number): AppliedView;
  /** The container's width changed: decimates again when the column count moved enough. */
  resize(width: number): AppliedView | null;
  dispose(): void;
}

/** Roots alive on this page (leak tests: back to the start after unmounting). */
export function registeredRootCount(): number {
  return registry.rootElements.length;
}

interface LineEntry {
  graphics: Graphics;
  source: ChartPoint[];
  drawn: ChartPoint[];
  color: string;
  visible: boolean;
}

interface OhlcEntry {
  candles: CandlestickSeries;
  volume: ColumnSeries;
  volumeAxis: ValueAxis<AxisRenderer>;
  bars: OhlcBar[];
  volumeSource: ChartPoint[];
  drawn: number;
}

/** The unseen axis range of a chart without data (see createChartEngine and syncRanges). */
const PLACEHOLDER_SPAN = { from: Date.UTC(2020, 0, 1), to: Date.UTC(2020, 11, 31) };
/** Percent of the plot height the volume panel takes in OHLC mode. */
const VOLUME_PANEL_SHARE = 25;
/** Re-decimate on resize only when the column count moved by more than this share. */
const RESIZE_TOLERANCE = 0.1;
/** How long a change may draw synchronously before the rest goes to animation frames (long tasks). */
const SYNC_FRAME_BUDGET_MS = 40;
/** The hover marks and the cursor sit on their own canvas layer: moving them leaves the lines alone. */
const HOVER_LAYER = 30;
/** How far (px) from the cursor a line's point may be to show in the read-out. */
const HOVER_TOLERANCE_PX = 8;
const MAIN_LINE_WIDTH = 2;
const COMPARED_LINE_WIDTH = 1.5;

/**
 * Resolves in a task of its own after amCharts' next frame (or a moment later when it has
 * nothing to draw), so the next building step does not lengthen that frame's task.
 */
function nextFrameOf(root: Root): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, 100);
    const listener = root.events.once('frameended', done);
    function done() {
      clearTimeout(timer);
      listener.dispose();
      setTimeout(resolve, 0);
    }
  });
}

/** amCharts' drawing surface handed to a Graphics' `draw` (not exported under its own name). */
type Display = Parameters<NonNullable<IGraphicsSettings['draw']>>[0];

/** The value a value-axis label stands for (its data item is the axis data item). */
function axisValueOf(label: { dataItem?: unknown }): number | undefined {
  const value = (label.dataItem as DataItem<IValueAxisDataItem> | undefined)?.get('value');
  return typeof value === 'number' ? value : undefined;
}

/**
 * Builds the chart in steps, one amCharts frame each, so that no single task compiles and lays
 * out the whole of it (a cold first chart would otherwise block the page for well over 100 ms).
 */
export async function createChartEngine(
  element: HTMLElement,
  options: ChartEngineOptions,
): Promise<ChartEngine> {
  // useSafeResolution would lower the pixel ratio on some devices; we draw few points, keep it sharp.
  const root = Root.new(element, { useSafeResolution: false, accessible: false });
  root.setThemes([]);
  root.utc = true;
  root.locale = { ...root.locale, _thousandSeparator: '\u202f', _decimalSeparator: '.' };
  const step = async () => {
    await nextFrameOf(root);
    if (options.signal?.aborted) {
      root.dispose();
      throw new DOMException('The chart was unmounted while it was being built', 'AbortError');
    }
  };
  await step();

  const chart = root.container.children.push(
    XYChart.new(root, {
      panX: false,
      panY: false,
      wheelX: 'none',
      wheelY: 'none',
      paddingLeft: 0,
      paddingRight: 8,
      paddingTop: 8,
      paddingBottom: 4,
    }),
  );
  // Stacked value axes: the price panel above, the volume panel (OHLC mode) below.
  chart.leftAxesContainer.set('layout', root.verticalLayout);
  await step();

  const xAxis = chart.xAxes.push(
    DateAxis.new(root, {
      baseInterval: { timeUnit: 'day', count: 1 },
      renderer: AxisRendererX.new(root, { minGridDistance: 80 }),
    }),
  );
  await step();
  const priceAxis = chart.yAxes.push(
    ValueAxis.new(root, { renderer: AxisRendererY.new(root, { minGridDistance: 40 }) }),
  );
  // The view the chart shows; null until the first apply().
  let view: PriceChartView | null = null;
  // Value axis labels (SPEC §6: space thousands, millions with a suffix from 100000). Registered
  // before the first layout: labels amCharts creates earlier would never get the adapter.
  priceAxis.get('renderer').labels.template.adapters.add('text', (text, label) => {
    const value = axisValueOf(label);
    if (value === undefined) return text;
    // Before the first view (the placeholder layout) labels get the price format as well.
    return view?.valueFormat === 'percent'
      ? `${formatNumber(value, 2)}%`
      : formatAxisValue(value, view?.millionsSuffix ?? 'M');
  });
  await step();
  // Lay the axes out once over a placeholder range, unseen: amCharts' axis code then runs (and
  // compiles) here rather than in the first frame with data.
  chart.set('opacity', 0);
  xAxis.setAll({ min: PLACEHOLDER_SPAN.from, max: PLACEHOLDER_SPAN.to });
  priceAxis.setAll({ min: 0, max: 100 });
  await step();
  const xRenderer = xAxis.get('renderer');
  const yRenderer = priceAxis.get('renderer');

  let width = 0;
  let columns = 0;
  const lines = new Map<string, LineEntry>();
  let lineOrder: string[] = [];
  let ohlc: OhlcEntry | null = null;
  let flagSeries: LineSeries | null = null;
  let flagSource: { flags: ChartFlag[]; main: unknown } | null = null;
  let cursor: XYCursor | null = null;

  // --- settled detection: amCharts stops its animation-frame ticker when nothing is dirty -----------
  let framesStarted = 0;
  let lastFrameEnd = 0;
  let waiting = false;
  let seenFrames = 0;
  root.events.on('framestarted', () => framesStarted++);
  root.events.on('frameended', () => (lastFrameEnd = performance.now()));
  const checkSettled = () => {
    if (!waiting || root.isDisposed()) return;
    // amCharts' ticker was scheduled before this callback, so a frame it drew has run by now.
    if (framesStarted !== seenFrames) {
      seenFrames = framesStarted;
      requestAnimationFrame(checkSettled);
      return;
    }
    waiting = false;
    options.onSettled(lastFrameEnd || performance.now());
  };
  const settle = () => {
    lastFrameEnd = 0;
    // Internal but declared in Root.d.ts; amCharts' exporting renders with it. Guarded: an upgrade
    // without it only brings the per-frame settling back.
    const runNow = (root as { _runTickerNow?: (timeout?: number) => void })._runTickerNow;
    if (typeof runNow === 'function') runNow.call(root, SYNC_FRAME_BUDGET_MS);
    seenFrames = framesStarted;
    if (!waiting) requestAnimationFrame(checkSettled);
    waiting = true;
  };

  // --- lines: one Graphics per series drawing its decimated points ------------------------------
  const xOf = (time: number) => xRenderer.positionToCoordinate(xAxis.valueToPosition(time));
  const yOf = (value: number) => yRenderer.positionToCoordinate(priceAxis.valueToPosition(value));

  function drawPolyline(display: Display, points: ChartPoint[]) {
    let started = false;
    for (const [time, value] of points) {
      if (!Number.isFinite(value)) continue;
      const x = xOf(time);
      const y = yOf(value);
      if (started) display.lineTo(x, y);
      else display.moveTo(x, y);
      started = true;
    }
  }

  /** A new `draw` function makes amCharts clear and redraw the Graphics on its next frame. */
  function redrawLine(entry: LineEntry) {
    const points = entry.drawn;
    entry.graphics.set('draw', (display) => drawPolyline(display, points));
  }
  function redrawLines() {
    for (const entry of lines.values()) redrawLine(entry);
    redrawHover();
  }
  // The axes' range or the plot's size moved: every line's pixels move with them.
  xAxis.onPrivate('selectionMin', redrawLines);
  xAxis.onPrivate('selectionMax', redrawLines);
  priceAxis.onPrivate('selectionMin', redrawLines);
  priceAxis.onPrivate('selectionMax', redrawLines);
  chart.plotContainer.events.on('boundschanged', redrawLines);

  /** Lines: the axes' range comes from the drawn points (visible series for values). Candles: from amCharts' series. */
  function syncRanges(next: PriceChartView) {
    if (next.mode === 'ohlc') {
      xAxis.setAll({ min: undefined, max: undefined });
      priceAxis.setAll({ min: undefined, max: undefined });
      chart.set('opacity', next.ohlc?.bars.length ? 1 : 0);
      return;
    }
    const all = [...lines.values()];
    const visible = all.filter((entry) => entry.visible).map((entry) => entry.drawn);
    const span = timeSpan(all.map((entry) => entry.drawn));
    // With every series hidden the axis keeps the range of all of them rather than jumping.
    const range = valueRange(visible.length ? visible : all.map((entry) => entry.drawn));
    if (!span || !range) {
      // Nothing to show (the next data is on its way): hide the chart but keep the axes as they
      // are, so the wait costs no new layout.
      chart.set('opacity', 0);
      return;
    }
    chart.set('opacity', 1);
    xAxis.setAll({ min: span.from, max: span.to });
    priceAxis.setAll({ min: range.min, max: range.max });
  }

  function syncLines(next: PriceChartView, redecimate: boolean): number {
    const wanted = next.mode === 'line' ? next.series : [];
    const ids = new Set(wanted.map((series) => series.id));
    for (const [id, entry] of lines) {
      if (ids.has(id)) continue;
      chart.seriesContainer.children.removeValue(entry.graphics);
      entry.graphics.dispose();
      lines.delete(id);
    }
    const span = lineWindow(next);
    let drawn = 0;
    wanted.forEach((input, index) => {
      let entry = lines.get(input.id);
      if (!entry) {
        // Not measured: a line's bounds never move the layout, so redrawing it costs no pass over its points.
        const graphics = Graphics.new(root, {
          strokeWidth: COMPARED_LINE_WIDTH,
          lineJoin: 'round',
          isMeasured: false,
        });
        chart.seriesContainer.children.push(graphics);
        entry = { graphics, source: [], drawn: [], color: '', visible: true };
        lines.set(input.id, entry);
      }
      if (entry.color !== input.color) {
        entry.graphics.set('stroke', color(input.color));
        entry.color = input.color;
      }
      entry.graphics.set('strokeWidth', index === 0 ? MAIN_LINE_WIDTH : COMPARED_LINE_WIDTH);
      if (redecimate || entry.source !== input.data) {
        entry.drawn = span ? decimateLine(input.data, span) : input.data;
        entry.source = input.data;
        redrawLine(entry);
      }
      entry.visible = input.visible !== false;
      entry.graphics.set('visible', entry.visible);
      drawn += entry.drawn.length;
    });
    // The main series (first) on top: later children draw over earlier ones.
    const order = wanted.map((series) => series.id).reverse();
    if (order.join('\n') !== lineOrder.join('\n')) {
      order.forEach((id, position) =>
        chart.seriesContainer.children.moveValue(lines.get(id)!.graphics, position),
      );
      lineOrder = order;
    }
    return drawn;
  }

  function lineWindow(next: PriceChartView): PixelWindow | null {
    const span =
      next.mode === 'ohlc'
        ? timeSpan([next.ohlc?.bars ?? [], next.ohlc?.volume ?? []])
        : timeSpan(next.series.map((series) => series.data));
    return span && { ...span, columns };
  }

  // --- OHLC: amCharts candlesticks and volume columns on a second panel -------------------------
  function syncOhlc(next: PriceChartView, redecimate: boolean): number {
    const input = next.mode === 'ohlc' ? next.ohlc : null;
    if (!input) {
      if (ohlc) {
        for (const series of [ohlc.candles, ohlc.volume]) {
          chart.series.removeValue(series);
          series.dispose();
        }
        chart.yAxes.removeValue(ohlc.volumeAxis);
        ohlc.volumeAxis.dispose();
        priceAxis.set('height', p100);
        ohlc = null;
      }
      return 0;
    }
    if (!ohlc) {
      const volumeAxis = chart.yAxes.push(
        ValueAxis.new(root, {
          renderer: AxisRendererY.new(root, { minGridDistance: 30 }),
          height: percent(VOLUME_PANEL_SHARE),
          min: 0,
          marginTop: 12,
        }),
      );
      const volumeLabels = volumeAxis.get('renderer').labels.template;
      volumeLabels.adapters.add('text', (text, label) => {
        const value = axisValueOf(label);
        return value === undefined ? text : formatAxisValue(value, view?.millionsSuffix ?? 'M');
      });
      volumeLabels.setAll({ forceHidden: next.valueAxis === 'hidden', minPosition: 0.05, maxPosition: 0.95 });
      const candles = chart.series.push(
        CandlestickSeries.new(root, {
          xAxis,
          yAxis: priceAxis,
          valueXField: 't',
          openValueYField: 'o',
          highValueYField: 'h',
          lowValueYField: 'l',
          valueYField: 'c',
          calculateAggregates: false,
        }),
      );
      const template = candles.columns.template;
      template.states.create('riseFromOpen', {
        fill: color(CHART_COLORS.rise),
        stroke: color(CHART_COLORS.rise),
      });
      template.states.create('dropFromOpen', {
        fill: color(CHART_COLORS.fall),
        stroke: color(CHART_COLORS.fall),
      });
      const unchanged = color(CHART_COLORS.unchanged);
      const isUnchanged = (target: { dataItem?: { dataContext?: unknown } }) => {
        const bar = target.dataItem?.dataContext as { o: number; c: number } | undefined;
        return !!bar && bar.o === bar.c;
      };
      template.adapters.add('fill', (fill, target) => (isUnchanged(target) ? unchanged : fill));
      template.adapters.add('stroke', (stroke, target) => (isUnchanged(target) ? unchanged : stroke));
      const volume = chart.series.push(
        ColumnSeries.new(root, {
          xAxis,
          yAxis: volumeAxis,
          valueXField: 't',
          valueYField: 'v',
          fill: color(CHART_COLORS.volume),
          stroke: color(CHART_COLORS.volume),
          calculateAggregates: false,
        }),
      );
      volume.columns.template.setAll({ strokeOpacity: 0, fillOpacity: 1 });
      priceAxis.set('height', percent(100 - VOLUME_PANEL_SHARE));
      ohlc = { candles, volume, volumeAxis, bars: [], volumeSource: [], drawn: 0 };
    }
    if (redecimate || ohlc.bars !== input.bars || ohlc.volumeSource !== input.volume) {
      const span = lineWindow(next);
      const reduced = span ? decimateOhlc(input.bars, input.volume, span) : input;
      ohlc.candles.data.setAll(reduced.bars.map(([t, o, h, l, c]) => ({ t, o, h, l, c })));
      ohlc.volume.data.setAll(reduced.volume.map(([t, v]) => ({ t, v })));
      ohlc.bars = input.bars;
      ohlc.volumeSource = input.volume;
      ohlc.drawn = reduced.bars.length + reduced.volume.length;
    }
    return ohlc.drawn;
  }

  // --- dividend and split flags on the main series ---------------------------------------------
  function syncFlags(next: PriceChartView): number {
    // The flags sit on the main line, or on the candles' closes.
    const main = next.mode === 'line' ? next.series[0]?.data : next.ohlc?.bars;
    const flags = next.flags ?? [];
    if (flags.length === 0 || !main?.length) {
      if (flagSeries) {
        chart.series.removeValue(flagSeries);
        flagSeries.dispose();
        flagSeries = null;
        flagSource = null;
      }
      return 0;
    }
    if (!flagSeries) {
      flagSeries = chart.series.push(
        LineSeries.new(root, {
          xAxis,
          yAxis: priceAxis,
          valueXField: 't',
          valueYField: 'v',
          calculateAggregates: false,
          ignoreMinMax: true,
        }),
      );
      flagSeries.strokes.template.set('forceHidden', true);
      flagSeries.bullets.push((bulletRoot, _series, dataItem) => {
        const point = dataItem.dataContext as FlagPoint;
        const mark = Container.new(bulletRoot, {
          tooltipText: point.text,
          tooltip: Tooltip.new(bulletRoot, {}),
          interactive: true,
        });
        mark.children.push(
          Circle.new(bulletRoot, {
            radius: 8,
            dy: -14,
            fill: color(point.type === 'split' ? CHART_COLORS.split : CHART_COLORS.dividend),
            stroke: color('#ffffff'),
            strokeWidth: 1,
          }),
        );
        mark.children.push(
          Label.new(bulletRoot, {
            text: point.type === 'split' ? 'S' : 'D',
            populateText: false,
            fontSize: 10,
            fontWeight: '700',
            fill: color('#ffffff'),
            centerX: percent(50),
            centerY: percent(50),
            dy: -14,
            paddingTop: 0,
            paddingBottom: 0,
            paddingLeft: 0,
            paddingRight: 0,
          }),
        );
        // Lines run through the start of a day's cell, candles stand in its middle.
        return Bullet.new(bulletRoot, { sprite: mark, locationX: view?.mode === 'ohlc' ? 0.5 : 0 });
      });
    }
    if (!flagSource || flagSource.flags !== flags || flagSource.main !== main) {
      const points =
        next.mode === 'line'
          ? (main as ChartPoint[])
          : next.ohlc!.bars.map(([t, , , , c]): ChartPoint => [t, c]);
      flagSeries.data.setAll(flagPoints(flags, points));
      flagSource = { flags, main };
    }
    return flagSeries.data.length;
  }

  // --- hover: cursor line, marks on the lines and an HTML read-out from the full data ----------
  const hoverMarks = chart.seriesContainer.children.push(
    Graphics.new(root, { layer: HOVER_LAYER, exportable: false, isMeasured: false }),
  );
  const readout = document.createElement('div');
  readout.className = 'fin-chart-readout';
  readout.setAttribute('part', 'readout');
  readout.setAttribute('aria-hidden', 'true');
  Object.assign(readout.style, {
    position: 'absolute',
    top: '0',
    left: '0',
    display: 'none',
    pointerEvents: 'none',
    zIndex: '2',
    padding: '6px 8px',
    background: 'rgba(255,255,255,0.95)',
    border: '1px solid #c5cbd8',
    borderRadius: '4px',
    font: '12px/1.4 system-ui, sans-serif',
    color: '#1f2430',
    whiteSpace: 'nowrap',
    boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
  } satisfies Partial<CSSStyleDeclaration>);
  element.append(readout);
  let hoverTime: number | null = null;

  /**
   * The hovered point of each visible line: its point nearest to `time`, if that is within a few
   * pixels (a compared series that starts later has no point under the cursor before its start).
   */
  function hoveredPoints(time: number): Array<{ input: LineSeriesInput; point: ChartPoint }> {
    if (!view || view.mode !== 'line') return [];
    const span = (xAxis.getPrivate('selectionMax') ?? 0) - (xAxis.getPrivate('selectionMin') ?? 0);
    const tolerance = Math.max(
      xAxis.baseDuration(),
      (span / Math.max(1, chart.plotContainer.width())) * HOVER_TOLERANCE_PX,
    );
    const hovered: Array<{ input: LineSeriesInput; point: ChartPoint }> = [];
    for (const input of view.series) {
      if (input.visible === false) continue;
      const point = input.data[nearestIndex(input.data, time)];
      if (point && Math.abs(point[0] - time) <= tolerance) hovered.push({ input, point });
    }
    return hovered;
  }

  function redrawHover() {
    const time = hoverTime;
    if (time === null || !view || view.mode !== 'line') {
      hoverMarks.set('draw', () => {});
      return;
    }
    const points = hoveredPoints(time).map(({ input, point }) => ({ point, color: input.color }));
    hoverMarks.set('draw', (display) => {
      for (const { point, color: stroke } of points) {
        display.beginPath();
        display.drawCircle(xOf(point[0]), yOf(point[1]), 3.5);
        display.beginFill(color('#ffffff'), 1);
        display.endFill();
        display.lineStyle(2, color(stroke), 1);
        display.endStroke();
      }
    });
  }

  function row(swatch: string | null, text: string): HTMLElement {
    const line = document.createElement('div');
    if (swatch) {
      const mark = document.createElement('span');
      Object.assign(mark.style, {
        display: 'inline-block',
        width: '8px',
        height: '8px',
        borderRadius: '50%',
        background: swatch,
        marginRight: '6px',
      });
      line.append(mark);
    }
    line.append(text);
    return line;
  }

  function showReadout(time: number, pointX: number) {
    if (!view || view.tooltip === 'none') return hideReadout();
    const rows: HTMLElement[] = [];
    const zone = view.timeZone ?? 'UTC';
    const unit = view.valueFormat === 'percent' ? '%' : '';
    let shownTime: number | null = null;
    if (view.mode === 'ohlc') {
      const bars = view.ohlc?.bars ?? [];
      // A candle fills its day's cell: the bar under the cursor is the last one that started before it.
      const index = floorIndex(bars, time);
      const bar = bars[index];
      if (!bar) return hideReadout();
      shownTime = bar[0];
      if (view.tooltip === 'values') {
        const [, open, high, low, close] = bar;
        rows.push(
          row(
            null,
            `O ${formatNumber(open)}  H ${formatNumber(high)}  L ${formatNumber(low)}  C ${formatNumber(close)}`,
          ),
        );
        const volume = view.ohlc?.volume ?? [];
        const volumePoint = volume[nearestIndex(volume, bar[0])];
        if (volumePoint && volumePoint[0] === bar[0])
          rows.push(row(CHART_COLORS.volume, `V ${formatNumber(volumePoint[1], 0)}`));
      }
    } else {
      for (const { input, point } of hoveredPoints(time)) {
        shownTime ??= point[0];
        rows.push(
          row(
            input.color,
            view.tooltip === 'values' ? `${input.name}: ${formatNumber(point[1])}${unit}` : input.name,
          ),
        );
      }
    }
    if (rows.length === 0 || shownTime === null) return hideReadout();
    // Free users see series names only (SPEC §6): no date either.
    const header =
      view.tooltip === 'values' ? [row(null, formatChartDate(shownTime, view.intraday, zone))] : [];
    if (header[0]) header[0].style.fontWeight = '600';
    readout.replaceChildren(...header, ...rows);
    readout.style.display = 'block';
    const plot = chart.plotContainer.toGlobal({ x: 0, y: 0 });
    const plotWidth = chart.plotContainer.width();
    const boxWidth = readout.offsetWidth;
    const right = plot.x + pointX + 16;
    const left = right + boxWidth > plot.x + plotWidth ? plot.x + pointX - 16 - boxWidth : right;
    readout.style.transform = `translate(${Math.max(0, left)}px, ${plot.y + 8}px)`;
  }

  function hideReadout() {
    readout.style.display = 'none';
  }

  function syncCursor(next: PriceChartView) {
    if (next.tooltip === 'none') {
      if (cursor) {
        chart.set('cursor', undefined);
        cursor.dispose();
        cursor = null;
      }
      hoverTime = null;
      hideReadout();
      redrawHover();
      return;
    }
    if (cursor) return;
    cursor = XYCursor.new(root, { behavior: 'none', xAxis });
    cursor.lineY.set('visible', false);
    chart.set('cursor', cursor);
    cursor.events.on('cursormoved', (event) => {
      const positionX = event.target.getPrivate('positionX');
      if (positionX === undefined) return;
      hoverTime = xAxis.positionToValue(xAxis.toAxisPosition(positionX));
      redrawHover();
      showReadout(hoverTime, event.point.x);
    });
    cursor.events.on('cursorhidden', () => {
      hoverTime = null;
      redrawHover();
      hideReadout();
    });
  }

  // --- formats ------------------------------------------------------------------------------------
  function applyFormats(next: PriceChartView) {
    const timeZone = next.timeZone ?? 'UTC';
    if (timeZone === 'UTC') {
      root.utc = true;
      root.timezone = undefined;
    } else {
      root.utc = false;
      root.timezone = Timezone.new(timeZone);
    }
    root.dateFormatter.set('intlLocales', next.locale ?? 'en');
    const month: Intl.DateTimeFormatOptions = { month: 'short', timeZone };
    const monthYear: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone };
    xAxis.setAll({
      dateFormats: { minute: 'HH:mm', hour: 'HH:mm', day: 'dd.MM', week: 'dd.MM', month, year: 'yyyy' },
      periodChangeDateFormats: {
        minute: 'HH:mm',
        hour: 'HH:mm',
        day: 'dd.MM',
        week: 'dd.MM',
        month: monthYear,
        year: 'yyyy',
      },
      tooltipDateFormat: next.intraday ? 'dd.MM.yyyy HH:mm' : 'dd.MM.yyyy',
    });
    yRenderer.labels.template.set('forceHidden', next.valueAxis === 'hidden');
    ohlc?.volumeAxis.get('renderer').labels.template.set('forceHidden', next.valueAxis === 'hidden');
    // The label adapter reads the view; amCharts re-reads a label's text only when the label is
    // dirty, so a label kept from the previous view (same value) would keep its old format.
    for (const item of priceAxis.dataItems) item.get('label')?.markDirty();
    priceAxis.markDirtySize();
  }

  function applyMode(next: PriceChartView) {
    // Lines end at their last point; candles need their whole cell.
    xAxis.set('endLocation', next.mode === 'line' ? 0 : 1);
    // Stacked panels: the price panel's bottom label would sit on the volume panel's top one.
    yRenderer.labels.template.set('minPosition', next.mode === 'ohlc' ? 0.03 : 0);
    yRenderer.labels.template.set('maxPosition', next.mode === 'ohlc' ? 0.97 : 1);
  }

  function render(next: PriceChartView, redecimate: boolean): AppliedView {
    const drawnPoints = syncOhlc(next, redecimate) + syncLines(next, redecimate) + syncFlags(next);
    syncRanges(next);
    const points =
      next.mode === 'ohlc'
        ? (next.ohlc?.bars.length ?? 0) + (next.ohlc?.volume.length ?? 0)
        : next.series.reduce((sum, series) => sum + series.data.length, 0);
    // The read-out and marks showed the previous data; the next pointer move brings them back.
    hoverTime = null;
    hideReadout();
    redrawHover();
    settle();
    return { points, drawnPoints };
  }

  return {
    apply(next, nextWidth) {
      const previous = view;
      view = next;
      width = nextWidth;
      const interval = baseIntervalOf(next);
      if (!sameInterval(xAxis.get('baseInterval'), interval)) xAxis.set('baseInterval', interval);
      if (
        !previous ||
        previous.intraday !== next.intraday ||
        previous.locale !== next.locale ||
        previous.timeZone !== next.timeZone ||
        previous.valueAxis !== next.valueAxis ||
        previous.valueFormat !== next.valueFormat ||
        previous.millionsSuffix !== next.millionsSuffix
      ) {
        applyFormats(next);
      }
      if (!previous || previous.mode !== next.mode) applyMode(next);
      syncCursor(next);
      const nextColumns = plotColumns(width, next.valueAxis === 'values');
      const redecimate = nextColumns !== columns;
      columns = nextColumns;
      return render(next, redecimate);
    },
    resize(nextWidth) {
      if (!view || nextWidth === width) return null;
      width = nextWidth;
      const nextColumns = plotColumns(width, view.valueAxis === 'values');
      if (Math.abs(nextColumns - columns) <= columns * RESIZE_TOLERANCE) return null;
      columns = nextColumns;
      return render(view, true);
    },
    dispose() {
      waiting = false;
      readout.remove();
      root.dispose();
    },
  };
}
