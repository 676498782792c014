import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateSeconds, parseDate } from './dates.ts';
import { formatAxisValue, formatNumber, formatPercentChange, scalePosition } from './format.ts';

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

describe('formatAxisValue', () => {
  it('switches to millions with a suffix from 100000 (SPEC §6)', () => {
    expect(formatAxisValue(99_999, 'M').replace(/\u202f/g, ' ')).toBe('99 999.00');
    expect(formatAxisValue(100_000, 'M').replace(/\u202f/g, ' ')).toBe('0.10 M');
    expect(formatAxisValue(2_500_000, 'M').replace(/\u202f/g, ' ')).toBe('2.50 M');
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
