/**
 * The search of several categories at once (searchEach) and the answers shared by the header
 * box's five calls of one keystroke (searchShared) give exactly what a search per category
 * gives, on a scaled index (3000 instruments: the demo's own and synthetic ones).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { convertLayout } from '../../../src/contract/keyboard-layout.ts';
import { generate } from '../../data/generate.ts';
import { EMITENT_STATUS, insertSearchItems } from '../../data/search.ts';
import {
  SEARCH_TYPES,
  SHARED_MAX_MATCHES,
  SearchRepository,
  ftsQuery,
  searchTokens,
  type SearchOptions,
  type SearchType,
} from './search.repo.ts';

const dir = mkdtempSync(join(tmpdir(), 'fin-search-repo-test-'));
const dbPath = join(dir, 'scaled.sqlite');
let db: Database.Database;
let repo: SearchRepository;
/** Terms of every kind, most taken from the index itself. */
let terms: string[];

beforeAll(() => {
  generate(dbPath, { seed: 7, asOf: '2025-06-30', scale: 3000 });
  db = new Database(dbPath);
  repo = new SearchRepository(db);
  const rows = db
    .prepare('SELECT name, name_eng, tickers, isin FROM search_items ORDER BY id')
    .all() as Array<{ name: string; name_eng: string; tickers: string; isin: string | null }>;
  const sampled = new Set<string>();
  // Every 97th instrument: a word prefix of each name, two words, its ticker, an ISIN prefix and
  // the Russian name typed in the English layout.
  for (const [index, row] of rows.entries()) {
    if (index % 97) continue;
    const words = row.name.split(/\s+/).filter((word) => word.length >= 3);
    const wordsEng = row.name_eng.split(/\s+/).filter((word) => word.length >= 3);
    if (words[0]) sampled.add(words[0].slice(0, 3 + (index % 4)));
    if (wordsEng.at(-1)) sampled.add(wordsEng.at(-1)!.slice(0, 4));
    if (words.length > 1) sampled.add(`${words[0]} ${words[1]!.slice(0, 3)}`);
    if (row.tickers) sampled.add(row.tickers.split(' ')[0]!);
    if (row.isin) sampled.add(row.isin.slice(0, 4 + (index % 9)));
    const mistyped = words[0] ? convertLayout(words[0].slice(0, 5)) : null;
    if (mistyped) sampled.add(mistyped);
  }
  terms = [
    ...new Set([
      ...sampled,
      // Broad (every synthetic bond), layouts, exact codes, one-letter words, hostile text.
      'RU000A',
      'RU0',
      'ыиук',
      'сбер',
      'Сбер Банк',
      'moex',
      'SBER',
      'bank a',
      'ао',
      'Холдинг',
      '"; DROP TABLE search_items; --',
      'type : bonds',
      'NEAR(a b)',
      '*',
      'x'.repeat(200),
      '   ',
    ]),
  ];
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The answers of a search per category, the way the suggest calls made them before. */
function perCategory(
  term: string,
  opts: SearchOptions,
): Map<SearchType, ReturnType<SearchRepository['search']>> {
  return new Map(opts.types.map((type) => [type, repo.search(term, { ...opts, types: [type] })]));
}

const CATEGORY_SETS: SearchType[][] = [
  ...SEARCH_TYPES.map((type) => [type]),
  ['bonds', 'stocks'],
  ['companies', 'etf', 'indexes'],
  [...SEARCH_TYPES],
];

describe('searchEach: all asked categories in one pass', () => {
  it('gives each category the rows, total, tokens and converted term of its own search', () => {
    const options: Array<Omit<SearchOptions, 'types'>> = [
      { limit: 20, layoutFix: true },
      { limit: 10, offset: 30, layoutFix: true },
      { limit: 100 },
      {
        limit: 20,
        layoutFix: true,
        excludeStatuses: [EMITENT_STATUS.liquidated, EMITENT_STATUS.liquidating],
      },
      // A count cap: a category past it is answered in index order (the broad rule), another not.
      { limit: 15, countCap: 12 },
    ];
    expect(terms.length).toBeGreaterThan(100);
    let rowsCompared = 0;
    let broad = 0;
    for (const term of terms)
      for (const [index, opts] of options.entries())
        // Every set of categories with the suggest calls' options, the widest and a few more with others.
        for (const types of index ? CATEGORY_SETS.slice(-2) : CATEGORY_SETS) {
          const each = repo.searchEach(term, { ...opts, types });
          const own = perCategory(term, { ...opts, types });
          expect([...each.keys()].sort(), term).toEqual([...types].sort());
          for (const type of types) {
            expect(each.get(type), `${term} in ${type} (${JSON.stringify(opts)})`).toEqual(own.get(type));
            rowsCompared += own.get(type)!.rows.length;
            if (opts.countCap !== undefined && own.get(type)!.total > opts.countCap) broad++;
          }
        }
    // The comparison said something: many rows, broad categories, and both layouts among them.
    expect(rowsCompared).toBeGreaterThan(10_000);
    expect(broad).toBeGreaterThan(50);
    expect(
      terms.some(
        (term) =>
          repo.searchEach(term, { limit: 5, layoutFix: true, types: SEARCH_TYPES }).get('stocks')
            ?.convertedTerm,
      ),
    ).toBe(true);
  });

  it('ranks a category the same with or without the category clause (the type column weighs 0 in bm25)', () => {
    const ranked = db.prepare<[string], { id: number; rank: number }>(
      'SELECT rowid AS id, rank FROM search_fts WHERE search_fts MATCH ? ORDER BY rank, rowid',
    );
    const typeOf = new Map(
      (db.prepare('SELECT id, type FROM search_items').all() as Array<{ id: number; type: SearchType }>).map(
        (row) => [row.id, row.type],
      ),
    );
    let compared = 0;
    for (const term of terms.slice(0, 120)) {
      const tokens = searchTokens(term);
      if (!tokens.length) continue;
      const all = ranked.all(ftsQuery([tokens], SEARCH_TYPES));
      for (const type of SEARCH_TYPES) {
        const own = ranked.all(ftsQuery([tokens], [type]));
        // The same rows in the same order with the very same scores.
        expect(
          all.filter((row) => typeOf.get(row.id) === type),
          `${term} in ${type}`,
        ).toEqual(own);
        compared += own.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('searchShared: the five calls of one keystroke', () => {
  it('answers the five categories from one pass over them, as their own searches would', () => {
    let clock = 0;
    const shared = new SearchRepository(db, { now: () => clock });
    const pass = vi.spyOn(shared, 'searchEach');
    const opts = { limit: 20, layoutFix: true };
    let few = 0;
    for (const term of terms) {
      clock += 10;
      const before = pass.mock.calls.length;
      for (const type of SEARCH_TYPES)
        expect(shared.searchShared(term, type, opts), `${term} in ${type}`).toEqual(
          repo.search(term, { ...opts, types: [type] }),
        );
      const passes = pass.mock.calls.length - before;
      // A term with few matches: one pass for the five calls; more: each searched on its own.
      const matches = SEARCH_TYPES.reduce(
        (sum, type) => sum + repo.search(term, { limit: 0, layoutFix: true, types: [type] }).total,
        0,
      );
      if (searchTokens(term).length && matches <= SHARED_MAX_MATCHES) {
        expect(passes, term).toBe(1);
        few++;
      } else if (matches > SHARED_MAX_MATCHES * 2) expect(passes, term).toBe(0);
    }
    expect(few).toBeGreaterThan(50);
    // A page past the first is searched in its own category alone.
    const before = pass.mock.calls.length;
    for (const term of terms.slice(0, 20))
      expect(shared.searchShared(term, 'bonds', { limit: 5, offset: 5 }), term).toEqual(
        repo.search(term, { limit: 5, offset: 5, types: ['bonds'] }),
      );
    expect(pass.mock.calls.length).toBe(before);
  });

  it('keeps the left-out statuses apart, and forgets a pass after a few seconds', () => {
    let clock = 0;
    const shared = new SearchRepository(db, { now: () => clock });
    const pass = vi.spyOn(shared, 'searchEach');
    const liquidated = db
      .prepare("SELECT name FROM search_items WHERE type = 'companies' AND status = ? ORDER BY id")
      .pluck()
      .all(EMITENT_STATUS.liquidated) as string[];
    const term = liquidated
      .map((name) => name.split(/\s+/).filter((word) => word.length >= 4)[0] ?? '')
      .find((word) => {
        const total = repo.search(word, { limit: 0, types: SEARCH_TYPES }).total;
        return word && total > 0 && total <= SHARED_MAX_MATCHES;
      })!;
    expect(term).toBeTruthy();
    const open = shared.searchShared(term, 'companies', { limit: 50 });
    const stopped = shared.searchShared(term, 'companies', {
      limit: 50,
      excludeStatuses: [EMITENT_STATUS.liquidated],
    });
    expect(open.rows.some((row) => row.status === EMITENT_STATUS.liquidated)).toBe(true);
    expect(stopped.rows.some((row) => row.status === EMITENT_STATUS.liquidated)).toBe(false);
    expect(stopped.total).toBeLessThan(open.total);
    // [] and no statuses are the same call: the companies call of the header box sends [].
    shared.searchShared(term, 'bonds', { limit: 50, excludeStatuses: [] });
    expect(pass).toHaveBeenCalledTimes(2);
    clock += 4000;
    shared.searchShared(term, 'stocks', { limit: 50 });
    expect(pass).toHaveBeenCalledTimes(2);
    clock += 2000;
    shared.searchShared(term, 'stocks', { limit: 50 });
    expect(pass).toHaveBeenCalledTimes(3);
  });

  it('keeps a bounded number of passes', () => {
    // The clock stands still: none is forgotten for its age.
    const shared = new SearchRepository(db, { now: () => 0 });
    for (const term of terms.slice(0, 100))
      shared.searchShared(term, 'stocks', { limit: 20, layoutFix: true });
    expect(shared['shared'].size).toBeLessThanOrEqual(32);
  });

  it('never answers from a pass made before the data changed', () => {
    let clock = 0;
    const shared = new SearchRepository(db, { now: () => clock });
    const term = 'Qwyzzle';
    expect(shared.searchShared(term, 'stocks', { limit: 20 }).total).toBe(0);
    // Another connection writes the index (the way the generator does), within the kept time.
    const writer = new Database(dbPath);
    try {
      insertSearchItems(writer, [
        {
          type: 'stocks',
          entityId: 77_001,
          url: '/stocks/qwyzzle/',
          name: 'Qwyzzle Industries',
          nameEng: 'Qwyzzle Industries',
          isin: null,
          status: 1,
          document: 'stock:share_type_ordinary',
          measureId: 1,
          grounds: [{ groundId: 1, ticker: 'QWYZ' }],
        },
      ]);
    } finally {
      writer.close();
    }
    clock += 100;
    const after = shared.searchShared(term, 'stocks', { limit: 20 });
    expect(after.total).toBe(1);
    expect(after.rows[0]?.name).toBe('Qwyzzle Industries');
  });
});
