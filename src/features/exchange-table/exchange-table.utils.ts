/**
 * The exchange table's data mapping (SPEC §2 "Exchange table", §3 "Page data" exchangeTable):
 * columns per width, the trading ground of a row, and how cells read.
 */
import { EXCHANGE_DESKTOP_FIELDS, EXCHANGE_MOBILE_FIELDS } from '../../contract/tables.ts';
import { formatNumber, formatPercentChange } from '../../core/format.ts';
import type { ServerTable } from '../../contract/types.ts';

/** Prices of a row: '***' here means the server masked them (SPEC §6). */
export const EXCHANGE_PRICE_FIELDS: ReadonlySet<string> = new Set([
  'last',
  'change',
  'buy_sell',
  'open',
  'min',
  'max',
  'avg',
  'legal_close_price',
]);

const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'last',
  'open',
  'min',
  'max',
  'avg',
  'legal_close_price',
]);

/** The server's fields in its order, else the SPEC order. */
export function exchangeDesktopFields(table: Pick<ServerTable, 'fields'>): string[] {
  return table.fields.length > 0 ? [...table.fields] : [...EXCHANGE_DESKTOP_FIELDS];
}

/** The mobile set among the fields the server sends (the ground first, it stays fixed). */
export function exchangeMobileFields(desktop: readonly string[]): string[] {
  return EXCHANGE_MOBILE_FIELDS.filter((field) => desktop.includes(field));
}

export interface RowGround {
  id: number;
  text: string;
}

/** A row's `trading_ground` ({id, text}; legacy pages may send a numeric-string id). */
export function rowGround(row: Record<string, unknown>): RowGround | null {
  const cell = row.trading_ground;
  if (typeof cell !== 'object' || cell === null) return null;
  const { id, text } = cell as { id?: unknown; text?: unknown };
  const numericId = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof numericId !== 'number' || !Number.isInteger(numericId)) return null;
  return { id: numericId, text: typeof text === 'string' ? text : String(numericId) };
}

/** The direction of a row's change from its `class` (the server leaves it empty when the change is masked). */
export function rowTrend(row: Record<string, unknown>): 'up' | 'down' | null {
  const classes = typeof row.class === 'string' ? row.class.split(/\s+/) : [];
  if (classes.includes('up')) return 'up';
  if (classes.includes('down')) return 'down';
  return null;
}

/** The direction the last price shows with an arrow: the row's trend, when the price itself is shown. */
export function lastPriceTrend(row: Record<string, unknown>, last: unknown): 'up' | 'down' | null {
  const shown =
    typeof last === 'number' || (typeof last === 'string' && last.trim() !== '' && last !== '***');
  return shown ? rowTrend(row) : null;
}

/** A cell as the table shows it: numbers with space thousands, the change with its sign, '***' as given. */
export function exchangeCellText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === '***') return '***';
  if (typeof value === 'number') {
    if (field === 'change') return formatPercentChange(value);
    if (NUMBER_FIELDS.has(field)) return formatNumber(value);
    return String(value);
  }
  return typeof value === 'string' ? value : '';
}

/** Whether the server masked any price of the table (the prompt to log in or get access shows). */
export function hasMaskedPrice(rows: ReadonlyArray<Record<string, unknown>>): boolean {
  return rows.some((row) => [...EXCHANGE_PRICE_FIELDS].some((field) => row[field] === '***'));
}
