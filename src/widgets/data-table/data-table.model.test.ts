import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDisplayList,
  cellText,
  collationKey,
  cutText,
  hiddenColumnFields,
  isEmptyOrZero,
  isRowRevealed,
  isMissingValue,
  mobileColumnPage,
  nextSort,
  parseNumber,
  rowsWithinLimit,
  sortOrder,
  sortRows,
  textRanks,
  virtualWindow,
  type DisplayItem,
} from './data-table.model.ts';
import type { TableColumn, TableRow, TableSort } from './data-table.types.ts';

const NARROW = '\u202f';
const NBSP = '\u00a0';

function values(rows: TableRow[], field: string): unknown[] {
  return rows.map((row) => row[field]);
}

function sorted(rows: TableRow[], field: string, order: 'asc' | 'desc'): unknown[] {
  return values(sortRows(rows, { field, order }), field);
}

function rowIndexes(items: DisplayItem[]): number[] {
  return items.flatMap((item) => (item.kind === 'row' ? [item.index] : []));
}

describe('sort cycle (SPEC §4)', () => {
  it('goes none → asc → desc → cleared, and another column starts at asc', () => {
    let sort: TableSort | null = null;
    sort = nextSort(sort, 'price');
    expect(sort).toEqual({ field: 'price', order: 'asc' });
    sort = nextSort(sort, 'price');
    expect(sort).toEqual({ field: 'price', order: 'desc' });
    sort = nextSort(sort, 'price');
    expect(sort).toBeNull();
    expect(nextSort({ field: 'price', order: 'desc' }, 'name')).toEqual({ field: 'name', order: 'asc' });
  });

  it('cleared returns the server order', () => {
    const rows = [{ v: 3 }, { v: 1 }, { v: 2 }];
    expect(sortRows(rows, null)).toEqual(rows);
    expect(Array.from(sortOrder(rows, null))).toEqual([0, 1, 2]);
  });
});

describe('sort order', () => {
  it('compares numbers and numeric strings by value, with any kind of space and minus', () => {
    const rows = [
      { v: `1${NARROW}234.5` },
      { v: 99 },
      { v: `−5` },
      { v: `10${NBSP}000` },
      { v: '2 000,75' },
      { v: '+3.5%' },
      { v: 0 },
    ];
    expect(sorted(rows, 'v', 'asc')).toEqual([
      '−5',
      0,
      '+3.5%',
      99,
      `1${NARROW}234.5`,
      '2 000,75',
      `10${NBSP}000`,
    ]);
  });

  it("puts '***', null, empty and dashes last in both orders", () => {
    const rows = [
      { v: '***' },
      { v: 5 },
      { v: null },
      { v: 1 },
      { v: '' },
      { v: { val: '***' } },
      { v: 3 },
      { v: '—' },
    ];
    const missing = ['***', null, '', { val: '***' }, '—'];
    expect(sorted(rows, 'v', 'asc')).toEqual([1, 3, 5, ...missing]);
    expect(sorted(rows, 'v', 'desc')).toEqual([5, 3, 1, ...missing]);
  });

  it('is stable: equal keys keep the server order in both directions', () => {
    const rows = [
      { v: 2, id: 'a' },
      { v: 1, id: 'b' },
      { v: 2, id: 'c' },
      { v: 1, id: 'd' },
    ];
    expect(values(sortRows(rows, { field: 'v', order: 'asc' }), 'id')).toEqual(['b', 'd', 'a', 'c']);
    expect(values(sortRows(rows, { field: 'v', order: 'desc' }), 'id')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('sorts texts naturally (numbers inside texts, case), cell objects by val, tags ignored', () => {
    const rows = [
      { v: 'Bond 10' },
      { v: { val: 'apple', lnk: '/x/' } },
      { v: '<b>Bond 9</b>' },
      { v: 'Banana' },
    ];
    expect(values(sortRows(rows, { field: 'v', order: 'asc' }), 'v').map(cellText)).toEqual([
      'apple',
      'Banana',
      'Bond 9',
      'Bond 10',
    ]);
  });

  it('orders DD.MM.YYYY dates by time, not as text', () => {
    const rows = [{ d: '01.02.2024' }, { d: '15.01.2025' }, { d: '31.12.2023' }, { d: '02.01.2024' }];
    expect(sorted(rows, 'd', 'asc')).toEqual(['31.12.2023', '02.01.2024', '01.02.2024', '15.01.2025']);
  });

  it('puts numbers before texts ascending and after them descending', () => {
    const rows = [{ v: 'n/a' }, { v: 2 }, { v: 'abc' }, { v: 1 }];
    expect(sorted(rows, 'v', 'asc')).toEqual([1, 2, 'abc', 'n/a']);
    expect(sorted(rows, 'v', 'desc')).toEqual(['n/a', 'abc', 2, 1]);
  });
});

// Random cells of every kind a server sends.
const cellArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n.toLocaleString('ru-RU')),
  fc.constantFrom('***', null, '', '—', '0', '0.00'),
  fc.string({ maxLength: 12 }),
  fc.record({ val: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)) }),
);
const rowsArbitrary = fc.array(fc.record({ a: cellArbitrary, b: cellArbitrary, c: cellArbitrary }), {
  maxLength: 60,
});
const fieldArbitrary = fc.constantFrom('a', 'b', 'c');
const orderArbitrary = fc.constantFrom('asc' as const, 'desc' as const);

