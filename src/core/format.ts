/** Number formatting of SPEC §9: space thousands, 2 decimals. Dates live in dates.ts (dayjs). */

const NARROW_NO_BREAK_SPACE = '\u202f';

/**
 * 1234567.891 → "1 234 567.89". The thousands separator is a no-break space so a number never
 * wraps; `separator` lets exports and tests ask for a plain space.
 */
export function formatNumber(value: number, decimals = 2, separator = NARROW_NO_BREAK_SPACE): string {
  if (!Number.isFinite(value)) return '';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const sign = value < 0 && Number(fixed) !== 0 ? '−' : '';
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/** A change in percent with its sign: +3.45%, −0.10%, 0.00%. */
export function formatPercentChange(value: number, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return value > 0 && Number(value.toFixed(decimals)) !== 0 ? `+${text}%` : `${text}%`;
}

/** SPEC §6 y-axis: at least 100000 is shown in millions with a suffix. */
export function formatAxisValue(value: number, millionsSuffix: string): string {
  return Math.abs(value) >= 100_000
    ? `${formatNumber(value / 1_000_000, 2)}${NARROW_NO_BREAK_SPACE}${millionsSuffix}`
    : formatNumber(value, 2);
}

/** Where `value` sits between `min` and `max`, 0…1 (SPEC §9 scale marker); null when undefined. */
export function scalePosition(value: number, min: number, max: number): number | null {
  if (![value, min, max].every(Number.isFinite) || max < min) return null;
  if (max === min) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}
