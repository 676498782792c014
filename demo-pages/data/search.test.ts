import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './generate.ts';
import { substream } from './random.ts';
import { SYNTHETIC_ID_BASE, isValidIsin, isinCheckDigit, syntheticSearchItems } from './search.ts';

const dir = mkdtempSync(join(tmpdir(), 'fin-search-data-test-'));
const SCALE = 3000;
let db: Database.Database;

beforeAll(() => {
  generate(join(dir, 'scaled.sqlite'), { seed: 5, asOf: '2025-06-30', scale: SCALE });
  db = new Database(join(dir, 'scaled.sqlite'), { readonly: true });
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;

describe('search index data', () => {
  it('computes ISIN check digits (ISO 6166)', () => {
    expect(isinCheckDigit('RU000902954')).toBe(0);
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('US67066G104')).toBe(0);
    expect(isValidIsin('RU000A0JP5V6')).toBe(true);
    expect(isValidIsin('RU000A0JP5V7')).toBe(false);
  });

  it('indexes every demo instrument, and with --scale adds synthetic ones up to the count', () => {
    expect(count('SELECT count(*) AS n FROM search_items')).toBe(SCALE);
    expect(count('SELECT count(*) AS n FROM search_fts')).toBe(SCALE);
    for (const [type, table] of [
      ['stocks', 'stocks'],
      ['bonds', 'bonds'],
      ['etf', 'etfs'],
      ['indexes', 'indexes'],
      ['companies', 'emitents'],
    ]) {
      expect(count(`SELECT count(*) AS n FROM search_items WHERE type = '${type}' AND synthetic = 0`)).toBe(
        count(`SELECT count(*) AS n FROM ${table}`),
      );
    }
    const synthetic = db
      .prepare('SELECT type, entity_id, name, name_eng, isin FROM search_items WHERE synthetic = 1')
      .all() as Array<{
      type: string;
      entity_id: number;
      name: string;
      name_eng: string;
      isin: string | null;
    }>;
    expect(new Set(synthetic.map((s) => s.type))).toEqual(
      new Set(['bonds', 'stocks', 'indexes', 'companies', 'etf']),
    );
    expect(
      synthetic.every((s) => s.entity_id >= SYNTHETIC_ID_BASE && s.name !== '' && s.name_eng !== ''),
    ).toBe(true);
    const isins = synthetic.flatMap((s) => (s.isin ? [s.isin] : []));
    expect(isins.length).toBeGreaterThan(SCALE / 2);
    expect(isins.every(isValidIsin)).toBe(true);
    expect(new Set(isins).size).toBe(isins.length);
  });

  it('draws the synthetic instruments deterministically from the seed', () => {
    const draw = (seed: number) => [
      ...syntheticSearchItems(substream(seed, 'search:synthetic'), 200, {
        tickers: new Set(),
        isins: new Set(),
      }),
    ];
    expect(draw(9)).toEqual(draw(9));
    expect(draw(9)).not.toEqual(draw(10));
  });
});
