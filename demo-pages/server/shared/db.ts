/**
 * The demo database: opening it, and creating or refreshing it at start so the demo's "today"
 * stays today (the data is generated up to its as-of date).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { todayUtc } from '../../../src/contract/calendar.ts';
import { DEFAULT_SEED, generate } from '../../data/generate.ts';
import { generatorFingerprint } from '../../data/fingerprint.ts';
import { SCHEMA_VERSION } from '../../data/schema.ts';
import { DB_FILE_NAME } from '../../data/paths.ts';

export type Db = Database.Database;

export interface DemoMeta {
  /** The demo's "today" (YYYY-MM-DD): the data runs up to here. */
  asOf: string;
  seed: number;
  /** The last weekday on or before asOf: the date of the latest bars. */
  lastTradingDay: string;
  schemaVersion: number;
  /** Fingerprint of the generator code that wrote the file (data/fingerprint.ts). */
  generator: string;
}

export function openDatabase(path: string): Db {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

export function readMeta(db: Db): DemoMeta {
  const rows = db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  return {
    asOf: meta.get('asOf') ?? '',
    seed: Number(meta.get('seed')),
    lastTradingDay: meta.get('lastTradingDay') ?? '',
    schemaVersion: Number(meta.get('schemaVersion')),
    generator: meta.get('generator') ?? '',
  };
}

/** Meta of an existing file, or null when it is missing or unreadable. */
function existingMeta(path: string): DemoMeta | null {
  if (!existsSync(path)) return null;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return readMeta(db);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

export interface EnsureResult {
  path: string;
  /** Why the file was (re)generated, or null when the existing one was kept. */
  generated: 'missing' | 'outdated' | null;
  asOf: string;
}

/**
 * Creates `<dataDir>/demo.sqlite` when missing, and regenerates it (same seed) when its as-of date
 * is before today or it was written by other generator code (new tables, new demo data). Sessions and registered users
 * live in the same file, so a daily refresh signs everyone out; for a demo that is fine.
 */
export function ensureDatabase(
  dataDir: string,
  opts: { now?: () => number; seed?: number } = {},
): EnsureResult {
  const path = join(dataDir, DB_FILE_NAME);
  const today = todayUtc((opts.now ?? Date.now)());
  const meta = existingMeta(path);
  const current =
    meta !== null &&
    meta.asOf >= today &&
    meta.schemaVersion === SCHEMA_VERSION &&
    meta.generator === generatorFingerprint();
  if (meta && current) return { path, generated: null, asOf: meta.asOf };
  const seed = opts.seed ?? (meta && Number.isInteger(meta.seed) ? meta.seed : DEFAULT_SEED);
  generate(path, { seed, asOf: today });
  return { path, generated: meta ? 'outdated' : 'missing', asOf: today };
}
