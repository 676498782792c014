import type { ExportDrawing } from '../export/export-api.ts';

/**
 * The public API of the price chart widget. Nothing here is amCharts-typed: the engine behind it
 * loads lazily and can change without touching its callers (`<fin-stock-chart>`, `<fin-chart>`).
 */

/** [time in ms UTC, value]. */
export type ChartPoint = [number, number];

/** [time in ms UTC, open, high, low, close]. */
export type OhlcBar = [number, number, number, number, number];

export interface LineSeriesInput {
  /** Stable across updates: a series with the same id is updated in place. */
  id: string;
  name: string;
  /** CSS hex colour, e.g. `#1d5fbf`. */
  color: string;
  /** Sorted by time. */
  data: ChartPoint[];
  /** Default true; a hidden series keeps its data (the custom legend toggles it). */
  visible?: boolean;
}

export interface OhlcInput {
  bars: OhlcBar[];
  volume: ChartPoint[];
}

/** A dividend or split mark on the main series (paid users only; the caller decides, SPEC §6). */
export interface ChartFlag {
  date: number;
  type: 'dividend' | 'split';
  text: string;
}

export interface PriceChartView {
  mode: 'line' | 'ohlc';
  /** Line mode: the first series is the main one (flags sit on it). */
  series: LineSeriesInput[];
  /** OHLC mode: candles (SPEC §9 rise/fall/unchanged colours) with volume columns on a panel below. */
  ohlc?: OhlcInput | null;
  flags?: ChartFlag[];
  /** SPEC §6: `hidden` for anonymous and free users. */
  valueAxis: 'values' | 'hidden';
  /** `percent` in compare mode. Default `price`. */
  valueFormat?: 'price' | 'percent';
  /** `name-only` for free users (SPEC §6); `none` draws no tooltip at all. */
  tooltip: 'values' | 'name-only' | 'none';
  /** 5-minute points of one day: time labels HH:mm. */
  intraday: boolean;
  /** BCP-47 tag for month names in date labels; default `en`. */
  locale?: string;
  /**
   * IANA time zone the dates are shown in. Default `UTC`: daily points are midnight UTC, so a
   * day shows as itself in every browser; pass the exchange's zone for intraday points.
   */
  timeZone?: string;
  /** The millions suffix of the value axis (SPEC §6, e.g. the `mln` label); default `M`. */
  millionsSuffix?: string;
  /** px of the axes' labels (the chart widget's A- / A+); default amCharts' own. */
  fontSize?: number;
}

export interface PriceChartRenderInfo {
  /** Points handed in (all series, OHLC bars and volume). */
  points: number;
  /** Points given to the drawing library after decimation. */
  drawnPoints: number;
  /** From the view change (or mount) to the first settled frame that shows it. */
  ms: number;
  /** `performance.now()` at the end of that frame. */
  drawnAt: number;
}

export interface PriceChartProps {
  view: PriceChartView;
  /** px; default 650 (SPEC §9, stock page). */
  height?: number;
  /** The chart's accessible name. */
  ariaLabel: string;
  onRendered?(info: PriceChartRenderInfo): void;
  /** A click on the plot picks the data point under the cursor: its time (ms). */
  onPick?(time: number): void;
  /** Filled with a getter of the chart's export drawing while the chart is built (null before). */
  exportRef?: { current: (() => ExportDrawing) | null };
}
