import type { Translations } from '../labels.ts';

/** One label in the ten languages, in the order rus, eng, pol, ita, deu, esp, chn, ukr, fra, tur. */
export function t(
  rus: string,
  eng: string,
  pol: string,
  ita: string,
  deu: string,
  esp: string,
  chn: string,
  ukr: string,
  fra: string,
  tur: string,
): Translations {
  return { rus, eng, pol, ita, deu, esp, chn, ukr, fra, tur };
}
