import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimateLine,
  decimateOhlc,
  lineBudget,
  linearWindow,
  timeSpan,
  windowColumns,
  type PixelWindow,
} from './chart.decimate.ts';
import type { ChartPoint, OhlcBar } from './chart.types.ts';
import { dateScale } from './chart.utils.ts';
import { randomBars, randomWalk } from './testing/synthetic.ts';

const DAY = 86_400_000;

function windowOf(points: Array<readonly [number, ...number[]]>, columns: number, offset = 0): PixelWindow {
  return linearWindow(points[0]![0], points[points.length - 1]![0], columns, offset);
}

/** Which pixel column a time falls in, the way the chart maps it. */
function column(time: number, window: PixelWindow): number {
  const offset = window.offset ?? 0;
  const c = Math.floor(offset + window.position(time) * window.width);
  return Math.min(Math.floor(offset) + windowColumns(window) - 1, Math.max(Math.floor(offset), c));
}

/** Per pixel column: its first point, lowest and highest value, and last point. */
function columnSummary(points: ChartPoint[], window: PixelWindow) {
  const columns = new Map<number, { first: ChartPoint; last: ChartPoint; min: number; max: number }>();
  for (const point of points) {
    const c = column(point[0], window);
    const entry = columns.get(c);
    if (!entry) columns.set(c, { first: point, last: point, min: point[1], max: point[1] });
    else {
      entry.last = point;
      entry.min = Math.min(entry.min, point[1]);
      entry.max = Math.max(entry.max, point[1]);
    }
  }
  return columns;
}

/** A random walk of random length on a regular or irregular time grid. */
const series = fc
  .record({
    start: fc.integer({ min: 0, max: 2_000_000_000 }).map((s) => s * 1000),
    steps: fc.array(fc.integer({ min: 1, max: 5 * DAY }), { minLength: 1, maxLength: 4000 }),
    moves: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 4000, maxLength: 4000 }),
  })
  .map(({ start, steps, moves }) => {
    const points: ChartPoint[] = [];
    let time = start;
    let value = 100;
    steps.forEach((step, i) => {
      points.push([time, value]);
      time += step;
      value += moves[i]!;
    });
    return points;
  });

