/**
 * Helpers for the server tests: a demo database generated into a temp dir (fixed seed and as-of
 * date), an app over it with a controllable clock, a cookie jar and the real sign-in flow.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from '../../data/generate.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';

export const TEST_SEED = 4242;
/** A Monday: the last trading day is the as-of date itself. */
export const TEST_AS_OF = '2025-06-30';

export const FREE_PHONE = '+79000000001';
export const PAID_PHONE = '+79000000002';

export interface TestDatabase {
  dbPath: string;
  cleanup(): void;
}

export function createTestDatabase(opts: { seed?: number; asOf?: string } = {}): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'fin-demo-test-'));
  const dbPath = join(dir, 'demo.sqlite');
  generate(dbPath, { seed: opts.seed ?? TEST_SEED, asOf: opts.asOf ?? TEST_AS_OF });
  return { dbPath, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public ms = Date.parse(`${TEST_AS_OF}T12:00:00Z`)) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export async function createTestApp(
  dbPath: string,
  opts: Omit<BuildAppOptions, 'dbPath'> = {},
): Promise<FastifyInstance> {
  return buildApp({ dbPath, distDir: join(tmpdir(), 'fin-no-dist'), production: false, ...opts });
}

/** Remembers the cookies the server sets, like a browser, and sends them back. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): Record<string, string> {
    const value = [...this.cookies].map(([name, v]) => `${name}=${v}`).join('; ');
    return value ? { cookie: value } : {};
  }
}

/**
 * A browser-like client: requests carry the jar's cookies and store the answers' cookies. Like an
 * element, a POST carries the page's CSRF token as X-CSRF-Token (read from the last page or sign-in
 * answer, else from a /login/ page fetched first), unless the body brings its own `sid` or the call
 * says `{ token: null }` (or a token of its choice). `headers` go with every request (e.g. an
 * X-Forwarded-For to play another client address).
 */
export function client(app: FastifyInstance, jar = new CookieJar(), headers: Record<string, string> = {}) {
  let token: string | undefined;
  const remember = (response: LightMyRequestResponse) => {
    const cookies = response.cookies as Array<{ name: string }>;
    if (cookies.some((cookie) => cookie.name === 'fin_sid' || cookie.name === 'fin_csrf')) token = undefined;
    const type = String(response.headers['content-type'] ?? '');
    if (type.startsWith('text/html') && response.body.includes('id="fin-user"'))
      token = (jsonBlock(response.body, 'fin-user') as { sid?: string }).sid;
    else if (type.startsWith('application/json')) {
      const sid = (response.json() as { sid?: unknown } | null)?.sid;
      if (typeof sid === 'string') token = sid;
    }
    return response;
  };
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ) =>
    remember(
      jar.store(
        await app.inject({
          method,
          url,
          headers: { ...jar.header(), ...headers, ...extra },
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        }),
      ),
    );
  const tokenFor = async (body: unknown, options: { token?: string | null }): Promise<string | null> => {
    if (options.token !== undefined) return options.token;
    if (body !== null && typeof body === 'object' && 'sid' in body) return null;
    if (token === undefined) await send('GET', '/login/');
    return token ?? null;
  };
  return {
    jar,
    get: (url: string) => send('GET', url),
    /** A GET with the page's token, as a page's call that writes sends it (the code re-send). */
    getWithToken: async (url: string) =>
      send('GET', url, undefined, { 'x-csrf-token': (await tokenFor({}, {}))! }),
    post: async (url: string, body: unknown = {}, options: { token?: string | null } = {}) => {
      const sid = await tokenFor(body, options);
      return send('POST', url, body, sid === null ? {} : { 'x-csrf-token': sid });
    },
    /** The CSRF token this client's page holds (fetching a page when it has none yet). */
    token: async () => (await tokenFor({}, {})) as string,
  };
}

export type Client = ReturnType<typeof client>;

/** The cookie and X-CSRF-Token of a fresh anonymous visitor, for raw `app.inject` POSTs. */
export async function visitorHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const visitor = client(app);
  const token = await visitor.token();
  return { ...visitor.jar.header(), 'x-csrf-token': token };
}

/** The last code the outbox holds for the phone. */
export async function lastCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/dev/outbox?phone=${encodeURIComponent(phone)}` });
  const [latest] = response.json() as Array<{ code: string }>;
  if (!latest) throw new Error(`no code was sent to ${phone}`);
  return latest.code;
}

/** Signs in through the real calls (login → outbox → code); returns the signed-in client. */
export async function signIn(app: FastifyInstance, phone: string): Promise<Client> {
  const browser = client(app);
  const started = await browser.post('/api/auth/login/', { phone });
  if (started.statusCode !== 200) throw new Error(`login failed: ${started.body}`);
  const confirmed = await browser.post('/api/auth/code/', { code: await lastCode(app, phone) });
  if (confirmed.statusCode !== 200) throw new Error(`code failed: ${confirmed.body}`);
  return browser;
}

/** The JSON of a `<script type="application/json" id="…">` block of a page. */
export function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error(`no #${id} block`);
  return JSON.parse(match[1] as string);
}

/** The `sid` of a page's plain (no-JS) form. */
export function hiddenSid(html: string): string {
  const match = /<input type="hidden" name="sid" value="([^"]*)" \/>/.exec(html);
  if (!match) throw new Error('no hidden sid field');
  return match[1] as string;
}

/** A test database, the app over it, and a client per access level (SPEC §6). */
export interface AudienceFixture {
  database: TestDatabase;
  /** Read-only handle for assertions against the data itself. */
  db: Database.Database;
  app: FastifyInstance;
  anonymous: Client;
  free: Client;
  paid: Client;
  close(): Promise<void>;
}

/** `prepare` may write test rows into the fresh database before the app opens it. */
export async function startAudiences(
  opts: { prepare?: (db: Database.Database) => void } = {},
): Promise<AudienceFixture> {
  const database = createTestDatabase();
  if (opts.prepare) {
    const writable = new Database(database.dbPath);
    opts.prepare(writable);
    writable.close();
  }
  const db = new Database(database.dbPath, { readonly: true });
  const app = await createTestApp(database.dbPath);
  return {
    database,
    db,
    app,
    anonymous: client(app),
    free: await signIn(app, FREE_PHONE),
    paid: await signIn(app, PAID_PHONE),
    close: async () => {
      db.close();
      await app.close();
      database.cleanup();
    },
  };
}
