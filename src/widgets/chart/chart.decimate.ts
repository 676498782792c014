/**
 * Decimation: a chart cannot show more than a few points per pixel column, and amCharts spends
 * time on every data item it is given. So each series is cut down to what the plot's pixel
 * columns can show before amCharts sees it, in a way that draws the same picture.
 */
import type { ChartPoint, OhlcBar } from './chart.types.ts';

/** The time span mapped onto `columns` pixel columns. */
export interface PixelWindow {
  from: number;
  to: number;
  columns: number;
}

function columnOf(time: number, window: PixelWindow): number {
  const span = window.to - window.from;
  if (!(span > 0)) return 0;
  const column = Math.floor(((time - window.from) / span) * window.columns);
  return column < 0 ? 0 : column >= window.columns ? window.columns - 1 : column;
}

/** The most points `decimateLine` returns for a window: two per column plus both ends. */
export function lineBudget(columns: number): number {
  return 2 * Math.max(1, Math.floor(columns)) + 2;
}

/**
 * Min/max per pixel column, in time order, plus the series' first and last point. A line drawn
 * through them covers the same pixels in each column as the full series (the vertical extent of a
 * column is its min..max), and the ends of the line stay where they were. Returns the input
 * itself when it already fits (≤ 2 points per column).
 */
export function decimateLine(points: ChartPoint[], window: PixelWindow): ChartPoint[] {
  const columns = Math.max(1, Math.floor(window.columns));
  if (points.length <= lineBudget(columns)) return points;
  const grid = { ...window, columns };
  const kept: ChartPoint[] = [points[0]!];
  let column = -1;
  let minIndex = -1;
  let maxIndex = -1;
  const flush = () => {
    if (minIndex < 0) return;
    const [a, b] = minIndex <= maxIndex ? [minIndex, maxIndex] : [maxIndex, minIndex];
    if (a > 0) kept.push(points[a]!);
    if (b !== a && b > 0) kept.push(points[b]!);
  };
  const last = points.length - 1;
  for (let i = 0; i <= last; i++) {
    const point = points[i]!;
    const c = columnOf(point[0], grid);
    if (c !== column) {
      flush();
      column = c;
      minIndex = maxIndex = -1;
    }
    const value = point[1];
    // A value that is not a number is never an extreme (the line connects over it anyway).
    if (!Number.isFinite(value)) continue;
    if (minIndex < 0 || value < points[minIndex]![1]) minIndex = i;
    if (maxIndex < 0 || value > points[maxIndex]![1]) maxIndex = i;
  }
  flush();
  if (kept[kept.length - 1] !== points[last]) {
    // The last point may already be in as an extreme of the last column; otherwise add it.
    kept.push(points[last]!);
  }
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
  const columns = Math.max(1, Math.floor(window.columns));
  if (bars.length <= columns && volume.length <= columns) return { bars, volume };
  const grid = { ...window, columns };
  const merged: OhlcBar[] = [];
  let column = -1;
  for (const [time, open, high, low, close] of bars) {
    const c = columnOf(time, grid);
    const current = merged[merged.length - 1];
    if (c !== column || !current) {
      merged.push([time, open, high, low, close]);
      column = c;
    } else {
      if (high > current[2]) current[2] = high;
      if (low < current[3]) current[3] = low;
      current[4] = close;
    }
  }
  const summed: ChartPoint[] = [];
  column = -1;
  for (const [time, value] of volume) {
    const c = columnOf(time, grid);
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
