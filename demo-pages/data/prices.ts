/**
 * Synthetic price series: geometric random walks driven by a common market factor, with OHLC bars
 * that are consistent (low ≤ open, close ≤ high) and volumes that grow with the size of the move.
 */
import type { Random } from './random.ts';

export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface IntradayBar extends Omit<Bar, 'date'> {
  /** Bar start, Unix seconds. */
  time: number;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Daily log returns of a market factor (one per day; the first is 0). */
export function marketReturns(rng: Random, days: number, volatility: number): number[] {
  const returns = [0];
  for (let i = 1; i < days; i++) returns.push(volatility * rng.normal());
  return returns;
}

/**
 * Turns daily log returns into a price path that ends at `lastValue` on the last day: the returns
 * are drawn first and the level is anchored at the end, so today's prices look like today's
 * market whatever the seed. The path follows a trend (annual drift) and is pulled back towards it
 * (half-life in trading days), so ten years of 2 % daily moves stay within a believable band
 * instead of wandering off by a factor of thirty.
 */
export function anchoredWalk(
  returns: number[],
  lastValue: number,
  opts: { annualDrift?: number; halfLifeDays?: number } = {},
): number[] {
  const drift = (opts.annualDrift ?? 0) / 252;
  const pull = opts.halfLifeDays ? Math.LN2 / opts.halfLifeDays : 0;
  const levels: number[] = [];
  let deviation = 0;
  returns.forEach((r, day) => {
    deviation = deviation * (1 - pull) + r;
    levels.push(drift * day + deviation);
  });
  const end = levels[levels.length - 1] ?? 0;
  return levels.map((level) => lastValue * Math.exp(level - end));
}

export interface WalkParams {
  /** Daily volatility of the stock's log return. */
  volatility: number;
  /** Sensitivity to the market factor. */
  beta: number;
  /** Volatility of the market factor (to split the stock's volatility into market and own parts). */
  marketVolatility: number;
}

/** Stock log returns: beta × market + own noise, with rare jumps (news days). */
export function stockReturns(rng: Random, market: number[], params: WalkParams): number[] {
  const marketPart = params.beta * params.marketVolatility;
  const own = Math.sqrt(Math.max(params.volatility ** 2 - marketPart ** 2, (0.5 * params.volatility) ** 2));
  return market.map((m, i) => {
    if (i === 0) return 0;
    const jump = rng.uniform() < 0.005 ? 3 : 1;
    // The −σ²/2 drift keeps the geometric walk from drifting up on its own.
    return params.beta * m + own * jump * rng.normal() - own ** 2 / 2;
  });
}

/** Builds OHLCV bars around a series of closes. */
export function barsFromCloses(
  rng: Random,
  dates: string[],
  closes: number[],
  opts: { volatility: number; volume: number; decimals: number },
): Bar[] {
  const { volatility, volume, decimals } = opts;
  return dates.map((date, i) => {
    const close = roundTo(closes[i] as number, decimals);
    const previous =
      i === 0 ? (closes[0] as number) * Math.exp(-volatility * rng.normal()) : (closes[i - 1] as number);
    const open = roundTo(previous * Math.exp(0.3 * volatility * rng.normal()), decimals);
    const high = roundTo(
      Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * 0.45 * volatility),
      decimals,
    );
    const low = roundTo(
      Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * 0.45 * volatility),
      decimals,
    );
    const move = Math.abs(Math.log(close / previous)) / volatility;
    const traded = Math.round(volume * Math.exp(0.35 * rng.normal() - 0.06) * (0.6 + 0.5 * move));
    return {
      date,
      open,
      high: Math.max(high, open, close),
      low: Math.min(low, open, close),
      close,
      volume: Math.max(traded, 1),
    };
  });
}

/**
 * The same stock on another ground: every price converted by `rate` (ground currency per main
 * currency, by date) with a little independent noise, as arbitrage keeps the grounds close.
 */
