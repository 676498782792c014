/**
 * Chart series of the stock chart (SPEC §3 "Chart series", §7 tradings link): one series per
 * requested (stock, ground) pair and field, points [time ms UTC, value], daily bars for a window
 * or the 5-minute bars when the window is the last trading day of ground 1.
 *
 * Masking (SPEC §6, DESIGN §4): a paid session gets the values and dividend/split flags; any
 * other session gets each series min–max scaled to 0..100 with `scaled: true`, so the shape shows
 * but no price leaves the server. The extended fields (OHLC, volume) are the route's business:
 * anonymous sessions get empty data, free users a 403.
 */
import { addMonths, dateMs, displayDate, isIsoDate, unixSeconds } from '../../../src/contract/calendar.ts';
import { HttpError } from '../shared/context.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { ChartEvent, ChartPoint, TradingField, TradingSeries } from '../../../src/contract/stocks.ts';
// One palette for the series colours the server suggests and the ones the chart allocates.
import { CHART_PALETTE } from '../../../src/contract/palette.ts';
import type { LabelStore } from '../shared/labels.ts';
import type { PriceAccess } from '../shared/masking.ts';
import type { MarketRepository } from './market.repo.ts';
import { dividendPeriodName, groundText, stockName } from './stock.page-data.ts';
import type { StockGroundRow, StockRepository, StockRow } from './stocks.repo.ts';

export const TRADING_FIELDS: readonly TradingField[] = ['open', 'high', 'low', 'close', 'volume'];

/** Colours of the extended chart's other fields (SPEC §9: rise, fall, unchanged, volume). */
const FIELD_COLORS: Partial<Record<TradingField, string>> = {
  open: '#9ba0b2',
  high: '#5cb585',
  low: '#e31e25',
  volume: '#F8BB68',
};

/** 'DD.MM.YYYY' → 'YYYY-MM-DD'; null when it is not a real date. */
export function parseDisplayDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** Min–max scaling to 0..100 (2 decimals); a flat series sits at 50. */
export function scalePoints(points: ChartPoint[]): ChartPoint[] {
  if (points.length === 0) return points;
  let min = Infinity;
  let max = -Infinity;
  for (const [, value] of points) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const span = max - min;
  return points.map(([time, value]) => [
    time,
    span === 0 ? 50 : Math.round(((value - min) / span) * 10_000) / 100,
  ]);
}

/** ISO date of a validated DD.MM.YYYY field; 400 naming the field when it is not a real date. */
export function isoDate(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const iso = parseDisplayDate(value);
  if (!iso) throw new HttpError(400, `${field} must be a date DD.MM.YYYY`);
  return iso;
}

/** The window of a call: both dates or the defaults; 400 when it runs backwards. */
export function dateWindow(
  from: string | undefined,
  to: string | undefined,
  defaults: { from: string; to: string },
  names: [string, string],
): { from: string; to: string } {
  const window = { from: from ?? (to ? addMonths(to, -1) : defaults.from), to: to ?? defaults.to };
  if (window.from > window.to) throw new HttpError(400, `${names[0]} is after ${names[1]}`);
  return window;
}

export interface TradingPair {
  stockId: number;
  groundId: number;
}

export interface TradingsQuery {
  /** ISO dates, from ≤ to. */
  from: string;
  to: string;
  pairs: TradingPair[];
  fields: TradingField[];
}

export interface TradingsDeps {
  repo: StockRepository;
  market: MarketRepository;
  labels: LabelStore;
  lang: Lang;
  access: PriceAccess;
  /** The last trading day of ground 1 (the day of the intraday bars). */
  intradayDay: string;
  /** Extended chart for an anonymous session: the series come with empty data. */
  emptyData?: boolean;
}

export type TradingsOutcome =
  | { status: 200; series: TradingSeries[] }
  | { status: 206; date: string; 'date.numeric': number }
  | { status: 404; error: string };

