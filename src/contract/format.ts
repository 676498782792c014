/**
 * Number formatting of SPEC §9, shared by the elements (through core/format.ts, which fills in the
 * page's language) and the reference server's pages: one formatter, so a number reads the same
 * everywhere and never breaks inside itself ("7 981 250" stays on one line).
 *
 * - Thousands: a narrow no-break space (SPEC §9 "Thousands are separated by a space") in every
 *   language.
 * - Decimal separator: the page language's (CLDR): "305.00" in English and Chinese, "305,00" in
 *   the eight others.
 * - Minus: the real minus sign U+2212, never a hyphen; a value that rounds to zero has no sign.
 * - Percent: where the language puts it (CLDR): "6.6%" (eng, chn, pol, ita, ukr), "6,6 %" (deu,
 *   rus, esp, fra, with a narrow no-break space), "%6,6" (tur).
 *
 * The language is optional and defaults to English, the format these functions wrote before they
 * knew of languages; an element calls core/format.ts, whose default is the page's language.
 */
import type { Lang } from './types.ts';

/** The thousands separator: narrow and no-break. */
export const NARROW_NO_BREAK_SPACE = '\u202f';
/** The minus sign of negative numbers (not the hyphen-minus). */
export const MINUS_SIGN = '\u2212';

/** The language a formatter writes in when none is given. */
export const FORMAT_DEFAULT_LANG: Lang = 'eng';

type PercentPlacement = 'after' | 'after-space' | 'before';

interface NumberStyle {
  decimal: '.' | ',';
  percent: PercentPlacement;
}

/** Per language, from CLDR (what Intl.NumberFormat writes), thousands aside. */
export const NUMBER_STYLES: Readonly<Record<Lang, NumberStyle>> = {
  rus: { decimal: ',', percent: 'after-space' },
  eng: { decimal: '.', percent: 'after' },
  pol: { decimal: ',', percent: 'after' },
  ita: { decimal: ',', percent: 'after' },
  deu: { decimal: ',', percent: 'after-space' },
  esp: { decimal: ',', percent: 'after-space' },
  chn: { decimal: '.', percent: 'after' },
  ukr: { decimal: ',', percent: 'after' },
  fra: { decimal: ',', percent: 'after-space' },
  tur: { decimal: ',', percent: 'before' },
};

/** The decimal separator of a language: "." or ",". */
export function decimalSeparator(lang: Lang = FORMAT_DEFAULT_LANG): '.' | ',' {
  return NUMBER_STYLES[lang].decimal;
}

/**
 * 1234567.891 → "1 234 567.89" (eng) or "1 234 567,89" (deu): `decimals` fixed decimals (2 by
 * default), narrow no-break space thousands, U+2212 minus. A non-finite value gives ''.
 */
export function formatNumber(value: number, decimals = 2, lang: Lang = FORMAT_DEFAULT_LANG): string {
  if (!Number.isFinite(value)) return '';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NO_BREAK_SPACE);
  const sign = value < 0 && Number(fixed) !== 0 ? MINUS_SIGN : '';
  return fraction ? `${sign}${grouped}${decimalSeparator(lang)}${fraction}` : `${sign}${grouped}`;
}

/** A number text with the percent sign where the language puts it: "6.6%", "6,6 %", "%6,6". */
export function withPercentSign(number: string, lang: Lang = FORMAT_DEFAULT_LANG): string {
  const placement = NUMBER_STYLES[lang].percent;
  if (placement === 'before') {
    const sign = /^[+\u2212]/.exec(number)?.[0] ?? '';
    return `${sign}%${number.slice(sign.length)}`;
  }
  return placement === 'after-space' ? `${number}${NARROW_NO_BREAK_SPACE}%` : `${number}%`;
}

/** A percentage without a plus: 6.6 → "6.6%" (eng), "6,6 %" (deu); '' when not finite. */
export function formatPercent(value: number, decimals = 2, lang: Lang = FORMAT_DEFAULT_LANG): string {
  return Number.isFinite(value) ? withPercentSign(formatNumber(value, decimals, lang), lang) : '';
}

/** A change in percent with its sign: +3.45%, −0.10%, 0.00% (and "+3,45 %" in German). */
export function formatPercentChange(value: number, decimals = 2, lang: Lang = FORMAT_DEFAULT_LANG): string {
  if (!Number.isFinite(value)) return '';
  const text = formatNumber(value, decimals, lang);
  const plus = value > 0 && Number(value.toFixed(decimals)) !== 0 ? '+' : '';
  return withPercentSign(`${plus}${text}`, lang);
}

/** Decimals a value needs to be written exactly, up to `max` (12.5 → 1, 3 → 0, 0.125 → 3). */
export function decimalsNeeded(value: number, max = 6): number {
  if (!Number.isFinite(value)) return 0;
  for (let decimals = 0; decimals < max; decimals += 1) {
    if (Math.abs(Number(value.toFixed(decimals)) - value) <= Math.abs(value) * 1e-12) return decimals;
  }
  return max;
}

/**
 * The decimals of one table column (issue 20: "46 919 939" under "52 648 192.5" read as two
 * kinds of number): what its most precise value needs, at least `min` and at most `max`, so every
 * cell of the column is written with the same count.
 */
export function columnDecimals(values: Iterable<unknown>, min = 0, max = 2): number {
  let decimals = min;
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value))
      decimals = Math.max(decimals, Math.min(max, decimalsNeeded(value, max)));
  }
  return decimals;
}
