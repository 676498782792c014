/**
 * The stock tables of the market calls, built from SQL and masked for the session: the archive
 * (full-info trading table), holders, growing/falling leaders, capitalisation and indicators.
 */
import { addMonths, displayDate, unixSeconds } from '../../../src/contract/calendar.ts';
import { roundTo } from '../../data/prices.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type {
  CapitalizationRow,
  HoldersAnswer,
  IndicatorId,
  IndicatorRow,
  LeaderRow,
  MarketTable,
  StockIndicators,
  TradingFullInfoRow,
  TradingFullInfoTable,
} from '../../../src/contract/stocks.ts';
import { FULL_INFO_FIELDS } from '../../../src/contract/stocks.ts';
import type { WatchlistRow } from '../../../src/contract/watchlist.ts';
import { HttpError, type AppContext } from '../shared/context.ts';
import type { LabelStore } from '../shared/labels.ts';
import { localName, pickName } from '../shared/lang.ts';
import { FREE_FLOAT, OTHER_HOLDERS } from '../../data/market.ts';
import { maskDerived, maskNumeric, maskPrice, type PriceAccess, type PriceKind } from '../shared/masking.ts';
import type { MarketRepository, StockDayRow, WatchlistItemRow } from './market.repo.ts';
import { stockName, stockUrl } from './stock.page-data.ts';
import type { DailyBarRow, StockGroundRow, StockRepository, StockRow } from './stocks.repo.ts';

export interface TableDeps {
  repo: StockRepository;
  market: MarketRepository;
  labels: LabelStore;
  lang: Lang;
  access: PriceAccess;
}

/** field → heading of the `market` label module in the request's language. */
export function fieldsLabels(deps: Pick<TableDeps, 'labels' | 'lang'>, fields: readonly string[]) {
  return Object.fromEntries(fields.map((field) => [field, deps.labels.text(deps.lang, `market:${field}`)]));
}

/** The stock and its ground; 404 when either is unknown. */
export function stockAndGround(
  ctx: AppContext,
  stockId: number,
  groundId: number,
): [StockRow, StockGroundRow] {
  const stock = ctx.repo.stock(stockId);
  if (!stock) throw new HttpError(404, `Unknown stock ${stockId}`);
  const ground = ctx.repo.ground(stockId, groundId);
  if (!ground) throw new HttpError(404, `Stock ${stockId} is not traded on trading ground ${groundId}`);
  return [stock, ground];
}

/** SPEC §3 "Watchlist row": id is the stock id. */
export function watchlistRows(lang: Lang, items: WatchlistItemRow[]): WatchlistRow[] {
  return items.map((item) => ({
    id: item.stock_id,
    'id.numeric': item.stock_id,
    checked: item.checked === 1,
    count: item.count,
    wlid: item.wlid,
    tgId: item.ground_id,
    name: stockName(lang, item),
    ticker: item.ticker,
    url: stockUrl(item.string_id, item.position === 1 ? null : item.ground_id),
  }));
}

// ---------------------------------------------------------------------------------------------
// Archive

/** A trading day with every figure exact (unmasked, unrounded); the export writes these too. */
export interface ArchiveDay {
  date: string;
  open: number;
  max: number;
  min: number;
  close: number;
  avg: number;
  volume: number;
  value: number;
  change: number | null;
}

/**
 * The days of [from, to], newest first. The average price is the mean of open, high, low and
 * close (the exchange table's `avg`), the turnover that price times the volume, the change
 * measured against the previous day's close (also the one before the window).
 */
export function archiveDays(
  market: MarketRepository,
  stockId: number,
  groundId: number,
  from: string,
  to: string,
) {
  const bars: DailyBarRow[] = market.bars(stockId, groundId, from, to);
  let previous = bars.length ? market.closeBefore(stockId, groundId, from) : null;
  const days: ArchiveDay[] = bars.map((bar) => {
    const avg = (bar.open + bar.high + bar.low + bar.close) / 4;
    const day = {
      date: bar.date,
      open: bar.open,
      max: bar.high,
      min: bar.low,
      close: bar.close,
      avg,
      volume: bar.volume,
      value: avg * bar.volume,
      change: previous === null ? null : ((bar.close - previous) / previous) * 100,
    };
    previous = bar.close;
    return day;
  });
  return days.reverse();
}

