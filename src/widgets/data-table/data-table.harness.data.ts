/** Generated table data of the data-table harness (pure: the Node bench imports it too). */
import { formatNumber } from '../../core/format.ts';
import type { TableColumn, TableRow } from './data-table.types.ts';

export const HARNESS_LABELS: Record<string, string> = {
  'widgets:show_more': 'Show more',
  'widgets:hide': 'Hide',
  'widgets:show_previous': 'Show previous',
  'widgets:show_next': 'Show next',
  'widgets:previous_column': 'Previous column',
  'widgets:next_column': 'Next column',
  'widgets:row_number': 'Row number',
  'widgets:select_all': 'Select all rows',
  'widgets:select_row': 'Select row',
  'widgets:get_access': 'Get access',
  'widgets:column_shown': 'Column {n} of {total}: {title}',
  'widgets:sortable_hint': 'column headers with buttons are sortable',
  'widgets:no_data': 'No data',
  'common:need_auth': 'You need to log in',
  'common:need_get_access': 'You need to get access',
  'common:login': 'Log in',
};

export const HARNESS_COLUMNS: TableColumn[] = [
  { field: 'name', title: 'Name' },
  { field: 'isin', title: 'ISIN' },
  { field: 'price', title: 'Price', align: 'end' },
  { field: 'change', title: 'Change, %', align: 'end' },
  { field: 'volume', title: 'Volume', align: 'end' },
  { field: 'date', title: 'Date' },
  { field: 'note', title: 'Note' },
];

/** Deterministic rows like the portal's: formatted prices (some masked), dates, long notes. */
export function harnessRows(count: number): TableRow[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: count }, (_, index) => {
    const price = random() * 5000;
    return {
      name: { val: `Stock ${String(index + 1).padStart(5, '0')}`, lnk: `/stocks/s${index + 1}/` },
      isin: `RU000A${String(100_000 + index)}`,
      price: index % 17 === 0 ? '***' : formatNumber(price),
      change: Math.round((random() - 0.5) * 2000) / 100,
      volume: Math.floor(random() * 10_000_000),
      date: `${String(1 + (index % 28)).padStart(2, '0')}.${String(1 + (index % 12)).padStart(2, '0')}.${2015 + (index % 10)}`,
      note: index % 5 === 0 ? `Placement note ${index}: ${'coupon and offer details '.repeat(5)}` : '',
    };
  });
}
