/**
 * Number formatting of SPEC §9 for the elements: the one formatter of src/contract (shared with
 * the reference server) in the page's language unless a language is given. Dates live in dates.ts.
 */
import * as shared from '../contract/format.ts';
import { NARROW_NO_BREAK_SPACE } from '../contract/format.ts';
import type { Lang } from '../contract/types.ts';
import { $lang } from './stores/lang.ts';

export { columnDecimals, decimalsNeeded } from '../contract/format.ts';

/** 1234567.891 → "1 234 567,89" on a German page, "1 234 567.89" on an English one. */
export function formatNumber(value: number, decimals = 2, lang: Lang = $lang.get()): string {
  return shared.formatNumber(value, decimals, lang);
}

/** A percentage: "6.6%", "6,6 %" (deu), "%6,6" (tur). */
export function formatPercent(value: number, decimals = 2, lang: Lang = $lang.get()): string {
  return shared.formatPercent(value, decimals, lang);
}

/** A signed change in percent: "+3.45%", "+3,45 %" (deu). */
export function formatPercentChange(value: number, decimals = 2, lang: Lang = $lang.get()): string {
  return shared.formatPercentChange(value, decimals, lang);
}

/** A number text with the percent sign where the page's language puts it. */
export function withPercentSign(number: string, lang: Lang = $lang.get()): string {
  return shared.withPercentSign(number, lang);
}

/** SPEC §6: a value axis whose values reach this (in absolute value) is written in millions. */
export const AXIS_MILLIONS_FROM = 100_000;
/** Axis labels keep at least the 2 decimals of SPEC §9, more only when the step needs them. */
const AXIS_MIN_DECIMALS = 2;
const AXIS_MAX_DECIMALS = 12;

/** How every label of one value axis is written: decided once per axis, never per label. */
export interface AxisFormat {
  /** Labels in millions with the suffix (SPEC §6). */
  millions: boolean;
  /** Decimals of every label: enough that neighbouring grid lines never read the same. */
  decimals: number;
}

/** Whether `step` is a whole multiple of 10^-decimals (up to floating-point noise). */
function fitsDecimals(step: number, decimals: number): boolean {
  const scaled = step * 10 ** decimals;
  const whole = Math.round(scaled);
  return whole >= 1 && Math.abs(scaled - whole) <= 1e-6 * scaled;
}

/**
 * The format of a value axis from its visible range and grid step: millions when the largest
 * absolute value it shows is at least 100000 (SPEC §6), and the fewest decimals (2 at least) that
 * write the step exactly, so that labels one step apart always differ (0.700, 0.705, 0.710 M
 * rather than 0.70, 0.71, 0.71 M).
 */
export function axisFormat(visibleMaxAbs: number, step: number): AxisFormat {
  const millions = Math.abs(visibleMaxAbs) >= AXIS_MILLIONS_FROM;
  const unitStep = Math.abs(millions ? step / 1_000_000 : step);
  if (!(unitStep > 0) || !Number.isFinite(unitStep)) return { millions, decimals: AXIS_MIN_DECIMALS };
  let decimals = AXIS_MIN_DECIMALS;
  while (decimals < AXIS_MAX_DECIMALS && !fitsDecimals(unitStep, decimals)) decimals += 1;
  // A step no decimal count writes exactly (not a grid amCharts makes): enough decimals that one
  // unit of the last decimal is not larger than the step, which still tells neighbours apart.
  if (!fitsDecimals(unitStep, decimals))
    decimals = Math.max(AXIS_MIN_DECIMALS, Math.min(AXIS_MAX_DECIMALS, Math.ceil(-Math.log10(unitStep))));
  return { millions, decimals };
}

/** A value axis label in the axis' format: "99 000.00", "2.50 M" (space thousands, SPEC §9). */
export function formatAxisValue(
  value: number,
  format: AxisFormat,
  millionsSuffix: string,
  lang: Lang = $lang.get(),
): string {
  return format.millions
    ? `${formatNumber(value / 1_000_000, format.decimals, lang)}${NARROW_NO_BREAK_SPACE}${millionsSuffix}`
    : formatNumber(value, format.decimals, lang);
}

/** Where `value` sits between `min` and `max`, 0…1 (SPEC §9 scale marker); null when undefined. */
export function scalePosition(value: number, min: number, max: number): number | null {
  if (![value, min, max].every(Number.isFinite) || max < min) return null;
  if (max === min) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}