export function convertBars(
  rng: Random,
  bars: Bar[],
  rateOn: (date: string) => number,
  opts: { decimals: number; volumeShare: number },
): Bar[] {
  const { decimals, volumeShare } = opts;
  return bars.map((bar) => {
    const rate = rateOn(bar.date);
    const convert = (price: number) => roundTo(price * rate * Math.exp(0.002 * rng.normal()), decimals);
    const open = convert(bar.open);
    const close = convert(bar.close);
    return {
      date: bar.date,
      open,
      high: Math.max(convert(bar.high), open, close),
      low: Math.min(convert(bar.low), open, close),
      close,
      volume: Math.max(Math.round(bar.volume * volumeShare * Math.exp(0.5 * rng.normal())), 1),
    };
  });
}

/** Multiplies prices before a split by its coefficient (the stock was that much dearer). */
export function applySplit(bars: Bar[], splitDate: string, coefficient: number, decimals: number): Bar[] {
  return bars.map((bar) =>
    bar.date >= splitDate
      ? bar
      : {
          date: bar.date,
          open: roundTo(bar.open * coefficient, decimals),
          high: roundTo(bar.high * coefficient, decimals),
          low: roundTo(bar.low * coefficient, decimals),
          close: roundTo(bar.close * coefficient, decimals),
          volume: Math.max(Math.round(bar.volume / coefficient), 1),
        },
  );
}

export const SESSION_OPEN_UTC_SECONDS = 7 * 3600; // 10:00 Moscow time
export const INTRADAY_STEP_SECONDS = 300;
export const INTRADAY_BARS = 106; // 10:00, 10:05, …, 18:45

/**
 * 5-minute bars of one session: a Brownian bridge from the day's open to its close, so the last
 * bar closes exactly at the daily close. Returns the bars and the day bar widened to cover them.
 */
export function intradayBars(
  rng: Random,
  day: Bar,
  dayStartSeconds: number,
  opts: { volatility: number; decimals: number },
): { bars: IntradayBar[]; day: Bar } {
  const n = INTRADAY_BARS;
  const step = opts.volatility / Math.sqrt(n);
  const walk = [0];
  for (let k = 1; k <= n; k++) walk.push((walk[k - 1] as number) + step * rng.normal());
  const end = walk[n] as number;
  const from = Math.log(day.open);
  const to = Math.log(day.close);
  const closes = walk.slice(1).map((w, i) => {
    const k = i + 1;
    return roundTo(Math.exp(from + (k / n) * (to - from) + w - (k / n) * end), opts.decimals);
  });
  closes[n - 1] = day.close;

  // Trading is heavier at the open and the close (a U-shaped day).
  const weights = closes.map(
    (_, k) => (1 + 1.5 * ((k - n / 2) / (n / 2)) ** 2) * Math.exp(0.3 * rng.normal()),
  );
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  let volumeLeft = day.volume;

  const bars: IntradayBar[] = closes.map((close, k) => {
    const open = k === 0 ? day.open : (closes[k - 1] as number);
    const wick = () => Math.exp(Math.abs(rng.normal()) * 0.4 * step);
    const volume = k === n - 1 ? volumeLeft : Math.floor((day.volume * (weights[k] as number)) / totalWeight);
    volumeLeft -= volume;
    return {
      time: dayStartSeconds + SESSION_OPEN_UTC_SECONDS + k * INTRADAY_STEP_SECONDS,
      open,
      high: Math.max(roundTo(Math.max(open, close) * wick(), opts.decimals), open, close),
      low: Math.min(roundTo(Math.min(open, close) / wick(), opts.decimals), open, close),
      close,
      volume: Math.max(volume, 0),
    };
  });
  return {
    bars,
    day: {
      ...day,
      high: Math.max(day.high, ...bars.map((b) => b.high)),
      low: Math.min(day.low, ...bars.map((b) => b.low)),
    },
  };
}
