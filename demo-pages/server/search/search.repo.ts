/**
 * Instrument search over the FTS5 index of the search domain (demo-pages/data/search.ts).
 *
 * A term becomes word prefixes ("сбер банк" → "сбер"* AND "банк"*) matched against the names
 * (rus and eng), tickers and ISIN, restricted to the asked categories through the index's `type`
 * column. Results are ordered: exact ticker or ISIN matches first, then names that start with the
 * term ("moex" → "MOEX Russia Index"), the shortest first (the term is most of such a name), then
 * bm25 relevance (for up to RANKED_MAX_MATCHES matches; index order beyond), then id. The same
 * order serves the suggest calls and the comparison search.
 * The header box asks the five categories of one keystroke in five calls: `searchShared` answers
 * a term with few matches from one pass over all five (`searchEach`, the same answers as a search
 * per category) kept for a few seconds, so the other four calls cost no search.
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
/**
 * A term with up to this many matches in all categories is searched in all of them at once
 * (searchEach) when one category is asked for (searchShared), and the answers are kept for the
 * other categories' calls of the same keystroke. Past it, reading each match's category costs
 * more than the category clause of a search per category (bench/site-search.bench.ts).
 */
export const SHARED_MAX_MATCHES = 1000;
/** How long (ms) the answers of a pass over all categories are kept, and how many passes. */
const SHARED_KEEP_MS = 5000;
const SHARED_KEEP_COUNT = 32;

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

/** A row of a pass over several categories, with its category's number of matches. */
type CategoryRow = SearchRow & { total: number };

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

/** Rows of several categories, each category's in the order they came. */
function partition<Row extends SearchRow>(
  types: readonly SearchType[],
  rows: readonly Row[],
): Map<SearchType, Row[]> {
  const byType = new Map<SearchType, Row[]>(types.map((type) => [type, []]));
  for (const row of rows) byType.get(row.type)?.push(row);
  return byType;
}

/** A row as `search` gives it, without its category's count. */
function withoutTotal(row: SearchRow | CategoryRow): SearchRow {
  if (!('total' in row)) return row;
  const { total: _total, ...item } = row;
  return item;
}

/** The options of a category's search that a pass over all categories shares. */
export type SharedSearchOptions = Omit<SearchOptions, 'types'>;

export class SearchRepository {
  private readonly statements;
  /**
   * The recent passes over all categories by their term and options (insertion order: oldest
   * first), with the database's data version they read; null: too many matches, searched per
   * category.
   */
  private readonly shared = new Map<
    string,
    { at: number; dataVersion: number; answers: Map<SearchType, SearchResult> | null }
  >();
  private readonly now: () => number;

