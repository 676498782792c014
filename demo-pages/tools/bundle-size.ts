/** Sizes of the built elements: what a page downloads for one element, statically, beyond the runtime. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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

/** Dynamic `import("x")` of a built ES module with a literal specifier (lazy chunks). */
export function dynamicImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\(\s*[`"']([^`"'$]+)[`"']\s*\)/g))
    found.add(resolve(dirname(file), match[1]!));
  return [...found];
}

/** The bytes a browser receives for a file from /dist/: its brotli variant when the build wrote one. */
function brotliKb(file: string): number {
  const variant = `${file}.br`;
  return (existsSync(variant) ? statSync(variant).size : statSync(file).size) / 1024;
}

export interface PartnerDownload {
  tag: string;
  /** The entry and everything it imports statically, the runtime included: what one tag costs. */
  files: string[];
  gzipKb: number;
  /** The same as served by /dist/ to a browser that accepts brotli (the precompressed variants). */
  brotliKb: number;
  /** Chunks the static graph imports lazily (its engine at first draw, exports when asked), gzip kB. */
  lazy: Array<{ file: string; gzipKb: number }>;
}

/**
 * The JS a partner page downloads for one element: its entry with all static imports (a page
 * with only this tag has no runtime chunk cached), or null when the element is not built.
 */
export function partnerDownload(tag: string): PartnerDownload | null {
  const entry = join(DIST, 'elements', `${tag}.js`);
  if (!existsSync(entry)) return null;
  const files = staticGraph(entry);
  const inGraph = new Set(files);
  const lazy = [...new Set(files.flatMap(dynamicImports))].filter((file) => !inGraph.has(file));
  return {
    tag,
    files: files.map((file) => relative(DIST, file)),
    gzipKb: files.reduce((sum, file) => sum + gzipKb(file), 0),
    brotliKb: files.reduce((sum, file) => sum + brotliKb(file), 0),
    lazy: lazy.map((file) => ({ file: relative(DIST, file), gzipKb: gzipKb(file) })),
  };
}
