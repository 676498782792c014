import { describe, expect, it } from 'vitest';
import type { SearchCategory, SearchSuggestion } from './search.ts';
import { bestMatch, foldedWords, matchKind, type BestMatchGroup } from './search-best-match.ts';

function item(
  type: SearchCategory,
  id: number,
  ttl: string,
  extra: Partial<SearchSuggestion> = {},
): SearchSuggestion {
  return {
    id,
    ttl,
    ticker: [],
    status: 1,
    type,
    url: `/${type}/${id}/`,
    isin: null,
    ttl_highlighted: ttl,
    ticker_highlighted: [],
    isin_highlighted: null,
    ...extra,
  };
}

/** What the demo server answers to "sber": matured and traded bonds first in SPEC's tab order. */
const SBER: BestMatchGroup[] = [
  {
    category: 'bonds',
    items: [
      item('bonds', 24, 'Sberbank 001P-SBER15', { isin: 'RU000A101C89', status: 2 }),
      item('bonds', 25, 'Sberbank 001P-SBER16', { isin: 'RU000A101QW2' }),
    ],
  },
  {
    category: 'stocks',
    items: [
      item('stocks', 1, 'Sberbank', { ticker: ['SBER'], isin: 'RU0009029540', url: '/stocks/sber/' }),
      item('stocks', 2, 'Sberbank pref', { ticker: ['SBERP'], isin: 'RU0009029557' }),
    ],
  },
  { category: 'indexes', items: [] },
  { category: 'companies', items: [item('companies', 1, 'Sberbank', { ticker: ['SBER', 'SBERP'] })] },
  { category: 'etf', items: [item('etf', 6, 'Sber Savings', { ticker: ['SBMM'] })] },
];

const found = (groups: BestMatchGroup[], ...terms: string[]) => {
  const match = bestMatch(groups, terms);
  return match && `${match.category}:${match.item.id}:${match.kind}`;
};

describe('best match of a site search', () => {
  it('an exact ticker: "sber" is the stock SBER, not the first bond in tab order nor the issuer', () => {
    expect(found(SBER, 'sber')).toBe('stocks:1:code');
    expect(found(SBER, ' SBERP ')).toBe('stocks:2:code');
  });

  it('an exact ISIN, even of a bond that matured when nothing else matches', () => {
    expect(found(SBER, 'ru000a101c89')).toBe('bonds:24:code');
    expect(found(SBER, 'RU0009029540')).toBe('stocks:1:code');
  });

  it('a name that starts with the term, the shortest name first', () => {
    const groups: BestMatchGroup[] = [
      { category: 'bonds', items: [item('bonds', 3, 'Gazprom Capital 2030')] },
      { category: 'stocks', items: [item('stocks', 9, 'Gazprom Neft'), item('stocks', 3, 'Gazprom')] },
    ];
    expect(found(groups, 'gazpr')).toBe('stocks:3:name');
    expect(found(groups, 'gazprom cap')).toBe('bonds:3:name');
    // A word inside the name is not a prefix of it.
    expect(found(groups, 'neft')).toBeNull();
  });

  it('folds case and accents as the index does (ё is е), and reads the term in the other layout', () => {
    const groups: BestMatchGroup[] = [
      { category: 'stocks', items: [item('stocks', 5, 'Сбербанк'), item('stocks', 7, 'Société Générale')] },
    ];
    expect(found(groups, 'СБЕР')).toBe('stocks:5:name');
    expect(found(groups, 'societe gen')).toBe('stocks:7:name');
    expect(foldedWords('Ёлка, Inc.')).toBe('елка inc');
    expect(found(groups, 'cbth', 'сбер')).toBe('stocks:5:name');
  });

  it('one that trades ranks before a matured or delisted one, however it matches', () => {
    const groups: BestMatchGroup[] = [
      { category: 'bonds', items: [item('bonds', 1, 'Alrosa 2025', { isin: 'RU000A0JXXX1', status: 2 })] },
      { category: 'stocks', items: [item('stocks', 8, 'Alrosa', { ticker: ['ALRS'], status: 2 })] },
      { category: 'etf', items: [item('etf', 4, 'Alrosa Gold Fund', { ticker: ['ALGF'] })] },
    ];
    // All three start with "alrosa": the shorter names have matured or are delisted.
    expect(found(groups, 'alrosa')).toBe('etf:4:name');
    // An exact ticker of a delisted stock is still its best match when nothing traded matches.
    expect(found(groups, 'alrs')).toBe('stocks:8:code');
    // A liquidated issuer ranks after a traded stock.
    const issuers: BestMatchGroup[] = [
      { category: 'companies', items: [item('companies', 2, 'Mechel', { status: 4 })] },
      { category: 'bonds', items: [item('bonds', 9, 'Mechel BO-1')] },
    ];
    expect(found(issuers, 'mechel')).toBe('bonds:9:name');
  });

  it('no match at all, or no term, is null', () => {
    expect(found(SBER, 'bank')).toBeNull();
    expect(bestMatch(SBER, ['', null, undefined])).toBeNull();
    expect(matchKind(SBER[1]!.items[0]!, ['sberbank'])).toBe('name');
  });
});
