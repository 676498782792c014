/** Sizes of the built elements: what a page downloads for one element, statically, beyond the runtime. */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// DIST_DIR: another build folder (as the reference server and the manifest read it).
export const DIST = resolve(process.env.DIST_DIR ?? resolve(import.meta.dirname, '../../dist'));

export function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** Static `import … from "x"` / `import "x"` and `export … from "x"` of a built ES module (not `import("x")`). */
export function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(resolve(dirname(file), match[1]!));
  return [...found];
}

/** Every file an element pulls in statically, itself included. */
export function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  visit(entry);
  return [...seen];
}

export function runtimeChunk(): string {
  const name = readdirSync(join(DIST, 'chunks')).find((file) => /^runtime-.*\.js$/.test(file));
  if (!name) throw new Error('dist/chunks/runtime-*.js not found: run `npm run build` first');
  return join(DIST, 'chunks', name);
}

export interface ElementSize {
  tag: string;
  /** gzip kB of the element and its static imports, the runtime chunk left out. */
  ownKb: number;
  files: string[];
}

export function elementSize(tag: string): ElementSize {
  const runtime = runtimeChunk();
  const files = staticGraph(join(DIST, 'elements', `${tag}.js`)).filter((file) => file !== runtime);
  return {
    tag,
    ownKb: files.reduce((sum, file) => sum + gzipKb(file), 0),
    files: files.map((f) => relative(DIST, f)),
  };
}

export function builtElements(): string[] {
  return readdirSync(join(DIST, 'elements'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.replace(/\.js$/, ''));
}
