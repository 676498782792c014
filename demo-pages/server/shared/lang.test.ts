import { describe, expect, it } from 'vitest';
import { localName, UNTRANSLATED_MARK } from './lang.ts';

describe('localName', () => {
  it('keeps the stored Russian and English names', () => {
    expect(localName('rus', 'Выручка', 'Revenue')).toBe('Выручка');
    expect(localName('eng', 'Выручка', 'Revenue')).toBe('Revenue');
  });

  it('translates the other languages, a RAS line keeping its form code', () => {
    expect(localName('deu', 'Выручка', 'Revenue')).toBe('Umsatzerlöse');
    expect(localName('ukr', 'Выручка (2110)', 'Revenue (2110)')).toBe('Виручка (2110)');
    expect(localName('fra', 'В свободном обращении', 'Free float')).toBe('Flottant');
  });

  it('writes a name without a translation in English with a visible mark', () => {
    expect(UNTRANSLATED_MARK.trim()).not.toBe('');
    expect(localName('pol', 'Новая строка', 'A new line')).toBe(`A new line${UNTRANSLATED_MARK}`);
  });
});
