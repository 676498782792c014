/**
 * Number formatting of SPEC §9 (space thousands, 2 decimals), shared by the elements (through
 * core/format.ts) and the reference server's pages: one formatter, so a number never breaks inside
 * itself anywhere ("7 981 250" stays on one line).
 */

/** The thousands separator: narrow and no-break. */
export const NARROW_NO_BREAK_SPACE = '\u202f';

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
