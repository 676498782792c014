/**
 * SPEC §7 search calls: the site search suggestions (POST /api/suggest/{category}/) and the
 * comparison search (POST {comparison search URL}, SPEC §3 "Search API item").
 *
 * Highlighted variants (`*_highlighted`) are HTML made by the server: the name is escaped first,
 * then the matched word prefixes are wrapped in `<b>…</b>`, so they may be inserted as HTML.
 * Every other string is plain text.
 */
import type {
  SearchCategory,
  ComparisonSearchType,
  SuggestAnswer,
  SearchSuggestion,
  SearchApiGround,
  SearchApiItem,
  ComparisonSearchAnswer,
} from '../../contract/search.ts';
import { SUGGEST_URLS, SEARCH_ERR } from '../../contract/search.ts';
import { ValidationError } from '../../contract/validate.ts';
import { ApiError, postJson } from './client.ts';

/**
 * POST /api/suggest/{category}/: the first SUGGEST_LIMIT suggestions, or a page of `limit` (the
 * results page). The answer is checked: a malformed one is an ApiError of kind `json`; malformed
 * items are left out.
 */
export function fetchSuggestions(
  category: SearchCategory,
  term: string,
  opts: { emitentStopStatusesIds?: number[]; signal?: AbortSignal; page?: number; limit?: number } = {},
): Promise<SuggestAnswer> {
  const body: Record<string, unknown> =
    category === 'companies'
      ? { term, emitent_stop_statuses_ids: opts.emitentStopStatusesIds ?? [] }
      : { term };
  if (opts.page !== undefined) body.page = opts.page;
  if (opts.limit !== undefined) body.limit = opts.limit;
  return postJson<SuggestAnswer>(SUGGEST_URLS[category], body, {
    signal: opts.signal,
    check: checkSuggestAnswer,
  });
}

const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(textValue).filter((text): text is string => text !== null) : [];

/**
 * A suggest answer as the site search may use it (SPEC §3 "Main search suggestion"): `items`
 * must be a list; an item needs an integer id and a name, the rest falls back. Names are plain
 * text: the client marks the matches itself, the `*_highlighted` HTML is not used.
 */
export function checkSuggestAnswer(data: unknown, path: string): SuggestAnswer {
  if (!isObject(data)) throw new ValidationError(path, 'an object', data);
  if (!Array.isArray(data.items)) throw new ValidationError(`${path}.items`, 'a list', data.items);
  const items: SearchSuggestion[] = [];
  for (const raw of data.items) {
    if (!isObject(raw) || !isId(raw.id) || textValue(raw.ttl) === null) continue;
    const ticker = textList(raw.ticker);
    const isin = textValue(raw.isin);
    items.push({
      id: raw.id,
      ttl: textValue(raw.ttl)!,
      ticker,
      status: isId(raw.status) ? raw.status : 1,
      type: textOr(raw.type, '') as SearchCategory,
      url: textOr(raw.url, ''),
      isin,
      ttl_highlighted: '',
      ticker_highlighted: [],
      isin_highlighted: null,
    });
  }
  const converted = textValue(data.converted_term);
  return {
    items,
    counter_title: textOr(data.counter_title, ''),
    total: typeof data.total === 'number' && Number.isFinite(data.total) ? data.total : items.length,
    search_error: textValue(data.search_error),
    converted_term: converted === '' ? null : converted,
  };
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
