import { describe, expect, it } from 'vitest';
import { dynamicTableRows, pointDate } from './dynamic-table.ts';

const DAY = 86_400_000;
const d = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('the dynamic table (view 1)', () => {
  it('lists the series by date, newest first, with the change from the previous point', () => {
    const rows = dynamicTableRows(
      [
        {
          key: 'main',
          data: [
            [d('2025-06-02'), 100],
            [d('2025-06-03'), 110],
          ],
          masked: false,
        },
        { key: 'other', data: [[d('2025-06-03'), 5]], masked: false },
      ],
      false,
    );
    expect(rows).toEqual([
      {
        date: '03.06.2025',
        time: d('2025-06-03'),
        main: 110,
        'main:change': 10,
        other: 5,
        'other:change': null,
      },
      { date: '02.06.2025', time: d('2025-06-02'), main: 100, 'main:change': null },
    ]);
  });

  it("shows '***' for a masked (0..100 scaled) series: its shape is not a price", () => {
    const rows = dynamicTableRows(
      [
        {
          key: 'main',
          data: [
            [d('2025-06-02'), 0],
            [d('2025-06-03'), 100],
          ],
          masked: true,
        },
      ],
      false,
    );
    expect(rows.map((row) => [row.main, row['main:change']])).toEqual([
      ['***', '***'],
      ['***', '***'],
    ]);
  });

  it('shows intraday points in Moscow time', () => {
    expect(pointDate(Date.parse('2025-06-30T07:05:00Z'), true)).toBe('30.06.2025 10:05');
    expect(pointDate(d('2025-06-30'), false)).toBe('30.06.2025');
    expect(pointDate(d('2025-06-30') + DAY - 1, false)).toBe('30.06.2025');
  });
});
