/**
 * Pure transforms of the comparison search (SPEC §3 "Comparison search result", §4, §8): Search
 * API items to results, answers to result groups, the active group, and the `<b>` highlighting.
 */
import { SEARCH_ERR, type ComparisonSearchAnswer, type SearchApiItem } from '../../contract/search.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { readJsonBlock } from '../../core/page-data.ts';

/** The type of the extra entry an ETF gets: its net asset value per share (SPEC §3). */
export const NAV_PER_SHARE = 'nav_per_share';
/** The search URL kind whose items are ETFs. */
export const ETF_KIND = 'etf';

/** A result as the box shows it: the item the events carry plus the server's highlighted variants. */
export interface CompareSearchResult extends CompareSearchItem {
  /** HTML from the server in which only `<b>` counts (see highlightSegments). */
  emissionNameHighlighted: string;
  isinHighlighted: string | null;
  tickerHighlighted: string | null;
  /** The kind of instrument in the request's language (ordinary share, index …). */
  document: string;
}

/** The results of one search URL (one tab when there are several). */
export interface CompareSearchGroup {
  /** The URL's kind: stocks, indexes, etf, bonds, or an integrator's own. */
  kind: string;
  /**
   * ok: results (possibly none); empty: error 100200; tooMany: error 500100 (no items);
   * error: the call failed or the answer had another error number.
   */
  outcome: 'ok' | 'empty' | 'tooMany' | 'error';
  results: CompareSearchResult[];
}

/** SPEC §5: only a trimmed term longer than 2 characters is searched (the search box's rule). */
export { searchableTerm } from '../../widgets/search-box/index.ts';

/**
 * The results of one Search API item: one per trading ground (one without a ground when it has
 * none), and for an ETF the extra nav_per_share entry (SPEC §3).
 */
export function toCompareResults(item: SearchApiItem, kind: string): CompareSearchResult[] {
  const base = {
    emissionId: item['id.numeric'],
    emissionName: item.name,
    emissionNameHighlighted: item.name_highlighted,
    isin: item.isin,
    isinHighlighted: item.isin_highlighted,
    document: item.document,
    type: kind,
    measure_id: item['measure_id.numeric'],
  };
  const perGround: CompareSearchResult[] = item.trading_grounds.length
    ? item.trading_grounds.map((ground) => ({
        ...base,
        emissionNameWithTg: `${item.name} (${ground.name})`,
        ticker: ground.ticker,
        tickerHighlighted: ground.ticker_highlighted,
        tradingGroundsId: ground['id.numeric'],
        tradingGroundsName: ground.name,
      }))
    : [
        {
          ...base,
          emissionNameWithTg: item.name,
          ticker: null,
          tickerHighlighted: null,
          tradingGroundsId: null,
          tradingGroundsName: null,
        },
      ];
  // The fund's NAV is one series whatever the ground: an entry like the first, typed nav_per_share.
  if (kind === ETF_KIND) perGround.push({ ...perGround[0]!, type: NAV_PER_SHARE });
  return perGround;
}

/** One URL's answer as a group; the server's error text goes to the console (SPEC §8). */
export function toCompareGroup(kind: string, answer: ComparisonSearchAnswer): CompareSearchGroup {
  const { err_no: errNo, err_str: errStr } = answer.error ?? { err_no: SEARCH_ERR.ok, err_str: '' };
  if (errNo !== SEARCH_ERR.ok && errStr) {
    console.warn(`fin-elements: comparison search (${kind}): ${errStr} [${errNo}]`);
  }
  if (errNo === SEARCH_ERR.nothingFound) return { kind, outcome: 'empty', results: [] };
  if (errNo === SEARCH_ERR.tooManyResults) return { kind, outcome: 'tooMany', results: [] };
  if (errNo !== SEARCH_ERR.ok) return { kind, outcome: 'error', results: [] };
  const items = answer.response?.items ?? [];
  return { kind, outcome: 'ok', results: items.flatMap((item) => toCompareResults(item, kind)) };
}

/**
 * SPEC §4: the group with the most results becomes active (the first on a tie). When none has
 * results, a too-many group is shown rather than an empty one, so the user learns to refine.
 */
export function mostResultsKind(groups: readonly CompareSearchGroup[]): string | null {
  let best: CompareSearchGroup | null = null;
  for (const group of groups) {
    if (!best || group.results.length > best.results.length) best = group;
  }
  if (best && best.results.length === 0) best = groups.find((group) => group.outcome === 'tooMany') ?? best;
  return best?.kind ?? null;
}

/**
 * SPEC §4: a result is compared when it has a trading ground or the box has configured types;
 * otherwise it is only selected.
 */
export function selectionEvent(
  result: CompareSearchItem,
  types: readonly string[] | undefined,
): 'compare' | 'select' {
  return result.tradingGroundsId !== null || (types?.length ?? 0) > 0 ? 'compare' : 'select';
}

/** The item the events carry: the SPEC §3 fields, without the display-only ones. */
export function toCompareItem(result: CompareSearchResult): CompareSearchItem {
  const item: CompareSearchItem = {
    emissionId: result.emissionId,
    emissionName: result.emissionName,
    emissionNameWithTg: result.emissionNameWithTg,
    isin: result.isin,
    ticker: result.ticker,
    tradingGroundsId: result.tradingGroundsId,
    tradingGroundsName: result.tradingGroundsName,
    type: result.type,
  };
  if (result.measure_id !== undefined) item.measure_id = result.measure_id;
  return item;
}

export interface HighlightSegment {
  text: string;
  bold: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A highlighted variant as text segments to render with React (never as HTML): `<b>…</b>` marks
 * bold parts, every other tag is dropped, entities are decoded. Anything but a string (an answer
 * the API boundary let through by mistake) gives no segments rather than an error.
 */
export function highlightSegments(html: string | null | undefined): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  if (typeof html !== 'string') return segments;
  let bold = false;
  for (const piece of html.split(/(<\/?b\s*>)/i)) {
    if (/^<b\s*>$/i.test(piece)) bold = true;
    else if (/^<\/b\s*>$/i.test(piece)) bold = false;
    else {
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ''));
      if (!text) continue;
      const last = segments[segments.length - 1];
      if (last && last.bold === bold) last.text += text;
      else segments.push({ text, bold });
    }
  }
  return segments;
}

/**
 * Checks search URLs given by an integrator: an object of kind → URL, each URL with `%term%`.
 * Returns the URLs, or the message that says what is wrong.
 */
export function validSearchUrls(value: unknown): Record<string, string> | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'urls: expected an object of kind → URL with %term%, e.g. {"stocks": "/api/search/stocks/%term%/"}';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return 'urls: give at least one search URL';
  for (const [kind, url] of entries) {
    if (typeof url !== 'string' || !url.includes('%term%'))
      return `urls.${kind}: expected a URL with %term%, got ${JSON.stringify(url)}`;
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The `comparisonSearchUrls` of a page-data block, if it has valid ones (SPEC §4; any page kind). */
export function pageComparisonSearchUrls(selector: string): Record<string, string> | null {
  if (typeof document === 'undefined' || !document.querySelector(selector)) return null;
  try {
    const data = readJsonBlock(selector) as { comparisonSearchUrls?: unknown } | null;
    const urls = data?.comparisonSearchUrls === undefined ? null : validSearchUrls(data.comparisonSearchUrls);
    return typeof urls === 'string' ? null : urls;
  } catch {
    return null; // a broken block is reported by the elements that need it
  }
}
