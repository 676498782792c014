/**
 * Pages and JSON answers go compressed, brotli or gzip by the request's Accept-Encoding (the
 * issuer page's HTML: 224 kB, 37 kB with gzip; a ten-stock chart answer shrinks as much). /dist/
 * sends the variants written at build (dist-assets.ts) and is left alone here.
 *
 * Compressing answers that carry a secret beside text an attacker chooses lets the secret be read
 * from their sizes (BREACH): the CSRF token, the one secret a page carries, goes out under a fresh
 * mask in each answer (csrf.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: the headers and a round trip cost more than the bytes. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli 4: about gzip 6's time for ~10 % fewer bytes; the top levels cost far more CPU per answer. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
const COMPRESSED_TYPES = /^(text\/html|application\/json)\b/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Whether the request's Accept-Encoding accepts an encoding: named, or under `*`, with q > 0. */
export function acceptsEncoding(acceptEncoding: string | undefined): (encoding: string) => boolean {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  return (encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
}

/** The encoding to answer with: br, else gzip, when the client accepts it (q > 0), else null. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = acceptsEncoding(acceptEncoding);
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/dist/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSED_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304)
      return payload;
    // The answer depends on Accept-Encoding whether or not this one is compressed.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzipped(payload, { level: GZIP_LEVEL });
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
