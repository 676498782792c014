/** Deterministic chart data for browser tests, pixel checks and the bench (fixed-seed random walks). */
import type { ChartPoint, OhlcBar, OhlcInput } from '../chart.types.ts';

const DAY_MS = 86_400_000;
/** 2015-01-05, a Monday (ms UTC). */
export const SYNTHETIC_START = Date.UTC(2015, 0, 5);

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WalkOptions {
  seed: number;
  points: number;
  /** ms between points; default one day. */
  stepMs?: number;
  start?: number;
  startValue?: number;
  /** Daily points on weekdays only, as an exchange trades (SYNTHETIC_START is a Monday). */
  tradingDays?: boolean;
}

/** The `count` first weekdays from `start` on (ms UTC), one per day. */
export function tradingDayTimes(count: number, start = SYNTHETIC_START): number[] {
  const times: number[] = [];
  for (let day = 0; times.length < count; day++) {
    const time = start + day * DAY_MS;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) times.push(time);
  }
  return times;
}

/** A multiplicative random walk, one point per step. */
export function randomWalk({
  seed,
  points,
  stepMs = DAY_MS,
  start = SYNTHETIC_START,
  startValue = 100,
  tradingDays = false,
}: WalkOptions): ChartPoint[] {
  const random = seededRandom(seed);
  const out: ChartPoint[] = new Array(points);
  const times = tradingDays ? tradingDayTimes(points, start) : null;
  let value = startValue;
  for (let i = 0; i < points; i++) {
    out[i] = [times ? times[i]! : start + i * stepMs, Math.round(value * 100) / 100];
    value *= 1 + (random() - 0.5) * 0.04;
  }
  return out;
}

/**
 * Daily bars around a random walk of closes, with volumes; every 9th bar is unchanged (open =
 * close). `tradingDays`: weekdays only.
 */
export function randomBars(
  seed: number,
  count: number,
  start = SYNTHETIC_START,
  tradingDays = false,
): OhlcInput {
  const random = seededRandom(seed);
  const bars: OhlcBar[] = [];
  const volume: ChartPoint[] = [];
  const times = tradingDays ? tradingDayTimes(count, start) : null;
  let close = 250;
  for (let i = 0; i < count; i++) {
    const time = times ? times[i]! : start + i * DAY_MS;
    const open = close;
    close = i % 9 === 8 ? open : Math.round(open * (1 + (random() - 0.5) * 0.06) * 100) / 100;
    const high = Math.round(Math.max(open, close) * (1 + random() * 0.015) * 100) / 100;
    const low = Math.round(Math.min(open, close) * (1 - random() * 0.015) * 100) / 100;
    bars.push([time, open, high, low, close]);
    volume.push([time, Math.round(200_000 + random() * 1_800_000)]);
  }
  return { bars, volume };
}
