import { describe, expect, it } from 'vitest';
import { readSearchAddress, shownPage, withSearchAddress } from './site-search.address.ts';

describe('the /search/ address', () => {
  it('reads the term, a known tab and a page (1 for none or a bad one)', () => {
    expect(readSearchAddress('?q=+sber+&tab=etf&page=3&lang=eng')).toEqual({
      q: 'sber',
      tab: 'etf',
      page: 3,
    });
    expect(readSearchAddress('?q=sber&tab=shares&page=-2')).toEqual({ q: 'sber', tab: null, page: 1 });
    expect(readSearchAddress('?q=sber&page=2.5')).toEqual({ q: 'sber', tab: null, page: 1 });
    expect(readSearchAddress('')).toEqual({ q: '', tab: null, page: 1 });
  });

  it('writes them and keeps the other parameters; page 1 is left out', () => {
    expect(withSearchAddress('?q=sb&lang=deu&page=4', { q: 'sber', tab: 'bonds', page: 1 })).toBe(
      '?q=sber&lang=deu&tab=bonds',
    );
    expect(withSearchAddress('?lang=deu', { q: 'ОФЗ', tab: 'bonds', page: 2 })).toBe(
      '?lang=deu&q=%D0%9E%D0%A4%D0%97&tab=bonds&page=2',
    );
  });

  it('shows the asked page for the asked term and tab (any tab when none is asked), else 1, at most the last', () => {
    const asked = { q: 'ofz', tab: 'bonds' as const, page: 3 };
    expect(shownPage(asked, 'ofz', 'bonds', 5)).toBe(3);
    expect(shownPage(asked, 'ofz', 'bonds', 2)).toBe(2);
    expect(shownPage(asked, 'ofz', 'stocks', 5)).toBe(1);
    expect(shownPage(asked, 'ofz 2', 'bonds', 5)).toBe(1);
    expect(shownPage({ ...asked, tab: null }, 'ofz', 'stocks', 5)).toBe(3);
    expect(shownPage(asked, 'ofz', 'bonds', 0)).toBe(1);
  });
});
