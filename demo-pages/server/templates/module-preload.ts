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
}

let cached: { mtimeMs: number; byFile: Map<string, string[]> } | null = null;

/** dist file ("elements/x.js") → the dist files it needs, itself first; empty without a build. */
function preloadsByFile(distDir: string): Map<string, string[]> {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return new Map();
  const mtimeMs = statSync(path).mtimeMs;
  if (cached?.mtimeMs === mtimeMs) return cached.byFile;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map<string, string[]>();
  for (const chunk of Object.values(manifest)) {
    const files = new Set<string>();
    const visit = (entry: ManifestChunk) => {
      if (files.has(entry.file)) return;
      files.add(entry.file);
      for (const key of entry.imports ?? []) if (manifest[key]) visit(manifest[key]);
    };
    visit(chunk);
    byFile.set(chunk.file, [...files]);
  }
  cached = { mtimeMs, byFile };
  return byFile;
}

/** `/dist/elements/x.js` → the `/dist/…` URLs to preload for it (itself included). */
export function modulePreloads(scripts: string[], distDir = DEFAULT_DIST_DIR): string[] {
  const byFile = preloadsByFile(distDir);
  const urls = new Set<string>();
  for (const script of scripts) {
    const file = script.replace(/^\/dist\//, '');
    for (const needed of byFile.get(file) ?? [file]) urls.add(`/dist/${needed}`);
  }
  return [...urls];
}
