/**
 * Instrument search over the FTS5 index of the search domain (demo-pages/data/search.ts).
 *
 * A term becomes word prefixes ("сбер банк" → "сбер"* AND "банк"*) matched against the names
 * (rus and eng), tickers and ISIN, restricted to the asked categories through the index's `type`
 * column. Results are ordered: exact ticker or ISIN matches first, then names that start with the
 * term ("moex" → "MOEX Russia Index"), the shortest first (the term is most of such a name), then
 * bm25 relevance (for up to RANKED_MAX_MATCHES matches; index order beyond), then id. The same
 * order serves the suggest calls and the comparison search.
 * Every query is a prepared statement; the term only ever reaches SQLite as a bound parameter
 * (the FTS query text is built from letters and digits only, each token quoted).
 */
import { convertLayout } from '../../../src/contract/keyboard-layout.ts';
import { SEARCH_TYPES, type SearchType } from '../../data/search.ts';
import type { Db } from '../shared/db.ts';
import { escapeHtml } from '../templates/html.ts';

export { SEARCH_TYPES, type SearchType };

/** SPEC §5, §9: a term needs at least 3 characters (after trimming). */
export const MIN_TERM_LENGTH = 3;
/** At most this many words of a term are used. */
const MAX_TOKENS = 8;
/**
 * Up to this many matches are ordered by relevance (bm25 scores every match). A broader term
 * ("RU000A" over 100 000 instruments) is answered in index order instead — the demo's own
 * instruments first —, which keeps a suggestion within a few milliseconds.
 */
export const RANKED_MAX_MATCHES = 3000;

export interface SearchRow {
  id: number;
  type: SearchType;
  entity_id: number;
  url: string;
  name: string;
  name_eng: string;
  tickers: string;
  isin: string | null;
  status: number;
  document: string;
  measure_id: number | null;
  synthetic: number;
}

export interface SearchGroundRow {
  item_id: number;
  ground_id: number;
  ticker: string;
  name: string;
  name_eng: string;
}

export interface SearchOptions {
  types: readonly SearchType[];
  /** Rows to return. */
  limit: number;
  /** Rows to skip (paging); the order is the same for every page. */
  offset?: number;
  /**
   * Search the term as typed in the other keyboard layout too ("ыиук" also finds "sber"): the
   * matches of both readings, ranked together.
   */
  layoutFix?: boolean;
  /** Stop counting past this many matches (the total is then countCap + 1 at most). */
  countCap?: number;
  /** Leave out results with these statuses (SPEC §7 emitent_stop_statuses_ids). */
  excludeStatuses?: readonly number[];
}

export interface SearchResult {
  /** Number of matches (capped at countCap + 1 when a cap was given). */
  total: number;
  rows: SearchRow[];
  /** The folded words of the term (and of its other-layout reading), for highlighting. */
  tokens: string[];
  /** The term in the other layout when some results are its matches, else null. */
  convertedTerm: string | null;
}

