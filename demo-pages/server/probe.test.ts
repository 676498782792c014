/**
 * The outside probe of issue 20, replayed against the reference server: forwarded addresses from
 * an unconfigured proxy, strangers locking the owner out, development routes on by default, the
 * unbounded action log and slow-header connections. (Derived paid values: company/derived-values.test.ts.)
 */
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, devRoutesOn, trustedProxiesFrom, type BuildAppOptions } from './app.ts';
import { ACTION_LOG_LIMIT } from './profile/profile.routes.ts';
import {
  client,
  createTestApp,
  createTestDatabase,
  FakeClock,
  lastCode,
  type TestDatabase,
} from './shared/testing.ts';

let database: TestDatabase;
const opened: FastifyInstance[] = [];

beforeAll(() => {
  database = createTestDatabase();
});
afterAll(() => database.cleanup());
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function testApp(opts: Parameters<typeof createTestApp>[1] = {}): Promise<FastifyInstance> {
  const app = await createTestApp(database.dbPath, opts);
  opened.push(app);
  return app;
}

/** The app as main.ts builds it: no option the tests would otherwise pass. */
async function deployedApp(opts: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ dbPath: database.dbPath, distDir: join(tmpdir(), 'fin-no-dist'), ...opts });
  opened.push(app);
  return app;
}

