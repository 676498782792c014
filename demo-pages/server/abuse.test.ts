/**
 * Gate "Server abuse" (issue 11): the reference server probed as an attacker would.
 *
 * - Every state-changing route the app registers (found through its onRoute list, so a new call
 *   is covered by existing) refuses a missing, a wrong and another browser's CSRF token.
 * - `back=` after sign-in takes only same-site paths: a corpus of open-redirect payloads.
 * - Code checks are limited per phone + client address and per address, guessers of a phone are
 *   slowed down, code sends are limited per phone (across logins) and per address, with a clear
 *   message and Retry-After, while repeated successful sign-ins are never slowed.
 * - Pages carry the security headers; the session cookie is Secure behind a trusted TLS proxy.
 * - A bounded burst of cookieless requests stores no session.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../src/contract/types.ts';
import { FIXED_PAGES, LINKED_KINDS } from '../testing/page-list.ts';
import { registeredRoutes } from './app.ts';
import { DEFAULT_LOGIN_LIMITS } from './auth/login-limits.ts';
import { CSRF_REFUSAL, STATE_CHANGING_METHODS } from './shared/csrf.ts';
import { sameSitePath } from './shared/same-site.ts';
import { SESSION_SWEEP_MS, ANONYMOUS_IDLE_MS } from './shared/session.ts';
import {
  client,
  createTestApp,
  createTestDatabase,
  FakeClock,
  FREE_PHONE,
  jsonBlock,
  lastCode,
  PAID_PHONE,
  signIn,
  type Client,
  type TestDatabase,
} from './shared/testing.ts';

let database: TestDatabase;

beforeAll(() => {
  database = createTestDatabase();
});

afterAll(() => {
  database.cleanup();
});

/** A fresh app over the shared test database; closed after the test. */
const opened: FastifyInstance[] = [];
async function freshApp(opts: Parameters<typeof createTestApp>[1] = {}): Promise<FastifyInstance> {
  const app = await createTestApp(database.dbPath, opts);
  opened.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

function storedSessions(): number {
  const db = new Database(database.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function storedSession(id: string): boolean {
  const db = new Database(database.dbPath, { readonly: true });
  try {
    return db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(id) !== undefined;
  } finally {
    db.close();
  }
}

/** `/api/x/:id/` with every parameter filled in (the token is checked before anything else). */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'sber'));
}

