/**
 * The only module that imports amCharts; PriceChart loads it with `import()`, so pages without a
 * chart never download it (DESIGN §5). One engine owns one amCharts Root for its whole life:
 * a new view updates the chart in place (series kept by id, data set once per change).
 *
 * Speed (figures in bench/chart.bench.ts): amCharts spends several microseconds per data item and
 * redraws every item on each of the 4–5 frames it takes to settle. So:
 *  - lines are decimated to the plot's device-pixel columns (M4, chart.decimate.ts) and drawn by
 *    one amCharts `Graphics` per series from that array, not by a `LineSeries` with a data item
 *    per point; the axes get their range from us (the decimated points keep every extreme); when
 *    the range moves, the axes are laid out before lines are decimated, which are then decimated
 *    once, for the real plot, in a task of their own; a line is redrawn only when its geometry
 *    moved;
 *  - after a change the frames that amCharts needs to settle run at once (`_runTickerNow`, the
 *    synchronous ticker amCharts' exporting uses) within a time budget, so the canvas is
 *    rasterised once instead of once per frame; what is left runs on animation frames;
 *  - no theme beyond amCharts' defaults (no Animated theme: nothing interpolates), no bullets on
 *    data, no accessibility DOM per element (the host is a labelled figure);
 *  - the chart is built in a few steps, each followed by a yield to the page (not a wait for a
 *    frame), so no task of a cold first chart runs long and no time is spent idle; its costliest
 *    frame, the first layout of the axes, runs unseen in a step of its own over the first view's
 *    range (or a placeholder range while the data is on its way).
 * The x axis is a GaplessDateAxis over the dates we give it (chart.utils.ts `axisDates`): daily
 * data leaves out the days without trading; intraday data keeps a calendar scale.
 * OHLC bars (a few hundred at most) and the flags use amCharts series as they are.
 * The hover read-out is an HTML box in the host (text only), filled from the full data; the
 * cursor line snaps to the data point (or candle) the read-out shows.
 */
import type { Root } from '@amcharts/amcharts5';
import {
  Bullet,
  Circle,
  Container,
  Graphics,
  Label,
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
  GaplessDateAxis,
  LineSeries,
  ValueAxis,
  XYChart,
  XYCursor,
  type Axis,
  type AxisRenderer,
  type IValueAxisDataItem,
} from '@amcharts/amcharts5/xy';
import {
  axisFormat,
  formatAxisValue,
  formatNumber,
  formatPercent,
  withPercentSign,
  type AxisFormat,
} from '../../core/format.ts';
import { amChartsDrawing } from '../export/sources/amcharts.ts';
import type { ExportDrawing } from '../export/export-api.ts';
import { newAmChartsRoot } from './amcharts-root.ts';
import { decimateLine, decimateOhlc, lineBudget, windowColumns, type PixelWindow } from './chart.decimate.ts';
import type { ChartFlag, ChartPoint, LineSeriesInput, OhlcBar, PriceChartView } from './chart.types.ts';
import {
  CHART_COLORS,
  axisDates,
  baseIntervalOf,
  dateScale,
  flagPoints,
  floorIndex,
  formatChartDate,
  intervalDuration,
  nearestIndex,
  plotColumns,
  sameInterval,
  valueRange,
  type DateScale,
  type FlagPoint,
} from './chart.utils.ts';

export interface ChartEngineOptions {
  /**
   * Called once the chart has drawn the last applied view and stopped redrawing: the time of
   * that frame's end and the points amCharts then draws (the decimation follows the laid-out
   * plot, which may differ from the estimate `apply` returned).
   */
  onSettled(frameEndedAt: number, drawnPoints: number): void;
  /** Aborting while the chart is being built disposes it and rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * The view the chart will show first, read when its axes are first laid out, unseen, while the
   * chart is built (over a placeholder range when it has no data yet), so the first frame with
   * data only draws it. Read then, not when the build starts: on a busy page the data often comes
   * while amCharts is still being built, and the first layout is then already the data's.
   */
  firstView?: () => PriceChartView | null;
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
  /**
   * The container's width changed: spaces the date labels for it. The plot follows by itself and
   * its new pixel columns decimate the lines again (reported through `onSettled`).
   */
  resize(width: number): void;
  /** The date of the data point the cursor stands on (a click picks it), or null. */
  hoveredTime(): number | null;
  /** The chart as it is now, for the export module (vector SVG / PDF, PNG, JPEG, print). */
  drawing(): ExportDrawing;
  dispose(): void;
}

/** Roots alive on this page (leak tests: back to the start after unmounting). */
export function registeredRootCount(): number {
  return registry.rootElements.length;
}

/**
 * The labels the last created chart shows on its axes (browser tests: the canvas has no text to
 * read): the date axis' and the price axis', in axis order.
 */
export function visibleAxisLabels(): { x: string[]; y: string[] } {
  const root = registry.rootElements[registry.rootElements.length - 1];
  const chart = root?.container.children.getIndex(0);
  if (!(chart instanceof XYChart)) return { x: [], y: [] };
  const texts = (axis: Axis<AxisRenderer> | undefined) =>
    (axis?.dataItems ?? [])
      .map((item) => item.get('label'))
      .filter((label) => !!label && label.isVisibleDeep())
      .map((label) => label!.get('text') ?? '')
      .filter((text) => text !== '');
  return { x: texts(chart.xAxes.getIndex(0)), y: texts(chart.yAxes.getIndex(0)) };
}

