import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenEncoding, COMPRESS_MIN_BYTES } from './compression.ts';
import { createTestApp, createTestDatabase, jsonBlock, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = createTestDatabase();
  app = await createTestApp(database.dbPath);
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

/** A page's HTML without its per-answer parts (nonce, masked token), to compare two answers. */
const stable = (html: string) =>
  html.replace(/nonce(=|-)"?[\w+/=-]+"?/g, 'nonce').replace(/"sid":"[^"]*"/g, '"sid":""');

describe('compressed answers', () => {
  it('chooses br, then gzip, by what the client accepts (q=0 refuses)', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip, deflate')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('*;q=0, identity')).toBeNull();
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });

  it('sends a page brotli or gzip compressed, the same HTML once decompressed', async () => {
    const plain = await get('/stocks/sber/?lang=eng');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const br = await get('/stocks/sber/?lang=eng', 'gzip, deflate, br');
    const gz = await get('/stocks/sber/?lang=eng', 'gzip');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    const fromBr = brotliDecompressSync(br.rawPayload).toString('utf8');
    const fromGz = gunzipSync(gz.rawPayload).toString('utf8');
    expect(stable(fromBr)).toBe(stable(plain.body));
    expect(stable(fromGz)).toBe(stable(plain.body));
    expect(jsonBlock(fromBr, 'fin-page-data')).toEqual(jsonBlock(plain.body, 'fin-page-data'));
    // At most a third of the bytes: HTML and JSON compress well.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
  });

  it('compresses JSON answers and leaves small ones alone', async () => {
    const json = await get('/stocks/sber/?format=json&lang=eng', 'br');
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString('utf8'))).toEqual(
      (await get('/stocks/sber/?format=json&lang=eng')).json(),
    );
    const small = await get('/api/auth/logout/', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