export function fullInfoTable(
  deps: TableDeps,
  ground: StockGroundRow,
  stockId: number,
  from: string,
  to: string,
): TradingFullInfoTable {
  const days = archiveDays(deps.market, stockId, ground.ground_id, from, to);
  const price = (value: number | null, decimals: number) => ({
    display: maskPrice(value === null ? null : roundTo(value, decimals), deps.access, 'paid'),
    exact: maskNumeric(value, deps.access, 'paid'),
  });
  const data = days.map((day): TradingFullInfoRow => {
    const cells = {
      open: price(day.open, ground.decimals),
      max: price(day.max, ground.decimals),
      min: price(day.min, ground.decimals),
      close: price(day.close, ground.decimals),
      avg: price(day.avg, ground.decimals),
      value: price(day.value, 2),
      change: price(day.change, 2),
    };
    return {
      date: displayDate(day.date),
      'date.numeric': unixSeconds(day.date),
      'date.no_round': unixSeconds(day.date),
      open: cells.open.display,
      'open.no_round': cells.open.exact,
      max: cells.max.display,
      'max.no_round': cells.max.exact,
      min: cells.min.display,
      'min.no_round': cells.min.exact,
      close: cells.close.display,
      'close.no_round': cells.close.exact,
      avg: cells.avg.display,
      'avg.no_round': cells.avg.exact,
      volume: day.volume,
      'volume.no_round': day.volume,
      value: cells.value.display,
      'value.no_round': cells.value.exact,
      change: cells.change.display,
      'change.no_round': cells.change.exact,
    };
  });
  return {
    result: data.length > 0,
    data,
    fields: [...FULL_INFO_FIELDS],
    fieldsLabels: fieldsLabels(deps, [...FULL_INFO_FIELDS]),
    total: data.length,
    dateFrom: displayDate(from),
    dateTo: displayDate(to),
    currency: ground.currency,
  };
}

/** The default archive window: the month before the last bar (the chart's default 1M period). */
export function defaultWindow(market: MarketRepository, stockId: number, groundId: number, fallback: string) {
  const to = market.lastBarDate(stockId, groundId) ?? fallback;
  return { from: addMonths(to, -1), to };
}

// ---------------------------------------------------------------------------------------------
// Holders

export const HOLDER_FIELDS = ['name', 'share', 'date'];

/** The summary rows are words of the page's language; a named holder keeps its own name. */
const SUMMARY_HOLDERS = new Set([OTHER_HOLDERS.nameEng, FREE_FLOAT.nameEng]);

function holderName(lang: Lang, holder: { name: string; name_eng: string }): string {
  return SUMMARY_HOLDERS.has(holder.name_eng)
    ? localName(lang, holder.name, holder.name_eng)
    : pickName(lang, holder.name, holder.name_eng);
}

export function holdersAnswer(
  deps: Pick<TableDeps, 'market' | 'labels' | 'lang'>,
  stockId: number,
): HoldersAnswer {
  return {
    data: deps.market.holders(stockId).map((holder) => ({
      name: holderName(deps.lang, holder),
      share: holder.share,
      'share.numeric': holder.share,
      date: displayDate(holder.date),
      'date.numeric': unixSeconds(holder.date),
    })),
    fields: HOLDER_FIELDS,
    fieldsLabels: fieldsLabels(deps, ['name', 'share', 'holder_date']),
  };
}

// ---------------------------------------------------------------------------------------------
// Leaders and capitalisation

export const LEADERS_LIMIT = 10;
export const LEADER_FIELDS = ['name', 'tiker', 'last', 'change', 'volume', 'date'];
export const CAPITALIZATION_FIELDS = ['name', 'tiker', 'last', 'capitalization', 'share', 'date'];

function masked(field: string, value: number | null, access: PriceAccess, kind: PriceKind) {
  return { [field]: maskPrice(value, access, kind), [`${field}.numeric`]: maskNumeric(value, access, kind) };
}

function stockCells(lang: Lang, row: StockDayRow) {
  return {
    id: row.id,
    name: { val: stockName(lang, row), lnk: stockUrl(row.string_id) },
    tiker: row.ticker,
    date: displayDate(row.date),
    'date.numeric': unixSeconds(row.date),
  };
}

export function leadersTable(
  deps: TableDeps,
  branchId: number,
  groundId: number,
  direction: 'growing' | 'falling',
  currency: string | null,
): MarketTable<LeaderRow> {
  const rows = deps.market.leaders(branchId, groundId, direction, LEADERS_LIMIT);
  return {
    data: rows.map((row) => {
      const change = maskDerived(row.change, deps.access, 'paid', null);
      return {
        ...stockCells(deps.lang, row),
        ...masked('last', row.close, deps.access, 'last'),
        ...masked('change', row.change, deps.access, 'paid'),
        volume: row.volume,
        'volume.numeric': row.volume,
        class: change === null || change === 0 ? '' : change > 0 ? 'up' : 'down',
      } as LeaderRow;
    }),
    fields: LEADER_FIELDS,
    fieldsLabels: fieldsLabels(deps, LEADER_FIELDS),
    branchId,
    groundId,
    currency,
  };
}

export function capitalizationTable(
  deps: TableDeps,
  branchId: number,
  groundId: number,
  currency: string | null,
): MarketTable<CapitalizationRow> {
  const rows = deps.market.capitalization(branchId, groundId, LEADERS_LIMIT);
  return {
    data: rows.map(
      (row) =>
        ({
          ...stockCells(deps.lang, row),
          ...masked('last', row.close, deps.access, 'last'),
          ...masked('capitalization', Math.round(row.capitalization), deps.access, 'paid'),
          ...masked('share', row.share, deps.access, 'paid'),
        }) as CapitalizationRow,
    ),
    fields: CAPITALIZATION_FIELDS,
    fieldsLabels: fieldsLabels(deps, CAPITALIZATION_FIELDS),
    branchId,
    groundId,
    currency,
  };
}

