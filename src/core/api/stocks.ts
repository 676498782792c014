/** SPEC §7 calls of the stock domain, with the answer shapes of the reference server. */
import type {
  TradingField,
  TradingsRequest,
  ChartPoint,
  ChartEvent,
  TradingSeries,
  TradingsAnswer,
  TradingFullInfoTable,
  HoldersAnswer,
  LEADERS_GROWING,
  LEADERS_FALLING,
  LeaderRow,
  CapitalizationRow,
  MarketTable,
  StockIndicators,
} from '../../contract/stocks.ts';
import { TRADING_FIELDS } from '../../contract/stocks.ts';
import { PRICE_DYNAMICS_WINDOW_FIELDS, type StockPriceDynamics } from '../../contract/types.ts';
import {
  checkFullInfoTable,
  checkHolders,
  checkMarketTable,
  checkPriceDynamics,
  emptyFullInfoTable,
  emptyHolders,
  emptyMarketTable,
} from '../../contract/answers.ts';
import {
  archiveWindowPath,
  capitalizationPath,
  holdersPath,
  lastMonthArchivePath,
  leadersPath,
  priceDynamicsPath,
} from '../../contract/api-paths.ts';
import { peekPreloaded } from '../preload.ts';
import { ApiError, getJson, postJson, request } from './client.ts';

/**
 * SPEC §7 price-dynamics, or null when the server answered nothing: an empty body, `{}` or an
 * object with none of the values (not the same as six explicit nulls, which hide the block).
 */
export function fetchPriceDynamics(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<StockPriceDynamics | null> {
  return getJson<StockPriceDynamics | null>(priceDynamicsPath(stockId, groundId), {
    signal,
    check: checkPriceDynamicsAnswer,
    empty: () => null,
  });
}

const checkPriceDynamicsAnswer = (value: unknown, path: string): StockPriceDynamics | null =>
  hasNoPriceDynamicsField(value) ? null : checkPriceDynamics(value, path);

/** The page's preloaded answer of fetchPriceDynamics (core/preload.ts), or undefined. */
export function peekPriceDynamics(stockId: number, groundId: number): StockPriceDynamics | null | undefined {
  return peekPreloaded(priceDynamicsPath(stockId, groundId), { check: checkPriceDynamicsAnswer });
}

function hasNoPriceDynamicsField(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ![...PRICE_DYNAMICS_WINDOW_FIELDS, 'last_price'].some((field) => field in value)
  );
}

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
  // Indexed (COLD_LOOPS in widgets/chart/chart.utils.ts).
  for (let i = 0; i < data.length; i++) {
    const point: unknown = data[i];
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

/** The last month of trading (GET). */
export function fetchTradingsFullInfo(
  stockId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<TradingFullInfoTable> {
  // No empty value: an empty answer does not say the stock's last date, which the periods need.
  return getJson(lastMonthArchivePath(stockId, groundId), { signal, check: checkFullInfoTable });
}

/** Any window, DD.MM.YYYY (POST). */
export function createTradingsFullInfo(
  stockId: number,
  groundId: number,
  body: { dateFrom: string; dateTo: string },
  signal?: AbortSignal,
): Promise<TradingFullInfoTable> {
  return postJson(archiveWindowPath(stockId, groundId), body, {
    signal,
    check: checkFullInfoTable,
    empty: () => emptyFullInfoTable(body.dateFrom, body.dateTo),
  });
}

/**
 * The page's preloaded archive (core/preload.ts): of a window (the POST's key is its path with the
 * body's dates as the query), else of the last month (the GET). Undefined when the page has none.
 */
export function peekTradingsFullInfo(
  stockId: number,
  groundId: number,
  window?: { dateFrom: string; dateTo: string },
): TradingFullInfoTable | undefined {
  return window
    ? peekPreloaded(archiveWindowPath(stockId, groundId), { query: window, check: checkFullInfoTable })
    : peekPreloaded(lastMonthArchivePath(stockId, groundId), { check: checkFullInfoTable });
}

/** The archive Excel link of the page data with its %from% and %to% filled in (DD.MM.YYYY). */
export function archiveExportUrl(template: string, from: string, to: string): string {
  return template.replace('%from%', encodeURIComponent(from)).replace('%to%', encodeURIComponent(to));
}

export function fetchHolders(stockId: number, signal?: AbortSignal): Promise<HoldersAnswer> {
  return getJson(holdersPath(stockId), { signal, check: checkHolders, empty: emptyHolders });
}

export function peekHolders(stockId: number): HoldersAnswer | undefined {
  return peekPreloaded(holdersPath(stockId), { check: checkHolders });
}

/** branchId 0 = every branch; at most 10 rows. */
export function fetchLeaders(
  branchId: number,
  groundId: number,
  type: typeof LEADERS_GROWING | typeof LEADERS_FALLING,
  signal?: AbortSignal,
): Promise<MarketTable<LeaderRow>> {
  return getJson(leadersPath(branchId, groundId, type), {
    signal,
    check: checkMarketTable<LeaderRow>,
    empty: emptyMarketTable<LeaderRow>,
  });
}

export function fetchCapitalization(
  branchId: number,
  groundId: number,
  signal?: AbortSignal,
): Promise<MarketTable<CapitalizationRow>> {
  return getJson(capitalizationPath(branchId, groundId), {
    signal,
    check: checkMarketTable<CapitalizationRow>,
    empty: emptyMarketTable<CapitalizationRow>,
  });
}

/** The page's preloaded answers of fetchLeaders and fetchCapitalization, or undefined. */
export function peekLeaders(
  branchId: number,
  groundId: number,
  type: typeof LEADERS_GROWING | typeof LEADERS_FALLING,
): MarketTable<LeaderRow> | undefined {
  return peekPreloaded(leadersPath(branchId, groundId, type), { check: checkMarketTable<LeaderRow> });
}

export function peekCapitalization(
  branchId: number,
  groundId: number,
): MarketTable<CapitalizationRow> | undefined {
  return peekPreloaded(capitalizationPath(branchId, groundId), {
    check: checkMarketTable<CapitalizationRow>,
  });
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
