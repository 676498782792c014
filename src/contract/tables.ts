/**
 * The stock page's tables as SPEC §2 and §9 define them: the columns in order per width, and the
 * row limits. The elements render these lists and the reference server ships them, so the two
 * cannot disagree on a column.
 */

/** SPEC §9: rows a collapsed table shows (holders, leaders, dividends). */
export const TABLE_ROW_LIMIT = 5;

/** SPEC §2 exchange table desktop columns, in order. */
export const EXCHANGE_DESKTOP_FIELDS = [
  'trading_ground',
  'date',
  'last',
  'change',
  'buy_sell',
  'open',
  'min',
  'max',
  'avg',
  'legal_close_price',
  'tiker',
  'currency_name',
] as const;

/** Below 680 px: where, how much, how it moved and in what currency. */
export const EXCHANGE_MOBILE_FIELDS = ['trading_ground', 'last', 'change', 'currency_name'] as const;

/**
 * Dividend rows shown while collapsed (SPEC §9 table limit 5). Product rule: the dividend history
 * beyond the five newest records is for paid access, so the reference server sends non-paid
 * sessions only these rows (with `total`), and the table's show-more explains how to get the rest.
 */
export const DIVIDENDS_LIMIT = TABLE_ROW_LIMIT;

/** SPEC §2 dividends table desktop columns, in order. */
export const DIVIDENDS_DESKTOP_FIELDS = [
  'year',
  'dividends_periods_name',
  'last_date_of_purchase',
  'date_of_ex_dividend',
  'date_of_close_list_dividends',
  'summ',
] as const;

export type DividendField = (typeof DIVIDENDS_DESKTOP_FIELDS)[number];

/** SPEC §9: the chart's Excel export clicks itself only up to this many rows. */
export const EXCEL_AUTO_EXPORT_LIMIT = 2500;
