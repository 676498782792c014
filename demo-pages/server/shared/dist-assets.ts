/**
 * /dist/ served as a CDN would (issue 21), so a partner page on another origin can load an element
 * with one module script:
 *  - hashed chunks (`chunks/[name]-[hash].js`) are cached for a year and never revalidated; every
 *    other file (the entries a tag names, the legacy script, custom-elements.json, sri.json) is
 *    `no-cache`: kept, but revalidated with its ETag on each use (304 when unchanged);
 *  - the brotli or gzip variant written at build (tools/precompress.ts) is sent by Accept-Encoding
 *    (br first, then gzip, else the file itself), with `Vary: Accept-Encoding`, from memory
 *    (dist-files.ts);
 *  - `Access-Control-Allow-Origin: *` (no credentials) and `Cross-Origin-Resource-Policy:
 *    cross-origin`, so module scripts and their chunks load cross-origin (chunks are imported
 *    relative to the module's own URL, so they come from here too);
 *  - the source maps only when asked for (FIN_SOURCE_MAPS=1).
 * And the API's CORS: a GET from another origin is answered without cookies (`*`, anonymous data
 * as anybody may fetch it); a configured partner origin (FIN_PARTNER_ORIGINS; outside production
 * any loopback page too) is named and may send the visitor's cookies. Never `*` with credentials.
 */
import type { FastifyInstance } from 'fastify';
import { DistFiles } from './dist-files.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A built chunk whose name carries its content hash (vite.config.ts chunkFileNames). */
const HASHED_CHUNK = /[\\/]chunks[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.js(\.br|\.gz)?$/;

export interface DistOptions {
  root: string;
  sourceMaps: boolean;
  /** Origins (scheme://host[:port]) whose pages may call the API with the visitor's cookies. */
  partnerOrigins: readonly string[];
  /**
   * Outside production (the demo and the tests, on loopback): any http://localhost:… or
   * http://127.x.x.x:… page counts as a partner too, so the demo's partner page (another port)
   * works whichever way it names our API.
   */
  loopbackPartners: boolean;
}

/** http(s)://localhost:…, 127.x.x.x or [::1]: a page only this machine serves. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname, protocol } = new URL(origin);
    if (protocol !== 'http:' && protocol !== 'https:') return false;
    return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
  } catch {
    return false;
  }
}

/** FIN_PARTNER_ORIGINS="https://a.example, https://b.example" → the list; unset → none. */
export function partnerOriginsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** If-None-Match: a list of ETags (weak or strong, compared weakly as RFC 9110 says for GET) or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

export async function registerDist(app: FastifyInstance, options: DistOptions): Promise<void> {
  const files = new DistFiles(options.root);
  app.get('/dist/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const found = files.find(path, request.headers['accept-encoding']);
    if (!found) return reply.status(404).send({ error: 'Not found' });
    const { file, representation } = found;
    reply
      .header('Cache-Control', HASHED_CHUNK.test(`/${path}`) ? IMMUTABLE : REVALIDATE)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', representation.etag)
      .header('Last-Modified', file.lastModified);
    if (matchesEtag(request.headers['if-none-match'], representation.etag)) return reply.status(304).send();
    if (representation.encoding !== 'identity') reply.header('Content-Encoding', representation.encoding);
    return reply.type(file.contentType).send(representation.body);
  });

  // The build's source maps show the sources: served only when asked for. dist/server/ is the
  // server renderer, which runs in Node only: never served.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/dist/server/')) return reply.status(404).send({ error: 'Not found' });
    if (
      !options.sourceMaps &&
      request.url.startsWith('/dist/') &&
      /\.map$/i.test(request.url.split('?')[0] ?? '')
    )
      return reply.status(404).send({ error: 'Not found' });
  });

  const partners = new Set(options.partnerOrigins);
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const origin = request.headers.origin;
    const isPartner = (value: string) =>
      partners.has(value) || (options.loopbackPartners && isLoopbackOrigin(value));
    if (partners.size > 0 || options.loopbackPartners) reply.header('Vary', 'Origin');
    if (!origin) return;
    if (isPartner(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
    } else reply.header('Access-Control-Allow-Origin', '*');
  });
}
