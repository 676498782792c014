/**
 * SPEC §7 search calls: the site search suggestions (POST /api/suggest/{category}/) and the
 * comparison search (POST {comparison search URL}, SPEC §3 "Search API item").
 *
 * Highlighted variants (`*_highlighted`) are HTML made by the server: the name is escaped first,
 * then the matched word prefixes are wrapped in `<b>…</b>`, so they may be inserted as HTML.
 * Every other string is plain text.
 */
import { ApiError, postJson } from './client.ts';

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
}

/** Suggestions per category at most. */
export const SUGGEST_LIMIT = 20;

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

export function fetchSuggestions(
  category: SearchCategory,
  term: string,
  opts: { emitentStopStatusesIds?: number[]; signal?: AbortSignal } = {},
): Promise<SuggestAnswer> {
  const body =
    category === 'companies'
      ? { term, emitent_stop_statuses_ids: opts.emitentStopStatusesIds ?? [] }
      : { term };
  return postJson<SuggestAnswer>(SUGGEST_URLS[category], body, { signal: opts.signal });
}

/**
 * POSTs a comparison search URL template with the term put in. The answer is checked here (the
 * URLs may be an integrator's own): a malformed answer as a whole is an ApiError of kind `json`;
 * malformed items are left out with one console warning, the others are shown.
 */
export async function searchForComparison(
  urlTemplate: string,
  term: string,
  signal?: AbortSignal,
): Promise<ComparisonSearchAnswer> {
  const url = urlTemplate.replace('%term%', encodeURIComponent(term));
  return checkComparisonSearchAnswer(await postJson<unknown>(url, {}, { signal }), url);
}

// ---------------------------------------------------------------------------------------------
// Checking comparison search answers

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const textOr = <T>(value: unknown, fallback: T): string | T => (typeof value === 'string' ? value : fallback);

/** HTML-escaped text: what the server's highlighted variants are when nothing is highlighted. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A string, or a number written as one (legacy servers print ids and tickers either way). */
function textValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

/** One trading ground of an item, or why it is left out. */
function checkGround(value: unknown, path: string): SearchApiGround | string {
  if (!isObject(value)) return `${path}: expected an object`;
  const id = value['id.numeric'];
  const name = textValue(value.name);
  if (!isId(id)) return `${path}.id.numeric: expected an integer`;
  if (name === null || name === '') return `${path}.name: expected a name`;
  const ticker = textValue(value.ticker) ?? '';
  return {
    'id.numeric': id,
    name,
    ticker,
    ticker_highlighted: textOr(value.ticker_highlighted, escapeHtml(ticker)),
  };
}

/**
 * One Search API item (SPEC §3), or why it is left out: it needs an integer `id.numeric` and a
 * name; the rest falls back (no highlighting, no ISIN, no grounds). A ground that is malformed
 * is left out of the item.
 */
export function checkSearchApiItem(
  value: unknown,
  path: string,
): { item: SearchApiItem; problems: string[] } | string {
  if (!isObject(value)) return `${path}: expected an object`;
  const id = value['id.numeric'];
  const name = textValue(value.name);
  if (!isId(id)) return `${path}.id.numeric: expected an integer`;
  if (name === null || name === '') return `${path}.name: expected a name`;
  if (
    value.trading_grounds !== undefined &&
    value.trading_grounds !== null &&
    !Array.isArray(value.trading_grounds)
  )
    return `${path}.trading_grounds: expected a list`;
  const problems: string[] = [];
  const grounds: SearchApiGround[] = [];
  ((value.trading_grounds as unknown[] | null | undefined) ?? []).forEach((ground, i) => {
    const checked = checkGround(ground, `${path}.trading_grounds[${i}]`);
    if (typeof checked === 'string') problems.push(checked);
    else grounds.push(checked);
  });
  const isin = textValue(value.isin);
  const measure = value['measure_id.numeric'];
  return {
    item: {
      'id.numeric': id,
      name,
      name_highlighted: textOr(value.name_highlighted, escapeHtml(name)),
      isin,
      isin_highlighted: isin === null ? null : textOr(value.isin_highlighted, escapeHtml(isin)),
      document: textOr(value.document, ''),
      trading_grounds: grounds,
      'measure_id.numeric': isId(measure) ? measure : null,
      type: textOr(value.type, '') as ComparisonSearchType,
      url: textOr(value.url, ''),
    },
    problems,
  };
}

/**
 * A comparison search answer as the box may use it: `error` and `response` are optional, but
 * when present they must have their shape, or the whole answer is malformed (ApiError `json`,
 * the box shows its load error for that URL). Malformed items are left out and reported in one
 * console warning; the well-formed ones are kept.
 */
export function checkComparisonSearchAnswer(data: unknown, url: string): ComparisonSearchAnswer {
  const malformed = (what: string) => new ApiError('json', url, `Comparison search answer: ${what}`);
  if (!isObject(data)) throw malformed('expected an object');
  let error = { err_no: SEARCH_ERR.ok as number, err_str: '' };
  if (data.error !== undefined && data.error !== null) {
    const errNo = isObject(data.error) ? Number(data.error.err_no) : NaN;
    if (!Number.isInteger(errNo)) throw malformed('error.err_no: expected an error number');
    error = { err_no: errNo, err_str: textOr((data.error as Record<string, unknown>).err_str, '') };
  }
  const response = data.response;
  if (response !== undefined && response !== null && !isObject(response))
    throw malformed('response: expected an object');
  const rawItems = isObject(response) ? response.items : undefined;
  if (rawItems !== undefined && rawItems !== null && !Array.isArray(rawItems))
    throw malformed('response.items: expected a list');
  const items: SearchApiItem[] = [];
  const problems: string[] = [];
  let leftOut = 0;
  ((rawItems as unknown[] | null | undefined) ?? []).forEach((raw, i) => {
    const checked = checkSearchApiItem(raw, `response.items[${i}]`);
    if (typeof checked === 'string') {
      leftOut += 1;
      problems.push(checked);
      return;
    }
    items.push(checked.item);
    problems.push(...checked.problems);
  });
  if (problems.length > 0) {
    console.warn(
      `fin-elements: comparison search ${url}: ${leftOut} malformed result(s) left out, ` +
        `${problems.length} problem(s): ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}`,
    );
  }
  const total = isObject(response) && typeof response.total === 'number' ? response.total : items.length;
  return { error, response: { items, total } };
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
  /** Results of the active tab. */
  items: SearchSuggestion[];
  search_error: string | null;
  suggestUrls: Record<SearchCategory, string>;
  comparisonSearchUrls: typeof COMPARISON_SEARCH_URLS;
}
