/**
 * `<link rel="modulepreload">` for an element's module and every chunk it imports statically, read
 * from Vite's build manifest, so the browser fetches the shared runtime in parallel instead of
 * discovering it only after the element's module has arrived.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DIST_DIR } from '../shared/paths.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * Lazy modules an element imports as soon as its module runs, not on first use: the chart
 * elements start loading the chart engine at once (`preloadChartEngine()` in elements/fin-chart.ts
 * and elements/fin-stock-chart.ts). Announced with the page, the engine's fetch starts with the
 * element's own instead of after it, so amCharts is built before the chart's data comes.
 * Build manifest keys (source paths): element → lazy modules.
 */
const LOADED_AS_MODULE_RUNS: Record<string, string[]> = {
  'elements/fin-chart.ts': ['src/widgets/chart/amcharts-engine.ts'],
  'elements/fin-stock-chart.ts': ['src/widgets/chart/amcharts-engine.ts'],
};

/** dist file → the dist files it needs (itself first), those of its lazy views, and those it loads at once. */
interface Preloads {
  byFile: Map<string, string[]>;
  lazyByFile: Map<string, string[]>;
  atOnceByFile: Map<string, string[]>;
}

// By manifest path too: two builds' manifests may have been written in the same millisecond.
let cached: ({ path: string; mtimeMs: number } & Preloads) | null = null;

/** dist file ("elements/x.js") → the dist files it needs, itself first; empty without a build. */
function preloadsByFile(distDir: string): Preloads {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return { byFile: new Map(), lazyByFile: new Map(), atOnceByFile: new Map() };
  const mtimeMs = statSync(path).mtimeMs;
  if (cached?.path === path && cached.mtimeMs === mtimeMs) return cached;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map<string, string[]>();
  const lazyByFile = new Map<string, string[]>();
  const closure = (roots: ManifestChunk[]) => {
    const files = new Set<string>();
    const visit = (entry: ManifestChunk) => {
      if (files.has(entry.file)) return;
      files.add(entry.file);
      for (const key of entry.imports ?? []) if (manifest[key]) visit(manifest[key]);
    };
    roots.forEach(visit);
    return [...files];
  };
  for (const chunk of Object.values(manifest)) {
    byFile.set(chunk.file, closure([chunk]));
    const lazy = (chunk.dynamicImports ?? []).flatMap((key) => (manifest[key] ? [manifest[key]] : []));
    lazyByFile.set(chunk.file, closure(lazy));
  }
  const atOnceByFile = new Map<string, string[]>();
  for (const [element, modules] of Object.entries(LOADED_AS_MODULE_RUNS)) {
    const chunk = manifest[element];
    const lazy = modules.flatMap((key) => (manifest[key] ? [manifest[key]] : []));
    if (chunk) atOnceByFile.set(chunk.file, closure(lazy));
  }
  cached = { path, mtimeMs, byFile, lazyByFile, atOnceByFile };
  return cached;
}

/**
 * `/dist/elements/x.js` → the `/dist/…` URLs to preload for it (itself included). For the scripts
 * in `withLazyViews` (elements whose first view the server rendered: it holds their lazy views,
 * which hydration waits for), the chunks they import on first use come too, after the entries;
 * last, the lazy modules an element loads as its module runs (the chart engine).
 */
export function modulePreloads(
  scripts: string[],
  distDir = DEFAULT_DIST_DIR,
  withLazyViews: string[] = [],
): string[] {
  const { byFile, lazyByFile, atOnceByFile } = preloadsByFile(distDir);
  const urls = new Set<string>();
  const fileOf = (script: string) => script.replace(/^\/dist\//, '');
  for (const script of scripts) {
    const file = fileOf(script);
    for (const needed of byFile.get(file) ?? [file]) urls.add(`/dist/${needed}`);
  }
  for (const script of withLazyViews)
    for (const needed of lazyByFile.get(fileOf(script)) ?? []) urls.add(`/dist/${needed}`);
  for (const script of scripts)
    for (const needed of atOnceByFile.get(fileOf(script)) ?? []) urls.add(`/dist/${needed}`);
  return [...urls];
}
