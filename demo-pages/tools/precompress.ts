/**
 * The last step of `npm run build`: makes dist/ ready to be served as a CDN would (issue 21).
 *  - every script and JSON file gets a brotli (`.br`) and a gzip (`.gz`) sibling, which the
 *    reference server picks by the request's Accept-Encoding (server/shared/dist-files.ts), so no
 *    answer is compressed per request;
 *  - dist/sri.json holds the Subresource Integrity hash (sha384) of every entry file, for the
 *    `integrity` attribute of a partner's script tag (README "Embedding on a partner site").
 * Source maps are left as they are: they are served only under FIN_SOURCE_MAPS=1, to developers.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = resolve(import.meta.dirname, '../..');

const COMPRESSIBLE = /\.(js|json|css|svg)$/;
/** Smaller files gain too little (and a header or two is the whole answer). */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality costs about 2 s per MB; above this size (the PDF maker, the CJK font, the
 * legacy script) quality 5 keeps the build short at some per cent more bytes (the CJK font, 11 MB,
 * takes 0.8 s at 5 and 4 s at 7 for 2 % less).
 */
const BEST_QUALITY_UP_TO = 1024 * 1024;

const LARGE_FILE_QUALITY = 5;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A hashed chunk (vite's `chunks/[name]-[hash].js`): its content never changes under its name. */
export const HASHED_CHUNK = /(^|\/)chunks\/[^/]+-[A-Za-z0-9_-]{8}\.js$/;

/** Files a browser asks for by a name that stays across builds: the ones a partner's tag names. */
export function isEntryFile(path: string): boolean {
  return /^elements\/fin-[^/]+\.js$/.test(path) || path === 'fin-elements.legacy.js';
}

/** Every file under `dir`, relative, with `/` separators; dot folders (.vite) are not served. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/** `sha384-…` as the `integrity` attribute takes it (of the bytes as served, before any encoding). */
export function sriHash(bytes: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

async function compress(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const quality = bytes.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : LARGE_FILE_QUALITY;
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: 9 }),
  ]);
  // A variant no smaller than the file is left out (and an older one removed): the server then
  // sends the file itself.
  for (const [suffix, variant] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    if (variant.length < bytes.length) writeFileSync(`${file}${suffix}`, variant);
    else rmSync(`${file}${suffix}`, { force: true });
  }
}

export async function precompress(dist: string): Promise<{ compressed: number; entries: number }> {
  // dist/server/ is the server renderer (run in Node, never sent to a browser).
  const files = filesUnder(dist).filter((file) => file !== 'sri.json' && !file.startsWith('server/'));
  const entries = files.filter(isEntryFile);
  const sri = Object.fromEntries(entries.map((file) => [file, sriHash(readFileSync(join(dist, file)))]));
  writeFileSync(join(dist, 'sri.json'), `${JSON.stringify(sri, null, 2)}\n`);

  const targets = [...files, 'sri.json']
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => join(dist, file))
    .filter((file) => statSync(file).size >= MIN_BYTES);
  // The largest first: they take longest, the thread pool fills with the small ones meanwhile.
  targets.sort((a, b) => statSync(b).size - statSync(a).size);
  await Promise.all(targets.map(compress));
  return { compressed: targets.length, entries: entries.length };
}

async function main() {
  // DIST_DIR: the build folder the reference server serves (demo-pages/server/shared/paths.ts).
  const dist = resolve(process.env.DIST_DIR ?? join(root, 'dist'));
  const started = Date.now();
  const { compressed, entries } = await precompress(dist);
  console.log(
    `${relative(root, dist) || '.'}: ${compressed} file(s) precompressed (br, gzip), sri.json for ${entries} entry file(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] === import.meta.filename) await main();
