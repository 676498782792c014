/**
 * Pure helpers of the chart engine, kept free of amCharts so they are unit-tested in Node.
 *
 * COLD_LOOPS: the loops over every point of a series (here, in the engine, the answers' checks
 * and the compare model) are indexed, not `for (const [time, value] of points)`: a chart's first
 * view runs in code not yet optimized, where each destructured point allocates an iterator: of the
 * 26 MB a 10 × 2,500-point period switch allocated, 11 MB (heap sampling, chart bench).
 */
import type { ChartFlag, ChartPoint, PriceChartView } from './chart.types.ts';

/** SPEC §9 chart colours, plus the flag marks. */
export const CHART_COLORS = {
  rise: '#5cb585',
  fall: '#e31e25',
  unchanged: '#9ba0b2',
  volume: '#F8BB68',
  dividend: '#1d5fbf',
  split: '#8e44ad',
} as const;

export interface TimeInterval {
  timeUnit: 'minute' | 'day';
  count: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The points that set the chart's time grid: the main line series, or the bars in OHLC mode. */
function mainTimes(view: PriceChartView): ArrayLike<readonly [number, ...number[]]> {
  if (view.mode === 'ohlc') return view.ohlc?.bars ?? [];
  return view.series[0]?.data ?? [];
}

/**
 * amCharts' date axis places each point in a cell of its base interval, so the interval must not
 * be coarser than the data's step: daily data → 1 day, 5-minute data → 5 minutes.
 */
export function baseIntervalOf(view: PriceChartView): TimeInterval {
  const points = mainTimes(view);
  let step = Infinity;
  for (let i = 1; i < points.length; i++) {
    const gap = points[i]![0] - points[i - 1]![0];
    if (gap > 0 && gap < step) step = gap;
  }
  if (step >= DAY_MS || !Number.isFinite(step)) {
    return view.intraday ? { timeUnit: 'minute', count: 5 } : { timeUnit: 'day', count: 1 };
  }
  return { timeUnit: 'minute', count: Math.max(1, Math.floor(step / MINUTE_MS)) };
}

export function sameInterval(
  a: { timeUnit: string; count: number } | null | undefined,
  b: TimeInterval,
): boolean {
  return !!a && a.timeUnit === b.timeUnit && a.count === b.count;
}

/** Duration of a base interval in ms. */
export function intervalDuration(interval: TimeInterval): number {
  return interval.count * (interval.timeUnit === 'day' ? DAY_MS : MINUTE_MS);
}

/** More calendar steps than this are not laid out one by one (the dates of the data are used). */
const MAX_CALENDAR_DATES = 200_000;

/**
 * The dates the x axis lays out, one equal step each (amCharts' GaplessDateAxis with our own
 * dates). Daily data: the days any series has a point on, so weekends and holidays take no room
 * and a line does not bridge them. `calendarStep` (intraday): every step from the first point to
 * the last, a calendar axis that keeps the time of day to scale.
 */
export function axisDates(
  series: Array<ArrayLike<readonly [number, ...number[]]>>,
  calendarStep: number | null = null,
): number[] {
  const filled = series.filter((points) => points.length > 0);
  if (filled.length === 0) return [];
  if (calendarStep !== null && calendarStep > 0) {
    let from = Infinity;
    let to = -Infinity;
    for (const points of filled) {
      from = Math.min(from, points[0]![0]);
      to = Math.max(to, points[points.length - 1]![0]);
    }
    const count = Math.floor((to - from) / calendarStep) + 1;
    if (count <= MAX_CALENDAR_DATES) {
      const dates = Array.from({ length: count }, (_, i) => from + i * calendarStep);
      // Points off the grid (a late tick) still get their own place.
      return mergeTimes([dates, ...filled.map(timesOf)]);
    }
  }
  return mergeTimes(filled.map(timesOf));
}

function timesOf(points: ArrayLike<readonly [number, ...number[]]>): number[] {
  const times = new Array<number>(points.length);
  for (let i = 0; i < points.length; i++) times[i] = points[i]![0];
  return times;
}

/** Sorted distinct times of several sorted lists (one list: itself, when already distinct). */
function mergeTimes(lists: number[][]): number[] {
  if (lists.length === 1) {
    const [only] = lists as [number[]];
    if (only.every((time, i) => i === 0 || time > only[i - 1]!)) return only;
  }
  // Copied straight into one typed array (no flat() list of every time in between).
  const all = new Float64Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  const out: number[] = [];
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) out.push(all[i]!);
  return out;
}