describe('CSRF: every state-changing route refuses a missing, wrong or other browser’s token', () => {
  it('covers each POST/PUT/PATCH/DELETE of the app, a route added later included, with a positive control', async () => {
    const app = await freshApp();
    // A call added after the app is built (as a new feature would be) is enumerated too.
    app.post('/api/test/new-call/', async () => ({ done: true }));
    await app.ready();
    // Logout last: its positive control signs the user out.
    const routes = registeredRoutes(app)
      .filter((route) => (STATE_CHANGING_METHODS.has(route.method) || route.csrf) && !route.stateless)
      .sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/logout/', 'POST /api/test/new-call/']),
    );

    const visitor = client(app);
    const other = client(app);
    await other.token();
    const signedIn = await signIn(app, FREE_PHONE);
    const otherSignedIn = await signIn(app, PAID_PHONE);
    const visitorToken = await visitor.token();
    const signedInToken = await signedIn.token();
    // A HEAD answer has no body: its status says it.
    const refused = (response: LightMyRequestResponse) =>
      response.statusCode === 403 &&
      (response.raw.req.method === 'HEAD' || response.body.includes(CSRF_REFUSAL));

    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const url = concrete(route.url);
      const send = (who: Client, token: string | null) =>
        app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...who.jar.header(), ...(token === null ? {} : { 'x-csrf-token': token }) },
          payload: {},
        });
      const attempts: Array<[string, Client, string | null]> = [
        ['anonymous, no token', visitor, null],
        ['anonymous, wrong token', visitor, 'forged'],
        ['anonymous, another visitor’s token', other, visitorToken],
        ['anonymous, a signed-in session’s token', visitor, signedInToken],
        ['signed in, no token', signedIn, null],
        ['signed in, wrong token', signedIn, `${signedInToken.slice(0, -2)}xx`],
        ['signed in, another session’s token', otherSignedIn, signedInToken],
        ['signed in, a visitor’s token', signedIn, visitorToken],
      ];
      for (const [what, who, token] of attempts) {
        probes += 1;
        const response = await send(who, token);
        if (!refused(response))
          failures.push(`${route.method} ${route.url} (${what}): ${response.statusCode}`);
      }
      // Positive control: the right token passes the check (whatever the call answers next).
      const own = await send(signedIn, signedInToken);
      if (refused(own)) failures.push(`${route.method} ${route.url}: refused its own token`);
      const anonymous = await send(visitor, visitorToken);
      if (refused(anonymous)) failures.push(`${route.method} ${route.url}: refused a visitor's own token`);
    }
    console.info(`CSRF gate: ${routes.length} state-changing routes × 8 forged tokens = ${probes} probes`);
    expect(failures).toEqual([]);
  });

  it('a stateless POST (exempt from the token) answers the same whatever session and token come with it', async () => {
    const app = await freshApp();
    await app.ready();
    const stateless = registeredRoutes(app).filter((route) => route.stateless);
    expect(stateless.map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/render/']);
    const body = {
      tag: 'fin-price-dynamics',
      lang: 'eng',
      attributes: { 'stock-id': '1', 'ground-id': '1' },
    };
    const visitor = client(app);
    const signedIn = await signIn(app, PAID_PHONE);
    const answers = await Promise.all(
      [
        {},
        visitor.jar.header(),
        { ...signedIn.jar.header(), 'x-csrf-token': await signedIn.token() },
        { ...signedIn.jar.header(), 'x-csrf-token': 'forged' },
      ].map((headers) => app.inject({ method: 'POST', url: '/api/render/', headers, payload: body })),
    );
    // No token asked, and a session's cookies change nothing and set nothing (this app has no
    // renderer built, so it answers 503; elements/server-render.node.test.ts compares fragments).
    for (const answer of answers) {
      expect(answer.statusCode).not.toBe(403);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an anonymous page opened before a server restart still makes its calls (the secret is the database’s)', async () => {
    const before = await freshApp();
    const visitor = client(before);
    const token = await visitor.token();
    await before.close();
    const after = client(await freshApp(), visitor.jar);
    const search = '/api/search/stocks/sber/?lang=eng';
    expect((await after.post(search, {}, { token })).statusCode).toBe(200);
    // Positive control: the same call with another token is still refused.
    expect((await after.post(search, {}, { token: `${token.slice(0, -2)}xx` })).statusCode).toBe(403);
  });

  it('a cross-site form post cannot sign the user out; the page’s own logout can', async () => {
    const app = await freshApp();
    const user = await signIn(app, FREE_PHONE);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: {
        ...user.jar.header(),
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect(jsonBlock((await user.get('/login/')).body, 'fin-user')).toMatchObject({ userAuth: true });
    expect((await user.post('/api/auth/logout/')).statusCode).toBe(200);
    expect(jsonBlock((await user.get('/login/')).body, 'fin-user')).toMatchObject({ userAuth: false });
  });
});

/** Open-redirect payloads as an attacker writes them in the URL (already URL-encoded where they are). */
const REDIRECT_PAYLOADS = [
  '/%09/evil.example/',
  '/%0A/evil.example/',
  '/%0D/evil.example/',
  '/%0D%0A/evil.example/',
  '/%00/evil.example/',
  '/%7F/evil.example/',
  '%09//evil.example/',
  '//evil.example/',
  '///evil.example/',
  '////evil.example/',
  '/%2F/evil.example/',
  '%2F%2Fevil.example/',
  '/\\evil.example/',
  '/%5Cevil.example/',
  '%5C%5Cevil.example/',
  '\\\\evil.example/',
  '/%5C/evil.example/',
  '/.//evil.example/',
  '/./%2F/evil.example/',
  '/..//evil.example/',
  '/%2e%2e//evil.example/',
  'https://evil.example/',
  'HTTPS://evil.example/',
  'http:evil.example',
  'http:/evil.example',
  'https:%2F%2Fevil.example',
  '%68ttps://evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java%0Ascript:alert(1)',
  '%20javascript:alert(1)',
  'javascript://%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '%20//evil.example/',
  '%E3%80%80//evil.example/',
  '//evil.example@127.0.0.1/',
  '/%09/%09/evil.example/',
  'evil.example',
  '',
];

/** Same-site values that must be kept (positive control). */
const KEPT = [
  ['/stocks/sber/', '/stocks/sber/'],
  ['/stocks/sber/2/?lang=eng#chart', '/stocks/sber/2/?lang=eng#chart'],
  ['/search/?q=a%20b', '/search/?q=a%20b'],
  ['/@evil.example/', '/@evil.example/'],
] as const;

/** The `back` attribute of the page's <fin-login>, as the browser reads it (entities decoded). */
function loginBack(page: string): string | undefined {
  const attribute = /<fin-login back="([^"]*)"/.exec(page)?.[1];
  return attribute
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('back= takes only same-site paths', () => {
  const SITE = 'http://127.0.0.1:8201';

  it(`sends none of ${REDIRECT_PAYLOADS.length} redirect payloads off the site, and keeps same-site paths`, async () => {
    const app = await freshApp();
    const signedIn = await signIn(app, FREE_PHONE);
    const escapes: string[] = [];
    for (const payload of REDIRECT_PAYLOADS) {
      const anonymous = await app.inject({ method: 'GET', url: `/login/?back=${payload}` });
      const back = loginBack(anonymous.body);
      // What the page does with it: <fin-login back> (location.assign(back)), and the signed-in page's link.
      const link = /<a href="([^"]*)">←<\/a>/.exec((await signedIn.get(`/login/?back=${payload}`)).body)?.[1];
      for (const target of [back, link?.replace(/&amp;/g, '&')]) {
        if (
          target === undefined ||
          new URL(target, `${SITE}/login/`).origin !== SITE ||
          !target.startsWith('/')
        )
          escapes.push(`${payload} → ${String(target)}`);
      }
    }
    console.info(`Redirect gate: ${REDIRECT_PAYLOADS.length} payloads, ${escapes.length} left the site`);
    expect(escapes).toEqual([]);

    for (const [given, kept] of KEPT) {
      expect(sameSitePath(given)).toBe(kept);
      const page = await app.inject({ method: 'GET', url: `/login/?back=${encodeURIComponent(given)}` });
      expect(loginBack(page.body)).toBe(kept);
    }
  });

  it('one function decides: every payload, decoded, is refused by sameSitePath', () => {
    for (const payload of REDIRECT_PAYLOADS) {
      let decoded = payload;
      try {
        decoded = decodeURIComponent(payload);
      } catch {
        // Not valid encoding: taken as typed.
      }
      const path = sameSitePath(decoded);
      if (path !== null) expect(new URL(path, `${SITE}/`).origin, payload).toBe(SITE);
    }
    expect(sameSitePath('/\t/evil.example/')).toBeNull();
    expect(sameSitePath('/\n/evil.example/')).toBeNull();
  });
});

