import { describe, expect, it } from 'vitest';
import type { RelatedLink } from './company.ts';
import {
  formatShare,
  holdingText,
  linkHolding,
  mainIssuerName,
  parseRelatedSort,
  RELATED_COLUMNS,
  relatedRows,
  relatedSortKeys,
  sortRelatedRows,
  type RelatedRow,
} from './related-links.ts';

const MAIN = 1;

function link(
  emitent_id: number,
  emitent_name: string,
  share: number | null,
  parent: [number, string] = [MAIN, 'Сбербанк'],
  rel: RelatedLink['rel_type'] = share === null ? 'affiliate' : share > 50 ? 'subsidiary' : 'investment',
): RelatedLink {
  return {
    emitent_id,
    emitent_name,
    rel_type: rel,
    rel_type_name: rel,
    share,
    parent_emitent_id: parent[0],
    parent_emitent_name: parent[1],
    url: emitent_id < 100 ? `/company/${emitent_id}/` : null,
  };
}

/** A group as the server sends it: own links and the group's, in no useful order. */
const LINKS: RelatedLink[] = [
  link(30, 'Газпром нефть', 12.5, [2, 'Газпром']),
  link(201, 'Фонд «Вклад в будущее»', null),
  link(202, 'ДомКлик', 100),
  link(10, 'Московская биржа', 9.87),
  link(203, 'Эвотор', 40.25, [MAIN, 'Сбербанк'], 'associate'),
  link(204, 'Центр недвижимости от Сбербанка', 100, [202, 'ДомКлик']),
  link(205, 'Авто', null, [202, 'ДомКлик']),
  link(206, 'Банк России', 11.9, [10, 'Московская биржа'], 'shareholder'),
  link(207, 'Аптека', 100),
];

const names = (rows: readonly RelatedRow[]) => rows.map((row) => row.issuer);

describe('relatedRows: the default order', () => {
  it('puts the main issuer’s own links first, then share descending with no share last, then the name', () => {
    expect(names(relatedRows(LINKS, MAIN, 'rus'))).toEqual([
      // Own links: 100, 100 (by name), 40.25, 9.87, no share.
      'Аптека',
      'ДомКлик',
      'Эвотор',
      'Московская биржа',
      'Фонд «Вклад в будущее»',
      // The group's.
      'Центр недвижимости от Сбербанка',
      'Газпром нефть',
      'Банк России',
      'Авто',
    ]);
  });

  it('keeps each row’s link, its other end and its page through the one allow-list', () => {
    const hostile = { ...link(5, '<img src=x onerror=alert(1)>', 10), url: 'javascript:alert(1)' };
    const [row] = relatedRows([hostile], MAIN, 'eng');
    expect(row).toMatchObject({
      issuer: '<img src=x onerror=alert(1)>',
      holding: 'Сбербанк → <img src=x onerror=alert(1)>',
      relation: 'investment',
      share: 10,
      direct: true,
      href: null,
      link: hostile,
    });
    expect(relatedRows([link(7, 'A', 1)], MAIN, 'eng')[0]!.href).toBe('/company/7/');
  });

  it('names the main issuer from either end of its links', () => {
    expect(mainIssuerName(LINKS, MAIN)).toBe('Сбербанк');
    expect(mainIssuerName([link(1, 'Сбербанк', 10, [10, 'Биржа'])], MAIN)).toBe('Сбербанк');
    expect(mainIssuerName([], MAIN)).toBeNull();
  });
});

describe('linkHolding: who holds whom', () => {
  it('reads a stake from the parent to the linked company, a shareholder the other way, an affiliate without direction', () => {
    const [subsidiary, shareholder, affiliate] = [LINKS[2]!, LINKS[7]!, LINKS[1]!];
    expect(linkHolding(subsidiary)).toEqual({
      holderId: MAIN,
      holderName: 'Сбербанк',
      heldId: 202,
      heldName: 'ДомКлик',
      directed: true,
    });
    // The Bank of Russia comes as the exchange's "shareholder": it holds the exchange.
    expect(linkHolding(shareholder)).toEqual({
      holderId: 206,
      holderName: 'Банк России',
      heldId: 10,
      heldName: 'Московская биржа',
      directed: true,
    });
    expect(linkHolding(affiliate).directed).toBe(false);
    expect(holdingText(linkHolding(shareholder))).toBe('Банк России → Московская биржа');
    expect(holdingText(linkHolding(affiliate))).toBe('Сбербанк ↔ Фонд «Вклад в будущее»');
  });
});