// ---------------------------------------------------------------------------------------------
// Indicators

const TRADING_DAYS_A_YEAR = 252;
/** Fewer common days than this and beta is not worth showing. */
const MIN_BETA_DAYS = 20;

function logReturns(values: Array<[string, number]>): Map<string, number> {
  const returns = new Map<string, number>();
  for (let i = 1; i < values.length; i++) {
    const [date, value] = values[i] as [string, number];
    const previous = (values[i - 1] as [string, number])[1];
    returns.set(date, Math.log(value / previous));
  }
  return returns;
}

/**
 * Figures over the last year (52 weeks) and month before the stock's last bar on the ground:
 * annualised volatility of daily log returns, beta against the first index holding the stock,
 * 52-week high and low, average daily volume and turnover over the month, capitalisation.
 */
export function stockIndicators(
  deps: TableDeps,
  stockId: number,
  ground: StockGroundRow,
  sharesOutstanding: number,
): StockIndicators {
  const { market, repo, lang, labels, access } = deps;
  const last = market.lastBarDate(stockId, ground.ground_id);
  const benchmarkRow = repo.indexesOf(stockId)[0];
  const benchmark = benchmarkRow
    ? {
        id: benchmarkRow.id,
        code: benchmarkRow.code,
        name: pickName(lang, benchmarkRow.name, benchmarkRow.name_eng),
      }
    : null;

  const values: Partial<Record<IndicatorId, number | null>> = {};
  if (last) {
    const yearBars = market.bars(stockId, ground.ground_id, addMonths(last, -12), last);
    const monthBars = yearBars.filter((bar) => bar.date > addMonths(last, -1));
    const returns = logReturns(yearBars.map((bar) => [bar.date, bar.close]));
    const r = [...returns.values()];
    const mean = r.reduce((sum, x) => sum + x, 0) / Math.max(r.length, 1);
    values.volatility_1y =
      r.length > 1
        ? roundTo(
            Math.sqrt(r.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (r.length - 1)) *
              Math.sqrt(TRADING_DAYS_A_YEAR) *
              100,
            2,
          )
        : null;
    values.beta_1y = null;
    if (benchmark) {
      const indexReturns = logReturns(
        market.indexValues(benchmark.id, addMonths(last, -12), last).map((v) => [v.date, v.value]),
      );
      const pairs = [...returns]
        .filter(([date]) => indexReturns.has(date))
        .map(([date, x]) => [x, indexReturns.get(date) as number]);
      if (pairs.length >= MIN_BETA_DAYS) {
        const mx = pairs.reduce((sum, [x]) => sum + (x as number), 0) / pairs.length;
        const my = pairs.reduce((sum, [, y]) => sum + (y as number), 0) / pairs.length;
        const cov = pairs.reduce((sum, [x, y]) => sum + ((x as number) - mx) * ((y as number) - my), 0);
        const variance = pairs.reduce((sum, [, y]) => sum + ((y as number) - my) ** 2, 0);
        values.beta_1y = variance > 0 ? roundTo(cov / variance, 2) : null;
      }
    }
    values.high_52w = yearBars.length ? Math.max(...yearBars.map((bar) => bar.high)) : null;
    values.low_52w = yearBars.length ? Math.min(...yearBars.map((bar) => bar.low)) : null;
    values.avg_volume_1m = monthBars.length
      ? Math.round(monthBars.reduce((sum, bar) => sum + bar.volume, 0) / monthBars.length)
      : null;
    values.avg_value_1m = monthBars.length
      ? roundTo(
          monthBars.reduce(
            (sum, bar) => sum + ((bar.open + bar.high + bar.low + bar.close) / 4) * bar.volume,
            0,
          ) / monthBars.length,
          2,
        )
      : null;
    const close = yearBars[yearBars.length - 1]?.close;
    values.capitalization = close === undefined ? null : Math.round(close * sharesOutstanding);
  }

  const row = (id: IndicatorId, unit: IndicatorRow['unit'], kind: PriceKind | null): IndicatorRow => {
    const value = values[id] ?? null;
    return {
      id,
      name: labels.text(lang, `market:${id}`),
      value: kind === null ? value : maskPrice(value, access, kind),
      'value.numeric': kind === null ? value : maskNumeric(value, access, kind),
      unit,
    };
  };
  return {
    stockId,
    groundId: ground.ground_id,
    currency: ground.currency,
    date: last ? displayDate(last) : null,
    'date.numeric': last ? unixSeconds(last) : null,
    benchmark,
    data: [
      row('volatility_1y', '%', 'paid'),
      row('beta_1y', '', 'paid'),
      row('high_52w', 'currency', 'paid'),
      row('low_52w', 'currency', 'paid'),
      row('avg_volume_1m', 'shares', null),
      row('avg_value_1m', 'currency', 'paid'),
      row('capitalization', 'currency', 'paid'),
    ],
    fields: ['name', 'value'],
  };
}
