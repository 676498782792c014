/**
 * /dist/ as a CDN serves it (issue 21): a dist laid out as the build writes it, precompressed by
 * the build's own last step (tools/precompress.ts), then asked for as browsers and caches ask.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress, sriHash } from '../tools/precompress.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from './shared/testing.ts';

const PARTNER = 'https://partner.example';
const ENTRY = '/dist/elements/fin-sample.js';
const CHUNK = '/dist/chunks/runtime-Ab1_x-9Z.js';

let database: TestDatabase;
let outside: string;
let dist: string;
let app: FastifyInstance;
let entryBytes: Buffer;
let chunkBytes: Buffer;

beforeAll(async () => {
  database = createTestDatabase();
  // dist/ with a file beside it that no URL may reach.
  outside = mkdtempSync(join(tmpdir(), 'fin-dist-cdn-'));
  writeFileSync(join(outside, 'package.json'), '{"private":true}');
  dist = join(outside, 'dist');
  mkdirSync(dist);
  mkdirSync(join(dist, 'elements'));
  mkdirSync(join(dist, 'chunks'));
  // Code long and repetitive enough to compress, as real chunks are.
  const body = Array.from({ length: 200 }, (_, i) => `export const value${i} = "fin-${i}";`).join('\n');
  entryBytes = Buffer.from(`import "../chunks/runtime-Ab1_x-9Z.js";\n${body}\n`);
  chunkBytes = Buffer.from(`${body}\n${body.replace(/value/g, 'other')}\n`);
  writeFileSync(join(dist, 'elements', 'fin-sample.js'), entryBytes);
  writeFileSync(join(dist, 'chunks', 'runtime-Ab1_x-9Z.js'), chunkBytes);
  writeFileSync(
    join(dist, 'elements', 'fin-sample.js.map'),
    '{"version":3,"sources":["x.ts"],"mappings":""}',
  );
  writeFileSync(join(dist, 'custom-elements.json'), JSON.stringify({ modules: [], body }));
  writeFileSync(join(dist, 'fin-elements.d.ts'), 'export {};\n');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  await precompress(dist);
  app = await createTestApp(database.dbPath, { distDir: dist, partnerOrigins: [PARTNER] });
});

afterAll(async () => {
  await app?.close();
  rmSync(outside, { recursive: true, force: true });
  database.cleanup();
});

const JAVASCRIPT = /^(text|application)\/javascript; charset=utf-8$/;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('/dist/ as a CDN serves it', () => {
  it('a hashed chunk is cached for a year, immutable; an entry and the manifest are revalidated by ETag (304)', async () => {
    const chunk = await get(CHUNK);
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of [ENTRY, '/dist/custom-elements.json', '/dist/sri.json']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag;
      expect(etag, url).toEqual(expect.any(String));
      const again = await get(url, { 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('sends the brotli variant when accepted, else gzip, else the file; always with Vary: Accept-Encoding', async () => {
    const br = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(JAVASCRIPT);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(entryBytes.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(entryBytes)).toBe(true);

    const gz = await get(CHUNK, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(JAVASCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).equals(chunkBytes)).toBe(true);

    const json = await get('/dist/custom-elements.json', { 'accept-encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const types = await get('/dist/fin-elements.d.ts');
    expect(types.statusCode).toBe(200);
    expect(types.headers['content-type']).toBe('text/plain; charset=utf-8');

    const plain = await get(ENTRY, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(entryBytes)).toBe(true);
  });

  it('each encoding is its own representation: a gzip ETag does not validate the brotli answer', async () => {
    const gz = await get(ENTRY, { 'accept-encoding': 'gzip' });
    const br = await get(ENTRY, { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) });
    expect(br.statusCode).toBe(200);
    const brAgain = await get(ENTRY, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(brAgain.statusCode).toBe(304);
  });

  it("serves a rebuild at once, never an earlier build's variant, and nothing outside dist/", async () => {
    const file = join(dist, 'elements', 'rebuilt.js');
    writeFileSync(file, `${entryBytes}\n// first build`);
    await precompress(dist);
    const first = await get('/dist/elements/rebuilt.js', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toMatch(/first build$/);

    // The build's first step rewrites the file; its compressed siblings are still the old ones
    // until the last step runs.
    const rebuilt = `${entryBytes}\n// second build`;
    writeFileSync(file, rebuilt);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const between = await get('/dist/elements/rebuilt.js', { 'accept-encoding': 'br' });
    expect(between.headers['content-encoding']).toBeUndefined();
    expect(between.body).toBe(rebuilt);
    expect(between.headers.etag).not.toBe(first.headers.etag);
    const head = await app.inject({ method: 'HEAD', url: '/dist/elements/rebuilt.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(JAVASCRIPT);

    for (const url of [
      '/dist/../package.json',
      '/dist/%2e%2e/package.json',
      '/dist/elements/%2e%2e%2f%2e%2e%2fpackage.json',
      '/dist/elements/..%5c..%5cpackage.json',
      '/dist/.vite/manifest.json',
      '/dist/elements/',
      '/dist/elements/fin-none.js',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('lets any origin load the scripts (no credentials) and keeps the source maps private', async () => {
    for (const url of [ENTRY, CHUNK]) {
      const answer = await get(url, { origin: 'https://anyone.example', 'accept-encoding': 'br' });
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
      expect(answer.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    expect((await get(`${ENTRY}.map`)).statusCode).toBe(404);
  });

  it('writes the SRI hash of each entry file, of its bytes before any encoding', () => {
    const sri = JSON.parse(readFileSync(join(dist, 'sri.json'), 'utf8')) as Record<string, string>;
    expect(sri).toEqual({ 'elements/fin-sample.js': sriHash(entryBytes) });
    expect(sri['elements/fin-sample.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });
});

describe('the API from a partner page', () => {
  const labels = '/api/labels/common/?lang=eng';

  it('answers any origin without cookies, and a configured partner with them (never * with credentials)', async () => {
    const anyone = await get(labels, { origin: 'https://anyone.example' });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['access-control-allow-origin']).toBe('*');
    expect(anyone.headers['access-control-allow-credentials']).toBeUndefined();

    const partner = await get(labels, { origin: PARTNER });
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(partner.headers['access-control-allow-credentials']).toBe('true');
    expect(partner.headers.vary).toMatch(/origin/i);

    // Outside production a page on loopback (the demo's partner page, another port) is a partner;
    // in production only the configured ones are.
    const demoPartner = await get(labels, { origin: 'http://localhost:8081' });
    expect(demoPartner.headers['access-control-allow-origin']).toBe('http://localhost:8081');
    expect(demoPartner.headers['access-control-allow-credentials']).toBe('true');
    const production = await createTestApp(database.dbPath, { distDir: dist, production: true });
    try {
      const refused = await production.inject({
        method: 'GET',
        url: labels,
        headers: { origin: 'http://localhost:8081' },
      });
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await production.close();
    }

    // A same-origin call (no Origin header) and a POST get no CORS grant at all.
    expect((await get(labels)).headers['access-control-allow-origin']).toBeUndefined();
    const post = await app.inject({
      method: 'POST',
      url: '/api/user/set-settings/',
      headers: { origin: PARTNER },
      payload: {},
    });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });
});