  constructor(db: Db, opts: { now?: () => number } = {}) {
    this.now = opts.now ?? (() => performance.now());
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
      // The passes over several categories at once (searchEach): each match's category comes from
      // search_items (the index is contentless), and each category keeps its first `n` rows.
      eachFirst: db.prepare<[string, string, number], CategoryRow>(
        `SELECT ${ITEM_COLUMNS}, m.total AS total FROM (
           SELECT f.rowid AS id, count(*) OVER (PARTITION BY s.type) AS total,
             row_number() OVER (PARTITION BY s.type ORDER BY f.rowid) AS n
           FROM search_fts f JOIN search_items s ON s.id = f.rowid
           WHERE search_fts MATCH ? AND s.status NOT IN (SELECT value FROM json_each(?))
         ) m JOIN search_items s ON s.id = m.id WHERE m.n <= ? ORDER BY m.n`,
      ),
      eachRanked: db.prepare<[string, string, string, number], SearchRow>(
        `SELECT ${ITEM_COLUMNS} FROM (
           SELECT f.rowid AS id, row_number() OVER (PARTITION BY s.type ORDER BY f.rank, f.rowid) AS n
           FROM search_fts f JOIN search_items s ON s.id = f.rowid
           WHERE search_fts MATCH ? AND s.type IN (SELECT value FROM json_each(?))
             AND s.status NOT IN (SELECT value FROM json_each(?))
         ) m JOIN search_items s ON s.id = m.id WHERE m.n <= ? ORDER BY m.n`,
      ),
      eachMatched: db.prepare<[string, string, string], { type: SearchType }>(
        `SELECT DISTINCT s.type AS type FROM search_fts f JOIN search_items s ON s.id = f.rowid
         WHERE search_fts MATCH ? AND s.type IN (SELECT value FROM json_each(?))
           AND s.status NOT IN (SELECT value FROM json_each(?))`,
      ),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
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

  /**
   * One category's answer, as `search` gives it, for the header box's five calls of one
   * keystroke (first pages): a term with few matches is searched in every category at once and the answers
   * are kept a few seconds, so the other categories' calls are answered without searching. The
   * kept answers are keyed by the term and every option (the left-out statuses too) and tied to
   * the database's data version, so a change of the data is never answered from them.
   */
  searchShared(term: string, type: SearchType, opts: SharedSearchOptions): SearchResult {
    // A page past the first is asked for one category (the search page's pager).
    if ((opts.offset ?? 0) > 0) return this.search(term, { ...opts, types: [type] });
    const key = JSON.stringify([
      term,
      opts.limit,
      opts.layoutFix ?? false,
      opts.countCap ?? null,
      [...new Set(opts.excludeStatuses ?? [])].sort((a, b) => a - b),
    ]);
    const now = this.now();
    const dataVersion = this.statements.dataVersion.get() ?? 0;
    let kept = this.shared.get(key);
    if (kept && (now - kept.at > SHARED_KEEP_MS || kept.dataVersion !== dataVersion)) {
      this.shared.delete(key);
      kept = undefined;
    }
    if (!kept) {
      const answers =
        this.matchesUpTo(term, opts.layoutFix ?? false, SHARED_MAX_MATCHES) <= SHARED_MAX_MATCHES
          ? this.searchEach(term, { ...opts, types: SEARCH_TYPES })
          : null;
      kept = { at: now, dataVersion, answers };
      this.shared.set(key, kept);
      for (const [old, { at }] of this.shared)
        if (this.shared.size > SHARED_KEEP_COUNT || now - at > SHARED_KEEP_MS) this.shared.delete(old);
    }
    return kept.answers?.get(type) ?? this.search(term, { ...opts, types: [type] });
  }

  /** The term's matches in every category (both readings with the layout fix), counted up to `cap` + 1. */
  private matchesUpTo(term: string, layoutFix: boolean, cap: number): number {
    const tokens = searchTokens(term);
    if (!tokens.length) return 0;
    const converted = layoutFix ? otherReading(term, tokens) : null;
    return this.count(
      ftsQuery(converted ? [tokens, converted.tokens] : [tokens], SEARCH_TYPES),
      null,
      cap + 1,
    );
  }

  /**
   * The same answers as `search` for each of `opts.types` on its own, in one pass over them all:
   * each FTS query (the matches in index order with their count, the bm25 ranking, the name
   * prefixes, the other reading's matches) runs once for every category instead of once per
   * category, which is most of a search's cost (each expands the term's word prefixes over the
   * whole index). bm25 gives a match the same score with or without the categories' clause (the
   * `type` column weighs 0), so each category's order is the one of its own search.
   */
  searchEach(term: string, opts: SearchOptions): Map<SearchType, SearchResult> {
    const answers = new Map<SearchType, SearchResult>();
    const tokens = searchTokens(term);
    const types = SEARCH_TYPES.filter((type) => opts.types.includes(type));
    if (!tokens.length || !types.length) {
      for (const type of types) answers.set(type, { total: 0, rows: [], tokens, convertedTerm: null });
      return answers;
    }
    const converted = opts.layoutFix ? otherReading(term, tokens) : null;
    const readings = converted ? [tokens, converted.tokens] : [tokens];
    const excluded = JSON.stringify(opts.excludeStatuses ?? []);
    const highlighted = converted ? [...new Set([...tokens, ...converted.tokens])] : tokens;
    const offset = Math.max(0, opts.offset ?? 0);
    const end = offset + opts.limit;
    // A category's rows come from its exact matches, its name prefixes (each up to `end`) and
    // its ranked or index-ordered matches: 3 × end rows of each are always enough.
    const keep = Math.max(1, 3 * end);

    // Every category's count, and its first matches in index order (what a broad term shows).
    const byIndex = partition(
      types,
      this.statements.eachFirst.all(ftsQuery(readings, SEARCH_TYPES), excluded, keep),
    );
    const totals = new Map<SearchType, number>();
    for (const type of types) {
      const matches = byIndex.get(type)?.[0]?.total ?? 0;
      totals.set(type, opts.countCap === undefined ? matches : Math.min(matches, opts.countCap + 1));
    }
    const found = types.filter((type) => totals.get(type)! > 0);
    const withConverted =
      converted && found.length
        ? new Set(
            this.statements.eachMatched
              .all(ftsQuery([converted.tokens], SEARCH_TYPES), JSON.stringify(found), excluded)
              .map((row) => row.type),
          )
        : new Set<SearchType>();
    const shown = opts.limit > 0 ? found.filter((type) => offset < totals.get(type)!) : [];
    const broad = (type: SearchType) => {
      const total = totals.get(type)!;
      return total > RANKED_MAX_MATCHES || (opts.countCap !== undefined && total > opts.countCap);
    };
    const ranked = shown.filter((type) => !broad(type));
    const byRank = this.rankedByCategory(ftsQuery(readings, SEARCH_TYPES), ranked, excluded, keep);
    const codes = [...new Set([term, converted?.term ?? ''].map(exactCode).filter((code) => code !== null))];
    const exactAll = shown.length
      ? partition(
          shown,
          codes.flatMap((code) => this.statements.exact.all(code, JSON.stringify(shown), excluded)),
        )
      : new Map<SearchType, SearchRow[]>();
    const prefixAll = this.rankedByCategory(
      namePrefixQuery(readings, SEARCH_TYPES),
      shown,
      excluded,
      NAME_PREFIX_MAX,
    );

    for (const type of types) {
      const total = totals.get(type)!;
      const convertedTerm = converted && withConverted.has(type) ? converted.term : null;
      if (!shown.includes(type)) {
        answers.set(type, { total, rows: [], tokens: highlighted, convertedTerm });
        continue;
      }
      const exactIds = new Set<number>();
      const exact = (exactAll.get(type) ?? [])
        .filter((row) => !exactIds.has(row.id) && exactIds.add(row.id))
        .slice(0, end);
      const prefixed = this.byNameLength(readings, prefixAll.get(type) ?? [], exactIds, end);
      const fetch = end + exact.length + prefixed.length;
      const rest = ((broad(type) ? byIndex : byRank).get(type) ?? []).slice(0, fetch);
      const first = [...exact, ...prefixed];
      const seen = new Set(first.map((row) => row.id));
      const rows = [...first, ...rest.filter((row) => !seen.has(row.id))]
        .slice(offset, end)
        .map(withoutTotal);
      answers.set(type, {
        total: Math.max(total, offset + rows.length),
        rows,
        tokens: highlighted,
        convertedTerm,
      });
    }
    return answers;
  }

  /** Each of `types`' first `limit` matches of the query in bm25 order (none asked: no query). */
  private rankedByCategory(
    query: string,
    types: readonly SearchType[],
    excluded: string,
    limit: number,
  ): Map<SearchType, SearchRow[]> {
    if (!types.length) return new Map();
    return partition(types, this.statements.eachRanked.all(query, JSON.stringify(types), excluded, limit));
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
    const matches = this.statements.namePrefix.all(
      namePrefixQuery(readings, types),
      excluded,
      NAME_PREFIX_MAX,
    );
    return this.byNameLength(readings, matches, exactIds, limit);
  }

  /** Name-prefix matches in bm25 order, but the exact ones, shortest such name first. */
  private byNameLength(
    readings: Readings,
    matches: readonly SearchRow[],
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
    return matches
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