describe('sortRelatedRows: any column, both ways', () => {
  const rows = relatedRows(LINKS, MAIN, 'rus');

  it('sorts the linked companies by name both ways', () => {
    const ascending = names(sortRelatedRows(rows, 'issuer', 'asc', 'rus'));
    expect(ascending).toEqual([...ascending].sort(new Intl.Collator('ru').compare));
    expect(ascending[0]).toBe('Авто');
    expect(names(sortRelatedRows(rows, 'issuer', 'desc', 'rus'))).toEqual([...ascending].reverse());
  });

  it('sorts by who holds whom both ways, equal texts keeping the default order (stable)', () => {
    const holdings = (order: 'asc' | 'desc') =>
      sortRelatedRows(rows, 'holding', order, 'rus').map((row) => row.holding);
    expect(holdings('asc')).toEqual([
      'Банк России → Московская биржа',
      'Газпром → Газпром нефть',
      'ДомКлик → Центр недвижимости от Сбербанка',
      'ДомКлик ↔ Авто',
      'Сбербанк → Аптека',
      'Сбербанк → ДомКлик',
      'Сбербанк → Московская биржа',
      'Сбербанк → Эвотор',
      'Сбербанк ↔ Фонд «Вклад в будущее»',
    ]);
    expect(holdings('desc')).toEqual([...holdings('asc')].reverse());
  });

  it('sorts by relation both ways', () => {
    const relations = (order: 'asc' | 'desc') =>
      sortRelatedRows(rows, 'relation', order, 'eng').map((row) => row.relation);
    expect(relations('asc')).toEqual([
      'affiliate',
      'affiliate',
      'associate',
      'investment',
      'investment',
      'shareholder',
      'subsidiary',
      'subsidiary',
      'subsidiary',
    ]);
    expect(relations('desc')).toEqual([...relations('asc')].reverse());
  });

  it('sorts by share both ways with no share last in both', () => {
    const shares = (order: 'asc' | 'desc') =>
      sortRelatedRows(rows, 'share', order, 'rus').map((row) => row.share);
    expect(shares('asc')).toEqual([9.87, 11.9, 12.5, 40.25, 100, 100, 100, null, null]);
    expect(shares('desc')).toEqual([100, 100, 100, 40.25, 12.5, 11.9, 9.87, null, null]);
    // Equal shares keep the default order in both directions.
    const hundreds = (order: 'asc' | 'desc') =>
      names(sortRelatedRows(rows, 'share', order, 'rus').filter((row) => row.share === 100));
    expect(hundreds('asc')).toEqual(['Аптека', 'ДомКлик', 'Центр недвижимости от Сбербанка']);
    expect(hundreds('desc')).toEqual(hundreds('asc'));
    expect(names(sortRelatedRows(rows, 'share', 'desc', 'rus')).slice(-2)).toEqual([
      'Фонд «Вклад в будущее»',
      'Авто',
    ]);
  });

  it('collates names in the page language: Russian ё and case, Chinese by its locale', () => {
    const russian = relatedRows(
      [link(301, 'Ёлка', 1), link(302, 'ежевика', 1), link(303, 'Жук', 1), link(304, 'Енот', 1)],
      MAIN,
      'rus',
    );
    // Ё files with Е and case does not split the alphabet; a code-point sort gives Ёлка Енот Жук ежевика.
    expect(names(sortRelatedRows(russian, 'issuer', 'asc', 'rus'))).toEqual([
      'ежевика',
      'Ёлка',
      'Енот',
      'Жук',
    ]);
    const chinese = relatedRows(
      [link(401, '中国银行', 1), link(402, '阿里巴巴', 1), link(403, '百度', 1)],
      MAIN,
      'chn',
    );
    // Pinyin order of zh-CN: ā (阿), b (百), z (中); a code-point sort gives 中 百 阿.
    expect(names(sortRelatedRows(chinese, 'issuer', 'asc', 'chn'))).toEqual(['阿里巴巴', '百度', '中国银行']);
    expect(names(sortRelatedRows(chinese, 'issuer', 'desc', 'chn'))).toEqual([
      '中国银行',
      '百度',
      '阿里巴巴',
    ]);
  });

  it('gives sort keys that order as the sort does, for a table that sorts numbers', () => {
    for (const column of RELATED_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        const keys = relatedSortKeys(rows, column, 'rus');
        const byKeys = rows
          .map((row, index) => ({ row, key: keys[index] ?? null, index }))
          .sort((a, b) => {
            if (a.key === null || b.key === null)
              return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
            return (order === 'asc' ? a.key - b.key : b.key - a.key) || a.index - b.index;
          })
          .map((entry) => entry.row);
        expect(byKeys, `${column} ${order}`).toEqual(sortRelatedRows(rows, column, order, 'rus'));
        expect(
          keys.every((key) => key === null || key > 0),
          'no key reads as an empty 0',
        ).toBe(true);
      }
    }
  });
});

describe('formatShare and parseRelatedSort', () => {
  it('formats shares in the page number format, and no share as null', () => {
    expect(formatShare(12.5)).toBe('12.50%');
    expect(formatShare(100)).toBe('100%');
    expect(formatShare(0.07)).toBe('0.07%');
    expect(formatShare(null)).toBeNull();
  });

  it('reads ?related_sort= and refuses anything else', () => {
    expect(parseRelatedSort('share-desc')).toEqual({ column: 'share', order: 'desc' });
    expect(parseRelatedSort('issuer-asc')).toEqual({ column: 'issuer', order: 'asc' });
    for (const bad of ['share', 'price-asc', 'share-up', '', undefined, ['share-asc']]) {
      expect(parseRelatedSort(bad)).toBeNull();
    }
  });
});
