import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizePhone } from './login.service.ts';
import { masked, unmasked } from '../shared/csrf.ts';
import {
  hiddenSid,
  FREE_PHONE,
  FakeClock,
  PAID_PHONE,
  client,
  createTestApp,
  createTestDatabase,
  jsonBlock,
  lastCode,
  signIn,
  type TestDatabase,
} from '../shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clock: FakeClock;

beforeAll(async () => {
  database = createTestDatabase();
  clock = new FakeClock();
  app = await createTestApp(database.dbPath, { now: clock.now });
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

// Every test starts 10 minutes later, so no login of an earlier test is "too early" or still valid.
beforeEach(() => clock.advance(600_000));

async function outbox(phone?: string) {
  const response = await app.inject({
    method: 'GET',
    url: phone ? `/dev/outbox?phone=${encodeURIComponent(phone)}` : '/dev/outbox',
  });
  return response.json() as Array<{ phone: string; code: string; sentAt: string }>;
}

describe('login', () => {
  it('lets each browser read its own code when two sign the same phone in at once (?session=current)', async () => {
    const [first, second] = [client(app), client(app)];
    await first.post('/api/auth/login/', { phone: FREE_PHONE });
    await second.post('/api/auth/login/', { phone: FREE_PHONE });
    const own = async (browser: typeof first) => {
      const codes = (await browser.get('/dev/outbox?session=current')).json() as Array<{ code: string }>;
      expect(codes).toHaveLength(1);
      return codes[0]!.code;
    };
    const [firstCode, secondCode] = [await own(first), await own(second)];
    expect((await first.post('/api/auth/code/', { code: firstCode })).json()).toMatchObject({ messages: [] });
    expect((await second.post('/api/auth/code/', { code: secondCode })).json()).toMatchObject({
      messages: [],
    });
    expect(((await client(app).get('/dev/outbox?session=current')).json() as unknown[]).length).toBe(0);
  });

  it('signs the free demo user in through the real calls, with a rotated HttpOnly session cookie', async () => {
    const browser = client(app);
    const started = await browser.post('/api/auth/login/', { phone: FREE_PHONE });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ messages: [] });
    const sessionCookie = started.cookies.find((c) => c.name === 'fin_sid');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const anonymousId = browser.jar.get('fin_sid');

    const [sent] = await outbox(FREE_PHONE);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(new Date(sent?.sentAt ?? '').getTime()).toBe(clock.ms);

    const confirmed = await browser.post('/api/auth/code/', { code: sent?.code });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body).toMatchObject({
      messages: [],
      user: {
        userAuth: true,
        userAccessLevel: 0,
        userTariffs: [],
        userId: 1,
        userCountryId: 1,
        userMobileExists: true,
      },
    });
    expect(unmasked(body.sid)).toMatch(/^[\w-]{20,}$/);
    // Session fixation: the id from before sign-in is dropped.
    expect(browser.jar.get('fin_sid')).not.toBe(anonymousId);

    // The page carries the same token under another mask (csrf.ts).
    const page = await browser.get('/stocks/sber/');
    const user = jsonBlock(page.body, 'fin-user') as { sid: string };
    expect(user).toMatchObject({ userAuth: true, userId: 1 });
    expect(unmasked(user.sid)).toBe(unmasked(body.sid));
  });

  it('signs the paid demo user in with access level 1077 and tariff 677', async () => {
    const browser = await signIn(app, PAID_PHONE);
    const page = await browser.get('/stocks/sber/');
    expect(jsonBlock(page.body, 'fin-user')).toMatchObject({
      userAuth: true,
      userAccessLevel: 1077,
      userTariffs: [677],
      userId: 2,
    });
    expect(page.body).toContain('window.userAccessLevel = 1077;');
    expect(page.body).toContain('window.userTariffs = [677];');
  });

  it('registers any other valid phone as a new free user', async () => {
    const browser = await signIn(app, '8 (901) 234-56-78');
    const page = await browser.get('/');
    const user = jsonBlock(page.body, 'fin-user') as {
      userAuth: boolean;
      userAccessLevel: number;
      userId: number;
    };
    expect(user).toMatchObject({ userAuth: true, userAccessLevel: 0 });
    expect(user.userId).toBeGreaterThan(2);
    // The same phone again is the same user.
    const again = await signIn(app, '+79012345678');
    expect(jsonBlock((await again.get('/')).body, 'fin-user')).toMatchObject({ userId: user.userId });
  });

  it('refuses an invalid phone and sends no code', async () => {
    const before = (await outbox()).length;
    for (const phone of ['', '12', 'abc', '+7 900 <script>']) {
      const response = await client(app).post('/api/auth/login/', { phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ messages: ['phone_invalid'] });
    }
    expect((await outbox()).length).toBe(before);
  });

  it('re-sends the code only 30 s after the last send', async () => {
    const browser = client(app);
    await browser.post('/api/auth/login/', { phone: FREE_PHONE });
    const code = await lastCode(app, FREE_PHONE);
    const sends = (await outbox(FREE_PHONE)).length;

    clock.advance(10_000);
    const early = await browser.getWithToken('/?action=ajaxSendCode');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ messages: ['code_resend_too_early'], retryAfter: 20 });
    expect(early.headers['retry-after']).toBe('20');
    // Starting the same login again does not get round the limit either.
    expect((await browser.post('/api/auth/login/', { phone: FREE_PHONE })).statusCode).toBe(429);
    expect((await outbox(FREE_PHONE)).length).toBe(sends);

    clock.advance(20_000);
    const resent = await browser.getWithToken('/?action=ajaxSendCode');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ messages: [] });
    const latest = await outbox(FREE_PHONE);
    expect(latest.length).toBe(sends + 1);
    expect(latest[0]?.code).toBe(code);
    // And the 30 s start again from this send.
    clock.advance(29_000);
    expect((await browser.getWithToken('/?action=ajaxSendCode')).json()).toEqual({
      messages: ['code_resend_too_early'],
      retryAfter: 1,
    });
  });

  it('refuses a re-send without the page token (a link or navigation from another site): no SMS is sent', async () => {
    const browser = client(app);
    await browser.post('/api/auth/login/', { phone: FREE_PHONE });
    clock.advance(31_000);
    const sends = (await outbox(FREE_PHONE)).length;
    // What a cross-site navigation sends: the cookies, no token header.
    const forged = await browser.get('/?action=ajaxSendCode');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: expect.stringMatching(/token/) });
    const wrongToken = await app.inject({
      method: 'GET',
      url: '/?action=ajaxSendCode',
      headers: { ...browser.jar.header(), 'x-csrf-token': 'not-the-token' },
    });
    expect(wrongToken.statusCode).toBe(403);
    expect((await outbox(FREE_PHONE)).length).toBe(sends);
    // Positive control: the page's own call, with its token, sends one.
    expect((await browser.getWithToken('/?action=ajaxSendCode')).statusCode).toBe(200);
    expect((await outbox(FREE_PHONE)).length).toBe(sends + 1);
  });

  it('answers a re-send without a pending login with authCodeExpired', async () => {
    const response = await client(app).getWithToken('/?action=ajaxSendCode');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ messages: ['authCodeExpired'] });
  });

  it('rejects an empty code with authCodeEmpty', async () => {
    const browser = client(app);
    await browser.post('/api/auth/login/', { phone: FREE_PHONE });
    for (const body of [{ code: '' }, { code: '   ' }, {}]) {
      const response = await browser.post('/api/auth/code/', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ messages: ['authCodeEmpty'] });
    }
  });

  it('locks the pending login after 5 wrong codes, even against the right one', async () => {
    const browser = client(app);
    await browser.post('/api/auth/login/', { phone: PAID_PHONE });
    const code = await lastCode(app, PAID_PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await browser.post('/api/auth/code/', { code: wrong })).json().messages[0]);
    expect(answers).toEqual([
      'authCodeWrong',
      'authCodeWrong',
      'authCodeWrong',
      'authCodeWrong',
      'authCodeLocked',
    ]);
    const right = await browser.post('/api/auth/code/', { code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ messages: ['authCodeLocked'] });
    expect((await browser.getWithToken('/?action=ajaxSendCode')).json()).toEqual({
      messages: ['authCodeLocked'],
    });
    expect(jsonBlock((await browser.get('/')).body, 'fin-user')).toMatchObject({ userAuth: false });

    // A new login (after the 30 s) sends a new code and works.
    clock.advance(30_000);
    expect((await browser.post('/api/auth/login/', { phone: PAID_PHONE })).statusCode).toBe(200);
    const confirmed = await browser.post('/api/auth/code/', { code: await lastCode(app, PAID_PHONE) });
    expect(confirmed.json()).toMatchObject({ messages: [], user: { userAccessLevel: 1077 } });
  });

  it('refuses a code older than 10 minutes', async () => {
    const browser = client(app);
    await browser.post('/api/auth/login/', { phone: FREE_PHONE });
    const code = await lastCode(app, FREE_PHONE);
    clock.advance(601_000);
    expect((await browser.post('/api/auth/code/', { code })).json()).toEqual({
      messages: ['authCodeExpired'],
    });
  });

  it('does not accept a code sent to another session', async () => {
    const alice = client(app);
    await alice.post('/api/auth/login/', { phone: FREE_PHONE });
    const code = await lastCode(app, FREE_PHONE);
    const mallory = client(app);
    expect((await mallory.post('/api/auth/code/', { code })).json()).toEqual({
      messages: ['authCodeExpired'],
    });
  });

  it('signs out', async () => {
    const browser = await signIn(app, FREE_PHONE);
    const signedInId = browser.jar.get('fin_sid') as string;
    const response = await browser.post('/api/auth/logout/');
    expect(response.json()).toEqual({ messages: [] });
    expect(browser.jar.get('fin_sid')).toBeUndefined();
    // The old cookie is worthless even if someone kept it.
    const replay = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `fin_sid=${signedInId}` },
    });
    expect(jsonBlock(replay.body, 'fin-user')).toMatchObject({ userAuth: false });
  });

  it('gives each session a CSRF token in the page user JSON', async () => {
    const page = await client(app).get('/');
    const user = jsonBlock(page.body, 'fin-user') as { sid: string; userAuth: boolean };
    expect(user.userAuth).toBe(false);
    expect(unmasked(user.sid)).toMatch(/^[\w-]{20,}$/);
    expect(page.body).toContain('window.userAuth = false;');
    for (const name of [
      'userAuth',
      'userAccessLevel',
      'userTariffs',
      'userId',
      'userCountryId',
      'userMobileExists',
    ]) {
      expect(page.body).toContain(`window.${name} = `);
    }
  });

  it('hands the token out under a fresh mask in every answer, and takes it masked or plain', async () => {
    // A secret repeated verbatim in compressed answers can be read from their sizes (BREACH).
    const browser = client(app);
    const pages: string[] = [];
    for (let page = 0; page < 3; page++) pages.push((await browser.get('/')).body);
    const sids = pages.map((html) => (jsonBlock(html, 'fin-user') as { sid: string }).sid);
    expect(new Set(sids).size).toBe(3);
    const token = unmasked(sids[0]!)!;
    expect(sids.map(unmasked)).toEqual([token, token, token]);
    for (const html of pages) expect(html).not.toContain(token);
    const logout = (sid: string) => browser.post('/api/auth/logout/', {}, { token: sid });
    for (const sid of [sids[1]!, token]) expect((await logout(sid)).statusCode).not.toBe(403);
    // A mask over another token, or a broken one, is refused.
    const other = unmasked(
      (jsonBlock((await client(app).get('/')).body, 'fin-user') as { sid: string }).sid,
    )!;
    expect(other).not.toBe(token);
    for (const sid of [masked(other), 'm.', 'm.abc', `m.${sids[0]!.slice(3, -2)}`])
      expect((await logout(sid)).statusCode).toBe(403);
  });

  it('lists the outbox newest first', async () => {
    const list = await outbox();
    expect(list.length).toBeGreaterThan(1);
    const times = list.map((entry) => Date.parse(entry.sentAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('in production', () => {
  it('has no /dev/outbox and no test pages', async () => {
    const production = await createTestApp(database.dbPath, { production: true });
    expect((await production.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/test/malformed-page-data/' })).statusCode).toBe(
      404,
    );
    await production.close();
  });
});

describe('normalizePhone', () => {
  it('accepts Russian numbers in the usual spellings and E.164 numbers', () => {
    expect(normalizePhone('+7 900 000-00-01')).toBe('+79000000001');
    expect(normalizePhone('8 (900) 000-00-01')).toBe('+79000000001');
    expect(normalizePhone('9000000001')).toBe('+79000000001');
    expect(normalizePhone('+1 415 555 0100')).toBe('+14155550100');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('+7900abc')).toBeNull();
  });
});

describe('/login/ without JavaScript', () => {
  /** A plain form post, as a browser without scripts sends it. */
  const formPost = (browser: ReturnType<typeof client>, url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        ...browser.jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('signs in with the <noscript> forms: phone, code, back to back= (same-site only)', async () => {
    const browser = client(app);
    const page = await browser.get('/login/?back=%2Fwatchlist%2F');
    const sid = (jsonBlock(page.body, 'fin-user') as { sid: string }).sid;
    expect(unmasked(hiddenSid(page.body))).toBe(unmasked(sid));
    const refused = await formPost(browser, '/api/auth/login/', { sid, back: '/watchlist/', phone: '12' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/login/?error=phone_invalid&back=%2Fwatchlist%2F');
    expect((await browser.get(refused.headers.location as string)).body).toContain(
      'Введите корректный номер',
    );

    const phone = '+79005550301';
    const started = await formPost(browser, '/api/auth/login/', { sid, back: '/watchlist/', phone });
    browser.jar.store(started);
    expect(started.headers.location).toBe('/login/?step=code&back=%2Fwatchlist%2F');
    const codePage = await browser.get(started.headers.location as string);
    expect(codePage.body).toContain('autocomplete="one-time-code"');
    const sidNow = (jsonBlock(codePage.body, 'fin-user') as { sid: string }).sid;
    const wrong = await formPost(browser, '/api/auth/code/', {
      sid: sidNow,
      back: '//evil.example/',
      code: '',
    });
    expect(wrong.headers.location).toBe('/login/?step=code&error=authCodeEmpty&back=%2F');
    const done = await formPost(browser, '/api/auth/code/', {
      sid: sidNow,
      back: '/watchlist/',
      code: await lastCode(app, phone),
    });
    browser.jar.store(done);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/watchlist/');
    expect(jsonBlock((await browser.get('/watchlist/')).body, 'fin-user')).toMatchObject({ userAuth: true });
  });

  it('the outbox SMS ends with the WebOTP line, and a plain form without the sid is refused', async () => {
    const browser = await signIn(app, '+79005550302');
    const [sms] = (await (await browser.get('/dev/outbox?phone=%2B79005550302&lang=eng')).json()) as Array<{
      code: string;
      text: string;
    }>;
    expect(sms!.text).toBe(`Your code: ${sms!.code}\n\n@localhost #${sms!.code}`);
    const anonymous = client(app);
    await anonymous.get('/login/');
    const forged = await formPost(anonymous, '/api/auth/login/', { phone: '+79005550303' });
    expect(forged.statusCode).toBe(403);
  });
});
