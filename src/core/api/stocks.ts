/** SPEC §7 calls of the stock domain, with the answer shapes of the reference server. */
import type { MaskedValue, StockPageData, StockPriceDynamics } from '../types.ts';
import { ApiError, getJson, postJson, request } from './client.ts';

export function fetchPriceDynamics(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<StockPriceDynamics> {
  return getJson<StockPriceDynamics>(`/api/stocks/${stockId}/${groundId}/price-dynamics/`, { signal });
}

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

/**
 * The chart data call. The answer is checked here: a malformed answer as a whole (not a list of
 * series, a 206 without its date) is an ApiError of kind `json`, which the chart shows as its
 * load error; a malformed series or point is left out with one console warning per answer.
 */
export async function fetchTradings(
  link: string,
  body: TradingsRequest,
  signal?: AbortSignal,
): Promise<TradingsAnswer> {
  const answer = await request<unknown>(link, { method: 'POST', body, signal });
  return checkTradingsAnswer(answer.status, answer.data, link);
}

const TRADING_FIELDS: readonly TradingField[] = ['open', 'high', 'low', 'close', 'volume'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One series of a tradings answer, or why it is left out; `dropped` counts the points left out of it. */
export function checkTradingSeries(
  value: unknown,
  path: string,
): { series: TradingSeries; dropped: number } | string {
  if (!isRecord(value)) return `${path}: expected an object`;
  const { field, stockId, tgId, data } = value;
  if (!TRADING_FIELDS.includes(field as TradingField))
    return `${path}.field: expected one of ${TRADING_FIELDS.join(', ')}`;
  if (!Number.isSafeInteger(stockId)) return `${path}.stockId: expected an integer`;
  if (!Number.isSafeInteger(tgId)) return `${path}.tgId: expected an integer`;
  if (!Array.isArray(data)) return `${path}.data: expected a list of [time, value] points`;
  // [ms, value] with a finite time; a value that is not a number is a gap the chart draws over.
  const points: ChartPoint[] = [];
  let changed = false;
  for (const point of data as unknown[]) {
    if (!Array.isArray(point) || typeof point[0] !== 'number' || !Number.isFinite(point[0])) {
      changed = true;
      continue;
    }
    if (typeof point[1] === 'number') points.push(point as ChartPoint);
    else {
      points.push([point[0], Number.NaN]);
      changed = true;
    }
  }
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const series: TradingSeries = {
    field: field as TradingField,
    name: text('name'),
    // The answer's own list when every point is well formed (no copy of a long series).
    data: changed ? points : (data as ChartPoint[]),
    color: text('color'),
    stockId: stockId as number,
    tgId: tgId as number,
    stockName: text('stockName') || text('name'),
    tgName: text('tgName'),
    ticker: text('ticker'),
    currency: text('currency'),
    intraday: value.intraday === true,
  };
  if (value.scaled === true) series.scaled = true;
  if (Array.isArray(value.events)) {
    series.events = (value.events as unknown[]).filter(
      (event): event is ChartEvent =>
        isRecord(event) &&
        (event.type === 'dividend' || event.type === 'split') &&
        typeof event.date === 'number' &&
        Number.isFinite(event.date) &&
        typeof event.text === 'string',
    );
  }
  return { series, dropped: data.length - points.length };
}

/** A tradings answer as the chart may use it (see fetchTradings). */
export function checkTradingsAnswer(status: number, data: unknown, url: string): TradingsAnswer {
  if (status === 206) {
    if (!isRecord(data) || typeof data.date !== 'string' || !/^\d\d\.\d\d\.\d{4}$/.test(data.date))
      throw new ApiError('json', url, 'Tradings answer 206: expected the retry date (DD.MM.YYYY)', status);
    return { status: 206, retry: { date: data.date, 'date.numeric': Number(data['date.numeric']) } };
  }
  if (!Array.isArray(data))
    throw new ApiError('json', url, 'Tradings answer: expected a list of series', status);
  const series: TradingSeries[] = [];
  const problems: string[] = [];
  data.forEach((raw, i) => {
    const checked = checkTradingSeries(raw, `[${i}]`);
    if (typeof checked === 'string') return problems.push(checked);
    series.push(checked.series);
    if (checked.dropped) problems.push(`[${i}].data: ${checked.dropped} malformed point(s) left out`);
  });
  if (problems.length > 0) {
    console.warn(
      `fin-elements: tradings ${url}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}`,
    );
  }
  return { status: 200, series };
}

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

/** The last month of trading (GET). */
export function fetchTradingsFullInfo(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<TradingFullInfoTable> {
  return getJson(`/api/stocks/get-tradings-full-info-table/${stockId}/${groundId}/`, { signal });
}

/** Any window, DD.MM.YYYY (POST). */
export function createTradingsFullInfo(
  stockId: number,
  groundId: number,
  body: { dateFrom: string; dateTo: string },
  signal?: AbortSignal,
): Promise<TradingFullInfoTable> {
  return postJson(`/api/stocks/${stockId}/${groundId}/createTableTradingFullInfo/`, body, { signal });
}

/** The archive Excel link of the page data with its %from% and %to% filled in (DD.MM.YYYY). */
export function archiveExportUrl(template: string, from: string, to: string): string {
  return template.replace('%from%', encodeURIComponent(from)).replace('%to%', encodeURIComponent(to));
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

export function fetchHolders(stockId: number, signal?: AbortSignal): Promise<HoldersAnswer> {
  return getJson(`/api/stocks/get-holders/${stockId}/`, { signal });
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

/** branchId 0 = every branch; at most 10 rows. */
export function fetchLeaders(
  branchId: number,
  groundId: number,
  type: typeof LEADERS_GROWING | typeof LEADERS_FALLING,
  signal?: AbortSignal,
): Promise<MarketTable<LeaderRow>> {
  return getJson(`/api/stocks/get-growing-leaders/${branchId}/${groundId}/${type}/`, { signal });
}

export function fetchCapitalization(
  branchId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<MarketTable<CapitalizationRow>> {
  return getJson(`/api/stocks/get-capitalization/${branchId}/${groundId}/`, { signal });
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

export function fetchIndicators(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<StockIndicators> {
  return getJson(`/api/stocks/indicators/${stockId}/${groundId}/`, { signal });
}

/** Logs a show-more (actionId 80 consolidated IFRS table, 76 FSFR table); needs the session token. */
export function logStockAction(actionId: number): Promise<{ result: true; id: number }> {
  return postJson('/api/stocks/contactActionLog/', { actionId });
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