describe('sort properties over random tables', () => {
  it('is a permutation of the rows', () => {
    fc.assert(
      fc.property(rowsArbitrary, fieldArbitrary, orderArbitrary, (rows, field, order) => {
        const order_ = Array.from(sortOrder(rows, { field, order }));
        expect([...order_].sort((x, y) => x - y)).toEqual(rows.map((_, index) => index));
      }),
    );
  });

  it('keeps missing values last, in server order, in both directions', () => {
    fc.assert(
      fc.property(rowsArbitrary, fieldArbitrary, orderArbitrary, (rows, field, order) => {
        const result = sortRows(rows, { field, order });
        const firstMissing = result.findIndex((row) => isMissingValue(row[field]));
        if (firstMissing === -1) return;
        const tail = result.slice(firstMissing);
        expect(tail.every((row) => isMissingValue(row[field]))).toBe(true);
        expect(tail).toEqual(rows.filter((row) => isMissingValue(row[field])));
      }),
    );
  });

  it('desc is asc reversed when the keys are distinct', () => {
    const distinct = fc.uniqueArray(fc.integer({ min: -1e6, max: 1e6 }), { maxLength: 80 });
    fc.assert(
      fc.property(distinct, fc.boolean(), (numbers, asText) => {
        const rows = numbers.map((n) => ({ v: asText ? n.toLocaleString('ru-RU') : n }));
        const asc = sortRows(rows, { field: 'v', order: 'asc' });
        const desc = sortRows(rows, { field: 'v', order: 'desc' });
        expect([...asc].reverse()).toEqual(desc);
      }),
    );
  });

  it('ascending is non-decreasing for numeric columns, and ties keep the server order', () => {
    const numbers = fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 80 });
    fc.assert(
      fc.property(numbers, (list) => {
        const rows = list.map((n, id) => ({ v: n, id }));
        const result = sortRows(rows, { field: 'v', order: 'asc' });
        for (let index = 1; index < result.length; index++) {
          const previous = result[index - 1]!;
          const current = result[index]!;
          expect(Number(previous.v) <= Number(current.v)).toBe(true);
          if (previous.v === current.v) expect(Number(previous.id) < Number(current.id)).toBe(true);
        }
      }),
    );
  });

  it('cleared (null sort) after any sort gives the server order back', () => {
    fc.assert(
      fc.property(rowsArbitrary, fieldArbitrary, (rows, field) => {
        let sort: TableSort | null = null;
        for (let click = 0; click < 3; click++) sort = nextSort(sort, field);
        expect(sort).toBeNull();
        expect(sortRows(rows, sort)).toEqual(rows);
      }),
    );
  });
});