/** Where times sit along the x axis, 0…1, as amCharts' GaplessDateAxis places them. */
export interface DateScale {
  readonly dates: readonly number[];
  /**
   * 0 when the points sit at the start of their date's cell and the last one ends the axis
   * (lines), 1 when every date has a whole cell (candles).
   */
  readonly endLocation: 0 | 1;
  position(time: number): number;
  /** The date under an axis position: the nearest one (lines) or the one whose cell it is in (candles). */
  dateAt(position: number): number | null;
}

/**
 * GaplessDateAxis.valueToPosition: date i of n at i / (n − 1 + endLocation); a time between two
 * dates is placed from the nearer one by its distance in base intervals. Mirrored here so that
 * the decimation and the hover work on the axis' own scale without going through amCharts.
 */
export function dateScale(dates: readonly number[], baseDuration: number, endLocation: 0 | 1): DateScale {
  const length = dates.length - 1 + endLocation;
  // Lookups come in time order (drawing, decimation): start the search from the last answer.
  let hint = 0;
  const indexOf = (time: number): number => {
    if (dates[hint] === time) return hint;
    if (dates[hint + 1] === time) return ++hint;
    let low = 0;
    let high = dates.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (dates[middle]! < time) low = middle + 1;
      else high = middle;
    }
    if (dates[low] === time) hint = low;
    return low;
  };
  return {
    dates,
    endLocation,
    position(time) {
      if (length <= 0) return 0;
      let index = indexOf(time);
      if (dates[index] === time) return index / length;
      if (index > 0) index -= 1;
      const next = dates[index + 1];
      if (next !== undefined && Math.abs(next - time) < Math.abs(dates[index]! - time)) index += 1;
      return index / length + (time - dates[index]!) / baseDuration / length;
    },
    dateAt(position) {
      if (dates.length === 0) return null;
      const raw = position * Math.max(length, 0);
      const index = endLocation === 0 ? Math.round(raw) : Math.floor(raw);
      return dates[Math.min(dates.length - 1, Math.max(0, index))]!;
    },
  };
}

/** SPEC §9 breakpoint: below it the chart takes less height and the date axis packs more labels. */
export const NARROW_CHART_BELOW_PX = 680;
const NARROW_HEIGHT_SHARE = 0.8;
const NARROW_MIN_HEIGHT = 240;

/**
 * The chart's height for a container `width` px wide: the desktop height from the breakpoint up;
 * below it 4:5 of the width (300 px at 375 px), between 240 px and the desktop height.
 */
export function chartHeightFor(width: number, desktopHeight: number): number {
  if (!(width > 0) || width >= NARROW_CHART_BELOW_PX) return desktopHeight;
  const height = Math.round(width * NARROW_HEIGHT_SHARE);
  return Math.min(desktopHeight, Math.max(NARROW_MIN_HEIGHT, height));
}

/**
 * Below the breakpoint the chart is also at least this share of the small viewport height (`svh`:
 * steady while a phone's address bar comes and goes), so its plot, not its controls, fills most
 * of a phone's screen.
 */
export const NARROW_VIEWPORT_SHARE_SVH = 66;

/**
 * The CSS height of the chart in a container `width` px wide: `chartHeightFor`, and below the
 * breakpoint at least NARROW_VIEWPORT_SHARE_SVH of the viewport, never over the desktop height.
 */
