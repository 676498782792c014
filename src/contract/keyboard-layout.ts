/**
 * The keyboard-layout fix of the site search (issue 13): a term typed with the wrong layout
 * switched on ("ыиук" for "sber", "cgt" for "спе") is converted key by key between the Russian
 * ЙЦУКЕН and the English QWERTY layouts, so the server can search it both ways.
 */

/** The QWERTY keys, in the order of the ЙЦУКЕН letters on the same keys (lower case). */
const QWERTY = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const JCUKEN = 'ёйцукенгшщзхъфывапролджэячсмитьбю';

const toCyrillic = new Map<string, string>();
const toLatin = new Map<string, string>();
[...QWERTY].forEach((key, i) => {
  const letter = JCUKEN[i] as string;
  toCyrillic.set(key, letter);
  toLatin.set(letter, key);
  const upperKey = key.toUpperCase();
  // Shifted punctuation keys ({ } : " < > ~) give the upper-case letters on ЙЦУКЕН.
  const shifted = { '`': '~', '[': '{', ']': '}', ';': ':', "'": '"', ',': '<', '.': '>' }[key] ?? upperKey;
  toCyrillic.set(shifted, letter.toUpperCase());
  toLatin.set(letter.toUpperCase(), shifted);
});

const CYRILLIC_LETTER = /[\u0400-\u04ff]/;
const LATIN_LETTER = /[A-Za-z]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The term as it reads in the other layout, or null when it has no such reading: a term with
 * letters of both alphabets (or none), or one whose letters would turn into punctuation in the
 * other layout ("вхд" → "d[l"), which would search for other, shorter words. Digits, spaces and
 * other characters stay as they are; case is kept.
 */
export function convertLayout(term: string): string | null {
  const chars = [...term];
  const cyrillic = chars.some((ch) => CYRILLIC_LETTER.test(ch));
  const latin = chars.some((ch) => LATIN_LETTER.test(ch));
  if (cyrillic === latin) return null;
  const map = cyrillic ? toLatin : toCyrillic;
  let out = '';
  for (const ch of chars) {
    const converted = map.get(ch);
    if (converted === undefined) {
      // A letter with no key in the other layout (і, ї, ґ…): not a mistyped term.
      if (cyrillic && CYRILLIC_LETTER.test(ch)) return null;
      out += ch;
    } else if (LETTER_OR_DIGIT.test(ch) && !LETTER_OR_DIGIT.test(converted)) return null;
    else out += converted;
  }
  return out;
}