describe('fast text keys', () => {
  const tableChars = [
    ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
    ...Array.from({ length: 0x60 }, (_, index) => String.fromCharCode(0x400 + index)),
    '\u0490',
    '\u0491',
  ];
  const text = fc.string({ unit: fc.constantFrom(...tableChars), maxLength: 8 });
  const sign = (n: number) => Math.sign(n);

  it.each([undefined, 'ru', 'en'])(
    'order ASCII and Cyrillic texts exactly as the collator (%s) does',
    (locale) => {
      const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
      fc.assert(
        fc.property(text, text, (a, b) => {
          const keyA = collationKey(a, collator);
          const keyB = collationKey(b, collator);
          expect(keyA < keyB ? -1 : keyA > keyB ? 1 : 0).toBe(sign(collator.compare(a, b)));
        }),
        { numRuns: 3000 },
      );
    },
  );

  it('rank texts the same with and without the fast path', () => {
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    fc.assert(
      fc.property(fc.uniqueArray(text, { maxLength: 30 }), (texts) => {
        const fast = textRanks([...texts], collator);
        // One text outside the fast alphabet sends the column through the collator.
        const slow = textRanks([...texts, 'Ω'], collator);
        for (const a of texts)
          for (const b of texts)
            expect(sign(fast.get(a)! - fast.get(b)!)).toBe(sign(slow.get(a)! - slow.get(b)!));
      }),
      { numRuns: 300 },
    );
  });

  it('give case variants and leading zeros one rank, so they keep the server order', () => {
    const ranks = textRanks(['Сбер', 'сБЕР', 'Bond 007', 'Bond 7', 'Ёлка', 'Елка']);
    expect(ranks.get('Сбер')).toBe(ranks.get('сБЕР'));
    expect(ranks.get('Bond 007')).toBe(ranks.get('Bond 7'));
    expect(ranks.get('Ёлка')).toBe(ranks.get('Елка'));
  });
});

