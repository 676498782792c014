import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modulePreloads } from './module-preload.ts';

const dist = mkdtempSync(join(tmpdir(), 'fin-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('modulePreloads', () => {
  it('lists an element module and the chunks it imports, each once', () => {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'elements/fin-a.ts': { file: 'elements/fin-a.js', imports: ['_runtime.js', '_shared.js'] },
        'elements/fin-b.ts': { file: 'elements/fin-b.js', imports: ['_runtime.js'] },
        '_shared.js': { file: 'chunks/shared-1.js', imports: ['_runtime.js'] },
        '_runtime.js': { file: 'chunks/runtime-1.js' },
        // A lazy chunk (dynamic import) is not preloaded.
        '_chart.js': { file: 'chunks/chart-1.js', imports: ['_runtime.js'] },
      }),
    );
    expect(modulePreloads(['/dist/elements/fin-a.js', '/dist/elements/fin-b.js'], dist)).toEqual([
      '/dist/elements/fin-a.js',
      '/dist/chunks/runtime-1.js',
      '/dist/chunks/shared-1.js',
      '/dist/elements/fin-b.js',
    ]);
  });

  it('falls back to the script itself without a build manifest', () => {
    expect(modulePreloads(['/dist/elements/fin-a.js'], join(dist, 'missing'))).toEqual([
      '/dist/elements/fin-a.js',
    ]);
  });
});
