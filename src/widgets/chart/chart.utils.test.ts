import { describe, expect, it } from 'vitest';
import type { ChartPoint, PriceChartView } from './chart.types.ts';
import {
  axisDates,
  baseIntervalOf,
  chartHeightFor,
  chartHeightStyle,
  dateScale,
  escapeChartText,
  flagPoints,
  floorIndex,
  formatChartDate,
  nearestIndex,
  plotColumns,
  valueRange,
} from './chart.utils.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function lineView(data: ChartPoint[], intraday = false): PriceChartView {
  return {
    mode: 'line',
    series: [{ id: 'main', name: 'SBER', color: '#1d5fbf', data }],
    valueAxis: 'values',
    tooltip: 'values',
    intraday,
  };
}

describe('baseIntervalOf', () => {
  it('uses one day for daily points, even across weekends', () => {
    const data: ChartPoint[] = [day('2025-06-27'), day('2025-06-30'), day('2025-07-01')].map((t) => [t, 1]);
    expect(baseIntervalOf(lineView(data))).toEqual({ timeUnit: 'day', count: 1 });
  });

  it("uses the data's step for intraday points (5 minutes on the exchange)", () => {
    const open = Date.parse('2025-06-30T07:00:00Z');
    const data: ChartPoint[] = Array.from({ length: 106 }, (_, k) => [open + k * 300_000, 100 + k]);
    expect(baseIntervalOf(lineView(data, true))).toEqual({ timeUnit: 'minute', count: 5 });
  });

  it('reads the candles in OHLC mode; a single intraday point still gets minutes', () => {
    const view: PriceChartView = {
      ...lineView([]),
      mode: 'ohlc',
      series: [],
      ohlc: {
        bars: [
          [day('2025-01-02'), 1, 2, 0.5, 1.5],
          [day('2025-01-03'), 1, 2, 0.5, 1.5],
        ],
        volume: [],
      },
    };
    expect(baseIntervalOf(view)).toEqual({ timeUnit: 'day', count: 1 });
    expect(baseIntervalOf(lineView([[day('2025-01-02'), 1]], true))).toEqual({
      timeUnit: 'minute',
      count: 5,
    });
  });
});

describe('flagPoints', () => {
  const main: ChartPoint[] = [
    [day('2025-06-26'), 300],
    [day('2025-06-27'), 310],
    [day('2025-06-30'), 305],
  ];

  it('puts a flag on the point of its date, or on the next trading day', () => {
    const points = flagPoints(
      [
        { date: day('2025-06-26'), type: 'dividend', text: 'Dividend 34.84' },
        { date: day('2025-06-28'), type: 'split', text: 'Split 1:10' },
      ],
      main,
    );
    expect(points).toEqual([
      { t: day('2025-06-26'), v: 300, type: 'dividend', text: 'Dividend 34.84' },
      { t: day('2025-06-30'), v: 305, type: 'split', text: 'Split 1:10' },
    ]);
  });

  it('leaves out flags outside the series and joins flags on one point', () => {
    const points = flagPoints(
      [
        { date: day('2024-01-10'), type: 'dividend', text: 'old' },
        { date: day('2025-07-10'), type: 'dividend', text: 'future' },
        { date: day('2025-06-27'), type: 'dividend', text: 'Dividend' },
        { date: day('2025-06-27'), type: 'split', text: 'Split [2:1]' },
      ],
      main,
    );
    expect(points).toEqual([
      { t: day('2025-06-27'), v: 310, type: 'split', text: 'Dividend\nSplit [[2:1]]' },
    ]);
    expect(flagPoints([{ date: day('2025-06-27'), type: 'dividend', text: 'x' }], [])).toEqual([]);
  });
});

describe('escapeChartText', () => {
  it('doubles the brackets amCharts would read as styles or placeholders', () => {
    expect(escapeChartText('Div [RUB] {x}')).toBe('Div [[RUB]] {{x}}');
    expect(escapeChartText('plain')).toBe('plain');
  });
});

describe('nearestIndex and floorIndex', () => {
  const points: ChartPoint[] = [
    [0, 1],
    [10, 2],
    [20, 3],
  ];

  it('finds the nearest point (ties go to the earlier) and the last point at or before a time', () => {
    expect([-5, 4, 5, 6, 19, 99].map((time) => nearestIndex(points, time))).toEqual([0, 0, 0, 1, 2, 2]);
    expect([-5, 0, 9, 10, 19, 99].map((time) => floorIndex(points, time))).toEqual([0, 0, 0, 1, 1, 2]);
    expect(nearestIndex([], 5)).toBe(-1);
    expect(floorIndex([], 5)).toBe(-1);
  });
});

describe('valueRange', () => {
  it('spans every series with a 3 % margin; a flat line gets a margin around its value', () => {
    expect(
      valueRange([
        [
          [0, 100],
          [1, 150],
        ],
        [[0, 200]],
      ]),
    ).toEqual({ min: 97, max: 203 });
    expect(valueRange([[[0, 50]]])).toEqual({ min: 48.5, max: 51.5 });
    expect(valueRange([[[0, 0]]])).toEqual({ min: -1, max: 1 });
    expect(valueRange([[], []])).toBeNull();
  });
});

