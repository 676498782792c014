/**
 * Trend lines of the chart widget (SPEC §3 Trend options, §5: more than 1 point per series),
 * fitted by d3-regression on x = days since the series' first point + 1: raw epoch times would
 * make a logarithmic fit meaningless and a slope unreadable. The line gets a value at each of the
 * series' dates, so it is drawn as a smooth curve across the whole series.
 */
import { regressionExp, regressionLinear, regressionLog } from 'd3-regression';
import type { ChartPoint } from '../../widgets/chart/index.ts';

export const TREND_KINDS = ['not_selected', 'linear', 'logarithmic', 'exponential'] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

const DAY_MS = 86_400_000;

export type TrendFit =
  | { ok: true; line: ChartPoint[] }
  /** `too_few`: one point or none; `non_positive`: an exponential fit over a value ≤ 0. */
  | { ok: false; reason: 'too_few' | 'non_positive' };

/** x of a point: days since the series' first point, plus one (so log(x) is defined from the start). */
export function trendX(time: number, firstTime: number): number {
  return (time - firstTime) / DAY_MS + 1;
}

/** The fitted line over `points` ([ms, value], sorted by time), or why there is none. */
export function fitTrend(points: readonly ChartPoint[], kind: Exclude<TrendKind, 'not_selected'>): TrendFit {
  const usable = points.filter(([, value]) => Number.isFinite(value));
  if (usable.length <= 1) return { ok: false, reason: 'too_few' };
  if (kind === 'exponential' && usable.some(([, value]) => value <= 0))
    return { ok: false, reason: 'non_positive' };
  const first = usable[0]![0];
  const xy: Array<[number, number]> = usable.map(([time, value]) => [trendX(time, first), value]);
  const regression =
    kind === 'linear' ? regressionLinear() : kind === 'logarithmic' ? regressionLog() : regressionExp();
  const fit = regression(xy);
  const line = usable.map(([time]): ChartPoint => [time, fit.predict(trendX(time, first))]);
  if (line.some(([, value]) => !Number.isFinite(value))) return { ok: false, reason: 'too_few' };
  return { ok: true, line };
}
