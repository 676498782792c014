/** Site search categories, in tab order (SPEC §4 "Main search"). */
export const SEARCH_CATEGORIES = ['bonds', 'stocks', 'indexes', 'companies', 'etf'] as const;

export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** POST targets of the site search suggestions, by category. */
export const SUGGEST_URLS: Record<SearchCategory, string> = {
  bonds: '/api/suggest/bonds/',
  stocks: '/api/suggest/stocks/',
  indexes: '/api/suggest/indexes/',
  companies: '/api/suggest/companies/',
  etf: '/api/suggest/etf/',
};

/**
 * Comparison search URL templates: POST with `%term%` replaced by the encoded term. The result
 * `type` is the key of the matching URL (an ETF result also gives a `nav_per_share` entry, made
 * by the client). Page data carries the ones a page offers.
 */
export const COMPARISON_SEARCH_URLS = {
  stocks: '/api/search/stocks/%term%/',
  indexes: '/api/search/indexes/%term%/',
  etf: '/api/search/etf/%term%/',
  bonds: '/api/search/bonds/%term%/',
} as const;

export type ComparisonSearchType = keyof typeof COMPARISON_SEARCH_URLS;

/** Comparison search error numbers (SPEC §8). */
export const SEARCH_ERR = { ok: 0, nothingFound: 100200, tooManyResults: 500100 } as const;

/** More matches than this give SEARCH_ERR.tooManyResults and no items. */
export const COMPARISON_SEARCH_MAX_RESULTS = 500;

/** SPEC §5, §9: a term needs at least this many characters (trimmed). */
export const SEARCH_MIN_CHARS = 3;

/** `status` of a suggestion. Issuers: 1 active, 2 reorganizing, 3 liquidating, 4 liquidated. */
export const EMITENT_STATUSES = { active: 1, reorganizing: 2, liquidating: 3, liquidated: 4 } as const;

/** `status` of a security: 1 traded (in circulation), 2 no longer traded (delisted, redeemed). */
export const SECURITY_STATUSES = { traded: 1, notTraded: 2 } as const;

/** `measure_id.numeric` of a comparison result. */
export const MEASURES = { price: 1, points: 2, percentOfNominal: 3 } as const;

/** SPEC §3 "Main search suggestion", plus what a result link and highlighting need. */
export interface SearchSuggestion {
  id: number;
  /** The name in the request's language (plain text). */
  ttl: string;
  /** Tickers, main trading ground first; an issuer lists its stocks' tickers. */
  ticker: string[];
  status: number;
  type: SearchCategory;
  /** The entity page: /bonds/{id}/, /stocks/{stringId}/, /indexes/{id}/, /company/{id}/, /etf/{id}/. */
  url: string;
  isin: string | null;
  ttl_highlighted: string;
  ticker_highlighted: string[];
  isin_highlighted: string | null;
}

/** Answer of POST /api/suggest/{category}/. */
export interface SuggestAnswer {
  items: SearchSuggestion[];
  /** "Found: N" in the request's language. */
  counter_title: string;
  /** Number of matches (items holds the first SUGGEST_LIMIT). */
  total: number;
  /** Why there are no items (term too short, nothing found), or null. */
  search_error: string | null;
  /**
   * The term converted from the other keyboard layout ("ыиук" → "sber") when the results include
   * its matches, else null (or absent: a server without the layout fix).
   */
  converted_term?: string | null;
}

/** Suggestions per category by default. */
export const SUGGEST_LIMIT = 20;
/** The most results one suggest call returns (`limit`; the search page's page size is below). */
export const SUGGEST_MAX_LIMIT = 100;
/** Results per page of the search page. */
export const SEARCH_PAGE_SIZE = 20;
/** Pages a search reaches at most (`page` of a suggest call, `?page=` of /search/). */
export const SEARCH_MAX_PAGE = 500;

export interface SearchApiGround {
  'id.numeric': number;
  name: string;
  ticker: string;
  ticker_highlighted: string;
}

/** SPEC §3 "Search API item". */
export interface SearchApiItem {
  'id.numeric': number;
  name: string;
  name_highlighted: string;
  isin: string | null;
  isin_highlighted: string | null;
  /** The kind of instrument (ordinary share, index, ETF, bond), in the request's language. */
  document: string;
  trading_grounds: SearchApiGround[];
  'measure_id.numeric': number | null;
  type: ComparisonSearchType;
  url: string;
}

/** Answer of a comparison search URL. */
export interface ComparisonSearchAnswer {
  error: { err_no: number; err_str: string };
  response: { items: SearchApiItem[]; total: number };
}

/** SPEC §3 "Comparison search result": what the comparison search box builds from an item. */
export interface ComparisonSearchResult {
  emissionId: number;
  emissionName: string;
  emissionNameWithTg: string;
  emissionNameHighlighted: string;
  isin: string | null;
  isinHighlighted: string | null;
  ticker: string;
  tickerHighlighted: string;
  tradingGroundsId: number | null;
  tradingGroundsName: string | null;
  type: ComparisonSearchType | 'nav_per_share';
  measure_id?: number | null;
}

/** A site search category tab (SPEC §3 "Tab": id, ttl, show) with its match count. */
export interface SearchTab {
  id: SearchCategory;
  ttl: string;
  show: boolean;
  count: number;
  /** 'active' on the active tab. */
  class: string;
}

/** Page data of /search/?q= (server-rendered results; `?format=json` returns it). */
export interface SearchPageData {
  lang: string;
  q: string;
  /** The active tab: the asked one (?tab=) when it has results, else the first with results. */
  tab: SearchCategory | null;
  tabs: SearchTab[];
  /** Results of the active tab: page `page` of `pages` (SEARCH_PAGE_SIZE a page). */
  items: SearchSuggestion[];
  page: number;
  pages: number;
  search_error: string | null;
  /** The term read in the other keyboard layout when the active tab's results include its matches. */
  converted_term: string | null;
  suggestUrls: Record<SearchCategory, string>;
  comparisonSearchUrls: typeof COMPARISON_SEARCH_URLS;
}

/**
 * The results of one item: one per trading ground (or one without a ground), plus the
 * nav_per_share entry for an ETF (SPEC §3 "Comparison search result").
 */
export function comparisonResults(item: SearchApiItem, type: ComparisonSearchType): ComparisonSearchResult[] {
  const grounds: Array<SearchApiGround | null> = item.trading_grounds.length ? item.trading_grounds : [null];
  const results: ComparisonSearchResult[] = grounds.map((ground) => ({
    emissionId: item['id.numeric'],
    emissionName: item.name,
    emissionNameWithTg: ground ? `${item.name} (${ground.name})` : item.name,
    emissionNameHighlighted: item.name_highlighted,
    isin: item.isin,
    isinHighlighted: item.isin_highlighted,
    ticker: ground?.ticker ?? '',
    tickerHighlighted: ground?.ticker_highlighted ?? '',
    tradingGroundsId: ground ? ground['id.numeric'] : null,
    tradingGroundsName: ground?.name ?? null,
    type,
    measure_id: item['measure_id.numeric'],
  }));
  if (type === 'etf' && results[0]) results.push({ ...results[0], type: 'nav_per_share' });
  return results;
}

/**
 * The pages a pager links to: the first, the last and two on each side of the current one, with
 * null where pages are left out ("1 … 4 5 [6] 7 8 … 26").
 */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const shown: Array<number | null> = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

/** The number of pages of `total` results. */
export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.min(SEARCH_MAX_PAGE, Math.ceil(total / pageSize));
}