export function chartHeightStyle(width: number, desktopHeight: number): string {
  const height = chartHeightFor(width, desktopHeight);
  if (height === desktopHeight) return `${desktopHeight}px`;
  return `min(${desktopHeight}px, max(${height}px, ${NARROW_VIEWPORT_SHARE_SVH}svh))`;
}

/** Width the value axis labels and paddings take from a container (px), when the axis shows values. */
const AXIS_ALLOWANCE = 70;
const PADDING_ALLOWANCE = 16;

/** Pixel columns of the plot inside a container `width` px wide (an estimate before layout). */
export function plotColumns(width: number, valueAxisShown: boolean): number {
  const plot = width - PADDING_ALLOWANCE - (valueAxisShown ? AXIS_ALLOWANCE : 0);
  return Math.max(50, Math.floor(plot));
}

/** amCharts reads `[` `]` as style tags and `{` `}` as placeholders; doubled they print as is. */
export function escapeChartText(text: string): string {
  return text.replace(/[[\]{}]/g, (bracket) => bracket + bracket);
}

export interface FlagPoint {
  /** ms UTC of the main series point the flag sits on. */
  t: number;
  /** That point's value: the flag is drawn on the line. */
  v: number;
  type: ChartFlag['type'];
  /** Escaped for amCharts text. */
  text: string;
}

/**
 * Each flag on the main series: at the point on its date, or the first point after it (an
 * ex-dividend date can fall on a day without trading). Flags outside the series are left out;
 * flags on the same point are joined into one mark.
 */
export function flagPoints(flags: ChartFlag[], main: ChartPoint[]): FlagPoint[] {
  if (main.length === 0) return [];
  const first = main[0]![0];
  const last = main[main.length - 1]![0];
  const byPoint = new Map<number, FlagPoint>();
  for (const flag of [...flags].sort((a, b) => a.date - b.date)) {
    if (flag.date < first - DAY_MS || flag.date > last) continue;
    let low = 0;
    let high = main.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (main[middle]![0] < flag.date) low = middle + 1;
      else high = middle;
    }
    const [t, v] = main[low]!;
    const existing = byPoint.get(t);
    const text = escapeChartText(flag.text);
    if (existing) {
      existing.text += `\n${text}`;
      if (flag.type === 'split') existing.type = 'split';
    } else {
      byPoint.set(t, { t, v, type: flag.type, text });
    }
  }
  return [...byPoint.values()];
}

/** Index of the point nearest to `time` in points sorted by time; -1 when there are none. */
export function nearestIndex(points: ArrayLike<readonly [number, ...number[]]>, time: number): number {
  if (points.length === 0) return -1;
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (points[middle]![0] < time) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && time - points[low - 1]![0] <= points[low]![0] - time) return low - 1;
  return low;
}

/** Index of the last point at or before `time`; the first point when `time` is before them all; -1 when empty. */
export function floorIndex(points: ArrayLike<readonly [number, ...number[]]>, time: number): number {
  if (points.length === 0) return -1;
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (points[middle]![0] <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Share of the value span added above and below the lines, so they do not touch the plot's edges. */
const VALUE_MARGIN = 0.03;

/**
 * The value axis range for lines: their lowest and highest value with a margin (a flat line gets
 * a margin around its value); null when there is nothing to show.
 */
export function valueRange(series: ChartPoint[][]): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const points of series) {
    // Indexed (COLD_LOOPS).
    for (let i = 0; i < points.length; i++) {
      const value = points[i]![1];
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  if (!(min <= max)) return null;
  const margin = (max - min) * VALUE_MARGIN || Math.abs(max) * VALUE_MARGIN || 1;
  return { min: min - margin, max: max + margin };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** SPEC §9 date format DD.MM.YYYY (and HH:mm for intraday points) in `timeZone`. */
export function formatChartDate(time: number, withTime: boolean, timeZone = 'UTC'): string {
  const key = `${timeZone}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    dateFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(time).map((part) => [part.type, part.value]));
  const date = `${parts.day}.${parts.month}.${parts.year}`;
  return withTime ? `${date} ${parts.hour}:${parts.minute}` : date;
}
