import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase, openDatabase, readMeta } from './db.ts';

const dir = mkdtempSync(join(tmpdir(), 'fin-ensure-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => () => Date.parse(iso);

describe('ensureDatabase', () => {
  it('creates the file when missing, keeps it the same day, regenerates it the next day', () => {
    const first = ensureDatabase(dir, { now: at('2025-06-30T08:00:00Z'), seed: 5 });
    expect(first).toMatchObject({ path: join(dir, 'demo.sqlite'), generated: 'missing', asOf: '2025-06-30' });
    const written = statSync(first.path).mtimeMs;

    expect(ensureDatabase(dir, { now: at('2025-06-30T23:59:00Z') })).toMatchObject({
      generated: null,
      asOf: '2025-06-30',
    });
    expect(statSync(first.path).mtimeMs).toBe(written);

    expect(ensureDatabase(dir, { now: at('2025-07-01T00:01:00Z') })).toMatchObject({
      generated: 'outdated',
      asOf: '2025-07-01',
    });
    const db = openDatabase(first.path);
    // The refresh keeps the seed of the file it replaces.
    expect(readMeta(db)).toMatchObject({ asOf: '2025-07-01', seed: 5, lastTradingDay: '2025-07-01' });
    db.close();
  });

  it('regenerates a file written by other generator code (an older checkout)', () => {
    const path = ensureDatabase(dir, { now: at('2025-07-01T09:00:00Z') }).path;
    const db = openDatabase(path);
    db.prepare("UPDATE meta SET value = 'older-generator' WHERE key = 'generator'").run();
    db.close();
    expect(ensureDatabase(dir, { now: at('2025-07-01T10:00:00Z') })).toMatchObject({ generated: 'outdated' });
    const fresh = openDatabase(path);
    expect(readMeta(fresh).generator).toMatch(/^[0-9a-f]{16}$/);
    fresh.close();
  });
});
