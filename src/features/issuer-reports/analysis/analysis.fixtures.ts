import type { ReportColumn, ReportRows, ReportSection } from '../../../contract/reports.ts';

export function column(id: string): ReportColumn {
  const quarter = /^(\d{4})-q([1-4])$/.exec(id);
  const year = Number(quarter ? quarter[1] : id);
  const end = quarter ? ['', '03-31', '06-30', '09-30', '12-31'][Number(quarter[2])] : '12-31';
  const iso = `${year}-${end}`;
  const [y, m, d] = iso.split('-');
  return { id, ttl: id, date: `${d}.${m}.${y}`, 'date.numeric': Date.parse(`${iso}T00:00:00Z`) / 1000 };
}

export function rows(lines: Record<string, (number | null)[]>, dimension = 'mln RUB'): ReportRows {
  const ids = Object.keys(lines);
  return {
    scroll_clmn: ids.map((id) => ({ id, ttl: `Line ${id}`, sub: false })),
    scroll_body: ids.map((id) => lines[id]!),
    dimensions: ids.map(() => dimension),
  };
}

export function section(
  columnIds: string[],
  lines: Record<string, (number | null)[]>,
  extra: Partial<ReportSection> = {},
): ReportSection {
  return {
    ttl: 'Balance sheet',
    dimension: 'mln RUB',
    scroll_head: columnIds.map(column),
    ...rows(lines),
    sub_rows: {},
    closed_data: null,
    ...extra,
  };
}