/** Case and accent folding of one character, as the index sees it (plus ё → е). */
function foldChar(ch: string): string {
  // ASCII, most of every name: lower case is the whole fold (a hot path of every search).
  if (ch.charCodeAt(0) < 128) return ch.toLowerCase();
  const lower = ch.toLowerCase();
  if (/[\u0400-\u04ff]/.test(lower)) return lower === 'ё' ? 'е' : lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

function fold(text: string): string {
  return [...text].map(foldChar).join('');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The words of a term, folded: letters and digits only, so they are safe in an FTS5 string.
 * One-letter words are left out when the term has longer ones ("kedr g" searches "kedr" while
 * the user types on): as prefixes they would match a large part of the index.
 */
export function searchTokens(term: string): string[] {
  const tokens = fold(term.normalize('NFKC'))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
  const longer = tokens.filter((token) => [...token].length > 1);
  return (longer.length ? longer : tokens).slice(0, MAX_TOKENS);
}

/** The words of a term, or of each reading of it (the layout fix), as one list per reading. */
type Readings = readonly (readonly string[])[];

function withTypes(words: string, types: readonly SearchType[]): string {
  if (SEARCH_TYPES.every((type) => types.includes(type))) return words;
  return `type : (${types.map((type) => `"${type}"`).join(' OR ')}) AND ${words}`;
}

/**
 * The FTS5 query: every word as a prefix of a name, ticker or ISIN word (a one-letter word as a
 * whole word), any of the readings, and the categories through the `type` column (left out when
 * all are asked).
 */
export function ftsQuery(readings: Readings, types: readonly SearchType[]): string {
  const each = readings.map(
    (tokens) =>
      `(${tokens.map((token) => ([...token].length > 1 ? `"${token}"*` : `"${token}"`)).join(' AND ')})`,
  );
  return withTypes(`{name name_eng tickers isin} : (${each.join(' OR ')})`, types);
}

/**
 * The FTS5 query of names that start with the term: its words as one phrase anchored at the start
 * of the Russian or English name (`^`), the last word a prefix. Categories as in `ftsQuery`.
 */
export function namePrefixQuery(readings: Readings, types: readonly SearchType[]): string {
  const each = readings.map((tokens) => `^"${tokens.join(' ')}"*`);
  return withTypes(`{name name_eng} : (${each.join(' OR ')})`, types);
}

/**
 * Up to this many name-prefix matches are read to be ordered by name length; a term that starts
 * more names than this ("ао") gives the best-scored ones.
 */
const NAME_PREFIX_MAX = 200;

/**
 * The term typed in the other keyboard layout, with its words, when it reads differently
 * (convertLayout); null otherwise.
 */
function otherReading(term: string, tokens: readonly string[]): { term: string; tokens: string[] } | null {
  const converted = convertLayout(term.trim());
  if (converted === null) return null;
  const convertedTokens = searchTokens(converted);
  if (!convertedTokens.length || convertedTokens.join(' ') === tokens.join(' ')) return null;
  return { term: converted, tokens: convertedTokens };
}

/** The term as an exact ticker or ISIN (upper case, no spaces), or null when it cannot be one. */
function exactCode(term: string): string | null {
  const code = term.trim().toUpperCase();
  return /^[A-Z0-9.\-_]{1,20}$/.test(code) ? code : null;
}

/**
 * HTML of the text with the matched word prefixes in `<b>…</b>`. The text is escaped piece by
 * piece, so a hostile name cannot bring its own markup (the client may insert this as HTML).
 */
export function highlight(text: string, tokens: readonly string[]): string {
  const chars = [...text];
  if (!tokens.length || !chars.length) return escapeHtml(text);
  const folded = chars.map(foldChar);
  const marked = new Array<boolean>(chars.length).fill(false);
  for (let start = 0; start < chars.length;) {
    if (!WORD_CHAR.test(chars[start] as string)) {
      start++;
      continue;
    }
    let end = start;
    while (end < chars.length && WORD_CHAR.test(chars[end] as string)) end++;
    let best = 0;
    for (const token of tokens) {
      // How many characters of the word spell the token from its start.
      let spelled = '';
      let count = 0;
      while (start + count < end && spelled.length < token.length) spelled += folded[start + count++];
      if (spelled === token && count > best) best = count;
    }
    for (let i = start; i < start + best; i++) marked[i] = true;
    start = end;
  }
  let out = '';
  for (let i = 0; i < chars.length;) {
    let j = i;
    while (j < chars.length && marked[j] === marked[i]) j++;
    const piece = escapeHtml(chars.slice(i, j).join(''));
    out += marked[i] ? `<b>${piece}</b>` : piece;
    i = j;
  }
  return out;
}

const ITEM_COLUMNS =
  's.id, s.type, s.entity_id, s.url, s.name, s.name_eng, s.tickers, s.isin, s.status, s.document, s.measure_id, s.synthetic';

export class SearchRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      count: db.prepare<[string, string, number], { n: number }>(
        `SELECT count(*) AS n FROM (
           SELECT f.rowid FROM search_fts f JOIN search_items s ON s.id = f.rowid
           WHERE search_fts MATCH ? AND s.status NOT IN (SELECT value FROM json_each(?)) LIMIT ?)`,
      ),
      countAll: db.prepare<[string, number], { n: number }>(
        'SELECT count(*) AS n FROM (SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT ?)',
      ),
      ranked: db.prepare<[string, string, number], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM search_fts f JOIN search_items s ON s.id = f.rowid
         WHERE search_fts MATCH ? AND s.status NOT IN (SELECT value FROM json_each(?))
         ORDER BY f.rank, s.id LIMIT ?`,
      ),
      rankedAll: db.prepare<[string, number], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM (
           SELECT rowid, rank FROM search_fts WHERE search_fts MATCH ? ORDER BY rank, rowid LIMIT ?
         ) f JOIN search_items s ON s.id = f.rowid ORDER BY f.rank, s.id`,
      ),
      first: db.prepare<[string, string, number], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM search_fts f JOIN search_items s ON s.id = f.rowid
         WHERE search_fts MATCH ? AND s.status NOT IN (SELECT value FROM json_each(?))
         ORDER BY f.rowid LIMIT ?`,
      ),
      exact: db.prepare<[string, string, string], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM search_exact e JOIN search_items s ON s.id = e.item_id
         WHERE e.code = ? AND s.type IN (SELECT value FROM json_each(?))
           AND s.status NOT IN (SELECT value FROM json_each(?))
         ORDER BY s.id`,
      ),
      namePrefix: db.prepare<[string, string, number], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM search_fts f JOIN search_items s ON s.id = f.rowid
         WHERE search_fts MATCH ? AND s.status NOT IN (SELECT value FROM json_each(?))
         ORDER BY f.rank, s.id LIMIT ?`,
      ),
      grounds: db.prepare<[string], SearchGroundRow>(
        `SELECT g.item_id, g.ground_id, g.ticker, t.name, t.name_eng
         FROM search_item_grounds g JOIN trading_grounds t ON t.id = g.ground_id
         WHERE g.item_id IN (SELECT value FROM json_each(?)) ORDER BY g.item_id, g.position`,
      ),
    };
  }

  search(term: string, opts: SearchOptions): SearchResult {
    const tokens = searchTokens(term);
    const none = { total: 0, rows: [], tokens, convertedTerm: null };
    if (!tokens.length || !opts.types.length) return none;
    const converted = opts.layoutFix ? otherReading(term, tokens) : null;
    const readings = converted ? [tokens, converted.tokens] : [tokens];
    const query = ftsQuery(readings, opts.types);
    const excluded = opts.excludeStatuses?.length ? JSON.stringify(opts.excludeStatuses) : null;
    const cap = opts.countCap === undefined ? -1 : opts.countCap + 1;
    const total = this.count(query, excluded, cap);
    const convertedTerm =
      converted && total > 0 && this.count(ftsQuery([converted.tokens], opts.types), excluded, 1) > 0
        ? converted.term
        : null;
    const highlighted = converted ? [...new Set([...tokens, ...converted.tokens])] : tokens;
    const offset = Math.max(0, opts.offset ?? 0);
    const end = offset + opts.limit;
    if (total === 0 || opts.limit <= 0 || offset >= total)
      return { total, rows: [], tokens: highlighted, convertedTerm };

    const codes = [...new Set([term, converted?.term ?? ''].map(exactCode).filter((code) => code !== null))];
    const exactIds = new Set<number>();
    const exact = codes
      .flatMap((code) => this.statements.exact.all(code, JSON.stringify(opts.types), excluded ?? '[]'))
      .filter((row) => !exactIds.has(row.id) && exactIds.add(row.id))
      .slice(0, end);
    const prefixed = this.namePrefixMatches(readings, opts.types, excluded ?? '[]', exactIds, end);
    const fetch = end + exact.length + prefixed.length;
    const broad = total > RANKED_MAX_MATCHES || (opts.countCap !== undefined && total > opts.countCap);
    const ranked = broad
      ? this.statements.first.all(query, excluded ?? '[]', fetch)
      : excluded
        ? this.statements.ranked.all(query, excluded, fetch)
        : this.statements.rankedAll.all(query, fetch);
    const first = [...exact, ...prefixed];
    const seen = new Set(first.map((row) => row.id));
    const rows = [...first, ...ranked.filter((row) => !seen.has(row.id))].slice(offset, end);
    return { total: Math.max(total, offset + rows.length), rows, tokens: highlighted, convertedTerm };
  }

  /** Matches of the query (past `cap`, counting stops; -1: no cap). */
  private count(query: string, excluded: string | null, cap: number): number {
    return excluded
      ? (this.statements.count.get(query, excluded, cap)?.n ?? 0)
      : (this.statements.countAll.get(query, cap)?.n ?? 0);
  }

  /**
   * The matches whose Russian or English name starts with the term (either reading), but the
   * exact ones: shortest such name first, then bm25, then id (the order of the statement, kept
   * by a stable sort).
   */
  private namePrefixMatches(
    readings: Readings,
    types: readonly SearchType[],
    excluded: string,
    exactIds: ReadonlySet<number>,
    limit: number,
  ): SearchRow[] {
    const terms = readings.map((tokens) => tokens.join(' '));
    const startLength = (row: SearchRow) =>
      Math.min(
        ...[row.name, row.name_eng]
          .map((name) => searchTokens(name).join(' '))
          .filter((words) => terms.some((term) => words.startsWith(term)))
          .map((words) => words.length),
        Number.MAX_SAFE_INTEGER,
      );
    // Each row's length once, not in the comparator: folding two names per comparison cost tens
    // of ms for a short term over 100 000 instruments (bench/server.bench.ts).
    return this.statements.namePrefix
      .all(namePrefixQuery(readings, types), excluded, NAME_PREFIX_MAX)
      .filter((row) => !exactIds.has(row.id))
      .map((row) => ({ row, length: startLength(row) }))
      .sort((a, b) => a.length - b.length)
      .slice(0, limit)
      .map(({ row }) => row);
  }

  /** Trading grounds of the items, main ground first. */
  grounds(itemIds: readonly number[]): Map<number, SearchGroundRow[]> {
    const byItem = new Map<number, SearchGroundRow[]>();
    if (!itemIds.length) return byItem;
    for (const row of this.statements.grounds.all(JSON.stringify(itemIds))) {
      const list = byItem.get(row.item_id) ?? [];
      list.push(row);
      byItem.set(row.item_id, list);
    }
    return byItem;
  }
}
