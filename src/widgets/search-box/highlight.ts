/**
 * Highlighting of the searched words in a result, done on the client from the plain text (never
 * from HTML a server made): the text is split on every occurrence of the term's words, case
 * insensitive, and React renders the pieces as text with the matches in `<mark>`.
 */

export interface MatchSegment {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words to look for in the terms (a converted term too), longest first so "sber" wins over "sb". */
export function searchWords(terms: ReadonlyArray<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const term of terms) {
    for (const word of (term ?? '').trim().split(/\s+/)) if (word) words.add(word.toLowerCase());
  }
  return [...words].sort((a, b) => b.length - a.length);
}

/** `text` as pieces, each a match of one of `words` or not; anything but a string gives none. */
export function matchSegments(text: unknown, words: readonly string[]): MatchSegment[] {
  if (typeof text !== 'string' || text === '') return [];
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .map((piece, index) => ({ text: piece, match: index % 2 === 1 }))
    .filter((segment) => segment.text !== '');
}
