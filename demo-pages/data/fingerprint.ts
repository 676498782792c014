/**
 * A fingerprint of the generator's own code and data (every module and JSON file of
 * demo-pages/data/, the labels included).
 * It is stored in the database's meta, and the server regenerates a database whose fingerprint
 * differs, so a checkout with new tables or new demo data never serves an old file.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const DATA_DIR = import.meta.dirname;

/** The files the fingerprint hashes: the generator's modules and data files, not its tests. */
export function fingerprintSources(dir: string = DATA_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return fingerprintSources(path);
      const source =
        entry.name.endsWith('.json') || (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'));
      return source ? [path] : [];
    })
    .sort();
}

let cached: string | null = null;

export function generatorFingerprint(): string {
  if (cached) return cached;
  const hash = createHash('sha256');
  for (const file of fingerprintSources()) {
    hash.update(relative(DATA_DIR, file));
    hash.update('\0');
    hash.update(readFileSync(file));
  }
  cached = hash.digest('hex').slice(0, 16);
  return cached;
}
