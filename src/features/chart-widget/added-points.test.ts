import { describe, expect, it } from 'vitest';
import chartLabels from '../../../demo-pages/data/labels/chart.json' with { type: 'json' };
import { LANGUAGES } from '../../contract/types.ts';
import { ADDED_POINT_ERRORS, checkAddedPoint, parseLocalNumber, POINT_NAME_MAX } from './added-points.ts';

describe('added point form', () => {
  it('reads numbers in the page language: a decimal comma in rus and deu, a dot in eng and chn', () => {
    expect(parseLocalNumber('2,5', 'rus')).toBe(2.5);
    expect(parseLocalNumber(' 1\u202f234,75 ', 'deu')).toBe(1234.75);
    expect(parseLocalNumber('\u22123,1', 'fra')).toBe(-3.1);
    expect(parseLocalNumber('2.5', 'eng')).toBe(2.5);
    expect(parseLocalNumber('+.5', 'chn')).toBe(0.5);
    // The other language's separator is refused, not guessed: "1.250" is not 1.25 in German.
    expect(parseLocalNumber('1.250', 'deu')).toBeNull();
    expect(parseLocalNumber('2,5', 'eng')).toBeNull();
    expect(parseLocalNumber('1e3', 'eng')).toBeNull();
    expect(parseLocalNumber(',', 'rus')).toBeNull();
    expect(parseLocalNumber('9'.repeat(400), 'eng')).toBeNull();
  });

  it('gives the point when every field is right, the name tidied', () => {
    expect(checkAddedPoint({ duration: '3,25', yield: '−1,5', pointName: '  My\tbond  ' }, 'rus')).toEqual({
      ok: true,
      point: { duration: 3.25, yield: -1.5, pointName: 'My bond' },
    });
  });

  it('names each refused field with its message key', () => {
    expect(checkAddedPoint({ duration: '', yield: ' ', pointName: '   ' }, 'eng')).toEqual({
      ok: false,
      errors: {
        duration: ADDED_POINT_ERRORS.durationRequired,
        yield: ADDED_POINT_ERRORS.yieldRequired,
        pointName: ADDED_POINT_ERRORS.nameRequired,
      },
    });
    expect(
      checkAddedPoint({ duration: '0', yield: '2,5', pointName: 'x'.repeat(POINT_NAME_MAX + 1) }, 'eng'),
    ).toEqual({
      ok: false,
      errors: {
        duration: ADDED_POINT_ERRORS.durationPositive,
        yield: ADDED_POINT_ERRORS.numberInvalid,
        pointName: ADDED_POINT_ERRORS.nameTooLong,
      },
    });
    expect(checkAddedPoint({ duration: '-1', yield: '5', pointName: 'ok' }, 'eng')).toMatchObject({
      errors: { duration: ADDED_POINT_ERRORS.durationPositive },
    });
  });

  it('counts the name in characters a reader sees: 60 emoji are allowed', () => {
    const result = checkAddedPoint(
      { duration: '1', yield: '1', pointName: '📈'.repeat(POINT_NAME_MAX) },
      'eng',
    );
    expect(result.ok).toBe(true);
  });

  it('has every message in the ten languages, with the number example in each language format', () => {
    const labels = chartLabels as Record<string, Record<string, string>>;
    for (const key of Object.values(ADDED_POINT_ERRORS)) {
      for (const lang of LANGUAGES) expect(labels[key]?.[lang], `${key}.${lang}`).toBeTruthy();
    }
    for (const lang of LANGUAGES) {
      const example = labels[ADDED_POINT_ERRORS.numberInvalid]![lang]!.match(/\d[.,]\d/)?.[0];
      expect(parseLocalNumber(example ?? '', lang), lang).toBe(2.5);
    }
  });
});
