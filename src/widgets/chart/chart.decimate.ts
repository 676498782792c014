/**
 * Decimation: a chart cannot show more than a few points per pixel column, and amCharts spends
 * time on every data item it is given. So each series is cut down to what the plot's pixel
 * columns can show before amCharts sees it, in a way that draws the same picture.
 */
import type { ChartPoint, OhlcBar } from './chart.types.ts';

/** How the plot maps times to pixel columns (the axis' own mapping, in device pixels). */
export interface PixelWindow {
  /** Where a time sits along the plot, 0 (left edge) … 1 (right edge); never decreases with time. */
  position(time: number): number;
  /** Width of the plot in device pixels. */
  width: number;
  /**
   * Device-pixel x of the plot's left edge on the canvas: its fraction moves the column edges,
   * so the columns are the canvas' own pixel columns. Default 0.
   */
  offset?: number;
}

/** A calendar axis: `from`…`to` spread evenly over the plot (also what the unit tests draw). */
export function linearWindow(from: number, to: number, width: number, offset = 0): PixelWindow {
  const span = to - from;
  return { position: (time) => (span > 0 ? (time - from) / span : 0), width, offset };
}

/** Pixel columns a window spans (a fractional offset makes the plot touch one more). */
export function windowColumns(window: PixelWindow): number {
  const offset = window.offset ?? 0;
  return Math.max(1, Math.ceil(offset + window.width) - Math.floor(offset));
}

function columnFinder(window: PixelWindow): (time: number) => number {
  const offset = window.offset ?? 0;
  const first = Math.floor(offset);
  const last = first + windowColumns(window) - 1;
  return (time) => {
    const column = Math.floor(offset + window.position(time) * window.width);
    return column < first ? first : column > last ? last : column;
  };
}

/** The most points `decimateLine` returns for a window: four per pixel column (M4). */
export function lineBudget(columns: number): number {
  return 4 * Math.max(1, Math.floor(columns));
}

/**
 * M4 decimation: in each pixel column the first, lowest, highest and last point, in time order.
 * A line through them enters and leaves every column where the full line does and covers the
 * same vertical extent inside it, so it rasterises to the same pixels; the segments between
 * columns are the full line's own. Points without a finite value are left out (the line is drawn
 * over them anyway). Returns the input itself when it already fits the budget.
 */
export function decimateLine(points: ChartPoint[], window: PixelWindow): ChartPoint[] {
  if (points.length <= lineBudget(windowColumns(window))) return points;
  const columnOf = columnFinder(window);
  const kept: ChartPoint[] = [];
  let column = NaN;
  let first = -1;
  let last = -1;
  let low = -1;
  let high = -1;
  const flush = () => {
    if (first < 0) return;
    // The four indices in time order, each once.
    const a = Math.min(low, high);
    const b = Math.max(low, high);
    kept.push(points[first]!);
    if (a !== first) kept.push(points[a]!);
    if (b !== a && b !== first) kept.push(points[b]!);
    if (last !== b && last !== first) kept.push(points[last]!);
  };
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    const value = point[1];
    if (!Number.isFinite(value)) continue;
    const c = columnOf(point[0]);
    if (c !== column) {
      flush();
      column = c;
      first = low = high = i;
    } else {
      if (value < points[low]![1]) low = i;
      if (value > points[high]![1]) high = i;
    }
    last = i;
  }
  flush();
  return kept;
}

/**
 * OHLC bars merged per pixel column (open of the first, close of the last, highest high, lowest
 * low, at the first bar's time) and volume summed over the same columns. Returns the inputs
 * themselves when there is at most one bar per column.
 */
export function decimateOhlc(
  bars: OhlcBar[],
  volume: ChartPoint[],
  window: PixelWindow,
): { bars: OhlcBar[]; volume: ChartPoint[] } {
  const columns = windowColumns(window);
  if (bars.length <= columns && volume.length <= columns) return { bars, volume };
  const columnOf = columnFinder(window);
  const merged: OhlcBar[] = [];
  let column = NaN;
  // Indexed (COLD_LOOPS in chart.utils.ts).
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    const c = columnOf(bar[0]);
    const current = merged[merged.length - 1];
    const high = bar[2];
    const low = bar[3];
    if (c !== column || !current) {
      merged.push([bar[0], bar[1], high, low, bar[4]]);
      column = c;
    } else {
      if (high > current[2]) current[2] = high;
      if (low < current[3]) current[3] = low;
      current[4] = bar[4];
    }
  }
  const summed: ChartPoint[] = [];
  column = NaN;
  for (let i = 0; i < volume.length; i++) {
    const time = volume[i]![0];
    const value = volume[i]![1];
    const c = columnOf(time);
    const current = summed[summed.length - 1];
    if (c !== column || !current) {
      summed.push([time, value]);
      column = c;
    } else {
      current[1] += value;
    }
  }
  return { bars: merged, volume: summed };
}

/** The time span of several sorted series: first of the earliest to last of the latest; null when all are empty. */
export function timeSpan(series: Array<ArrayLike<readonly [number, ...number[]]>>): {
  from: number;
  to: number;
} | null {
  let from = Infinity;
  let to = -Infinity;
  for (const points of series) {
    if (points.length === 0) continue;
    from = Math.min(from, points[0]![0]);
    to = Math.max(to, points[points.length - 1]![0]);
  }
  return from <= to ? { from, to } : null;
}