interface PairPoints {
  pair: TradingPair;
  stock: StockRow;
  ground: StockGroundRow;
  /** One row per point: time ms and the bar. */
  points: Array<{ time: number; bar: Record<TradingField, number> }>;
  intraday: boolean;
}

export function buildTradings(deps: TradingsDeps, query: TradingsQuery): TradingsOutcome {
  const { repo, market } = deps;
  const intraday = query.from === query.to && query.from === deps.intradayDay;
  const loaded: PairPoints[] = [];
  for (const pair of query.pairs) {
    const stock = repo.stock(pair.stockId);
    if (!stock) return { status: 404, error: `Unknown stock ${pair.stockId}` };
    const ground = repo.ground(pair.stockId, pair.groundId);
    if (!ground)
      return {
        status: 404,
        error: `Stock ${pair.stockId} is not traded on trading ground ${pair.groundId}`,
      };
    const bars = intraday ? market.intraday(pair.stockId, pair.groundId, query.from) : [];
    if (bars.length > 0) {
      loaded.push({
        pair,
        stock,
        ground,
        intraday: true,
        points: bars.map((bar) => ({ time: bar.time * 1000, bar })),
      });
    } else {
      const daily = market.bars(pair.stockId, pair.groundId, query.from, query.to);
      loaded.push({
        pair,
        stock,
        ground,
        intraday: false,
        points: daily.map((bar) => ({ time: dateMs(bar.date), bar })),
      });
    }
  }

  if (loaded.every((entry) => entry.points.length === 0)) {
    // No bars in the window (before the listing, after the last day, a weekend): the client
    // retries with a window ending on the last day that has data.
    const last = query.pairs
      .map((pair) => market.lastBarDate(pair.stockId, pair.groundId))
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1);
    if (last !== undefined)
      return { status: 206, date: displayDate(last), 'date.numeric': unixSeconds(last) };
  }

  const series: TradingSeries[] = [];
  loaded.forEach((entry, index) => {
    const { stock, ground } = entry;
    const name = stockName(deps.lang, stock);
    const color = CHART_PALETTE[index % CHART_PALETTE.length] as string;
    const events = deps.access === 'full' ? chartEvents(deps, entry.pair.stockId, query) : undefined;
    for (const field of query.fields) {
      const raw: ChartPoint[] = deps.emptyData ? [] : entry.points.map((p) => [p.time, p.bar[field]]);
      series.push({
        field,
        name: `${name} (${ground.ticker})`,
        data: deps.access === 'full' ? raw : scalePoints(raw),
        color: field === 'close' ? color : (FIELD_COLORS[field] ?? color),
        stockId: entry.pair.stockId,
        tgId: entry.pair.groundId,
        stockName: name,
        tgName: groundText(deps.lang, ground),
        ticker: ground.ticker,
        currency: ground.currency,
        intraday: entry.intraday,
        ...(deps.access === 'full' ? { events } : { scaled: true as const }),
      });
    }
  });
  return { status: 200, series };
}

/** Dividend (ex-dividend date) and split flags inside the window. */
function chartEvents(deps: TradingsDeps, stockId: number, query: TradingsQuery): ChartEvent[] {
  const { lang, labels, repo } = deps;
  const events: ChartEvent[] = [];
  for (const d of repo.dividends(stockId)) {
    if (d.date_of_ex_dividend < query.from || d.date_of_ex_dividend > query.to) continue;
    events.push({
      type: 'dividend',
      date: dateMs(d.date_of_ex_dividend),
      text: labels
        .text(lang, 'market:event_dividend')
        .replace('{summ}', String(d.summ))
        .replace('{currency}', d.currency)
        .replace('{period}', dividendPeriodName(labels, lang, d)),
    });
  }
  for (const split of repo.splits(stockId)) {
    if (split.date < query.from || split.date > query.to) continue;
    events.push({
      type: 'split',
      date: dateMs(split.date),
      text: labels.text(lang, 'market:event_split').replace('{coefficient}', String(split.coefficient)),
    });
  }
  return events.sort((a, b) => a.date - b.date);
}