/** A box in the chart's own pixels (from its top-left corner). */
export interface ChartBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where the last created chart draws its visible date labels and the amCharts logo, and its size
 * (browser tests: a label must stay inside the chart and off the logo).
 */
export function dateLabelGeometry(): {
  labels: Array<ChartBox & { text: string }>;
  logo: ChartBox | null;
  width: number;
  height: number;
} {
  const root = registry.rootElements[registry.rootElements.length - 1];
  const chart = root?.container.children.getIndex(0);
  if (!root || !(chart instanceof XYChart)) return { labels: [], logo: null, width: 0, height: 0 };
  const labels = (chart.xAxes.getIndex(0)?.dataItems ?? [])
    .map((item) => item.get('label'))
    .filter((label) => !!label && label.isVisibleDeep() && (label.get('text') ?? '') !== '')
    .map((label) => ({ text: label!.get('text') ?? '', ...label!.globalBounds() }));
  // The free licence's logo: a private part of the Root, read here for the test only.
  const logo = (root as unknown as { _logo?: { globalBounds(): ChartBox } })._logo;
  return { labels, logo: logo ? logo.globalBounds() : null, width: root.width(), height: root.height() };
}

interface LineEntry {
  graphics: Graphics;
  source: ChartPoint[];
  drawn: ChartPoint[];
  /** The geometry (geometryKey) the line was last drawn for; '' while a draw is pending. */
  drawnFor: string;
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

/** The unseen axis range of a chart waiting for its data (see createChartEngine). */
const PLACEHOLDER_SPAN = { from: Date.UTC(2020, 0, 1), to: Date.UTC(2020, 11, 31) };
const DAY_MS = 86_400_000;
/** Percent of the plot height the volume panel takes in OHLC mode. */
const VOLUME_PANEL_SHARE = 25;
/** How long a change may draw synchronously before the rest goes to animation frames (long tasks). */
const SYNC_FRAME_BUDGET_MS = 40;
/**
 * After the budget, a few more frames run at once while the task stays under this: they are
 * usually small (layout settling, no lines to raster again), and each one left to an animation
 * frame waits for the browser to raster the previous one (about 40 ms with 25,000 points).
 */
const SYNC_TASK_LIMIT_MS = 75;
const EXTRA_SYNC_FRAMES = 3;
/** The hover marks and the cursor line sit on their own canvas layer: moving them leaves the lines alone. */
const HOVER_LAYER = 30;
/** How far (px) from the cursor's date a compared line's point may be to show in the read-out. */
const HOVER_TOLERANCE_PX = 8;
const MAIN_LINE_WIDTH = 2;
const COMPARED_LINE_WIDTH = 1.5;
/** Date labels at least this far apart (px); closer on a narrow plot, so a month still gets several. */
const DATE_LABEL_DISTANCE = 80;
const NARROW_DATE_LABEL_DISTANCE = 50;
const NARROW_PLOT_PX = 520;
/** px at least between two date labels' text; a label closer to the one before it is hidden. */
const DATE_LABEL_GAP_PX = 4;
/**
 * The free licence draws the amCharts logo in the chart's bottom-left corner (up to 23 px above
 * its bottom, padding included): the date labels stand above it, the logo has its own strip.
 */
const LOGO_STRIP_PX = 24;
/**
 * Without the value axis the plot starts at the chart's left edge, where the first date label,
 * centred on its date, would be cut in half: the plot keeps half a label's width from the edge.
 */
const FIRST_DATE_LABEL_ROOM_PX = 40;
/** A date label standing closer than this to the plot's right edge would be cut by it. */
const DATE_LABEL_EDGE_PX = 18;
/** The date axis' grid steps: with 2- and 3-day steps and 2 weeks, a short period never falls back to one label per month. */
const DATE_GRID_INTERVALS = [
  { timeUnit: 'minute', count: 5 },
  { timeUnit: 'minute', count: 10 },
  { timeUnit: 'minute', count: 15 },
  { timeUnit: 'minute', count: 30 },
  { timeUnit: 'hour', count: 1 },
  { timeUnit: 'hour', count: 2 },
  { timeUnit: 'hour', count: 3 },
  { timeUnit: 'hour', count: 6 },
  { timeUnit: 'day', count: 1 },
  { timeUnit: 'day', count: 2 },
  { timeUnit: 'day', count: 3 },
  { timeUnit: 'day', count: 5 },
  { timeUnit: 'week', count: 1 },
  { timeUnit: 'week', count: 2 },
  { timeUnit: 'month', count: 1 },
  { timeUnit: 'month', count: 2 },
  { timeUnit: 'month', count: 3 },
  { timeUnit: 'month', count: 6 },
  { timeUnit: 'year', count: 1 },
  { timeUnit: 'year', count: 2 },
  { timeUnit: 'year', count: 5 },
  { timeUnit: 'year', count: 10 },
  { timeUnit: 'year', count: 50 },
  { timeUnit: 'year', count: 100 },
] as const;

/**
 * amCharts hides a date label only within half the grid distance of the one before, less than a
 * label's width: the first label, on the period's first date, overlaps the next grid label a week
 * on, and a wide "Sept. 2025" on a month's last days overlaps "Okt". So after each frame a label
 * within DATE_LABEL_GAP_PX of the previous one is hidden: the first (off the grid) gives way unless
 * it names the year and the later one does not; otherwise the later one gives way. Row
 * coordinates: global ones change only in frames that draw (settle() lays out without drawing).
 * The axis shows its labels again whenever it lays them out.
 */
function hideCrowdedDateLabels(axis: GaplessDateAxis<AxisRendererX>): void {
  let previous: { right: number; first: boolean; namesYear: boolean; hide(): void } | null = null;
  for (const item of axis.dataItems) {
    const label = item.get('label');
    const bounds = label?.isVisible() ? label.adjustedLocalBounds() : undefined;
    if (!label || !bounds) continue;
    const left = label.x() + bounds.left;
    const right = label.x() + bounds.right;
    const hide = () => label.setPrivate('visible', false);
    const namesYear = YEAR_IN_LABEL.test(label.get('text') ?? '');
    if (previous && left < previous.right + DATE_LABEL_GAP_PX) {
      // The first label stays when it is the one naming the year ("Dec 2025" before "Feb"):
      // without it a year's axis reads "Mar May Jul" with no year at all.
      if (!previous.first || (previous.namesYear && !namesYear)) {
        hide();
        continue;
      }
      previous.hide();
    }
    previous = { right, first: !previous, namesYear, hide };
  }
}

/** A year in a date label's text ("2025", "Sept. 2025"; day labels are "dd.MM"). */
const YEAR_IN_LABEL = /\d{4}/;

/**
 * Resolves in a task of its own straight away (a message, not a timer: no 4 ms clamp, no wait
 * for a frame), so the page handles its input between two building steps.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** amCharts' synchronous ticker (internal, declared in Root.d.ts; its exporting renders with it). */
function runTickerNow(root: Root, budgetMs: number): void {
  // Guarded: an upgrade without it only brings the per-frame settling back.
  const runNow = (root as { _runTickerNow?: (timeout?: number) => void })._runTickerNow;
  if (typeof runNow === 'function') runNow.call(root, budgetMs);
}

/**
 * Whether amCharts has a frame's work left (its internal dirty flag, which ends its ticker when
 * cleared). Unknown after an upgrade: no, so nothing extra runs synchronously.
 */
function hasWorkLeft(root: Root): boolean {
  return (root as unknown as { _isDirty?: boolean })._isDirty === true;
}

/**
 * Whether a frame starting now has anything to lay out, animate or draw (internal flags; after an
 * upgrade without them every frame counts, as before).
 */
function mayHaveWork(root: Root): boolean {
  const flags = root as unknown as { _isDirty?: boolean; _isDirtyAnimation?: boolean };
  return flags._isDirty !== false || flags._isDirtyAnimation === true;
}

/** amCharts' drawing surface handed to a Graphics' `draw` (not exported under its own name). */
type Display = Parameters<NonNullable<IGraphicsSettings['draw']>>[0];

/** The value a value-axis label stands for (its data item is the axis data item). */
function axisValueOf(label: { dataItem?: unknown }): number | undefined {
  const value = (label.dataItem as DataItem<IValueAxisDataItem> | undefined)?.get('value');
  return typeof value === 'number' ? value : undefined;
}

/** The dates a GaplessDateAxis lays out; `_customDates` is declared in its typings and read first. */
type DatedAxis = GaplessDateAxis<AxisRendererX> & { _customDates?: number[] };

/**
 * The format every label of a value axis shares (SPEC §6): from the axis' visible range and its
 * grid step, so one axis never mixes millions and plain values and neighbours never read alike.
 */
function valueAxisFormat(axis: ValueAxis<AxisRenderer>): AxisFormat {
  const min = axis.getPrivate('selectionMin') ?? axis.getPrivate('min') ?? 0;
  const max = axis.getPrivate('selectionMax') ?? axis.getPrivate('max') ?? 0;
  return axisFormat(Math.max(Math.abs(min), Math.abs(max)), axis.getPrivate('step') ?? 0);
}

/**
 * Writes a value axis' labels in our format. amCharts re-reads a label's text only when the
 * label is dirty, so when the axis' range or step moves, every label is marked dirty: a label
 * kept with the same value would otherwise keep the previous format.
 */
function formatValueLabels(
  axis: ValueAxis<AxisRenderer>,
  text: (value: number, format: AxisFormat) => string,
) {
  let format: { key: string; value: AxisFormat } | null = null;
  axis.get('renderer').labels.template.adapters.add('text', (original, label) => {
    const value = axisValueOf(label);
    if (value === undefined) return original;
    const key = `${axis.getPrivate('selectionMin')}|${axis.getPrivate('selectionMax')}|${axis.getPrivate('step')}`;
    if (format?.key !== key) format = { key, value: valueAxisFormat(axis) };
    return text(value, format.value);
  });
  const refresh = () => {
    for (const item of axis.dataItems) item.get('label')?.markDirtyKey('text');
  };
  axis.onPrivate('selectionMin', refresh);
  axis.onPrivate('selectionMax', refresh);
  axis.onPrivate('step', refresh);
  return refresh;
}

/**
 * Builds the chart in a few steps, each laid out at once and followed by a yield to the page,
 * so that no single task compiles and lays out the whole of it.
 */
export async function createChartEngine(
  element: HTMLElement,
  options: ChartEngineOptions,
): Promise<ChartEngine> {
  const root = newAmChartsRoot(element);
  root.utc = true;
  root.locale = { ...root.locale, _thousandSeparator: '\u202f', _decimalSeparator: '.' };
  const step = async () => {
    await yieldToPage();
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
      paddingBottom: LOGO_STRIP_PX,
    }),
  );
  // Stacked value axes: the price panel above, the volume panel (OHLC mode) below.
  chart.leftAxesContainer.set('layout', root.verticalLayout);
  const xAxis = chart.xAxes.push(
    GaplessDateAxis.new(root, {
      baseInterval: { timeUnit: 'day', count: 1 },
      gridIntervals: DATE_GRID_INTERVALS.map((interval) => ({ ...interval })),
      renderer: AxisRendererX.new(root, { minGridDistance: DATE_LABEL_DISTANCE }),
    }),
  ) as DatedAxis;
  // A date label's box is its text (no side padding, the text stays centred): what the crowding
  // check and the browser tests measure is what is drawn.
  xAxis.get('renderer').labels.template.setAll({ paddingLeft: 0, paddingRight: 0 });
  root.events.on('frameended', () => hideCrowdedDateLabels(xAxis));
  const priceAxis = chart.yAxes.push(
    ValueAxis.new(root, { renderer: AxisRendererY.new(root, { minGridDistance: 40 }) }),
  );
  // The view the chart shows; null until the first apply().
  let view: PriceChartView | null = null;
  /** The view of the first layout: its formats and mode are applied already. */
  let laidOutFor: PriceChartView | null = null;
  /** The view the labels are written for: the applied one, or the first layout's before it. */
  const labelledView = () => view ?? laidOutFor;
  // Value axis labels (SPEC §6, §9). Registered before the first layout: labels amCharts creates
  // earlier would never get the adapter. Before the first view labels get the price format.
  const refreshPriceLabels = formatValueLabels(priceAxis, (value, format) =>
    labelledView()?.valueFormat === 'percent'
      ? withPercentSign(formatNumber(value, format.decimals))
      : formatAxisValue(value, format, labelledView()?.millionsSuffix ?? 'M'),
  );
  const xRenderer = xAxis.get('renderer');
  const yRenderer = priceAxis.get('renderer');
  // The x scale the lines are drawn and decimated on: the axis' own (GaplessDateAxis over our dates).
  let scale: DateScale = dateScale([], DAY_MS, 0);
  let scaleVersion = 0;
  function setAxisDates(dates: number[], endLocation: 0 | 1) {
    const baseDuration = intervalDuration(baseIntervalOfAxis());
    if (scale.dates === dates && scale.endLocation === endLocation) return;
    scale = dateScale(dates, baseDuration, endLocation);
    scaleVersion += 1;
    xAxis._customDates = dates;
    if (xAxis.get('endLocation') !== endLocation) xAxis.set('endLocation', endLocation);
    // The axis lays its grid out again over the new dates (and the series place their items).
    xAxis.markDirtySize();
  }
  function baseIntervalOfAxis() {
    const interval = xAxis.get('baseInterval');
    return {
      timeUnit: interval.timeUnit === 'minute' ? ('minute' as const) : ('day' as const),
      count: interval.count,
    };
  }

  let width = 0;
  let windowKey = '';
  /** Counts renders: a render that continues in a later task gives up when a newer one started. */
  let renderCount = 0;
  /** The axes are being laid out before the lines are decimated (render). */
  let layingOutAxes = false;
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
  // amCharts' ticker often runs one more frame after a synchronous settle with nothing left to
  // do: it draws nothing, so it neither ends the drawing (data-drawn-at) nor delays the report.
  let frameHasWork = false;
  // A frame that laid out without drawing (settle) leaves its drawing to the next one.
  let undrawn = false;
  root.events.on('framestarted', () => {
    frameHasWork = undrawn || mayHaveWork(root);
    undrawn = root.skipRenderFrame;
    if (frameHasWork) framesStarted++;
  });
  root.events.on('frameended', () => {
    if (frameHasWork) lastFrameEnd = performance.now();
  });
  const checkSettled = () => {
    if (!waiting || root.isDisposed()) return;
    // amCharts' ticker was scheduled before this callback, so a frame it drew has run by now.
    if (framesStarted !== seenFrames) {
      seenFrames = framesStarted;
      requestAnimationFrame(checkSettled);
      return;
    }
    waiting = false;
    options.onSettled(lastFrameEnd || performance.now(), drawnPoints());
  };
  /** Reports through onSettled once amCharts has stopped redrawing. */
  const watchSettling = () => {
    seenFrames = framesStarted;
    if (!waiting) requestAnimationFrame(checkSettled);
    waiting = true;
  };
  const settle = () => {
    lastFrameEnd = 0;
    const started = performance.now();
    // The layout takes a few passes to settle (labels measured, the plot resized, the lines
    // placed again): those run without drawing, and the canvas is drawn once, for the settled
    // layout, by the frames below. amCharts keeps the layers it did not draw marked dirty.
    while (hasWorkLeft(root) && performance.now() - started < SYNC_FRAME_BUDGET_MS) {
      root.skipRenderFrame = true;
      runTickerNow(root, 1); // one frame
    }
    root.skipRenderFrame = false;
    runTickerNow(root, Math.max(1, SYNC_FRAME_BUDGET_MS - (performance.now() - started)));
    for (
      let extra = 0;
      extra < EXTRA_SYNC_FRAMES && hasWorkLeft(root) && performance.now() - started < SYNC_TASK_LIMIT_MS;
      extra++
    )
      runTickerNow(root, 1); // one frame
    watchSettling();
  };

  // --- lines: one Graphics per series drawing its decimated points ------------------------------
  const xOf = (time: number) => xRenderer.positionToCoordinate(scale.position(time));
  const yOf = (value: number) => yRenderer.positionToCoordinate(priceAxis.valueToPosition(value));

  function drawPolyline(display: Display, points: ChartPoint[]) {
    let started = false;
    // Indexed (COLD_LOOPS in chart.utils.ts).
    for (let i = 0; i < points.length; i++) {
      const point = points[i]!;
      if (!Number.isFinite(point[1])) continue;
      const x = xOf(point[0]);
      const y = yOf(point[1]);
      if (started) display.lineTo(x, y);
      else display.moveTo(x, y);
      started = true;
    }
  }

  /** What a line's pixels depend on besides its points: the two scales and the plot's size. */
  function geometryKey(): string {
    return [
      scaleVersion,
      xRenderer.axisLength(),
      yRenderer.axisLength(),
      priceAxis.getPrivate('selectionMin'),
      priceAxis.getPrivate('selectionMax'),
      xAxis.get('start'),
      xAxis.get('end'),
    ].join('|');
  }

  /** A new `draw` function makes amCharts clear and redraw the Graphics on its next frame. */
  function redrawLine(entry: LineEntry) {
    const points = entry.drawn;
    entry.drawnFor = '';
    entry.graphics.set('draw', (display) => {
      entry.drawnFor = geometryKey();
      drawPolyline(display, points);
    });
  }
  /**
   * The scales or the plot moved: lines drawn for other ones are drawn again. The layout reports
   * several moves while it settles; a line already drawn for the final geometry is left alone
   * (redrawing 25,000 points costs a frame).
   */
  function redrawLines() {
    const key = geometryKey();
    for (const entry of lines.values()) if (entry.drawnFor !== key) redrawLine(entry);
    redrawHover();
  }
  // The axes' range or the plot's size moved: every line's pixels move with them.
  xAxis.onPrivate('selectionMin', redrawLines);
  xAxis.onPrivate('selectionMax', redrawLines);
  priceAxis.onPrivate('selectionMin', redrawLines);
  priceAxis.onPrivate('selectionMax', redrawLines);
  chart.plotContainer.events.on('boundschanged', () => {
    // Decimation follows the laid-out plot's pixel columns (the first pass used an estimate; a
    // resize moves them).
    if (view && !layingOutAxes && pixelWindowKey() !== windowKey) {
      if (view.mode === 'line') syncLines(view, true);
      else syncOhlc(view, true);
      windowKey = pixelWindowKey();
      watchSettling();
    }
    redrawLines();
  });

  /**
   * The plot's device-pixel columns on the canvas: the lines are decimated to exactly these.
   * Before the first layout the plot's width is estimated from the container's.
   */
  function pixelWindow(): PixelWindow {
    const ratio = window.devicePixelRatio || 1;
    const plotWidth = chart.plotContainer.width();
    const laidOut = plotWidth > 1 && width > 0 && plotWidth <= width;
    const plotLeft = laidOut ? chart.plotContainer.toGlobal({ x: 0, y: 0 }).x : 0;
    return {
      position: scale.position,
      width: (laidOut ? plotWidth : plotColumns(width, view?.valueAxis === 'values')) * ratio,
      offset: plotLeft * ratio,
    };
  }
  function pixelWindowKey(): string {
    const { width: plotWidth, offset } = pixelWindow();
    return `${plotWidth.toFixed(2)}|${(offset ?? 0).toFixed(2)}`;
  }

  /**
   * Lines: the axes' range comes from the view's points (visible series for values; the decimated
   * points keep every extreme, so it is theirs too). Candles: from amCharts' series. Whether the
   * lines' range moved.
   */
  function syncRanges(next: PriceChartView): boolean {
    if (next.mode === 'ohlc') {
      xAxis.setAll({ min: undefined, max: undefined });
      priceAxis.setAll({ min: undefined, max: undefined });
      chart.set('opacity', next.ohlc?.bars.length ? 1 : 0);
      return false;
    }
    const all = next.series.map((series) => series.data);
    const visible = next.series.filter((series) => series.visible !== false).map((series) => series.data);
    // With every series hidden the axis keeps the range of all of them rather than jumping.
    const range = valueRange(visible.length ? visible : all);
    const dates = scale.dates;
    if (dates.length === 0 || !range) {
      // Nothing to show (the next data is on its way): hide the chart but keep the axes as they
      // are, so the wait costs no new layout.
      chart.set('opacity', 0);
      return false;
    }
    chart.set('opacity', 1);
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const moved =
      xAxis.get('min') !== from ||
      xAxis.get('max') !== to ||
      priceAxis.get('min') !== range.min ||
      priceAxis.get('max') !== range.max;
    xAxis.setAll({ min: from, max: to });
    priceAxis.setAll({ min: range.min, max: range.max });
    return moved;
  }

  /** The axis' dates for a view: every date of the main and compared lines, or of the candles. */
  function syncDates(next: PriceChartView) {
    const calendarStep = next.intraday ? intervalDuration(baseIntervalOfAxis()) : null;
    const sources =
      next.mode === 'ohlc'
        ? [next.ohlc?.bars ?? [], next.ohlc?.volume ?? []]
        : next.series.map((series) => series.data);
    const endLocation = next.mode === 'ohlc' ? 1 : 0;
    // The same data (a hidden series, new labels): the same dates, no pass over the points.
    if (datesSource && datesSource.calendarStep === calendarStep && sameList(datesSource.sources, sources)) {
      setAxisDates(scale.dates as number[], endLocation);
      return;
    }
    const dates = axisDates(sources, calendarStep);
    // An empty view keeps the previous dates: the wait for the next data costs no new layout.
    if (dates.length > 0) setAxisDates(dates, endLocation);
    datesSource = { sources, calendarStep };
  }
  let datesSource: { sources: unknown[]; calendarStep: number | null } | null = null;
  const sameList = (a: unknown[], b: unknown[]) =>
    a.length === b.length && a.every((item, i) => item === b[i]);

  function syncLines(next: PriceChartView, redecimate: boolean): number {
    const wanted = next.mode === 'line' ? next.series : [];
    const ids = new Set(wanted.map((series) => series.id));
    for (const [id, entry] of lines) {
      if (ids.has(id)) continue;
      chart.seriesContainer.children.removeValue(entry.graphics);
      entry.graphics.dispose();
      lines.delete(id);
    }
    const window = pixelWindow();
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
        entry = { graphics, source: [], drawn: [], drawnFor: '', color: '', visible: true };
        lines.set(input.id, entry);
      }
      if (entry.color !== input.color) {
        entry.graphics.set('stroke', color(input.color));
        entry.color = input.color;
      }
      entry.graphics.set('strokeWidth', index === 0 ? MAIN_LINE_WIDTH : COMPARED_LINE_WIDTH);
      if (redecimate || entry.source !== input.data) {
        entry.drawn = decimateLine(input.data, window);
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

  function drawnPoints(): number {
    let drawn = 0;
    for (const entry of lines.values()) drawn += entry.drawn.length;
    return drawn + (ohlc?.drawn ?? 0) + (flagSeries?.data.length ?? 0);
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
      formatValueLabels(volumeAxis, (value, format) =>
        formatAxisValue(value, format, labelledView()?.millionsSuffix ?? 'M'),
      );
      volumeAxis.get('renderer').labels.template.setAll({
        forceHidden: next.valueAxis === 'hidden',
        minPosition: 0.05,
        maxPosition: 0.95,
      });
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
      const reduced = decimateOhlc(input.bars, input.volume, pixelWindow());
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

  // --- hover: a cursor line snapped to the data, marks on the lines, an HTML read-out ----------
  const hoverLine = chart.seriesContainer.children.push(
    Graphics.new(root, {
      layer: HOVER_LAYER,
      exportable: false,
      isMeasured: false,
      stroke: color('#1f2430'),
      strokeOpacity: 0.45,
      strokeWidth: 1,
      strokeDasharray: [3, 3],
    }),
  );
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
  /** The axis date the cursor snapped to (a point of the lines, a candle's day), or null. */
  let hoverTime: number | null = null;

  /**
   * The hovered point of each visible line: its point on the hovered date, or its nearest one if
   * that is within a few pixels (a compared series that starts later has no point before its start).
   */
  function hoveredPoints(time: number): Array<{ input: LineSeriesInput; point: ChartPoint }> {
    if (!view || view.mode !== 'line') return [];
    const x = xOf(time);
    const hovered: Array<{ input: LineSeriesInput; point: ChartPoint }> = [];
    for (const input of view.series) {
      if (input.visible === false) continue;
      const point = input.data[nearestIndex(input.data, time)];
      if (point && (point[0] === time || Math.abs(xOf(point[0]) - x) <= HOVER_TOLERANCE_PX))
        hovered.push({ input, point });
    }
    return hovered;
  }

  /** Where the cursor line stands for a hovered date: on the points, or in the middle of the candle. */
  function hoverX(time: number): number {
    if (view?.mode !== 'ohlc') return xOf(time);
    return xRenderer.positionToCoordinate(scale.position(time + xAxis.baseDuration() / 2));
  }

  /** Whether the hover layer shows something (clearing an empty one would cost a frame). */
  let hoverShown = false;
  function redrawHover() {
    const time = hoverTime;
    if (time === null || !view) {
      if (hoverShown) {
        hoverLine.set('draw', () => {});
        hoverMarks.set('draw', () => {});
        hoverShown = false;
      }
      return;
    }
    hoverShown = true;
    // On a pixel's middle, so the 1 px line is crisp.
    const x = Math.round(hoverX(time)) + 0.5;
    const height = chart.plotContainer.height();
    hoverLine.set('draw', (display) => {
      display.moveTo(x, 0);
      display.lineTo(x, height);
    });
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

  function showReadout(time: number) {
    if (!view || view.tooltip === 'none') return hideReadout();
    const rows: HTMLElement[] = [];
    const zone = view.timeZone ?? 'UTC';
    const percent = view.valueFormat === 'percent';
    if (view.mode === 'ohlc') {
      const bars = view.ohlc?.bars ?? [];
      const bar = bars[floorIndex(bars, time)];
      if (!bar || bar[0] !== time) return hideReadout();
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
        rows.push(
          row(
            input.color,
            view.tooltip === 'values'
              ? `${input.name}: ${percent ? formatPercent(point[1]) : formatNumber(point[1])}`
              : input.name,
          ),
        );
      }
    }
    if (rows.length === 0) return hideReadout();
    // Free users see series names only (SPEC §6): no date either. The date is the one the cursor
    // line stands on.
    const header = view.tooltip === 'values' ? [row(null, formatChartDate(time, view.intraday, zone))] : [];
    if (header[0]) header[0].style.fontWeight = '600';
    readout.replaceChildren(...header, ...rows);
    readout.dataset.time = String(time);
    readout.style.display = 'block';
    const plot = chart.plotContainer.toGlobal({ x: 0, y: 0 });
    const plotWidth = chart.plotContainer.width();
    const lineX = hoverX(time);
    const boxWidth = readout.offsetWidth;
    const right = plot.x + lineX + 16;
    const left = right + boxWidth > plot.x + plotWidth ? plot.x + lineX - 16 - boxWidth : right;
    readout.style.transform = `translate(${Math.max(0, left)}px, ${plot.y + 8}px)`;
  }

  function hideReadout() {
    readout.style.display = 'none';
    delete readout.dataset.time;
  }

  function syncCursor(next: Pick<PriceChartView, 'tooltip'>) {
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
    // The cursor only reports where the pointer is; its line is ours, snapped to the data.
    cursor = XYCursor.new(root, { behavior: 'none' });
    cursor.lineX.set('forceHidden', true);
    cursor.lineY.set('forceHidden', true);
    chart.set('cursor', cursor);
    cursor.events.on('cursormoved', (event) => {
      const positionX = event.target.getPrivate('positionX');
      if (positionX === undefined) return;
      const time = scale.dateAt(xAxis.toAxisPosition(positionX));
      if (time === hoverTime) return;
      hoverTime = time;
      redrawHover();
      if (time === null) hideReadout();
      else showReadout(time);
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
    // A- / A+ (SPEC §9): the axes' labels follow the widget's font size.
    xRenderer.labels.template.set('fontSize', next.fontSize);
    yRenderer.labels.template.set('fontSize', next.fontSize);
    chart.set('paddingLeft', next.valueAxis === 'hidden' ? FIRST_DATE_LABEL_ROOM_PX : 0);
    ohlc?.volumeAxis.get('renderer').labels.template.set('forceHidden', next.valueAxis === 'hidden');
    // The label adapter reads the view (percent, suffix): labels kept from the previous view re-read it.
    refreshPriceLabels();
    priceAxis.markDirtySize();
  }

  function applyMode(next: PriceChartView) {
    // Stacked panels: the price panel's bottom label would sit on the volume panel's top one.
    yRenderer.labels.template.set('minPosition', next.mode === 'ohlc' ? 0.03 : 0);
    yRenderer.labels.template.set('maxPosition', next.mode === 'ohlc' ? 0.97 : 1);
  }

  /**
   * A narrow plot packs its date labels closer, so a month still shows several. A date label
   * whose cell ends the axis a few pixels after it would be cut by the plot's edge: left out.
   */
  function applyWidth() {
    const plot = pixelWindow().width / (window.devicePixelRatio || 1);
    const distance = plot < NARROW_PLOT_PX ? NARROW_DATE_LABEL_DISTANCE : DATE_LABEL_DISTANCE;
    if (xRenderer.get('minGridDistance') !== distance) xRenderer.set('minGridDistance', distance);
    const maxPosition = 1 - DATE_LABEL_EDGE_PX / Math.max(plot, 2 * DATE_LABEL_EDGE_PX);
    if (xRenderer.labels.template.get('maxPosition') !== maxPosition) {
      xRenderer.labels.template.set('maxPosition', maxPosition);
      // The axis places its labels (and leaves out those past the edge) when it lays out.
      xAxis.markDirtySize();
    }
  }

  function render(next: PriceChartView): AppliedView {
    const current = ++renderCount;
    syncDates(next);
    applyWidth();
    const points =
      next.mode === 'ohlc'
        ? (next.ohlc?.bars.length ?? 0) + (next.ohlc?.volume.length ?? 0)
        : next.series.reduce((sum, series) => sum + series.data.length, 0);
    // The read-out and marks showed the previous data; the next pointer move brings them back.
    hoverTime = null;
    hideReadout();
    redrawHover();
    // A new range changes the labels' widths and so the plot's size. When lines are decimated,
    // the axes are laid out first, with the lines about to change out of sight, and the lines are
    // decimated for the plot's real pixel columns and drawn once, in a task of their own (rather
    // than decimated, drawn, decimated again and drawn again in one long task). Lines that fit
    // are simply drawn again.
    const budget = lineBudget(windowColumns(pixelWindow()));
    if (syncRanges(next) && next.series.some((series) => series.data.length > budget)) {
      const inputs = new Map(next.series.map((series) => [series.id, series.data]));
      for (const [id, entry] of lines)
        if (inputs.get(id) !== entry.source) entry.graphics.set('visible', false);
      // No settled report for a frame without the lines, and no decimation while the plot moves.
      waiting = false;
      layingOutAxes = true;
      runTickerNow(root, SYNC_FRAME_BUDGET_MS);
      layingOutAxes = false;
      void yieldToPage().then(() => {
        if (current === renderCount && !root.isDisposed()) drawLines(next);
      });
      return { points, drawnPoints: 0 };
    }
    return { points, drawnPoints: drawLines(next) };
  }

  /** Decimates and draws the view's lines (or candles) and flags, then settles. */
  function drawLines(next: PriceChartView): number {
    const redecimate = pixelWindowKey() !== windowKey;
    windowKey = pixelWindowKey();
    const drawn = syncOhlc(next, redecimate) + syncLines(next, redecimate) + syncFlags(next);
    settle();
    return drawn;
  }

  // --- the first layout ----------------------------------------------------------------------------
  // A cold chart's first layout is its costliest frame (axes, grid, labels, compiling amCharts'
  // code): it runs here, unseen, in a task of its own, so the first frame with data only draws
  // the lines. Over the first view's dates and range when it has data, else over a placeholder
  // range while the data is on its way; with the first view's formats and the cursor either way,
  // so that applying a view without data yet (a loading element) does not lay the axes out again.
  await step();
  chart.set('opacity', 0);
  layOutAxesFor(options.firstView?.() ?? null);
  runTickerNow(root, SYNC_FRAME_BUDGET_MS);
  await step();

  function layOutAxesFor(first: PriceChartView | null) {
    const series = first?.mode === 'line' ? first.series.filter((input) => input.visible !== false) : [];
    const bars = first?.mode === 'ohlc' ? (first.ohlc?.bars ?? []) : [];
    const range =
      first?.mode === 'ohlc'
        ? valueRange([
            bars.flatMap(([t, , high, low]): ChartPoint[] => [
              [t, high],
              [t, low],
            ]),
          ])
        : valueRange(series.map((input) => input.data));
    syncCursor({ tooltip: first?.tooltip ?? 'values' });
    if (first) {
      // The labels' format reads the view: the first one's from now until the first apply().
      laidOutFor = first;
      xAxis.set('baseInterval', baseIntervalOf(first));
      applyFormats(first);
      applyMode(first);
    }
    if (!first || !range) {
      setAxisDates(axisDates([[[PLACEHOLDER_SPAN.from], [PLACEHOLDER_SPAN.to]]], DAY_MS), 0);
      xAxis.setAll({ min: PLACEHOLDER_SPAN.from, max: PLACEHOLDER_SPAN.to });
      priceAxis.setAll({ min: 0, max: 100 });
      return;
    }
    syncDates(first);
    const dates = scale.dates;
    xAxis.setAll({ min: dates[0], max: dates[dates.length - 1] });
    priceAxis.setAll({ min: range.min, max: range.max });
  }

  return {
    apply(next, nextWidth) {
      const previous = view ?? laidOutFor;
      view = next;
      width = nextWidth;
      const interval = baseIntervalOf(next);
      if (!sameInterval(xAxis.get('baseInterval'), interval)) {
        xAxis.set('baseInterval', interval);
        datesSource = null;
      }
      if (
        !previous ||
        previous.intraday !== next.intraday ||
        previous.locale !== next.locale ||
        previous.timeZone !== next.timeZone ||
        previous.valueAxis !== next.valueAxis ||
        previous.valueFormat !== next.valueFormat ||
        previous.millionsSuffix !== next.millionsSuffix ||
        previous.fontSize !== next.fontSize
      ) {
        applyFormats(next);
      }
      if (!previous || previous.mode !== next.mode) applyMode(next);
      syncCursor(next);
      return render(next);
    },
    resize(nextWidth) {
      if (!view || nextWidth === width) return;
      width = nextWidth;
      applyWidth();
    },
    hoveredTime() {
      return hoverTime;
    },
    drawing() {
      return amChartsDrawing(root);
    },
    dispose() {
      waiting = false;
      readout.remove();
      root.dispose();
    },
  };
}
