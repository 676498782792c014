import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintSources } from './fingerprint.ts';

describe('generator fingerprint', () => {
  it('hashes the modules and the label files, so a label edit regenerates the database; not the tests', () => {
    const files = fingerprintSources().map((file) => relative(import.meta.dirname, file));
    expect(files).toEqual(
      expect.arrayContaining(['generate.ts', 'labels.ts', 'labels/common.json', 'labels/stock.json']),
    );
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.md'))).toEqual([]);
  });
});
