import type { MaskedValue, StockPageData } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Chart data: the tradings link of the page data (POST or GET /api/stocks/get_tradings/)

/** The value of a bar a series carries; anything but 'close' is the extended (paid) chart. */
export type TradingField = 'open' | 'high' | 'low' | 'close' | 'volume';

export interface TradingsRequest {
  /** DD.MM.YYYY; date_from = date_to = the last trading day of ground 1 gives 5-minute points. */
  date_from: string;
  date_to: string;
  /** Parallel arrays: one series set per (stock, ground) pair; at most 10 pairs. */
  stocks_ids: number[];
  trading_ground_ids: number[];
  userChangePeriod?: boolean | number;
  getChartIteration?: number;
  /** Default ['close']. */
  fields?: TradingField[];
}

/** [time in ms UTC, value]. */
export type ChartPoint = [number, number];

/** Dividend and split flags, on paid series only (SPEC §6). */
export interface ChartEvent {
  type: 'dividend' | 'split';
  /** ms UTC: the ex-dividend date or the split date. */
  date: number;
  text: string;
}

/** SPEC §3 "Chart series". */
export interface TradingSeries {
  field: TradingField;
  name: string;
  data: ChartPoint[];
  color: string;
  stockId: number;
  tgId: number;
  stockName: string;
  tgName: string;
  ticker: string;
  currency: string;
  /** 5-minute points of one day. */
  intraday: boolean;
  /** Non-paid sessions: the values are scaled to 0..100 (the shape only; hide the axis). */
  scaled?: true;
  /** Paid sessions only. */
  events?: ChartEvent[];
}

/** The 206 answer: no bars in the window; retry with a window ending on this date. */
export interface TradingsRetry {
  date: string;
  'date.numeric': number;
}

export type TradingsAnswer = { status: 200; series: TradingSeries[] } | { status: 206; retry: TradingsRetry };

export const TRADING_FIELDS: readonly TradingField[] = ['open', 'high', 'low', 'close', 'volume'];

// ---------------------------------------------------------------------------------------------
// Archive: the full-info trading table and its Excel export

/** The columns of the full-info trading table, in the server's order (SPEC §3 "Trading table"). */
export const FULL_INFO_FIELDS = [
  'date',
  'open',
  'max',
  'min',
  'close',
  'avg',
  'volume',
  'value',
  'change',
] as const;

export type FullInfoField = (typeof FULL_INFO_FIELDS)[number];

/**
 * One trading day. Display values are rounded (prices to the ground's decimals, change to 2);
 * `.no_round` twins carry the exact numbers. Prices (all but volume) are '***' with a null twin
 * for non-paid sessions.
 */
export interface TradingFullInfoRow {
  date: string;
  'date.numeric': number;
  'date.no_round': number;
  open: MaskedValue;
  'open.no_round': number | null;
  max: MaskedValue;
  'max.no_round': number | null;
  min: MaskedValue;
  'min.no_round': number | null;
  close: MaskedValue;
  'close.no_round': number | null;
  /** Weighted average price. */
  avg: MaskedValue;
  'avg.no_round': number | null;
  volume: number;
  'volume.no_round': number;
  /** Turnover in the ground's currency. */
  value: MaskedValue;
  'value.no_round': number | null;
  /** Percent against the previous close. */
  change: MaskedValue;
  'change.no_round': number | null;
}

/** SPEC §3 "Trading table"; newest day first. An empty window: result false, data [], total 0. */
export interface TradingFullInfoTable {
  result: boolean;
  data: TradingFullInfoRow[];
  fields: FullInfoField[];
  /** field → heading in the request's language. */
  fieldsLabels: Record<string, string>;
  total: number;
  dateFrom: string;
  dateTo: string;
  currency: string;
}

// ---------------------------------------------------------------------------------------------
// Holders, leaders, capitalisation, indicators

export interface LinkCell {
  val: string;
  lnk: string;
}

export interface HolderRow {
  name: string;
  /** Percent of the share capital. */
  share: number;
  'share.numeric': number;
  date: string;
  'date.numeric': number;
}

export interface HoldersAnswer {
  data: HolderRow[];
  fields: string[];
  fieldsLabels: Record<string, string>;
}

/** Leaders tab ids (SPEC §9). */
export const LEADERS_GROWING = 1;

export const LEADERS_FALLING = 2;

export interface LeaderRow {
  id: number;
  name: LinkCell;
  tiker: string;
  last: MaskedValue;
  'last.numeric': number | null;
  /** Percent against the previous close. */
  change: MaskedValue;
  'change.numeric': number | null;
  volume: number;
  'volume.numeric': number;
  date: string;
  'date.numeric': number;
  /** up / down; '' when the change is hidden. */
  class: string;
}

export interface CapitalizationRow {
  id: number;
  name: LinkCell;
  tiker: string;
  last: MaskedValue;
  'last.numeric': number | null;
  capitalization: MaskedValue;
  'capitalization.numeric': number | null;
  /** Percent of the table's total capitalisation. */
  share: MaskedValue;
  'share.numeric': number | null;
  date: string;
  'date.numeric': number;
}

export interface MarketTable<Row> {
  data: Row[];
  fields: string[];
  fieldsLabels: Record<string, string>;
  /** 0 = every branch. */
  branchId: number;
  groundId: number;
  currency: string | null;
}

export type IndicatorId =
  'volatility_1y' | 'beta_1y' | 'high_52w' | 'low_52w' | 'avg_volume_1m' | 'avg_value_1m' | 'capitalization';

export interface IndicatorRow {
  id: IndicatorId;
  name: string;
  /** Everything but avg_volume_1m is price-derived: '***' (null twin) for non-paid sessions. */
  value: MaskedValue;
  'value.numeric': number | null;
  /** percent, currency (the ground's), shares or '' (a ratio). */
  unit: '%' | 'currency' | 'shares' | '';
}

export interface StockIndicators {
  stockId: number;
  groundId: number;
  currency: string;
  /** The last trading day the figures run to. */
  date: string | null;
  'date.numeric': number | null;
  /** The index beta is measured against (the first index holding the stock). */
  benchmark: { id: number; code: string; name: string } | null;
  data: IndicatorRow[];
  fields: string[];
}

// ---------------------------------------------------------------------------------------------
// Page data

// Type aliases (not interfaces), so they fit the page data's Array<Record<string, unknown>>.
export type BondListItem = {
  id: number;
  isin: string;
  name: string;
  url: string;
};

export type IndexListItem = {
  id: number;
  code: string;
  name: string;
  url: string;
};

/** The market fields the reference server adds to the stock page data. */
export interface StockPageMarketFields {
  /** The chart data call (SPEC §7 "tradings link"). */
  tradingsLink: string;
  /** The archive Excel export (paid), with %from% and %to% (DD.MM.YYYY). */
  archiveExportLink: string;
  /** POST {dateFrom, dateTo}: the archive table of any window. */
  archiveTableLink: string;
  branchId: number | null;
  branchName: string | null;
  emitentId: number;
  emitentSharesBondsList: BondListItem[];
  indexesList: IndexListItem[];
  /** Comparison search URL templates by instrument kind, with %term% (SPEC §4 "Comparison search"). */
  comparisonSearchUrls: Record<string, string>;
}

export type MarketStockPageData = StockPageData & StockPageMarketFields;
