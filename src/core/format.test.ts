import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateSeconds, parseDate } from './dates.ts';
import {
  axisFormat,
  columnDecimals,
  decimalsNeeded,
  formatAxisValue,
  formatNumber,
  formatPercent,
  formatPercentChange,
  scalePosition,
} from './format.ts';
import { decimalSeparator } from '../contract/format.ts';
import { BCP47, LANGUAGES } from '../contract/types.ts';
import { $lang } from './stores/lang.ts';

describe('formatNumber', () => {
  const plain = (text: string) => text.replace(/\u202f/g, ' ');

  it('separates thousands with a narrow no-break space and keeps 2 decimals', () => {
    expect(formatNumber(1234567.891, 2, 'eng')).toBe('1\u202f234\u202f567.89');
    expect(plain(formatNumber(999.5, 0, 'eng'))).toBe('1 000');
    expect(plain(formatNumber(-1234.5, 2, 'eng'))).toBe('\u22121 234.50');
    expect(formatNumber(-0.001, 2, 'eng')).toBe('0.00');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('writes the decimal separator of each language (CLDR), thousands the same in all', () => {
    const separators = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, plain(formatNumber(-52648192.5, 2, lang))]),
    );
    expect(separators).toEqual({
      rus: '\u221252 648 192,50',
      eng: '\u221252 648 192.50',
      pol: '\u221252 648 192,50',
      ita: '\u221252 648 192,50',
      deu: '\u221252 648 192,50',
      esp: '\u221252 648 192,50',
      chn: '\u221252 648 192.50',
      ukr: '\u221252 648 192,50',
      fra: '\u221252 648 192,50',
      tur: '\u221252 648 192,50',
    });
    // The separator agrees with what the browser's own Intl writes for the language.
    for (const lang of LANGUAGES) {
      const decimal = new Intl.NumberFormat(BCP47[lang]).formatToParts(1.5).find((p) => p.type === 'decimal');
      expect(decimalSeparator(lang), lang).toBe(decimal?.value);
    }
  });

  it('writes the page language by default (the page says German: 305,00)', () => {
    const before = $lang.get();
    try {
      $lang.set('deu');
      expect(formatNumber(305)).toBe('305,00');
      expect(formatPercent(6.6, 1)).toBe('6,6\u202f%');
      expect(`${formatNumber(3.303, 3)} / ${formatNumber(3.305, 3)}`).toBe('3,303 / 3,305');
      $lang.set('eng');
      expect(formatNumber(305)).toBe('305.00');
    } finally {
      $lang.set(before);
    }
  });

  it('round-trips any number to 2 decimals in every language', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom(...LANGUAGES),
        (value, lang) => {
          const text = formatNumber(value, 2, lang)
            .replace(/\u202f/g, '')
            .replace('\u2212', '-')
            .replace(',', '.');
          expect(Number(text)).toBeCloseTo(Number(value.toFixed(2)), 2);
        },
      ),
    );
  });
});

describe('formatPercentChange', () => {
  it('signs rises, falls and no change', () => {
    expect(formatPercentChange(3.456, 2, 'eng')).toBe('+3.46%');
    expect(formatPercentChange(-0.1, 2, 'eng')).toBe('\u22120.10%');
    expect(formatPercentChange(0, 2, 'eng')).toBe('0.00%');
    expect(formatPercentChange(0.001, 2, 'eng')).toBe('0.00%');
  });

  it('puts the percent sign where the language does', () => {
    expect(formatPercentChange(3.456, 2, 'deu')).toBe('+3,46\u202f%');
    expect(formatPercentChange(-3.456, 2, 'rus')).toBe('\u22123,46\u202f%');
    expect(formatPercentChange(3.456, 2, 'pol')).toBe('+3,46%');
    expect(formatPercentChange(3.456, 2, 'tur')).toBe('+%3,46');
    expect(formatPercent(6.6, 1, 'chn')).toBe('6.6%');
    expect(formatPercent(6.6, 1, 'fra')).toBe('6,6\u202f%');
  });
});

describe('columnDecimals', () => {
  it('gives every cell of a column the decimals its most precise value needs', () => {
    expect(columnDecimals([46919939, 52648192.5, null, '***'])).toBe(1);
    expect(columnDecimals([1, 2, 3])).toBe(0);
    expect(columnDecimals([1.25, 2])).toBe(2);
    // Capped: noise and long fractions do not widen a column past the cap.
    expect(columnDecimals([0.1 + 0.2, 1.717499])).toBe(2);
    expect(columnDecimals([1], 2)).toBe(2);
    expect(decimalsNeeded(0.125, 6)).toBe(3);
  });
});

describe('axis labels', () => {
  const plain = (text: string) => text.replace(/\u202f/g, ' ');
  /** The labels of an axis from `min` to `max` every `step`, as one axis writes them. */
  const axisLabels = (min: number, max: number, step: number, suffix = 'M') => {
    const format = axisFormat(Math.max(Math.abs(min), Math.abs(max)), step);
    const labels: string[] = [];
    for (let i = 0; min + i * step <= max + step / 2; i++)
      labels.push(plain(formatAxisValue(min + i * step, format, suffix, 'eng')));
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
    expect(plain(formatAxisValue(2_500_000, axisFormat(3_000_000, 500_000), 'mln', 'eng'))).toBe('2.50 mln');
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
