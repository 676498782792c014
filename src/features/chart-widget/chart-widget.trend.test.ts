import { describe, expect, it } from 'vitest';
import { fitTrend, trendX } from './chart-widget.trend.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 5);

/** Weighted least squares of y = A + B·x, written out here to check the library's fit. */
function leastSquares(xs: number[], ys: number[], weights = xs.map(() => 1)): [number, number] {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    const w = weights[i]!;
    const y = ys[i]!;
    sw += w;
    sx += w * x;
    sy += w * y;
    sxx += w * x * x;
    sxy += w * x * y;
  });
  const b = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
  return [(sy - b * sx) / sw, b];
}

// Irregular trading days (gaps at weekends) and noisy values.
const days = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 16, 21, 28];
const values = [100, 102, 101, 105, 107, 106, 110, 113, 112, 115, 119, 118, 122, 125, 131];
const points = days.map((day, i): [number, number] => [START + day * DAY, values[i]!]);
const xs = days.map((day) => day + 1);

describe('trend lines (SPEC §3 Trend options) on x = days since the first point + 1', () => {
  it('x of the first point is 1, a week later 8', () => {
    expect(trendX(START, START)).toBe(1);
    expect(trendX(START + 7 * DAY, START)).toBe(8);
  });

  it('linear: the least-squares line, a value at every date of the series', () => {
    const [a, b] = leastSquares(xs, values);
    const fit = fitTrend(points, 'linear');
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.line.map(([time]) => time)).toEqual(points.map(([time]) => time));
    fit.line.forEach(([, value], i) => expect(value).toBeCloseTo(a + b * xs[i]!, 8));
  });

  it('logarithmic: y = a + b·ln(x)', () => {
    const [a, b] = leastSquares(
      xs.map((x) => Math.log(x)),
      values,
    );
    const fit = fitTrend(points, 'logarithmic');
    if (!fit.ok) throw new Error('no fit');
    fit.line.forEach(([, value], i) => expect(value).toBeCloseTo(a + b * Math.log(xs[i]!), 8));
  });

  it('exponential: y = a·e^(b·x), fitted on ln(y) weighted by y', () => {
    const [lnA, b] = leastSquares(
      xs,
      values.map((y) => Math.log(y)),
      values,
    );
    const fit = fitTrend(points, 'exponential');
    if (!fit.ok) throw new Error('no fit');
    fit.line.forEach(([, value], i) => expect(value).toBeCloseTo(Math.exp(lnA) * Math.exp(b * xs[i]!), 6));
  });

  it('one point (or none) has no trend (SPEC §5: more than 1 point)', () => {
    expect(fitTrend([[START, 5]], 'linear')).toEqual({ ok: false, reason: 'too_few' });
    expect(fitTrend([], 'logarithmic')).toEqual({ ok: false, reason: 'too_few' });
  });

  it('an exponential fit over a value of zero or below is refused, the others are drawn', () => {
    const withZero: Array<[number, number]> = [...points.slice(0, 3), [START + 30 * DAY, 0]];
    expect(fitTrend(withZero, 'exponential')).toEqual({ ok: false, reason: 'non_positive' });
    expect(fitTrend(withZero, 'linear').ok).toBe(true);
  });
});