describe('decimateLine (M4)', () => {
  it('returns the series itself when it already fits four points per pixel column', () => {
    const points = randomWalk({ seed: 1, points: 300 });
    expect(decimateLine(points, windowOf(points, 100))).toBe(points);
    expect(decimateLine([], linearWindow(0, 0, 100))).toEqual([]);
  });

  it('cuts 100,000 points down to at most four per pixel column, keeping the ends and the extremes', () => {
    const points = randomWalk({ seed: 7, points: 100_000 });
    const window = windowOf(points, 920);
    const kept = decimateLine(points, window);
    expect(kept.length).toBeLessThanOrEqual(lineBudget(920));
    expect(kept.length).toBeGreaterThan(2 * 920);
    expect(kept[0]).toBe(points[0]);
    expect(kept[kept.length - 1]).toBe(points[points.length - 1]);
    const values = points.map(([, value]) => value);
    const keptValues = kept.map(([, value]) => value);
    expect(Math.max(...keptValues)).toBe(Math.max(...values));
    expect(Math.min(...keptValues)).toBe(Math.min(...values));
  });

  it('keeps in every pixel column the first, lowest, highest and last point of the full series (property)', () => {
    fc.assert(
      fc.property(
        series,
        fc.integer({ min: 1, max: 1500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (points, columns, offset) => {
          const window = windowOf(points, columns, offset * 7);
          const kept = decimateLine(points, window);
          expect(kept.length).toBeLessThanOrEqual(Math.max(points.length, lineBudget(windowColumns(window))));
          // The segments between columns join the same points as the full line's: first and last
          // of each column, with the same vertical extent inside it.
          expect(columnSummary(kept, window)).toEqual(columnSummary(points, window));
          // A subsequence of the input in time order: no point is invented or moved.
          let from = 0;
          for (const point of kept) {
            const at = points.indexOf(point, from);
            expect(at).toBeGreaterThanOrEqual(from);
            from = at + 1;
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("decimates on the axis' own scale: a gapless date axis packs weekdays edge to edge", () => {
    // Weekdays only: on the gapless scale every day is one step, so 5 consecutive days share a
    // column of a 200-column plot of 1000 days; on a calendar scale the weekend would split them.
    const weekdays: ChartPoint[] = [];
    for (let day = 0; weekdays.length < 1000; day++)
      if (day % 7 < 5) weekdays.push([day * DAY, Math.sin(day) * 10 + day / 10]);
    const scale = dateScale(
      weekdays.map(([time]) => time),
      DAY,
      0,
    );
    const window: PixelWindow = { position: scale.position, width: 200 };
    const kept = decimateLine(weekdays, window);
    expect(kept.length).toBeLessThanOrEqual(lineBudget(200));
    expect(columnSummary(kept, window)).toEqual(columnSummary(weekdays, window));
    // Equal steps: 5 points in each of the 200 columns (the last one ends the axis).
    const counts = new Map<number, number>();
    for (const [time] of weekdays)
      counts.set(column(time, window), (counts.get(column(time, window)) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(6);
  });

  it('never keeps a missing value', () => {
    const points: ChartPoint[] = Array.from({ length: 1000 }, (_, i) => [
      i * DAY,
      i % 10 === 3 ? NaN : i % 7,
    ]);
    const kept = decimateLine(points, windowOf(points, 10));
    expect(kept.some(([, value]) => Number.isNaN(value))).toBe(false);
    expect(Math.max(...kept.map(([, value]) => value))).toBe(6);
  });
});

describe('decimateOhlc', () => {
  it('returns the bars and volume themselves when there is at most one bar per column', () => {
    const { bars, volume } = randomBars(3, 500);
    const reduced = decimateOhlc(bars, volume, windowOf(bars, 800));
    expect(reduced.bars).toBe(bars);
    expect(reduced.volume).toBe(volume);
  });

  it('merges the bars of a column into one: first open, last close, highest high, lowest low, summed volume', () => {
    const bars: OhlcBar[] = [
      [0, 10, 12, 9, 11],
      [DAY, 11, 15, 10, 14],
      [2 * DAY, 14, 14, 7, 8],
      [3 * DAY, 8, 9, 6, 9],
    ];
    const volume: ChartPoint[] = bars.map(([time], i) => [time, 100 * (i + 1)]);
    const reduced = decimateOhlc(bars, volume, linearWindow(0, 4 * DAY, 2));
    expect(reduced.bars).toEqual([
      [0, 10, 15, 9, 14],
      [2 * DAY, 14, 14, 6, 9],
    ]);
    expect(reduced.volume).toEqual([
      [0, 300],
      [2 * DAY, 700],
    ]);
    // The input is left as it was.
    expect(bars[0]).toEqual([0, 10, 12, 9, 11]);
  });

  it('keeps the total volume, the extremes and one bar per column at most (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer(),
        (count, columns, seed) => {
          const { bars, volume } = randomBars(seed, count);
          const window = windowOf(bars, columns);
          const reduced = decimateOhlc(bars, volume, window);
          expect(reduced.bars.length).toBeLessThanOrEqual(Math.max(columns, 1));
          expect(reduced.volume.length).toBe(reduced.bars.length);
          const sum = (points: ChartPoint[]) => points.reduce((total, [, value]) => total + value, 0);
          expect(sum(reduced.volume)).toBe(sum(volume));
          expect(Math.max(...reduced.bars.map((bar) => bar[2]))).toBe(Math.max(...bars.map((bar) => bar[2])));
          expect(Math.min(...reduced.bars.map((bar) => bar[3]))).toBe(Math.min(...bars.map((bar) => bar[3])));
          expect(reduced.bars[0]![1]).toBe(bars[0]![1]);
          expect(reduced.bars[reduced.bars.length - 1]![4]).toBe(bars[bars.length - 1]![4]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('timeSpan', () => {
  it('spans the earliest first point to the latest last point; null when every series is empty', () => {
    expect(
      timeSpan([
        [
          [5, 1],
          [9, 1],
        ],
        [],
        [
          [2, 1],
          [7, 1],
        ],
      ]),
    ).toEqual({ from: 2, to: 9 });
    expect(timeSpan([[], []])).toBeNull();
  });
});