describe('X-Forwarded-For is believed only from a configured proxy', () => {
  it('one client rotating X-Forwarded-For stays one address for the per-address limit', async () => {
    const app = await testApp({
      loginLimits: { wrongCodesPerAddress: 3, wrongCodesPerPhoneAndAddress: 100, sendsPerAddress: 100 },
    });
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const browser = client(app, undefined, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      await browser.post('/api/auth/login/', { phone: `+7900444${String(1000 + i)}` });
      answers.push((await browser.post('/api/auth/code/', { code: '000000' })).statusCode);
    }
    // Three wrong codes compared (400), then the address is out of budget (429) whatever it claims.
    expect(answers.slice(0, 3)).toEqual([400, 400, 400]);
    expect(answers.slice(3)).toEqual([429, 429, 429]);
  });

  it('a configured proxy is believed (positive control), and TRUSTED_PROXIES lists them', async () => {
    const app = await testApp({
      trustProxy: trustedProxiesFrom('127.0.0.1'),
      loginLimits: { wrongCodesPerAddress: 3, wrongCodesPerPhoneAndAddress: 100, sendsPerAddress: 100 },
    });
    for (let i = 0; i < 6; i += 1) {
      const browser = client(app, undefined, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      await browser.post('/api/auth/login/', { phone: `+7900444${String(2000 + i)}` });
      expect((await browser.post('/api/auth/code/', { code: '000000' })).statusCode).toBe(400);
    }
    expect(trustedProxiesFrom(undefined)).toEqual([]);
    expect(trustedProxiesFrom(' ')).toEqual([]);
    expect(trustedProxiesFrom('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  it('a plain deployment believes no forwarded scheme: no Secure cookie, no HSTS for a claim', async () => {
    const app = await deployedApp();
    const response = await app.inject({
      method: 'GET',
      url: '/login/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('fin_csrf='));
    expect(cookie).toBeTruthy();
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

describe("strangers' wrong codes do not lock the owner out", () => {
  it("twenty wrong codes from four other addresses; the owner's right code from the owner's address signs in", async () => {
    const clock = new FakeClock();
    const app = await testApp({ now: clock.now, trustProxy: ['127.0.0.1'] });
    const phone = '+79004440001';
    let wrong = 0;
    for (let stranger = 0; stranger < 4; stranger += 1) {
      const browser = client(app, undefined, { 'x-forwarded-for': `198.51.100.${50 + stranger}` });
      expect((await browser.post('/api/auth/login/', { phone })).statusCode).toBe(200);
      for (let j = 0; j < 5; j += 1) {
        const answer = await browser.post('/api/auth/code/', { code: String(200000 + stranger * 10 + j) });
        if (answer.statusCode === 400) wrong += 1;
      }
    }
    expect(wrong).toBeGreaterThanOrEqual(10);
    const owner = client(app, undefined, { 'x-forwarded-for': '192.0.2.77' });
    expect((await owner.post('/api/auth/login/', { phone })).statusCode).toBe(200);
    const signedIn = await owner.post('/api/auth/code/', { code: await lastCode(app, phone) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ messages: [], user: { userAuth: true } });
  });
});

describe('development routes only by the explicit switch, on loopback', () => {
  const DEV_URLS = ['/dev/outbox', '/dev/action-log', '/test/strict-csp/', '/test/malformed-page-data/'];

  it('are off by default, also with NODE_ENV other than production', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('FIN_DEV_ROUTES', '');
    const app = await deployedApp();
    for (const url of DEV_URLS) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    // The login page does not point at an outbox either.
    expect((await app.inject({ method: 'GET', url: '/login/' })).body).not.toContain('/dev/outbox');
  });

  it('are on with FIN_DEV_ROUTES=1 (what npm start and the tests set)', async () => {
    vi.stubEnv('FIN_DEV_ROUTES', '1');
    const app = await deployedApp();
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/dev/action-log' })).statusCode).toBe(200);
  });

  it('the switch counts only for a server listening on loopback', () => {
    const on = { FIN_DEV_ROUTES: '1' };
    expect(devRoutesOn('127.0.0.1', on)).toBe(true);
    expect(devRoutesOn('localhost', on)).toBe(true);
    expect(devRoutesOn('::1', on)).toBe(true);
    expect(devRoutesOn('0.0.0.0', on)).toBe(false);
    expect(devRoutesOn('::', on)).toBe(false);
    expect(devRoutesOn('192.168.1.5', on)).toBe(false);
    expect(devRoutesOn('127.0.0.1', {})).toBe(false);
    expect(devRoutesOn('127.0.0.1', { FIN_DEV_ROUTES: 'true' })).toBe(false);
  });
});

describe('the action log is bounded', () => {
  it('an anonymous loop of GETs stores at most the per-minute budget of rows', async () => {
    const clock = new FakeClock();
    const app = await testApp({ now: clock.now });
    const rows = () => {
      const db = new Database(database.dbPath, { readonly: true });
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM action_log').get() as { n: number };
      db.close();
      return n;
    };
    const before = rows();
    const statuses: number[] = [];
    for (let i = 0; i < ACTION_LOG_LIMIT + 40; i += 1)
      statuses.push(
        (await app.inject({ method: 'GET', url: '/cb/current_user/action_log/global/json/313/' })).statusCode,
      );
    expect(rows() - before).toBe(ACTION_LOG_LIMIT);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ACTION_LOG_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    // A minute later the visitor's clicks count again.
    clock.advance(61_000);
    // Cookieless requests share their address's budget; a browser with its visitor cookie has its own.
    const visitor = client(app);
    await visitor.token();
    clock.advance(61_000);
    for (let i = 0; i < ACTION_LOG_LIMIT; i += 1)
      await app.inject({ method: 'GET', url: '/cb/current_user/action_log/global/json/313/' });
    expect((await visitor.get('/cb/current_user/action_log/global/json/313/')).statusCode).toBe(200);
    clock.advance(61_000);
    expect(
      (await app.inject({ method: 'GET', url: '/cb/current_user/action_log/global/json/313/' })).statusCode,
    ).toBe(200);
  });
});

describe('slow and piled-up connections', () => {
  async function listening(opts: Partial<BuildAppOptions>): Promise<{ app: FastifyInstance; port: number }> {
    const app = await testApp(opts);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { app, port: address.port };
  }

  /** Resolves with the ms from connect until the server closes the socket. */
  const closedAfter = (socket: Socket, started: number) =>
    new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));

  it('a client that sends its header a line at a time is dropped at the header timeout', async () => {
    const { port } = await listening({ serverLimits: { headersTimeoutMs: 400, checkIntervalMs: 100 } });
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const closed = closedAfter(socket, started);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A header line every 100 ms keeps the socket busy, never finishing the head.
    let line = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${(line += 1)}: 1\r\n`);
    }, 100);
    const elapsed = await closed;
    clearInterval(drip);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('caps the open connections', async () => {
    const { app, port } = await listening({ serverLimits: { maxConnections: 2 } });
    expect(app.server.maxConnections).toBe(2);
    const sockets = [0, 1].map(() => connect(port, '127.0.0.1'));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    const started = performance.now();
    const third = connect(port, '127.0.0.1');
    third.on('error', () => {});
    expect(await closedAfter(third, started)).toBeLessThan(2_000);
    for (const socket of sockets) socket.destroy();
  });
});
