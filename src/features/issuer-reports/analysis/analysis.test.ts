import { describe, expect, it } from 'vitest';
import { column, rows, section } from './analysis.fixtures.ts';
import { lineHistory } from './line-history.ts';
import { diffCell, sourceDiff } from './source-diff.ts';
import { yearEarlierColumns, yoyChange, yoySection } from './yoy.ts';

describe('yoyChange', () => {
  it('is the change in percent of the base', () => {
    expect(yoyChange(110, 100)).toBeCloseTo(10);
    expect(yoyChange(50, 200)).toBeCloseTo(-75);
  });
  it('is null when either value is missing or the base is 0', () => {
    expect(yoyChange(null, 100)).toBeNull();
    expect(yoyChange(100, null)).toBeNull();
    expect(yoyChange(100, 0)).toBeNull();
  });
  it('keeps the direction of the move when the base is negative (divides by |base|)', () => {
    expect(yoyChange(-50, -100)).toBeCloseTo(50); // a loss halved: up
    expect(yoyChange(-150, -100)).toBeCloseTo(-50); // a loss grew: down
    expect(yoyChange(20, -100)).toBeCloseTo(120);
  });
});

describe('yearEarlierColumns', () => {
  it('pairs each year with the previous one, newest first or in any order', () => {
    expect(yearEarlierColumns(['2024', '2023', '2022'].map(column))).toEqual([1, 2, -1]);
    expect(yearEarlierColumns(['2022', '2024', '2023'].map(column))).toEqual([-1, 2, 0]);
  });
  it('pairs a quarter with the same quarter of the previous year, not the quarter before', () => {
    const ids = ['2025-q2', '2025-q1', '2024-q4', '2024-q3', '2024-q2', '2024-q1', '2023-q4', '2023-q3'];
    expect(yearEarlierColumns(ids.map(column))).toEqual([4, 5, 6, 7, -1, -1, -1, -1]);
  });
  it('falls back on the period end date for other column ids', () => {
    const cols = [
      { ...column('2024'), id: 'fy-a' },
      { ...column('2023'), id: 'fy-b' },
    ];
    expect(yearEarlierColumns(cols)).toEqual([1, -1]);
  });
});

describe('yoySection', () => {
  const source = section(
    ['2024', '2023', '2022'],
    { assets: [120, 100, 80], loss: [-50, -100, 0], gap: [10, null, 5] },
    {
      sub_rows: { assets: rows({ cash: [30, 20, 10] }) },
      closed_data: { locked: false, count: 1, ...rows({ debt: [90, 100, null] }), sub_rows: {} },
    },
  );
  const yoy = yoySection(source);

  it('changes every value of free, sub and open closed rows against the year before', () => {
    expect(yoy.scroll_body[0]).toEqual([20, 25, null]);
    expect(yoy.sub_rows.assets?.scroll_body[0]).toEqual([50, 100, null]);
    expect(yoy.closed_data && !yoy.closed_data.locked && yoy.closed_data.scroll_body[0]).toEqual([
      -10,
      null,
      null,
    ]);
  });
  it('is null for a zero or missing base, and sign-aware for a negative one', () => {
    expect(yoy.scroll_body[1]).toEqual([50, null, null]);
    expect(yoy.scroll_body[2]).toEqual([null, null, null]);
  });
  it('keeps the lines, columns and a locked part as they are, in percent', () => {
    expect(yoy.scroll_clmn).toBe(source.scroll_clmn);
    expect(yoy.scroll_head).toBe(source.scroll_head);
    expect(yoy.dimensions).toEqual(['%', '%', '%']);
    const locked = { locked: true as const, count: 3, need: 'need_auth' as const, link: '/login/' };
    expect(yoySection({ ...source, closed_data: locked }).closed_data).toBe(locked);
  });
});

describe('sourceDiff', () => {
  const s1 = section(['2024', '2023', '2022'], { a: [100, 50, 10], b: [10, 0, null], only1: [1, 2, 3] });
  const s2 = section(['2023', '2024', '2021'], { b: [0, 8, 7], a: [40, 80, 1], only2: [4, 5, 6] });
  const diff = sourceDiff(s1, s2);

  it('compares the periods both sources have, matched by id, in source 1 order', () => {
    expect(diff.columns.map((c) => c.id)).toEqual(['2024', '2023']);
  });
  it('gives per cell source 1 − source 2 and the difference relative to |source 2|', () => {
    expect(diff.lines.map((l) => l.line.id)).toEqual(['a', 'b']);
    expect(diff.lines[0]!.cells).toEqual([diffCell(100, 80), diffCell(50, 40)]);
    expect(diff.lines[0]!.cells[0]).toEqual({ source1: 100, source2: 80, difference: 20, relative: 25 });
    expect(diff.lines[1]!.cells[1]).toEqual({ source1: 0, source2: 0, difference: 0, relative: null });
    expect(diffCell(-90, -100).relative).toBeCloseTo(10);
    expect(diffCell(null, 3)).toEqual({ source1: null, source2: 3, difference: null, relative: null });
  });
  it('lists the lines only one source has', () => {
    expect(diff.only1.map((l) => l.id)).toEqual(['only1']);
    expect(diff.only2.map((l) => l.id)).toEqual(['only2']);
    expect(diff.undecided).toEqual([]);
  });
  it('matches sub rows and open closed rows too', () => {
    const withSub = section(['2024'], { a: [1] }, { sub_rows: { a: rows({ a1: [5] }) } });
    const withClosed = section(
      ['2024'],
      { a: [2] },
      {
        closed_data: { locked: false, count: 1, ...rows({ a1: [3] }), sub_rows: {} },
      },
    );
    const d = sourceDiff(withSub, withClosed);
    expect(d.lines.map((l) => [l.line.id, l.cells[0]!.difference])).toEqual([
      ['a', -1],
      ['a1', 2],
    ]);
  });
  it('does not call a line "only in one source" when the other withholds rows from this user', () => {
    const locked = {
      locked: true as const,
      count: 4,
      need: 'need_get_access' as const,
      link: '/profile/access/',
    };
    const d = sourceDiff({ ...s1, closed_data: locked }, s2);
    expect(d.only1.map((l) => l.id)).toEqual(['only1']);
    expect(d.only2).toEqual([]);
    expect(d.undecided.map((l) => l.id)).toEqual(['only2']);
  });
});

describe('lineHistory', () => {
  const s = section(
    ['2024', '2022', '2023'],
    { a: [3, 1, null] },
    { sub_rows: { a: rows({ a1: [9, 8, 7] }) } },
  );
  it('is the line across the columns, oldest first, with gaps kept', () => {
    const history = lineHistory(s, 'a')!;
    expect(history.title).toBe('Line a');
    expect(history.dimension).toBe('mln RUB');
    expect(history.points.map((p) => [p.title, p.value])).toEqual([
      ['2022', 1],
      ['2023', null],
      ['2024', 3],
    ]);
    expect(history.points[0]!.time).toBe(column('2022')['date.numeric']);
  });
  it('finds sub rows, and is null for a line the section does not show', () => {
    expect(lineHistory(s, 'a1')!.points.map((p) => p.value)).toEqual([8, 7, 9]);
    expect(lineHistory(s, 'nope')).toBeNull();
  });
});