/** The test plays a TLS proxy on loopback (the inject API's address) whose X-Forwarded-* is believed. */
const LOOPBACK_PROXY = { trustProxy: ['127.0.0.1'] };

describe('login limits: per phone and address across logins, per address', () => {
  let clock: FakeClock;
  const limits = DEFAULT_LOGIN_LIMITS;

  /** A fresh browser (new session) at an address (X-Forwarded-For through the trusted loopback proxy). */
  const browserAt = (app: FastifyInstance, address: string): Client =>
    client(app, undefined, { 'x-forwarded-for': address });

  /** The attack: `logins` fresh logins for one phone, each trying `perLogin` wrong codes. */
  async function guess(
    app: FastifyInstance,
    phone: string,
    logins: number,
    perLogin: number,
    address: (i: number) => string,
  ) {
    let sends = 0;
    let compared = 0;
    const refusals: LightMyRequestResponse[] = [];
    for (let i = 0; i < logins; i += 1) {
      const browser = browserAt(app, address(i));
      const started = await browser.post('/api/auth/login/', { phone });
      if (started.statusCode === 200) sends += 1;
      else refusals.push(started);
      for (let j = 0; j < perLogin; j += 1) {
        const answer = await browser.post('/api/auth/code/', { code: String(100000 + i * 10 + j) });
        const [message] = (answer.json() as { messages: string[] }).messages;
        if (message === 'authCodeWrong' || message === 'authCodeLocked') compared += 1;
        else if (answer.statusCode === 429) refusals.push(answer);
      }
    }
    return { sends, compared, refusals };
  }

  beforeAll(() => {
    clock = new FakeClock();
  });

  it('30 fresh logins × 5 wrong codes for one phone: only the budget of codes is compared, only a few codes are sent', async () => {
    const app = await freshApp({ now: clock.now, ...LOOPBACK_PROXY });
    const { sends, compared, refusals } = await guess(app, '+79005550001', 30, 5, () => '198.51.100.7');
    console.info(`Login limits: 150 guesses tried, ${compared} compared; 30 sends asked, ${sends} sent`);
    expect(compared).toBeLessThanOrEqual(limits.wrongCodesPerPhoneAndAddress);
    expect(sends).toBeLessThanOrEqual(limits.sendsPerPhone);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(429);
      const retryAfter = Number(refusal.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(limits.windowMs / 1000);
      const body = refusal.json() as { messages: string[]; retryAfter: number };
      expect(['auth_too_many_attempts', 'auth_too_many_codes']).toContain(body.messages[0]);
      expect(body.retryAfter).toBe(retryAfter);
    }
  });

  it('counts wrong codes per phone and address, and per address across phones; slows down the guessers of a phone', async () => {
    const app = await freshApp({
      now: clock.now,
      ...LOOPBACK_PROXY,
      loginLimits: { sendsPerPhone: 1000, sendsPerAddress: 1000 },
    });
    const fromOne = await guess(app, '+79005550002', 20, 5, () => '198.51.100.10');
    expect(fromOne.compared).toBe(limits.wrongCodesPerPhoneAndAddress);
    const perAddress = { compared: 0 };
    for (let i = 0; i < 20; i += 1) {
      const round = await guess(app, `+7900555${String(1000 + i)}`, 1, 5, () => '198.51.100.200');
      perAddress.compared += round.compared;
    }
    expect(perAddress.compared).toBe(limits.wrongCodesPerAddress);
    // Past the phone's budget, an address that keeps guessing at it waits longer after each
    // wrong code: its second guess in a row is refused with a short Retry-After, not 15 minutes.
    const guesser = browserAt(app, '198.51.100.11');
    expect((await guesser.post('/api/auth/login/', { phone: '+79005550002' })).statusCode).toBe(200);
    const first = await guesser.post('/api/auth/code/', { code: '100000' });
    expect(first.json()).toMatchObject({ messages: ['authCodeWrong'] });
    const second = await guesser.post('/api/auth/code/', { code: '100001' });
    expect(second.statusCode).toBe(429);
    const wait = Number(second.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(limits.slowDownMaxMs / 1000);
    clock.advance(wait * 1000);
    expect((await guesser.post('/api/auth/code/', { code: '100002' })).json()).toMatchObject({
      messages: ['authCodeWrong'],
    });
    // Positive control: another phone from another address is still served.
    const fresh = await guess(app, '+79005559999', 1, 1, () => '198.51.100.201');
    expect(fresh.compared).toBe(1);
    // The window passes: the address may try the phone again.
    clock.advance(limits.windowMs + 1000);
    expect((await guess(app, '+79005550002', 1, 1, () => '198.51.100.10')).compared).toBe(1);
  });

  it('sends are limited per address across phones; successful sign-ins are never throttled', async () => {
    const app = await freshApp({ now: clock.now, ...LOOPBACK_PROXY });
    let sent = 0;
    for (let i = 0; i < limits.sendsPerAddress + 5; i += 1) {
      const started = await browserAt(app, '198.51.100.150').post('/api/auth/login/', {
        phone: `+7900666${String(1000 + i)}`,
      });
      if (started.statusCode === 200) sent += 1;
      else expect(started.json()).toMatchObject({ messages: ['auth_too_many_codes'] });
    }
    expect(sent).toBe(limits.sendsPerAddress);

    // The e2e suite signs the demo accounts in again and again from one address.
    for (let i = 0; i < limits.sendsPerAddress + 2 * limits.sendsPerPhone; i += 1) {
      const browser = browserAt(app, '198.51.100.151');
      const phone = i % 2 ? FREE_PHONE : PAID_PHONE;
      expect((await browser.post('/api/auth/login/', { phone })).json()).toEqual({ messages: [] });
      const code = await lastCode(app, phone);
      expect((await browser.post('/api/auth/code/', { code })).json()).toMatchObject({ messages: [] });
    }
  });

  it('says so in every language', async () => {
    const app = await freshApp();
    for (const lang of LANGUAGES) {
      const url = `/api/labels/auth/?lang=${lang}`;
      const labels = (await app.inject({ method: 'GET', url })).json() as Record<string, string>;
      for (const key of ['auth_too_many_attempts', 'auth_too_many_codes'])
        expect(labels[key], `${key} in ${lang}`).toMatch(/\S/);
    }
  });
});

/** The first page of each kind, found on the demo index as the page list does. */
async function pageKinds(app: FastifyInstance): Promise<string[]> {
  const index = (await app.inject({ method: 'GET', url: '/?lang=eng' })).body;
  const linked = LINKED_KINDS.map((kind) => {
    const href = new RegExp(`href="(${kind.replace(/[/.]/g, '\\$&')}[^"]*)"`).exec(index)?.[1];
    expect(href, kind).toBeTruthy();
    return href!.replace(/&amp;/g, '&');
  });
  return [...FIXED_PAGES, ...linked];
}

describe('security headers and the session cookie', () => {
  it('every page kind and the API answers refuse framing and sniffing and limit the referrer', async () => {
    const app = await freshApp();
    const urls = [...(await pageKinds(app)), '/api/labels/common/', '/no-such-page/'];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('every page kind sends a script policy with a fresh nonce that each inline script carries', async () => {
    const app = await freshApp();
    const urls = [...(await pageKinds(app)), '/login/', '/no-such-page/'];
    for (const url of urls) {
      const [first, second] = [
        await app.inject({ method: 'GET', url }),
        await app.inject({ method: 'GET', url }),
      ];
      const policy = String(first.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce, `${url}: ${policy}`).toBeTruthy();
      expect(policy, url).toContain("object-src 'none'");
      expect(String(second.headers['content-security-policy']), url).not.toContain(nonce);
      // Inline scripts run only with the nonce; JSON blocks are data, module scripts the site's.
      const inline = [...first.body.matchAll(/<script\b([^>]*)>/g)]
        .map((match) => match[1] ?? '')
        .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes));
      expect(inline.length, url).toBeGreaterThan(0);
      for (const attributes of inline) expect(attributes, url).toContain(`nonce="${nonce}"`);
    }
  });

  it('HSTS over TLS from a configured proxy only; source maps only when switched on', async () => {
    const proxied = await freshApp(LOOPBACK_PROXY);
    const overTls = await proxied.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(
      (await proxied.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const dist = mkdtempSync(join(tmpdir(), 'fin-dist-'));
    writeFileSync(join(dist, 'x.js'), 'export {};\n//# sourceMappingURL=x.js.map\n');
    writeFileSync(join(dist, 'x.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
    try {
      const plain = await freshApp({ distDir: dist });
      expect((await plain.inject({ method: 'GET', url: '/dist/x.js' })).statusCode).toBe(200);
      expect((await plain.inject({ method: 'GET', url: '/dist/x.js.map' })).statusCode).toBe(404);
      expect((await plain.inject({ method: 'GET', url: '/dist/X.JS.MAP?v=1' })).statusCode).toBe(404);
      const debugging = await freshApp({ distDir: dist, sourceMaps: true });
      expect((await debugging.inject({ method: 'GET', url: '/dist/x.js.map' })).statusCode).toBe(200);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the session cookie is Secure behind a configured TLS proxy, plain over http, and not for an untrusted claim', async () => {
    const app = await freshApp(LOOPBACK_PROXY);
    const cookieAfterSignIn = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
      const browser = client(app);
      const token = await browser.token();
      const send = async (url: string, payload: object) =>
        browser.jar.store(
          await app.inject({
            method: 'POST',
            url,
            remoteAddress,
            headers: { ...browser.jar.header(), ...headers, 'x-csrf-token': token },
            payload,
          }),
        );
      await send('/api/auth/login/', { phone: FREE_PHONE });
      const signedIn = await send('/api/auth/code/', { code: await lastCode(app, FREE_PHONE) });
      const cookie = [signedIn.headers['set-cookie']].flat().find((value) => value?.startsWith('fin_sid='));
      expect(cookie).toBeTruthy();
      return cookie!;
    };
    expect(await cookieAfterSignIn({ 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
    expect(await cookieAfterSignIn({})).not.toMatch(/;\s*Secure/i);
    expect(await cookieAfterSignIn({ 'x-forwarded-proto': 'https' }, '203.0.113.9')).not.toMatch(
      /;\s*Secure/i,
    );
    expect(await cookieAfterSignIn({})).toMatch(/HttpOnly/i);
  });
});

describe('session store: reading stores nothing, idle sessions go', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a burst of 500 cookieless requests leaves the stored-session count flat; sign-ins add (positive control)', async () => {
    const app = await freshApp();
    const pages = await pageKinds(app);
    const visitor = await client(app).token();
    expect(visitor).toBeTruthy();
    const calls: Array<() => Promise<LightMyRequestResponse>> = [
      ...pages.map((url) => () => app.inject({ method: 'GET', url })),
      () => app.inject({ method: 'GET', url: '/api/labels/common/' }),
      () => app.inject({ method: 'GET', url: '/?action=ajaxSendCode' }),
      // Forged posts without cookies are refused before anything is stored.
      () => app.inject({ method: 'POST', url: '/api/auth/login/', payload: { phone: FREE_PHONE } }),
      () => app.inject({ method: 'POST', url: '/api/auth/logout/', payload: {} }),
    ];
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const before = storedSessions();
    for (let i = 0; i < 500; i += 1) await calls[i % calls.length]!();
    const after = storedSessions();
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const heapAfter = process.memoryUsage().heapUsed;
    console.info(
      `Session store: ${before} → ${after} sessions after 500 cookieless requests; heap ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapAfter / 2 ** 20).toFixed(1)} MB`,
    );
    expect(after).toBe(before);

    for (let i = 0; i < 3; i += 1) await signIn(app, FREE_PHONE);
    expect(storedSessions()).toBe(before + 3);
  });

  it('a pending login is kept until idle, then the periodic sweep forgets it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = new FakeClock(Date.now());
    const app = await freshApp({ now: clock.now, ...LOOPBACK_PROXY });
    const before = storedSessions();
    const browser = client(app);
    expect((await browser.post('/api/auth/login/', { phone: '+79007770001' })).statusCode).toBe(200);
    expect(storedSessions()).toBe(before + 1);
    const pending = browser.jar.get('fin_sid')!;
    expect(storedSession(pending)).toBe(true);
    clock.advance(ANONYMOUS_IDLE_MS - 60_000);
    vi.advanceTimersByTime(SESSION_SWEEP_MS);
    expect(storedSession(pending), 'kept while not idle').toBe(true);
    clock.advance(120_000);
    vi.advanceTimersByTime(SESSION_SWEEP_MS);
    expect(storedSession(pending), 'swept once idle').toBe(false);
  });
});
