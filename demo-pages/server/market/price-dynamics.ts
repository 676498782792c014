/**
 * Price dynamics of a stock on a trading ground (SPEC §2, §3): the last price and, over the last
 * month and the last year, the maximum, the minimum and the change.
 *
 * The last price is the last daily close on that ground, or the last intraday price when the
 * intraday bars are as recent (ground 1 during the session). A window holds the bars dated after
 * "last date minus one calendar month (year)"; its change is measured against the close of the
 * last bar before the window, and is null when the stock has no bar that old.
 */
import { addMonths, displayDate, unixSeconds } from '../../../src/contract/calendar.ts';
import type { IssuerPriceDynamics, StockPriceDynamics } from '../../../src/contract/types.ts';
import { maskNumeric, maskPrice, type PriceAccess, type PriceKind } from '../shared/masking.ts';
import type { StockRepository } from './stocks.repo.ts';

export interface PriceWindow {
  max: number | null;
  min: number | null;
  /** Percent, 2 decimals. */
  delta: number | null;
}

/** Unmasked figures; only masked shapes leave the server. */
export interface RawPriceDynamics {
  lastPrice: number | null;
  /** YYYY-MM-DD */
  lastDate: string | null;
  currency: string;
  month: PriceWindow;
  year: PriceWindow;
}

const NO_WINDOW: PriceWindow = { max: null, min: null, delta: null };

export function percentChange(last: number, base: number): number {
  const change = Math.round(((last - base) / base) * 100 * 100) / 100;
  return change === 0 ? 0 : change; // no -0 in JSON
}

/** Null when the stock does not trade on that ground. */
export function computePriceDynamics(
  repo: StockRepository,
  stockId: number,
  groundId: number,
): RawPriceDynamics | null {
  const ground = repo.ground(stockId, groundId);
  if (!ground) return null;
  const [lastBar] = repo.latestBars(stockId, groundId, 1);
  const intraday = repo.latestIntraday(stockId, groundId);

  let lastPrice: number | null = lastBar?.close ?? null;
  let lastDate: string | null = lastBar?.date ?? null;
  if (intraday && (lastDate === null || intraday.date >= lastDate)) {
    lastPrice = intraday.close;
    lastDate = intraday.date;
  }
  if (lastPrice === null || lastDate === null) {
    return { lastPrice: null, lastDate: null, currency: ground.currency, month: NO_WINDOW, year: NO_WINDOW };
  }

  const last = lastPrice;
  const window = (months: number): PriceWindow => {
    const from = addMonths(lastDate, -months);
    const range = repo.rangeAfter(stockId, groundId, from);
    const base = repo.closeOnOrBefore(stockId, groundId, from);
    // The last price is a traded price inside the window, even before its daily bar exists.
    return {
      max: range.high === null ? last : Math.max(range.high, last),
      min: range.low === null ? last : Math.min(range.low, last),
      delta: base === null ? null : percentChange(last, base),
    };
  };
  return { lastPrice, lastDate, currency: ground.currency, month: window(1), year: window(12) };
}

/** The answer of GET /api/stocks/{stockId}/{tgId}/price-dynamics/, masked for the session. */
export function stockPriceDynamics(raw: RawPriceDynamics, access: PriceAccess): StockPriceDynamics {
  const value = (field: string, number: number | null, kind: PriceKind) => ({
    [field]: maskPrice(number, access, kind),
    [`${field}.numeric`]: maskNumeric(number, access, kind),
  });
  return {
    ...value('absolute_max_price_1m', raw.month.max, 'paid'),
    ...value('absolute_min_price_1m', raw.month.min, 'paid'),
    ...value('delta_last_price_1m', raw.month.delta, 'paid'),
    ...value('absolute_max_price_1y', raw.year.max, 'paid'),
    ...value('absolute_min_price_1y', raw.year.min, 'paid'),
    ...value('delta_last_price_1y', raw.year.delta, 'paid'),
    ...value('last_price', raw.lastPrice, 'last'),
    date: raw.lastDate === null ? null : displayDate(raw.lastDate),
    'date.numeric': raw.lastDate === null ? null : unixSeconds(raw.lastDate),
    currency: raw.currency,
  } as StockPriceDynamics;
}

/** The issuer page's price-dynamics bar: the one-year window, masked the same way. */
export function issuerPriceDynamics(raw: RawPriceDynamics, access: PriceAccess): IssuerPriceDynamics {
  return {
    absoluteMinPrice: maskPrice(raw.year.min, access, 'paid'),
    absoluteMaxPrice: maskPrice(raw.year.max, access, 'paid'),
    deltaLastPrice: maskPrice(raw.year.delta, access, 'paid'),
    lastPrice: maskPrice(raw.lastPrice, access, 'last'),
    lastDate: raw.lastDate === null ? null : displayDate(raw.lastDate),
  };
}
