import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertLayout } from './keyboard-layout.ts';

describe('convertLayout', () => {
  it('reads a term typed with the Russian layout on as English, and the other way', () => {
    expect(convertLayout('ыиук')).toBe('sber');
    expect(convertLayout('Ыиук')).toBe('Sber');
    expect(convertLayout('ьщуч')).toBe('moex');
    expect(convertLayout('cgt')).toBe('спе');
    expect(convertLayout('c,th,fyr')).toBe('сбербанк');
    expect(convertLayout('Ufpghjv')).toBe('Газпром');
    expect(convertLayout('[bv')).toBe('хим');
    expect(convertLayout('`krf')).toBe('ёлка');
    // Digits, spaces and signs that are not on letter keys stay.
    expect(convertLayout('КГ000Ф')).toBe('RU000A');
    expect(convertLayout('cnfkm 2024')).toBe('сталь 2024');
  });

  it('has no reading for mixed, letterless or punctuation-turning terms', () => {
    expect(convertLayout('sбер')).toBeNull();
    expect(convertLayout('2024')).toBeNull();
    expect(convertLayout('%%%')).toBeNull();
    // "б", "ю", "ж", "э", "х", "ъ", "ё" sit on punctuation keys: "втб" would read "d,,".
    expect(convertLayout('втб')).toBeNull();
    // Ukrainian letters have no key of the QWERTY layout.
    expect(convertLayout('їжак')).toBeNull();
  });

  it('converts back to what was typed', () => {
    const lettersOnLetterKeys = 'йцукенгшщзфывапролдячсмить';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...lettersOnLetterKeys, ...lettersOnLetterKeys.toUpperCase(), ' ', '1'), {
          minLength: 1,
          maxLength: 12,
        }),
        (chars) => {
          const term = chars.join('');
          const latin = convertLayout(term);
          if (!/\p{L}/u.test(term)) expect(latin).toBeNull();
          else expect(convertLayout(latin!)).toBe(term);
        },
      ),
    );
  });
});
