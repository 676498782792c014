import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/types.ts';
import { LABELS } from '../../data/labels.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from './testing.ts';

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

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/labels/{module}/', () => {
  it('serves every key of every module in all ten languages, none empty', async () => {
    for (const [module, keys] of Object.entries(LABELS)) {
      for (const lang of LANGUAGES) {
        const response = await get(`/api/labels/${module}/?lang=${lang}`);
        expect(response.statusCode).toBe(200);
        const labels = response.json() as Record<string, string>;
        expect(Object.keys(labels).sort()).toEqual(Object.keys(keys).sort());
        for (const [key, text] of Object.entries(labels)) {
          expect(text.trim(), `${module}:${key} ${lang}`).not.toBe('');
          expect(text).toBe(keys[key]?.[lang]);
        }
      }
    }
  });

  it('uses the query language, else the lang cookie, else rus', async () => {
    expect((await get('/api/labels/pd/')).json().title).toBe('Динамика цены');
    expect((await get('/api/labels/pd/', 'lang=fra')).json().title).toBe('Dynamique du prix');
    expect((await get('/api/labels/pd/?lang=eng', 'lang=fra')).json().title).toBe('Price dynamics');
    expect((await get('/api/labels/pd/?lang=zzz')).json().title).toBe('Динамика цены');
  });

  it('replaces every text by its module:key with show_labels', async () => {
    const labels = (await get('/api/labels/pd/?lang=eng&show_labels=1')).json() as Record<string, string>;
    expect(labels.title).toBe('pd:title');
    for (const [key, text] of Object.entries(labels)) expect(text).toBe(`pd:${key}`);
    expect((await get('/api/labels/pd/?lang=eng&show_labels=0')).json().title).toBe('Price dynamics');
  });

  it('answers the repository form with the module labels', async () => {
    const response = await get('/api/labels/common/site/?lang=eng');
    expect(response.statusCode).toBe(200);
    expect(response.json().retry).toBe('Retry');
  });

  it('answers 404 for an unknown module and 400 for a malformed name', async () => {
    const unknown = await get('/api/labels/nope/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown label module "nope"' });
    const malformed = await get('/api/labels/a%20b/');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('params.module');
  });
});
