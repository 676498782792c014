/**
 * The dividends table's data mapping (SPEC §2 "Dividends table", §3 "Dividend"): the column sets
 * per width and the nearest dividend shown above the table.
 */
import { DIVIDENDS_DESKTOP_FIELDS } from '../../contract/tables.ts';
import { formatNumber } from '../../core/format.ts';
import type { ServerTable } from '../../contract/types.ts';

/** Fields the table shows as numbers (right-aligned). */
export const DIVIDENDS_NUMERIC_FIELDS: ReadonlySet<string> = new Set(['summ']);

/**
 * The desktop columns: the server's `fields` in its order (a legacy template may ship fewer or
 * reorder them), else the SPEC order. Unknown fields are kept: the server decides what to show.
 */
export function desktopFields(table: Pick<ServerTable, 'fields'>): string[] {
  return table.fields.length > 0 ? [...table.fields] : [...DIVIDENDS_DESKTOP_FIELDS];
}

/** SPEC §2: below 680 px the last day to buy is left out and the amount comes second. */
export function mobileFields(desktop: readonly string[]): string[] {
  const rest = desktop.filter((field) => field !== 'last_date_of_purchase' && field !== 'summ');
  if (!desktop.includes('summ')) return rest;
  return rest.length === 0 ? ['summ'] : [rest[0]!, 'summ', ...rest.slice(1)];
}

/**
 * Below 680 px the year and the amount (second, SPEC §2) stay while the third column pages
 * through the period and the dates: every page says what was paid in which year.
 */
export const DIVIDENDS_MOBILE_FIXED_COLUMNS = 2;

/** The nearest dividend as the block above the table shows it; null when there is none. */
export interface NearestDividend {
  summ: number | null;
  currency: string | null;
  exDividendDate: string | null;
  closeListDate: string | null;
  periodName: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const amount = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Reads the page data's `nearestDividend` (SPEC §3 "Dividend" fields); null without a date or amount. */
export function nearestDividend(raw: Record<string, unknown> | null): NearestDividend | null {
  if (!raw) return null;
  const dividend: NearestDividend = {
    summ: amount(raw.summ),
    currency: text(raw.currency),
    exDividendDate: text(raw.date_of_ex_dividend),
    closeListDate: text(raw.date_of_close_list_dividends),
    periodName: text(raw.dividends_periods_name),
  };
  const empty = dividend.summ === null && dividend.exDividendDate === null && dividend.closeListDate === null;
  return empty ? null : dividend;
}

/**
 * How many rows the server kept back: a non-paid session gets only the first rows and the
 * server's `total`, so show-more must explain instead of expanding.
 */
export function hiddenRowCount(table: Pick<ServerTable, 'data' | 'total'>): number {
  return typeof table.total === 'number' ? Math.max(0, table.total - table.data.length) : 0;
}

/** "12.34 RUB": the amount with the currency the dividend is paid in. */
export function formatDividendAmount(summ: unknown, currency: unknown): string {
  const value = amount(summ);
  if (value === null) return '—';
  const code = text(currency);
  return code ? `${formatNumber(value)}\u00a0${code}` : formatNumber(value);
}
