/**
 * The files of dist/ as /dist/ sends them, kept in memory: a cold issuer page asks for about 50
 * files at once while it renders, and reading, checking and streaming each from disk per request
 * cost the reference server 1.2-1.7 ms of CPU each (0.4-0.6 ms from memory), taken from the same
 * cores the page renders on.
 *
 * A file is read (with its build-time `.br` / `.gz` siblings, tools/precompress.ts) on its first
 * request and kept while its size and mtime stay the same, so a rebuild under a running server is
 * served at once. Each encoding is its own representation with its own strong ETag (a hash of the
 * bytes sent), as caches expect of `Vary: Accept-Encoding`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { acceptsEncoding } from './compression.ts';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

export interface DistRepresentation {
  body: Buffer;
  etag: string;
  encoding: ContentEncoding;
}

interface DistFile {
  size: number;
  mtimeMs: number;
  contentType: string;
  lastModified: string;
  /** identity always; br and gzip when the build wrote them. */
  representations: Map<ContentEncoding, DistRepresentation>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // fin-elements.d.ts, the elements' types: text an integrator can read in the browser.
  '.ts': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

const SUFFIXES: readonly [ContentEncoding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

export class DistFiles {
  private readonly root: string;
  private readonly files = new Map<string, DistFile>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  /**
   * The representation of `/dist/<path>` for this Accept-Encoding (br first, then gzip, else the
   * file itself), or null when there is no such file under the root.
   */
  find(
    path: string,
    acceptEncoding: string | undefined,
  ): { file: DistFile; representation: DistRepresentation } | null {
    const file = this.load(path);
    if (!file) return null;
    const accepts = acceptsEncoding(acceptEncoding);
    for (const [encoding] of SUFFIXES) {
      const representation = file.representations.get(encoding);
      if (representation && accepts(encoding)) return { file, representation };
    }
    return { file, representation: file.representations.get('identity')! };
  }

  private load(path: string): DistFile | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    const absolute = resolve(this.root, decoded);
    // Nothing outside dist/, and no dot folder (.vite) or dot file.
    if (!absolute.startsWith(this.root + sep) || /(^|[\\/])\./.test(absolute.slice(this.root.length)))
      return null;
    const stat = statSync(absolute, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      this.files.delete(absolute);
      return null;
    }
    const known = this.files.get(absolute);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known;

    const representations = new Map<ContentEncoding, DistRepresentation>();
    const add = (encoding: ContentEncoding, body: Buffer) =>
      representations.set(encoding, {
        body,
        encoding,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      });
    add('identity', readFileSync(absolute));
    for (const [encoding, suffix] of SUFFIXES) {
      const variant = statSync(absolute + suffix, { throwIfNoEntry: false });
      // A variant older than its file belongs to an earlier build: not sent.
      if (variant?.isFile() && variant.mtimeMs >= stat.mtimeMs)
        add(encoding, readFileSync(absolute + suffix));
    }
    const file: DistFile = {
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      contentType: CONTENT_TYPES[extname(absolute).toLowerCase()] ?? 'application/octet-stream',
      lastModified: stat.mtime.toUTCString(),
      representations,
    };
    this.files.set(absolute, file);
    return file;
  }
}
