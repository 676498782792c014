/**
 * Pure rules of the site search (SPEC §4 "Main search", §8): the active tab, what the panel of a
 * tab says, and the remembered tab and recent searches kept in localStorage.
 */
import { SEARCH_CATEGORIES, type SearchCategory, type SuggestAnswer } from '../../contract/search.ts';
import { bestMatch, type BestMatch } from '../../contract/search-best-match.ts';

/** One category's answer to the term; null when its call failed (ignored, SPEC §8). */
export interface SiteSearchGroup {
  category: SearchCategory;
  answer: SuggestAnswer | null;
}

/** Matches of a group: the server's total (the items hold the first page). */
export function groupTotal(group: SiteSearchGroup | undefined): number {
  return group?.answer ? Math.max(group.answer.total, group.answer.items.length) : 0;
}

/**
 * SPEC §4: the asked tab (the /search/ page's address) or else the remembered one when it has
 * results; else the best match's tab (issue 20: what the visitor most likely means opens first);
 * else the first with results in SPEC order (bonds, stocks, indexes, companies, ETFs); null when
 * none has any (the empty state).
 */
export function pickActiveCategory(
  groups: readonly SiteSearchGroup[],
  remembered: SearchCategory | null,
  best: SearchCategory | null = null,
  asked: SearchCategory | null = null,
): SearchCategory | null {
  const withResults = (category: SearchCategory) =>
    groupTotal(groups.find((group) => group.category === category)) > 0;
  if (asked && withResults(asked)) return asked;
  if (remembered && withResults(remembered)) return remembered;
  if (best && withResults(best)) return best;
  return SEARCH_CATEGORIES.find(withResults) ?? null;
}

/** The best match of the groups' results for the searched term (and its other-layout reading). */
export function topResult(groups: readonly SiteSearchGroup[], term: string): BestMatch | null {
  return bestMatch(
    groups.map((group) => ({ category: group.category, items: group.answer?.items ?? [] })),
    [term, convertedTerm(groups)],
  );
}

/** The term the server also searched, converted from the other keyboard layout, if any. */
export function convertedTerm(groups: readonly SiteSearchGroup[]): string | null {
  for (const group of groups) {
    const converted = group.answer?.converted_term;
    if (typeof converted === 'string' && converted.trim() !== '') return converted;
  }
  return null;
}

/**
 * What the panel of a tab says instead of results: the empty state when no tab has results, the
 * server's search_error when this tab's answer came with a count of 0 (SPEC §8), nothing else.
 */
export function panelMessage(
  group: SiteSearchGroup | undefined,
  notFound: string,
): { kind: 'empty' | 'error'; text: string } | null {
  if (!group?.answer) return { kind: 'empty', text: notFound };
  if (groupTotal(group) > 0 && group.answer.items.length > 0) return null;
  const error = group.answer.search_error;
  return error ? { kind: 'error', text: error } : { kind: 'empty', text: notFound };
}

// ---------------------------------------------------------------------------------------------
// Kept in localStorage (a storage that throws, private mode or a full quota, is as if empty)

export const REMEMBERED_TAB_KEY = 'fin-site-search:tab';
export const RECENT_SEARCHES_KEY = 'fin-site-search:recent';
/** Recent searches kept at most. */
export const RECENT_SEARCHES_MAX = 5;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not kept: the search works the same without it.
  }
}

export function rememberedTab(): SearchCategory | null {
  const value = read(REMEMBERED_TAB_KEY);
  return (SEARCH_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as SearchCategory) : null;
}

export function rememberTab(category: SearchCategory): void {
  write(REMEMBERED_TAB_KEY, category);
}

export function recentSearches(): string[] {
  try {
    const list: unknown = JSON.parse(read(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(list)
      ? list
          .filter((term): term is string => typeof term === 'string' && term.trim() !== '')
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a searched term first (once, case-insensitive), keeping the newest RECENT_SEARCHES_MAX. */
export function addRecentSearch(term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return recentSearches();
  const list = [
    trimmed,
    ...recentSearches().filter((old) => old.toLowerCase() !== trimmed.toLowerCase()),
  ].slice(0, RECENT_SEARCHES_MAX);
  write(RECENT_SEARCHES_KEY, JSON.stringify(list));
  return list;
}

export function clearRecentSearches(): void {
  write(RECENT_SEARCHES_KEY, null);
}
