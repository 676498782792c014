/**
 * Pure transforms of the archive answer (SPEC §3 "Trading table") into table rows: each cell
 * sorts by its exact `.no_round` twin, shows the value as the answer gives it (a masked price
 * stays '***') and carries the exact number in its title.
 */
import {
  FULL_INFO_FIELDS,
  type FullInfoField,
  type TradingFullInfoRow,
  type TradingFullInfoTable,
} from '../../contract/stocks.ts';
import { decimalsNeeded, formatNumber, formatPercentChange } from '../../core/format.ts';
import type { MaskedValue } from '../../contract/types.ts';

/** Fields shown below 680 px, the date fixed first. */
export const ARCHIVE_MOBILE_FIELDS: FullInfoField[] = ['date', 'close', 'change', 'volume'];
/** The exact numbers in titles: enough decimals for the turnover and averages, trailing zeros cut. */
const EXACT_DECIMALS = 6;

/** A cell of the archive table (SPEC §3 "Table cell"): `val` sorts, `text` is shown, `title` is exact. */
export interface ArchiveCell {
  val: number | string | null;
  text: string;
  title?: string;
}

/** A row's cells by field: the known full-info fields, plus any other column the answer names. */
export type ArchiveRow = Record<FullInfoField, ArchiveCell> & Record<string, ArchiveCell>;

const KNOWN_FIELDS: ReadonlySet<string> = new Set<string>(FULL_INFO_FIELDS);

/** Whether a column is one of the full-info fields the table knows how to show. */
export function isKnownArchiveField(field: string): field is FullInfoField {
  return KNOWN_FIELDS.has(field);
}

/** Decimals a number was given with (0.1 → 1, 301.5 → 1, 12 → 0). */
function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 2;
  return text.split('.')[1]?.length ?? 0;
}

/** Prices and turnover at least with 2 decimals, more when the answer has them (a ground with 4). */
function displayPrice(value: MaskedValue, decimals?: number): string {
  if (value === null) return '—';
  return value === '***' ? '***' : formatNumber(value, decimals ?? Math.max(2, decimalsOf(value)));
}

const PRICE_FIELDS = ['open', 'max', 'min', 'close', 'avg', 'value'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];
/** The most decimals a price column is written with (a ground quoted to 4 has room). */
const PRICE_MAX_DECIMALS = 6;

/**
 * One count of decimals per price column (issue 20): the most any of its values was given with,
 * at least 2, so "0.12" never stands under "0.1234".
 */
export function priceColumnDecimals(rows: readonly TradingFullInfoRow[]): Record<PriceField, number> {
  return Object.fromEntries(
    PRICE_FIELDS.map((field) => [
      field,
      Math.max(
        2,
        ...rows.map((row) => {
          const value = row[field];
          return typeof value === 'number' ? Math.min(PRICE_MAX_DECIMALS, decimalsOf(value)) : 0;
        }),
      ),
    ]),
  ) as Record<PriceField, number>;
}

function displayChange(value: MaskedValue): string {
  if (value === null) return '—';
  return value === '***' ? '***' : formatPercentChange(value);
}

export function exactText(value: number): string {
  return formatNumber(value, decimalsNeeded(value, EXACT_DECIMALS));
}

function cell(display: MaskedValue, exact: number | null, text: string): ArchiveCell {
  return exact === null ? { val: display, text } : { val: exact, text, title: exactText(exact) };
}

/**
 * A column the table does not know (a newer server may add one): its value as plain text (never
 * HTML) — a string as it is, a number with its decimals, a SPEC §3 cell object by its `val` or
 * `ttl` — sorting by that value.
 */
export function plainArchiveCell(value: unknown): ArchiveCell {
  if (typeof value === 'number' && Number.isFinite(value)) return { val: value, text: exactText(value) };
  if (typeof value === 'string') return { val: value, text: value };
  if (typeof value === 'boolean') return { val: String(value), text: String(value) };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const cell = value as { val?: unknown; ttl?: unknown };
    const shown = cell.val ?? cell.ttl;
    if (typeof shown === 'string' || (typeof shown === 'number' && Number.isFinite(shown)))
      return plainArchiveCell(shown);
  }
  return { val: null, text: '—' };
}

/** A row's cells: every known field, and a plain text cell for each other column of `fields`. */
export function archiveRow(
  row: TradingFullInfoRow,
  fields: readonly string[] = [],
  decimals: Partial<Record<PriceField, number>> = {},
): ArchiveRow {
  const cells: ArchiveRow = {
    date: { val: row.date, text: row.date },
    open: cell(row.open, row['open.no_round'], displayPrice(row.open, decimals.open)),
    max: cell(row.max, row['max.no_round'], displayPrice(row.max, decimals.max)),
    min: cell(row.min, row['min.no_round'], displayPrice(row.min, decimals.min)),
    close: cell(row.close, row['close.no_round'], displayPrice(row.close, decimals.close)),
    avg: cell(row.avg, row['avg.no_round'], displayPrice(row.avg, decimals.avg)),
    volume: cell(row.volume, row['volume.no_round'], formatNumber(row.volume, 0)),
    value: cell(row.value, row['value.no_round'], displayPrice(row.value, decimals.value)),
    change: cell(row.change, row['change.no_round'], displayChange(row.change)),
  };
  for (const field of fields) {
    if (!isKnownArchiveField(field))
      cells[field] = plainArchiveCell((row as unknown as Record<string, unknown>)[field]);
  }
  return cells;
}

export function archiveRows(table: TradingFullInfoTable | null): ArchiveRow[] {
  if (!table) return [];
  const decimals = priceColumnDecimals(table.data);
  return table.data.map((row) => archiveRow(row, table.fields, decimals));
}

/** Whether any price reached the page masked, so the table says how to see it. */
export function hasMaskedPrice(table: TradingFullInfoTable | null): boolean {
  return (table?.data ?? []).some((row) =>
    table!.fields.some((field) => (row as unknown as Record<string, unknown>)[field] === '***'),
  );
}

/** rise / fall / unchanged colouring of the change column; nothing when masked or missing. */
export function changeTrend(cell: ArchiveCell): 'rise' | 'fall' | 'unchanged' | null {
  if (typeof cell.val !== 'number') return null;
  if (cell.val > 0) return 'rise';
  return cell.val < 0 ? 'fall' : 'unchanged';
}
