import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateSeconds, parseDate } from './dates.ts';
import { axisFormat, formatAxisValue, formatNumber, formatPercentChange, scalePosition } from './format.ts';

describe('formatNumber', () => {
  it('separates thousands with a space and keeps 2 decimals', () => {
    expect(formatNumber(1234567.891, 2, ' ')).toBe('1 234 567.89');
    expect(formatNumber(999.5, 0, ' ')).toBe('1 000');
    expect(formatNumber(-1234.5, 2, ' ')).toBe('−1 234.50');
    expect(formatNumber(-0.001, 2, ' ')).toBe('0.00');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('round-trips any number to 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const text = formatNumber(value, 2, ' ').replace(/ /g, '').replace('−', '-');
        expect(Number(text)).toBeCloseTo(Number(value.toFixed(2)), 2);
      }),
    );
  });
});

describe('formatPercentChange', () => {
  it('signs rises, falls and no change', () => {
    expect(formatPercentChange(3.456)).toBe('+3.46%');
    expect(formatPercentChange(-0.1)).toBe('−0.10%');
    expect(formatPercentChange(0)).toBe('0.00%');
    expect(formatPercentChange(0.001)).toBe('0.00%');
  });
});

describe('axis labels', () => {
  const plain = (text: string) => text.replace(/\u202f/g, ' ');
  /** The labels of an axis from `min` to `max` every `step`, as one axis writes them. */
  const axisLabels = (min: number, max: number, step: number, suffix = 'M') => {
    const format = axisFormat(Math.max(Math.abs(min), Math.abs(max)), step);
    const labels: string[] = [];
    for (let i = 0; min + i * step <= max + step / 2; i++)
      labels.push(plain(formatAxisValue(min + i * step, format, suffix)));
    return labels;
  };

  it('decides millions once per axis from its largest visible value (SPEC §6)', () => {
    // One axis never mixes "99 000.00" and "0.10 M".
    expect(axisLabels(0, 120_000, 20_000)).toEqual([
      '0.00 M',
      '0.02 M',
      '0.04 M',
      '0.06 M',
      '0.08 M',
      '0.10 M',
      '0.12 M',
    ]);
    expect(axisLabels(60_000, 99_000, 10_000).slice(0, 2)).toEqual(['60 000.00', '70 000.00']);
    expect(axisFormat(99_999.99, 10).millions).toBe(false);
    expect(axisFormat(100_000, 10).millions).toBe(true);
    expect(axisFormat(-250_000, 50_000).millions).toBe(true);
    expect(plain(formatAxisValue(2_500_000, axisFormat(3_000_000, 500_000), 'mln'))).toBe('2.50 mln');
  });

  it('chooses decimals from the step so that neighbouring labels always differ', () => {
    // The review's axis: 0.70 M, 0.71 M, 0.71 M with 2 decimals.
    expect(axisLabels(700_000, 720_000, 5_000)).toEqual([
      '0.700 M',
      '0.705 M',
      '0.710 M',
      '0.715 M',
      '0.720 M',
    ]);
    expect(axisLabels(101.5, 102.5, 0.25)).toEqual(['101.50', '101.75', '102.00', '102.25', '102.50']);
    expect(axisLabels(0.001, 0.004, 0.0005)).toEqual([
      '0.0010',
      '0.0015',
      '0.0020',
      '0.0025',
      '0.0030',
      '0.0035',
      '0.0040',
    ]);
    // Steps of whole numbers keep the 2 decimals of SPEC §9, with space thousands.
    expect(axisLabels(1_000, 3_000, 1_000)).toEqual(['1 000.00', '2 000.00', '3 000.00']);
    expect(axisFormat(50, 0).decimals).toBe(2);
  });

  it('labels one step apart never read the same, whatever the range (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: -6, max: 8 }),
        fc.constantFrom(1, 2, 2.5, 5),
        fc.integer({ min: 2, max: 12 }),
        (start, power, mantissa, count) => {
          const step = mantissa * 10 ** power;
          const min = Math.round(start / step) * step;
          const max = min + count * step;
          const labels = axisLabels(min, max, step);
          expect(new Set(labels).size).toBe(labels.length);
          // One unit for the whole axis.
          expect(new Set(labels.map((label) => label.endsWith(' M'))).size).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('dates', () => {
  it('formats and parses DD.MM.YYYY in UTC', () => {
    expect(formatDateSeconds(1_763_683_200)).toBe('21.11.2025');
    expect(parseDate('21.11.2025')).toBe(1_763_683_200);
    expect(parseDate('31.02.2025')).toBeNull();
    expect(parseDate('2025-11-21')).toBeNull();
  });
});

describe('scalePosition', () => {
  it('places the last price by (last-min)/(max-min) (SPEC §9)', () => {
    expect(scalePosition(150, 100, 200)).toBe(0.5);
    expect(scalePosition(100, 100, 200)).toBe(0);
    expect(scalePosition(250, 100, 200)).toBe(1);
    expect(scalePosition(5, 5, 5)).toBe(0.5);
    expect(scalePosition(5, 10, 1)).toBeNull();
  });
});
