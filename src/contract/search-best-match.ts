/**
 * The best match of a site search (issue 20, as Yahoo and TradingView do it): of every category's
 * results, the one the visitor most likely means, shown above the tabs and first for ArrowDown +
 * Enter, and its tab opened when no tab is remembered. SPEC §4's tab order stays as it is; this
 * only says which result and tab come first. Shared by the element and the server's /search/ page.
 *
 * A result is a candidate when the term is exactly one of its tickers or its ISIN, or when its name
 * starts with the term (word by word, case and accents folded). Candidates rank:
 *   1. one that trades (an active issuer) before a matured, delisted or liquidated one;
 *   2. an exact ticker or ISIN before a name that starts with the term;
 *   3. the shorter name (the term is more of it);
 *   4. stocks, ETFs, indexes, bonds, then issuers (an issuer lists its stocks' tickers);
 *   5. the server's order.
 */
import { EMITENT_STATUSES, SECURITY_STATUSES, type SearchCategory, type SearchSuggestion } from './search.ts';

export type BestMatchKind = 'code' | 'name';

export interface BestMatch {
  item: SearchSuggestion;
  category: SearchCategory;
  kind: BestMatchKind;
}

/** One category's results, in the server's order. */
export interface BestMatchGroup {
  category: SearchCategory;
  items: readonly SearchSuggestion[];
}

/** Rule 4: which category wins a tie. */
const CATEGORY_PREFERENCE: readonly SearchCategory[] = ['stocks', 'etf', 'indexes', 'bonds', 'companies'];

/** Case and accent folding as the search index does it (ё → е; й stays й). */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  if (/[\u0400-\u04ff]/.test(lower)) return lower === 'ё' ? 'е' : lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of a text, folded, joined by one space ("Sberbank, pref." → "sberbank pref"). */
export function foldedWords(text: string): string {
  return [...text.normalize('NFKC')]
    .map(foldChar)
    .join('')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .join(' ');
}

/** How the result matches one of the terms (the typed one, the one read in the other layout). */
export function matchKind(item: SearchSuggestion, terms: readonly string[]): BestMatchKind | null {
  let kind: BestMatchKind | null = null;
  for (const term of terms) {
    const code = term.trim().toUpperCase();
    if (!code) continue;
    const codes = [...item.ticker, ...(item.isin ? [item.isin] : [])];
    if (codes.some((candidate) => candidate.toUpperCase() === code)) return 'code';
    const words = foldedWords(term);
    if (words && foldedWords(item.ttl).startsWith(words)) kind = 'name';
  }
  return kind;
}

/** Whether the result trades: an instrument in circulation, an issuer that is active. */
export function isTraded(item: SearchSuggestion, category: SearchCategory): boolean {
  return category === 'companies'
    ? item.status === EMITENT_STATUSES.active
    : item.status === SECURITY_STATUSES.traded;
}

/** The best match of the results for the terms (empty ones are skipped), or null when none is one. */
export function bestMatch(
  groups: readonly BestMatchGroup[],
  terms: ReadonlyArray<string | null | undefined>,
): BestMatch | null {
  const searched = terms.filter((term): term is string => typeof term === 'string' && term.trim() !== '');
  let best: { match: BestMatch; rank: number[] } | null = null;
  for (const group of groups) {
    group.items.forEach((item, index) => {
      const kind = matchKind(item, searched);
      if (kind === null) return;
      const rank = [
        isTraded(item, group.category) ? 0 : 1,
        kind === 'code' ? 0 : 1,
        kind === 'name' ? foldedWords(item.ttl).length : 0,
        CATEGORY_PREFERENCE.indexOf(group.category),
        index,
      ];
      if (!best || compareRanks(rank, best.rank) < 0)
        best = { match: { item, category: group.category, kind }, rank };
    });
  }
  return (best as { match: BestMatch } | null)?.match ?? null;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}