describe('cell text (SPEC §5 text cut)', () => {
  it('strips tags and decodes entities', () => {
    expect(cellText('<b>Sber</b>bank &amp; Co<br/>PJSC')).toBe('Sberbank & Co PJSC');
    expect(cellText({ val: '<i>x</i>' })).toBe('x');
    expect(cellText(1234.5)).toBe('1234.5');
    expect(cellText(null)).toBe('');
  });

  it('cuts text over 80 characters to 80 plus an ellipsis, and leaves 80 alone', () => {
    const eighty = 'x'.repeat(80);
    expect(cutText(eighty)).toEqual({ text: eighty, cut: false });
    expect(cutText(`${eighty}yz`)).toEqual({ text: `${eighty}…`, cut: true });
  });

  it('counts characters after the tags are stripped', () => {
    const text = `<a href="/very/long/address/that/makes/the/markup/long">${'y'.repeat(70)}</a>`;
    expect(cutText(cellText(text)).cut).toBe(false);
  });

  it('never leaves more than 81 characters, and keeps the start of the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'grapheme' }), (text) => {
        const result = cutText(text);
        expect(Array.from(result.text).length).toBeLessThanOrEqual(81);
        if (result.cut) expect(text.startsWith(result.text.slice(0, -1))).toBe(true);
        else expect(result.text).toBe(text);
      }),
    );
  });

  it('keeps text that only looks like markup: a < not opening a tag, a > alone', () => {
    expect(cellText('A < B > C')).toBe('A < B > C');
    expect(cellText('ООО ‹Альфа>')).toBe('ООО ‹Альфа>');
    expect(cellText('x<y')).toBe('x<y');
    expect(cellText('1 <2 and 3> 0')).toBe('1 <2 and 3> 0');
    expect(cellText('a <= b, c >= d')).toBe('a <= b, c >= d');
    expect(cellText('<<b>>')).toBe('<>');
    expect(cellText({ val: 'P/E < 5' })).toBe('P/E < 5');
  });

  it('strips real tags, comments and doctype-like markup with their attributes', () => {
    expect(cellText('<a href="/x/?a=1&amp;b=2" title="t">Sber</a>')).toBe('Sber');
    expect(cellText('<span class="rise">+1.5</span>%')).toBe('+1.5%');
    expect(cellText('Q1<br>Q2<BR />Q3')).toBe('Q1 Q2 Q3');
    expect(cellText('a<!-- note -->b')).toBe('ab');
    expect(cellText('<script>alert(1)</script>')).toBe('alert(1)');
  });

  it('decodes the common entities once, so escaped markup stays text', () => {
    expect(cellText('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
    expect(cellText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(cellText('AT&amp;T &quot;x&quot; &#39;y&#39; &#x41;&nbsp;B')).toBe('AT&T "x" \'y\' A\u00a0B');
    expect(cellText('R&D &copy; &unknown; &#0; &#xD800;')).toBe('R&D &copy; &unknown; &#0; &#xD800;');
  });

  it('shows any text without < or & exactly as sent', () => {
    const plain = fc.string({ maxLength: 120, unit: 'grapheme' }).filter((text) => !/[<&]/.test(text));
    fc.assert(
      fc.property(plain, (text) => {
        expect(cellText(text)).toBe(text);
        expect(cellText({ val: text, lnk: '/x/' })).toBe(text);
      }),
    );
  });

  it('keeps text around a < that does not open a tag, and strips only whole tags', () => {
    const plain = fc.string({ maxLength: 30 }).filter((text) => !/[<>&]/.test(text));
    const notTagStart = fc.constantFrom(' ', '=', '1', '-', '‹', '.', '>');
    fc.assert(
      fc.property(plain, notTagStart, plain, plain, (before, next, inside, after) => {
        const text = `${before}<${next}${inside}>${after}`;
        expect(cellText(text)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(
        plain,
        fc.constantFrom('b', 'span', 'a href="/x/"', 'br/'),
        plain,
        (before, tag, inside) => {
          expect(cellText(`${before}<${tag}>${inside}</${tag.split(' ')[0]}>`)).toBe(
            tag === 'br/' ? `${before} ${inside}` : `${before}${inside}`,
          );
        },
      ),
    );
  });

  it('reads numbers with spaces, commas and signs, and nothing else', () => {
    expect(parseNumber(`1${NARROW}234${NBSP}567,5`)).toBe(1234567.5);
    expect(parseNumber('1,234,567')).toBe(1234567);
    expect(parseNumber('1.234.567,8')).toBe(1234567.8);
    expect(parseNumber(' +12,5 % ')).toBe(12.5);
    expect(parseNumber('1.2.3')).toBeNull();
    expect(parseNumber('--5')).toBeNull();
    expect(parseNumber('.')).toBeNull();
    expect(parseNumber('−0.25%')).toBe(-0.25);
    expect(parseNumber('12.05.2024')).toBeNull();
    expect(parseNumber('RUB')).toBeNull();
  });
});

describe('column hiding (SPEC §5)', () => {
  const columns: TableColumn[] = [
    { field: 'name', title: 'Name' },
    { field: 'zero', title: 'Zero' },
    { field: 'empty', title: 'Empty' },
    { field: 'masked', title: 'Masked' },
    { field: 'kept', title: 'Kept', alwaysShown: true },
  ];

  it('hides columns that are entirely empty or 0 unless always shown; *** is a value', () => {
    const rows = [
      { name: 'A', zero: 0, empty: null, masked: '***', kept: 0 },
      { name: 'B', zero: '0.00', empty: '', masked: '***', kept: null },
      { name: 'C', zero: { val: 0 }, empty: { val: null }, masked: '***', kept: '' },
    ];
    expect([...hiddenColumnFields(columns, rows)]).toEqual(['zero', 'empty']);
  });

  it('hides nothing in a table without rows: the header stays for the empty state', () => {
    expect([...hiddenColumnFields(columns, [])]).toEqual([]);
  });

  it('shows a column with a single value', () => {
    const rows = [{ zero: 0 }, { zero: 0.5 }];
    expect(hiddenColumnFields(columns, rows).has('zero')).toBe(false);
  });

  it('hides exactly the all-empty-or-0 columns of random tables', () => {
    const emptyCell = fc.constantFrom<unknown>(
      null,
      '',
      0,
      '0',
      '0,00',
      { val: null },
      { val: 0 },
      undefined,
    );
    const fullCell = fc.oneof(
      fc.integer({ min: 1, max: 1000 }),
      fc.constantFrom<unknown>('***', 'text', { val: 'x' }, -3),
    );
    const table = fc.array(
      fc.record({ a: fc.oneof(emptyCell, fullCell), b: emptyCell, c: fc.oneof(emptyCell, fullCell) }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(table, fc.boolean(), (rows, keepB) => {
        const cols: TableColumn[] = ['a', 'b', 'c'].map((field) => ({
          field,
          title: field,
          alwaysShown: field === 'b' && keepB,
        }));
        const expected = cols
          .filter(
            (column) =>
              !column.alwaysShown && rows.every((row: TableRow) => isEmptyOrZero(row[column.field])),
          )
          .map((column) => column.field);
        expect([...hiddenColumnFields(cols, rows)]).toEqual(expected);
        expect(hiddenColumnFields(cols, rows).has('b')).toBe(!keepB);
      }),
    );
  });
});

describe('limits (SPEC §4, §9)', () => {
  const rows = Array.from({ length: 12 }, (_, index) => ({ v: index }));
  const order = Array.from(rows.keys());
  const closed = { prev: false, next: false };

  it.each([5, 6, 7, 100, 1000])('limit %i: collapsed shows the limit, expanded shows all', (limit) => {
    const collapsed = buildDisplayList(rows, { order, reveal: closed, limit });
    expect(collapsed.shown).toBe(Math.min(limit, 12));
    expect(collapsed.limited).toBe(limit < 12);
    const expanded = buildDisplayList(rows, { order, reveal: closed, limit, expanded: true });
    expect(expanded.shown).toBe(12);
    expect(expanded.limited).toBe(false);
  });

  it('limit 0 means no limit', () => {
    expect(buildDisplayList(rows, { order, reveal: closed, limit: 0 }).shown).toBe(12);
    expect(rowsWithinLimit(12, 0, false)).toBe(12);
  });

  it('cuts the sorted rows, not the server order', () => {
    const list = buildDisplayList(rows, { order: [11, 10, 9, 8, 7, 6], reveal: closed, limit: 5 });
    expect(rowIndexes(list.items)).toEqual([11, 10, 9, 8, 7]);
    expect(list.items.map((item) => (item.kind === 'row' ? item.number : 0))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('row reveals and hidden rows (SPEC §3 Table row)', () => {
  const rows: TableRow[] = [
    { v: 'p1', show: 'prev' },
    { v: 'p2', show: 'prev' },
    { v: 'main' },
    { v: '…', show: 'hide' },
    { v: 'n1', show: 'next' },
    { v: 'secret', hidden: true },
  ];
  const order = Array.from(rows.keys());

  it('shows prev/next rows only when revealed, hide rows only when nothing is, hidden rows never', () => {
    const closed = buildDisplayList(rows, { order, reveal: { prev: false, next: false } });
    expect(closed.items[0]).toEqual({ kind: 'reveal', which: 'prev', open: false });
    expect(closed.items.at(-1)).toEqual({ kind: 'reveal', which: 'next', open: false });
    expect(rowIndexes(closed.items)).toEqual([2, 3]);

    const prev = buildDisplayList(rows, { order, reveal: { prev: true, next: false } });
    expect(rowIndexes(prev.items)).toEqual([0, 1, 2]);
    expect(prev.items[0]).toEqual({ kind: 'reveal', which: 'prev', open: true });

    const both = buildDisplayList(rows, { order, reveal: { prev: true, next: true } });
    expect(rowIndexes(both.items)).toEqual([0, 1, 2, 4]);
  });

  it('has no reveal links without prev/next rows', () => {
    const list = buildDisplayList([{ v: 1 }, { v: 2 }], {
      order: [0, 1],
      reveal: { prev: false, next: false },
    });
    expect(list.items.every((item) => item.kind === 'row')).toBe(true);
  });
});

describe('groups', () => {
  const rows = [
    { g: 'Banks', v: 3 },
    { g: 'Oil', v: 1 },
    { g: 'Banks', v: 2 },
    { g: 'Oil', v: 5 },
    { g: 'Metals', v: 4 },
  ];
  const reveal = { prev: false, next: false };

  it('groups rows by first appearance and sorts inside each group', () => {
    const order = sortOrder(rows, { field: 'v', order: 'asc' });
    const list = buildDisplayList(rows, { order, reveal, groupBy: 'g' });
    expect(
      list.items.map((item) => (item.kind === 'group' ? item.key : item.kind === 'row' ? item.index : '')),
    ).toEqual(['Banks', 2, 0, 'Oil', 1, 3, 'Metals', 4]);
  });

  it('collapses a group to its head, and counts its rows', () => {
    const list = buildDisplayList(rows, {
      order: [0, 1, 2, 3, 4],
      reveal,
      groupBy: 'g',
      collapsedGroups: new Set(['Oil']),
    });
    expect(list.items).toContainEqual({ kind: 'group', key: 'Oil', count: 2, collapsed: true });
    expect(rowIndexes(list.items)).toEqual([0, 2, 4]);
    expect(list.total).toBe(3);
  });

  it('keeps the head of a collapsed group that comes after the last row shown', () => {
    // Banks (2 rows) fills the limit exactly; Oil and Metals are collapsed: nothing is cut, so
    // their heads must stay, or they could never be opened again.
    const list = buildDisplayList(rows, {
      order: [0, 1, 2, 3, 4],
      reveal,
      groupBy: 'g',
      collapsedGroups: new Set(['Oil', 'Metals']),
      limit: 5,
    });
    expect(list.limited).toBe(false);
    expect(
      list.items.filter((item) => item.kind === 'group').map((item) => item.kind === 'group' && item.key),
    ).toEqual(['Banks', 'Oil', 'Metals']);
  });

  it('applies the limit across groups', () => {
    const list = buildDisplayList(rows, { order: [0, 1, 2, 3, 4], reveal, groupBy: 'g', limit: 5 });
    expect(list.limited).toBe(false);
    expect(list.shown).toBe(5);
    const doubled = buildDisplayList(rows.concat(rows), {
      order: Array.from({ length: 10 }, (_, i) => i),
      reveal,
      groupBy: 'g',
      limit: 5,
    });
    // Banks has 4 rows, Oil 4: the limit ends inside Oil, and Metals does not show.
    expect(
      doubled.items.filter((item) => item.kind === 'group').map((item) => item.kind === 'group' && item.key),
    ).toEqual(['Banks', 'Oil']);
    expect(doubled.shown).toBe(5);
    expect(doubled.limited).toBe(true);
  });
});

describe('display list properties over random tables (groups, limits, reveals)', () => {
  const rowArbitrary: fc.Arbitrary<TableRow> = fc.record(
    {
      g: fc.constantFrom('Banks', 'Oil', 'Metals', ' Oil ', ''),
      v: fc.integer({ min: 0, max: 9 }),
      show: fc.constantFrom<TableRow['show']>('prev', 'next', 'hide'),
      hidden: fc.boolean(),
    },
    { requiredKeys: ['g', 'v'] },
  );
  const tableArbitrary = fc.array(rowArbitrary, { maxLength: 40 }).chain((rows) =>
    fc.record({
      rows: fc.constant(rows),
      order: fc.shuffledSubarray(
        rows.map((_, index) => index),
        { minLength: rows.length, maxLength: rows.length },
      ),
      reveal: fc.record({ prev: fc.boolean(), next: fc.boolean() }),
      grouped: fc.boolean(),
      collapsed: fc.subarray(['Banks', 'Oil', 'Metals', '']),
      limit: fc.constantFrom(0, 1, 2, 5, 6, 7, 100),
      expanded: fc.boolean(),
    }),
  );

  type Case = typeof tableArbitrary extends fc.Arbitrary<infer T> ? T : never;
  const list = (c: Case) =>
    buildDisplayList(c.rows, {
      order: c.order,
      reveal: c.reveal,
      groupBy: c.grouped ? 'g' : undefined,
      collapsedGroups: new Set(c.collapsed),
      limit: c.limit,
      expanded: c.expanded,
    });
  const revealed = (c: Case) => c.order.filter((index) => isRowRevealed(c.rows[index]!, c.reveal));
  const groupOf = (c: Case, index: number) => String(c.rows[index]!.g).trim();
  const isCollapsed = (c: Case, index: number) => c.grouped && c.collapsed.includes(groupOf(c, index));

  it('shows exactly the revealed rows: prev rows with their link open, hide rows while neither is, hidden never', () => {
    fc.assert(
      fc.property(tableArbitrary, (c) => {
        const { items } = list({ ...c, collapsed: [], limit: 0 });
        const rows = rowIndexes(items);
        expect([...rows].sort((a, b) => a - b)).toEqual([...revealed(c)].sort((a, b) => a - b));
        for (const index of rows) {
          const row = c.rows[index]!;
          expect(row.hidden).not.toBe(true);
          if (row.show === 'prev') expect(c.reveal.prev).toBe(true);
          if (row.show === 'next') expect(c.reveal.next).toBe(true);
          if (row.show === 'hide') expect(c.reveal.prev || c.reveal.next).toBe(false);
        }
        // The links: prev first, next last, each only when such rows exist, open as revealed.
        const hasPrev = c.rows.some((row) => row.show === 'prev' && !row.hidden);
        const hasNext = c.rows.some((row) => row.show === 'next' && !row.hidden);
        const links = items.filter((item) => item.kind === 'reveal');
        expect(links).toEqual([
          ...(hasPrev ? [{ kind: 'reveal', which: 'prev', open: c.reveal.prev }] : []),
          ...(hasNext ? [{ kind: 'reveal', which: 'next', open: c.reveal.next }] : []),
        ]);
        if (hasPrev) expect(items[0]).toEqual(links[0]);
        if (hasNext) expect(items.at(-1)).toEqual(links.at(-1));
      }),
    );
  });

  it('groups by first appearance in the server order and keeps the sort order inside each group', () => {
    fc.assert(
      fc.property(tableArbitrary, (c) => {
        const { items } = list({ ...c, grouped: true, limit: 0 });
        const shownRows = revealed(c);
        // Group heads: one per group with revealed rows, in the order the server first lists the group.
        const firstSeen = [...new Set(c.rows.map((row) => String(row.g).trim()))];
        const withRows = firstSeen.filter((key) => shownRows.some((index) => groupOf(c, index) === key));
        const heads = items.flatMap((item) => (item.kind === 'group' ? [item] : []));
        expect(heads.map((head) => head.key)).toEqual(withRows);
        let current: string | null = null;
        const seen: number[] = [];
        for (const item of items) {
          if (item.kind === 'group') {
            current = item.key;
            const members = shownRows.filter((index) => groupOf(c, index) === item.key);
            expect(item.count).toBe(members.length);
            expect(item.collapsed).toBe(c.collapsed.includes(item.key));
          } else if (item.kind === 'row') {
            expect(groupOf(c, item.index)).toBe(current);
            seen.push(item.index);
          }
        }
        // Inside a group, rows keep their relative place in `order` (the sort).
        for (const key of withRows) {
          const inGroup = seen.filter((index) => groupOf(c, index) === key);
          const expected = shownRows.filter(
            (index) => groupOf(c, index) === key && !c.collapsed.includes(key),
          );
          expect(inGroup).toEqual(expected);
        }
      }),
    );
  });

  it('counts the limit in data rows, skips collapsed groups, and never loses a group head it does not cut', () => {
    fc.assert(
      fc.property(tableArbitrary, (c) => {
        const result = list(c);
        const countable = revealed(c).filter((index) => !isCollapsed(c, index));
        expect(result.total).toBe(countable.length);
        const allowed = c.expanded || c.limit === 0 ? countable.length : Math.min(c.limit, countable.length);
        expect(result.shown).toBe(allowed);
        expect(result.limited).toBe(allowed < countable.length);
        const rows = result.items.flatMap((item) => (item.kind === 'row' ? [item] : []));
        expect(rows.map((item) => item.number)).toEqual(rows.map((_, position) => position + 1));
        expect(rows.every((item) => !isCollapsed(c, item.index))).toBe(true);
        if (!result.limited && c.grouped) {
          // Nothing is cut: every group with revealed rows has its head, collapsed ones included.
          const keys = new Set(revealed(c).map((index) => groupOf(c, index)));
          const heads = result.items.filter((item) => item.kind === 'group');
          expect(heads).toHaveLength(keys.size);
        }
        if (!c.grouped) expect(rows.map((item) => item.index)).toEqual(countable.slice(0, allowed));
      }),
      { numRuns: 500 },
    );
  });
});

describe('mobile column paging (SPEC §4, §9)', () => {
  it('shows the column right after the fixed one by default (position 2)', () => {
    expect(mobileColumnPage(4, 2)).toEqual({ start: 0, end: 1, canPrevious: false, canNext: true });
  });

  it('pages through the columns and stops at both ends', () => {
    expect(mobileColumnPage(4, 3)).toEqual({ start: 1, end: 2, canPrevious: true, canNext: true });
    expect(mobileColumnPage(4, 5)).toEqual({ start: 3, end: 4, canPrevious: true, canNext: false });
    expect(mobileColumnPage(4, 99)).toEqual({ start: 3, end: 4, canPrevious: true, canNext: false });
    expect(mobileColumnPage(4, 1)).toEqual({ start: 0, end: 1, canPrevious: false, canNext: true });
  });

  it('shows N columns at a time, a full page whenever possible', () => {
    expect(mobileColumnPage(5, 2, 2)).toEqual({ start: 0, end: 2, canPrevious: false, canNext: true });
    expect(mobileColumnPage(5, 6, 2)).toEqual({ start: 3, end: 5, canPrevious: true, canNext: false });
    expect(mobileColumnPage(1, 2, 3)).toEqual({ start: 0, end: 1, canPrevious: false, canNext: false });
  });

  it('counts positions after several fixed columns', () => {
    // Two fixed: position 3 is the first paged column, 1 and 2 mean it too.
    expect(mobileColumnPage(3, 3, 1, 2)).toEqual({ start: 0, end: 1, canPrevious: false, canNext: true });
    expect(mobileColumnPage(3, 2, 1, 2)).toEqual({ start: 0, end: 1, canPrevious: false, canNext: true });
    expect(mobileColumnPage(3, 5, 1, 2)).toEqual({ start: 2, end: 3, canPrevious: true, canNext: false });
  });

  it('always shows a valid, non-empty window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        (count, shown, size) => {
          const page = mobileColumnPage(count, shown, size);
          expect(page.start).toBeGreaterThanOrEqual(0);
          expect(page.end).toBeLessThanOrEqual(count);
          expect(page.end - page.start).toBe(Math.min(size, count));
          expect(page.canPrevious).toBe(page.start > 0);
          expect(page.canNext).toBe(page.end < count);
        },
      ),
    );
  });
});

describe('virtual window', () => {
  it('covers the rows in view plus overscan, with spacers for the rest', () => {
    const window = virtualWindow(10_000, 3300, 330, 33, 5);
    expect(window.start).toBe(95);
    expect(window.end).toBe(100 + 11 + 5);
    expect(window.before).toBe(95 * 33);
    expect(window.after).toBe((10_000 - window.end) * 33);
  });

  it('keeps the total height of spacers plus rows equal to all rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (count, scrollTop) => {
          const window = virtualWindow(count, scrollTop, 600, 30);
          expect(window.before + (window.end - window.start) * 30 + window.after).toBe(count * 30);
          expect(window.end - window.start).toBeLessThanOrEqual(600 / 30 + 1 + 16);
        },
      ),
    );
  });
});
