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

  it("adds a server-rendered element's lazy views (its first view holds them), after the entries", () => {
    const lazyDist = join(dist, 'lazy');
    mkdirSync(join(lazyDist, '.vite'), { recursive: true });
    writeFileSync(
      join(lazyDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'elements/fin-a.ts': {
          file: 'elements/fin-a.js',
          imports: ['_runtime.js'],
          dynamicImports: ['A.tsx'],
        },
        'elements/fin-b.ts': {
          file: 'elements/fin-b.js',
          imports: ['_runtime.js'],
          dynamicImports: ['B.tsx'],
        },
        'A.tsx': {
          file: 'chunks/A-1.js',
          imports: ['_runtime.js', '_table.js'],
          dynamicImports: ['Deep.tsx'],
        },
        'B.tsx': { file: 'chunks/B-1.js', imports: ['_runtime.js'] },
        'Deep.tsx': { file: 'chunks/Deep-1.js' },
        '_table.js': { file: 'chunks/table-1.js' },
        '_runtime.js': { file: 'chunks/runtime-1.js' },
      }),
    );
    const scripts = ['/dist/elements/fin-a.js', '/dist/elements/fin-b.js'];
    // fin-b is left to the browser: its lazy view loads when it is asked for; a view's own lazy
    // views (Deep) are not in any first view.
    expect(modulePreloads(scripts, lazyDist, ['/dist/elements/fin-a.js'])).toEqual([
      '/dist/elements/fin-a.js',
      '/dist/chunks/runtime-1.js',
      '/dist/elements/fin-b.js',
      '/dist/chunks/A-1.js',
      '/dist/chunks/table-1.js',
    ]);
  });

  it('adds the chart engine for the chart elements, which load it as their module runs, last', () => {
    const chartDist = join(dist, 'chart');
    mkdirSync(join(chartDist, '.vite'), { recursive: true });
    writeFileSync(
      join(chartDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'elements/fin-stock-chart.ts': { file: 'elements/fin-stock-chart.js', imports: ['_chart.js'] },
        'elements/fin-table.ts': { file: 'elements/fin-table.js', imports: ['_runtime.js'] },
        '_chart.js': {
          file: 'chunks/chart-1.js',
          imports: ['_runtime.js'],
          dynamicImports: ['src/widgets/chart/amcharts-engine.ts', 'src/widgets/chart/amcharts-map.ts'],
        },
        'src/widgets/chart/amcharts-engine.ts': {
          file: 'chunks/amcharts-engine-1.js',
          imports: ['_amcharts-root.js', '_runtime.js'],
        },
        'src/widgets/chart/amcharts-map.ts': { file: 'chunks/amcharts-map-1.js' },
        '_amcharts-root.js': { file: 'chunks/amcharts-root-1.js' },
        '_runtime.js': { file: 'chunks/runtime-1.js' },
      }),
    );
    // The map is a lazy import of the same chunk but not loaded at once: not announced.
    expect(
      modulePreloads(['/dist/elements/fin-stock-chart.js', '/dist/elements/fin-table.js'], chartDist),
    ).toEqual([
      '/dist/elements/fin-stock-chart.js',
      '/dist/chunks/chart-1.js',
      '/dist/chunks/runtime-1.js',
      '/dist/elements/fin-table.js',
      '/dist/chunks/amcharts-engine-1.js',
      '/dist/chunks/amcharts-root-1.js',
    ]);
    // A page without a chart element does not load the engine.
    expect(modulePreloads(['/dist/elements/fin-table.js'], chartDist)).toEqual([
      '/dist/elements/fin-table.js',
      '/dist/chunks/runtime-1.js',
    ]);
  });

  it('falls back to the script itself without a build manifest', () => {
    expect(modulePreloads(['/dist/elements/fin-a.js'], join(dist, 'missing'))).toEqual([
      '/dist/elements/fin-a.js',
    ]);
  });
});