describe('formatChartDate', () => {
  it('writes DD.MM.YYYY in UTC for daily points and adds HH:mm in the given zone for intraday', () => {
    expect(formatChartDate(day('2025-06-30'), false)).toBe('30.06.2025');
    expect(formatChartDate(Date.parse('2025-06-30T07:05:00Z'), true, 'Europe/Moscow')).toBe(
      '30.06.2025 10:05',
    );
    expect(formatChartDate(Date.parse('2025-06-30T22:30:00Z'), true, 'Europe/Moscow')).toBe(
      '01.07.2025 01:30',
    );
  });
});

describe('plotColumns', () => {
  it('leaves room for the value axis only when it shows values, and never goes below 50', () => {
    expect(plotColumns(1000, true)).toBeLessThan(plotColumns(1000, false));
    expect(plotColumns(1000, false)).toBeLessThanOrEqual(1000);
    expect(plotColumns(0, true)).toBe(50);
  });
});

describe('axisDates', () => {
  const friday = day('2025-06-27');
  const monday = day('2025-06-30');
  const tuesday = day('2025-07-01');

  it('daily data: the days any series trades on, so a weekend takes no room', () => {
    const stock: ChartPoint[] = [friday, monday, tuesday].map((t) => [t, 1]);
    // An index that also has a Saturday value and starts later.
    const index: ChartPoint[] = [day('2025-06-28'), monday].map((t) => [t, 2]);
    expect(axisDates([stock, index, []])).toEqual([friday, day('2025-06-28'), monday, tuesday]);
    expect(axisDates([stock])).toEqual([friday, monday, tuesday]);
    expect(axisDates([[], []])).toEqual([]);
  });

  it('intraday data: a calendar of every step from the first point to the last', () => {
    const open = Date.parse('2025-06-30T07:00:00Z');
    // A missing bar (07:10) keeps its place; a tick off the grid gets its own.
    const points: ChartPoint[] = [0, 5, 15, 17].map((minute) => [open + minute * 60_000, 1]);
    expect(axisDates([points], 300_000).map((t) => (t - open) / 60_000)).toEqual([0, 5, 10, 15, 17]);
  });
});

describe('dateScale', () => {
  const DAY = 86_400_000;
  const dates = [0, 1, 2, 5, 6].map((d) => d * DAY);

  it('places every date one equal step apart (lines: the last date ends the axis)', () => {
    const scale = dateScale(dates, DAY, 0);
    expect(dates.map((t) => scale.position(t))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // Between two dates: from the nearer one by its distance in base intervals (as amCharts).
    expect(scale.position(3 * DAY)).toBeCloseTo(0.5 + 1 / 4);
    expect(scale.position(4.5 * DAY)).toBeCloseTo(0.75 - 0.5 / 4);
  });

  it('candles: every date has a whole cell', () => {
    const scale = dateScale(dates, DAY, 1);
    expect(scale.position(5 * DAY)).toBe(0.6);
    expect(scale.position(5.5 * DAY)).toBeCloseTo(0.7);
  });

  it('snaps a cursor position to the nearest point (lines) or the candle whose cell it is in', () => {
    const lines = dateScale(dates, DAY, 0);
    expect(lines.dateAt(0.6)).toBe(2 * DAY);
    expect(lines.dateAt(0.65)).toBe(5 * DAY);
    expect(lines.dateAt(-0.2)).toBe(0);
    expect(lines.dateAt(1.3)).toBe(6 * DAY);
    const candles = dateScale(dates, DAY, 1);
    expect(candles.dateAt(0.79)).toBe(5 * DAY);
    expect(candles.dateAt(0.81)).toBe(6 * DAY);
    expect(dateScale([], DAY, 0).dateAt(0.5)).toBeNull();
  });

  it('gives the same positions for lookups in any order (its search starts from the last answer)', () => {
    // Weekdays: five days, then a two-day gap.
    const many = Array.from({ length: 500 }, (_, i) => (i + Math.floor(i / 5) * 2) * DAY);
    const scale = dateScale(many, DAY, 0);
    const forward = many.map((t) => scale.position(t));
    const backward = [...many].reverse().map((t) => scale.position(t));
    expect(backward.reverse()).toEqual(forward);
    expect(forward[499]).toBe(1);
  });
});

describe('chartHeightStyle', () => {
  it('is the desktop height from the breakpoint up, and at least 2/3 of the viewport below it', () => {
    expect(chartHeightStyle(1000, 650)).toBe('650px');
    expect(chartHeightStyle(0, 650)).toBe('650px');
    expect(chartHeightStyle(375, 650)).toBe('min(650px, max(300px, 66svh))');
  });
});

describe('chartHeightFor', () => {
  it('keeps the desktop height from 680 px up and is lower below (SPEC §9)', () => {
    expect(chartHeightFor(1000, 650)).toBe(650);
    expect(chartHeightFor(680, 650)).toBe(650);
    expect(chartHeightFor(679, 650)).toBeLessThan(650);
    expect(chartHeightFor(375, 650)).toBe(300);
    expect(chartHeightFor(200, 650)).toBe(240);
    // Never taller than the desktop height; unknown width (not laid out yet): the desktop height.
    expect(chartHeightFor(600, 200)).toBe(200);
    expect(chartHeightFor(0, 650)).toBe(650);
  });
});
