/** Pure rules of the sign-in form: reading a code out of what was typed or pasted, and wait times. */
import { BCP47, type Lang } from '../../contract/types.ts';

/** SPEC §9: the auth code resend timer. */
export const RESEND_AFTER_SECONDS = 30;

/**
 * The code in what the user typed or pasted: `12 34 56`, `123-456`, the whole SMS text
 * ("Your code: 12 34 56") or its WebOTP line (`@host #123456`, which wins when present). Only the
 * first run of digits counts, so the digits of the WebOTP line are not appended to the code.
 */
export function codeFromText(text: string): string {
  const webOtp = /#(\d{4,10})\b/.exec(text);
  if (webOtp) return webOtp[1]!;
  const run = /\d(?:[ \u00a0\t-]*\d)*/.exec(text);
  return run ? run[0].replace(/\D/g, '') : '';
}

/** "15 minutes", "45 s" in the page's language (Intl), for a throttled request's wait. */
export function waitText(seconds: number, lang: Lang): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds >= 60 ? [minutes, 'minute'] : [Math.max(1, Math.ceil(seconds)), 'second'];
  try {
    return new Intl.NumberFormat(BCP47[lang], { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  } catch {
    return `${value} ${unit === 'minute' ? 'min' : 's'}`;
  }
}

/** Fills `{name}` placeholders of a label. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
