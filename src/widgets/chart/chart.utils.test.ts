import { describe, expect, it } from 'vitest';
import type { ChartPoint, PriceChartView } from './chart.types.ts';
import {
  baseIntervalOf,
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
