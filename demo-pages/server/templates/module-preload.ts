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

/** dist file → the dist files it needs (itself first), and those of its lazy views. */
interface Preloads {
  byFile: Map<string, string[]>;
  lazyByFile: Map<string, string[]>;
}

// By manifest path too: two builds' manifests may have been written in the same millisecond.
let cached: ({ path: string; mtimeMs: number } & Preloads) | null = null;

/** dist file ("elements/x.js") → the dist files it needs, itself first; empty without a build. */
function preloadsByFile(distDir: string): Preloads {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return { byFile: new Map(), lazyByFile: new Map() };
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
  cached = { path, mtimeMs, byFile, lazyByFile };
  return cached;
}

/**
 * `/dist/elements/x.js` → the `/dist/…` URLs to preload for it (itself included). For the scripts
 * in `withLazyViews` (elements whose first view the server rendered: it holds their lazy views,
 * which hydration waits for), the chunks they import on first use come too, after the entries.
 */
export function modulePreloads(
  scripts: string[],
  distDir = DEFAULT_DIST_DIR,
  withLazyViews: string[] = [],
): string[] {
  const { byFile, lazyByFile } = preloadsByFile(distDir);
  const urls = new Set<string>();
  const fileOf = (script: string) => script.replace(/^\/dist\//, '');
  for (const script of scripts) {
    const file = fileOf(script);
    for (const needed of byFile.get(file) ?? [file]) urls.add(`/dist/${needed}`);
  }
  for (const script of withLazyViews)
    for (const needed of lazyByFile.get(fileOf(script)) ?? []) urls.add(`/dist/${needed}`);
  return [...urls];
}
