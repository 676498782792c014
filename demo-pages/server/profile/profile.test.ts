import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unmasked } from '../shared/csrf.ts';
import { isUnread, type AccessPageData, type SupportTicket } from '../../../src/contract/profile.ts';
import { SUPPORT_CONTACT_ID } from '../../data/profile.ts';
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
  type Client,
  type TestDatabase,
} from '../shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clock: FakeClock;
let anonymous: Client;
let free: Client;
let paid: Client;
/** A signed-in user with the support tariff 677 but not access level 1077. */
let supportOnly: Client;
const SUPPORT_ONLY_PHONE = '+79000000077';
let bondId: number;

/** The session token (`sid`) of the client's session, read from a page like an element does. */
async function sidOf(who: Client): Promise<string> {
  const page = await who.get('/profile/access/');
  return (jsonBlock(page.body, 'fin-user') as { sid: string }).sid;
}

beforeAll(async () => {
  database = createTestDatabase();
  const db = new Database(database.dbPath);
  db.prepare('INSERT INTO users (id, phone, access_level, created_at) VALUES (77, ?, 0, 0)').run(
    SUPPORT_ONLY_PHONE,
  );
  db.prepare('INSERT INTO user_tariffs (user_id, tariff_id) VALUES (77, 677)').run();
  db.prepare(
    "INSERT INTO support_tickets (id, user_id, subject, subject_eng, status_id, created_at) VALUES (500, 77, 'Тест', 'Test', 1, 0)",
  ).run();
  bondId = (db.prepare('SELECT id FROM bonds ORDER BY id LIMIT 1').get() as { id: number }).id;
  db.close();
  clock = new FakeClock();
  app = await createTestApp(database.dbPath, { now: clock.now });
  anonymous = client(app);
  await anonymous.get('/profile/access/');
  free = await signIn(app, FREE_PHONE);
  paid = await signIn(app, PAID_PHONE);
  supportOnly = await signIn(app, SUPPORT_ONLY_PHONE);
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

const rows = <T>(sql: string, ...params: unknown[]): T[] => {
  const db = new Database(database.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

describe('global settings', () => {
  it('are stored per signed-in user; anonymous visitors get 401 (they keep hints in a cookie)', async () => {
    const anon = await anonymous.get('/api/user/settings/');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ need: 'need_auth' });

    expect((await free.get('/api/user/settings/')).json()).toEqual({ settings: { hints: true } });
    const saved = await free.post('/api/user/set-settings/', {
      sid: await sidOf(free),
      settings: { settings: { hints: false } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, settings: { hints: false } });
    expect((await free.get('/api/user/settings/')).json()).toEqual({ settings: { hints: false } });
    // Other users keep theirs.
    expect((await paid.get('/api/user/settings/')).json()).toEqual({ settings: { hints: true } });
  });

  it('takes the token from the X-CSRF-Token header too, and refuses a call without it', async () => {
    const withHeader = await app.inject({
      method: 'POST',
      url: '/api/user/set-settings/',
      headers: { ...paid.jar.header(), 'x-csrf-token': await sidOf(paid) },
      payload: { settings: { settings: { hints: false } } },
    });
    expect(withHeader.statusCode).toBe(200);
    const without = await paid.post(
      '/api/user/set-settings/',
      { settings: { settings: { hints: true } } },
      { token: null },
    );
    expect(without.statusCode).toBe(403);
    const wrong = await paid.post('/api/user/set-settings/', {
      sid: 'nope',
      settings: { settings: { hints: true } },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await paid.get('/api/user/settings/')).json()).toEqual({ settings: { hints: false } });
  });

  it('refuses anonymous saves with 401 and malformed settings with 400 naming the field', async () => {
    const anon = await anonymous.post('/api/user/set-settings/', {
      sid: await sidOf(anonymous),
      settings: { settings: { hints: true } },
    });
    expect(anon.statusCode).toBe(401);
    const bad = await free.post('/api/user/set-settings/', {
      sid: await sidOf(free),
      settings: { settings: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/body\.settings\.settings/);
    const notBoolean = await free.post('/api/user/set-settings/', {
      sid: await sidOf(free),
      settings: { settings: { hints: 'perhaps' } },
    });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().error).toMatch(/body\.settings\.settings\.hints/);
  });
});

describe('issue 22: settings after a new sign-in, sid on every POST, tickets only one’s own', () => {
  it('reads a saved setting back in a new session of the same user (another browser signing in)', async () => {
    const phone = '+79000000088';
    const first = await signIn(app, phone);
    expect((await first.get('/api/user/settings/')).json()).toEqual({ settings: { hints: true } });
    const saved = await first.post('/api/user/set-settings/', {
      sid: await sidOf(first),
      settings: { settings: { hints: false } },
    });
    expect(saved.statusCode).toBe(200);
    clock.advance(31_000); // the login's resend window of the same phone
    const second = await signIn(app, phone);
    expect((await second.get('/api/user/settings/')).json()).toEqual({ settings: { hints: false } });
    // The second session's page says the same to the elements' first paint.
    expect((await second.get('/profile/support/')).statusCode).toBe(200);
  });

  it('refuses every state-changing profile call without the sid (403), whoever asks', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/user/set-settings/', { settings: { settings: { hints: true } } }],
      ['/api/profile/pa/subscr_send_request/', { tariff: 701, contactPersonId: 2 }],
      ['/api/profile/pa/subscr_expand_request/', { tariff: 701 }],
      ['/api/profile/update_mob/', { phone: '+79001112299' }],
      ['/api/contactActionLog/', { actionId: 80 }],
    ];
    for (const [url, body] of calls) {
      const refused = await paid.post(url, body, { token: null });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('gives each user only their own tickets, whatever the query', async () => {
    const paidIds = ((await paid.get('/api/profile/support/tickets/')).json() as SupportTicket[]).map(
      (t) => t.id,
    );
    const ownerOf = (id: number) =>
      rows<{ user_id: number }>('SELECT user_id FROM support_tickets WHERE id = ?', id)[0]!.user_id;
    expect(paidIds.length).toBeGreaterThan(0);
    expect(paidIds.every((id) => ownerOf(id) === 2)).toBe(true);
    expect(paidIds).not.toContain(500);
    // Another user's id in the query changes nothing: the session decides whose tickets.
    const asOther = await supportOnly.get('/api/profile/support/tickets/?userId=2&user_id=2&contacts_id=2');
    expect((asOther.json() as SupportTicket[]).map((t) => t.id)).toEqual([500]);
  });
});

describe('subscription requests', () => {
  it('stores a subscription request once while it is pending', async () => {
    const sid = await sidOf(free);
    const first = await free.post('/api/profile/pa/subscr_send_request/', {
      sid,
      tariff: 701,
      contactPersonId: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, request_id: expect.any(Number), already_sent: false });
    const again = await free.post('/api/profile/pa/subscr_send_request/', {
      sid,
      tariff: 701,
      contactPersonId: 1,
    });
    expect(again.json()).toEqual({ success: true, request_id: first.json().request_id, already_sent: true });
    expect(
      rows(
        'SELECT user_id, kind, tariff_id, contact_person_id, status FROM subscription_requests WHERE user_id = 1',
      ),
    ).toEqual([{ user_id: 1, kind: 'subscribe', tariff_id: 701, contact_person_id: 1, status: 'pending' }]);
  });

  it('stores an expansion request', async () => {
    const response = await paid.post('/api/profile/pa/subscr_expand_request/', {
      sid: await sidOf(paid),
      tariff: 703,
    });
    expect(response.statusCode).toBe(200);
    expect(rows('SELECT kind, tariff_id FROM subscription_requests WHERE user_id = 2')).toEqual([
      { kind: 'expand', tariff_id: 703 },
    ]);
  });

  it('refuses anonymous (401), no token (403), bad or unknown tariffs (400)', async () => {
    const anon = await anonymous.post('/api/profile/pa/subscr_send_request/', {
      sid: await sidOf(anonymous),
      tariff: 701,
      contactPersonId: 1,
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ need: 'need_auth' });
    expect(
      (await free.post('/api/profile/pa/subscr_expand_request/', { tariff: 701 }, { token: null }))
        .statusCode,
    ).toBe(403);
    const sid = await sidOf(free);
    const letters = await free.post('/api/profile/pa/subscr_send_request/', {
      sid,
      tariff: 'abc',
      contactPersonId: 1,
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error).toMatch(/body\.tariff/);
    const missing = await free.post('/api/profile/pa/subscr_send_request/', { sid, tariff: 701 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/contactPersonId/);
    // 677 is the support tariff, not a subscription.
    const support = await free.post('/api/profile/pa/subscr_expand_request/', { sid, tariff: 677 });
    expect(support.statusCode).toBe(400);
    expect(support.json().error).toMatch(/body\.tariff/);
  });

  it('works as a plain form from the access page: post, redirect, notice', async () => {
    const user = await signIn(app, '+79000000055');
    const page = await user.get('/profile/access/');
    const sid = (jsonBlock(page.body, 'fin-user') as { sid: string }).sid;
    const data = jsonBlock(page.body, 'fin-page-data') as AccessPageData;
    expect(unmasked(hiddenSid(page.body))).toBe(unmasked(sid));
    expect(page.body).toContain(
      `<input type="hidden" name="contactPersonId" value="${data.contactPersonId}" />`,
    );
    const posted = user.jar.store(
      await app.inject({
        method: 'POST',
        url: data.subscrSendRequestUrl,
        headers: {
          ...user.jar.header(),
          accept: 'text/html,application/xhtml+xml',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          sid,
          contactPersonId: String(data.contactPersonId),
          tariff: '702',
        }).toString(),
      }),
    );
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/profile/access/?request=sent');
    const after = await user.get('/profile/access/?request=sent');
    expect(after.body).toContain('Заявка отправлена. Менеджер свяжется с вами.');
    expect((jsonBlock(after.body, 'fin-page-data') as AccessPageData).requests).toEqual([
      { id: expect.any(Number), kind: 'subscribe', tariff: 702, status: 'pending', date: expect.any(String) },
    ]);
  });

  it('names the tariffs in the page language (issue 20)', async () => {
    const user = await signIn(app, '+79000000056');
    const german = (await user.get('/profile/access/?lang=deu')).body;
    expect(german).toContain('Management-Zugang: Basis');
    expect(german).not.toContain('Management access');
    const english = (await user.get('/profile/access/?lang=eng')).body;
    expect(english).toContain('Management access: basic');
  });
});

describe('POST /api/profile/update_mob/', () => {
  it('sends a code to a valid new phone, and gives messages otherwise', async () => {
    const user = await signIn(app, '+79000000066');
    const sid = await sidOf(user);
    const invalid = await user.post('/api/profile/update_mob/', { sid, phone: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ messages: ['phone_invalid'] });
    expect((await user.post('/api/profile/update_mob/', { sid, phone: '' })).json()).toEqual({
      messages: ['phone_invalid'],
    });
    expect((await user.post('/api/profile/update_mob/', { sid, phone: '+79000000066' })).json()).toEqual({
      messages: ['phone_same'],
    });
    const taken = await user.post('/api/profile/update_mob/', { sid, phone: PAID_PHONE });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ messages: ['phone_taken'] });

    const sent = await user.post('/api/profile/update_mob/', { sid, phone: '8 (900) 123-45-67' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ messages: [] });
    expect(await lastCode(app, '+79001234567')).toMatch(/^\d{6}$/);

    const early = await user.post('/api/profile/update_mob/', { sid, phone: '+79001234568' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ messages: ['code_resend_too_early'] });
    clock.advance(31_000);
    expect((await user.post('/api/profile/update_mob/', { sid, phone: '+79001234568' })).json()).toEqual({
      messages: [],
    });
  });

  it('needs a signed-in user (401) and the token (403)', async () => {
    expect(
      (
        await anonymous.post('/api/profile/update_mob/', {
          sid: await sidOf(anonymous),
          phone: '+79001112233',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await free.post('/api/profile/update_mob/', { phone: '+79001112233' }, { token: null })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/profile/support/tickets/', () => {
  it('gives the tickets with their messages to a paid user', async () => {
    const response = await paid.get('/api/profile/support/tickets/');
    expect(response.statusCode).toBe(200);
    const tickets = response.json() as SupportTicket[];
    expect(tickets).toHaveLength(3);
    for (const ticket of tickets) {
      expect(ticket).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        status_id: expect.any(Number),
        date: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/),
        'date.numeric': expect.any(Number),
        messages: expect.any(Array),
        unread: ticket.messages.filter((m) => isUnread(m, 2)).length,
      });
      for (const message of ticket.messages) {
        expect([2, SUPPORT_CONTACT_ID]).toContain(message.contacts_id);
        expect([1, 2]).toContain(message.status_id);
      }
    }
    // Newest first; two tickets have unread answers.
    expect(tickets.map((t) => t.unread)).toEqual([2, 1, 0]);
    const english = (await paid.get('/api/profile/support/tickets/?lang=eng')).json() as SupportTicket[];
    expect(english[2]!.title).toBe('Exporting the trading archive to Excel');
  });

  it('gives them to a user with the support tariff 677, and refuses others', async () => {
    const own = await supportOnly.get('/api/profile/support/tickets/');
    expect(own.statusCode).toBe(200);
    expect((own.json() as SupportTicket[]).map((t) => t.id)).toEqual([500]);
    const refused = await free.get('/api/profile/support/tickets/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ need: 'need_get_access' });
    const anon = await anonymous.get('/api/profile/support/tickets/');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ need: 'need_auth' });
  });
});

describe('action logs', () => {
  it('logs the global actions (GET) and the contact actions (POST), readable at /dev/action-log', async () => {
    expect((await paid.get('/cb/current_user/action_log/global/json/313/')).json()).toEqual({
      success: true,
      id: expect.any(Number),
    });
    expect((await anonymous.get('/cb/current_user/action_log/global/json/309/')).statusCode).toBe(200);
    const contact = await paid.post('/api/contactActionLog/', { sid: await sidOf(paid), actionId: 80 });
    expect(contact.statusCode).toBe(200);
    const bond = await free.post(`/api/bonds/${bondId}/contactActionLog/`, {
      sid: await sidOf(free),
      actionId: 76,
    });
    expect(bond.statusCode).toBe(200);

    const log = (await app.inject({ method: 'GET', url: '/dev/action-log' })).json() as Array<
      Record<string, unknown>
    >;
    expect(log.slice(0, 4)).toEqual([
      {
        id: expect.any(Number),
        scope: `bonds:${bondId}`,
        actionId: 76,
        userId: 1,
        createdAt: expect.any(String),
      },
      { id: expect.any(Number), scope: 'contact', actionId: 80, userId: 2, createdAt: expect.any(String) },
      { id: expect.any(Number), scope: 'global', actionId: 309, userId: null, createdAt: expect.any(String) },
      { id: expect.any(Number), scope: 'global', actionId: 313, userId: 2, createdAt: expect.any(String) },
    ]);
    // No session ids leave the server.
    expect(JSON.stringify(log)).not.toContain(paid.jar.get('fin_sid')!);
    const onlyGlobal = (await app.inject({ method: 'GET', url: '/dev/action-log?scope=global' })).json();
    expect(onlyGlobal.map((row: { actionId: number }) => row.actionId)).toEqual([309, 313]);
  });

  it('validates ids (400), bonds (404) and the token (403)', async () => {
    const zero = await paid.post('/api/contactActionLog/', { sid: await sidOf(paid), actionId: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toMatch(/body\.actionId/);
    expect((await paid.get('/cb/current_user/action_log/global/json/abc/')).statusCode).toBe(400);
    expect((await paid.post('/api/contactActionLog/', { actionId: 80 }, { token: null })).statusCode).toBe(
      403,
    );
    const unknown = await paid.post('/api/bonds/999999/contactActionLog/', {
      sid: await sidOf(paid),
      actionId: 80,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('has no /dev/action-log in production', async () => {
    const production = await createTestApp(database.dbPath, { production: true });
    try {
      expect((await production.inject({ method: 'GET', url: '/dev/action-log' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('access pages', () => {
  it('/profile/access/ explains the levels and marks the visitor’s own', async () => {
    const anon = await anonymous.get('/profile/access/?lang=eng');
    const data = jsonBlock(anon.body, 'fin-page-data') as AccessPageData;
    expect(data).toMatchObject({
      level: 'anonymous',
      userAccessLevel: 0,
      contactPersonId: null,
      requests: [],
    });
    expect(data.levels.map((level) => [level.id, level.current])).toEqual([
      ['anonymous', true],
      ['registered', false],
      ['paid', false],
    ]);
    expect(anon.body).toContain('data-current-level="anonymous"');
    expect(anon.body).toContain('href="/login/?back=%2Fprofile%2Faccess%2F"');
    expect(anon.body).not.toContain('data-request-form');

    const freePage = await free.get('/profile/access/');
    expect(freePage.body).toContain('data-current-level="registered"');
    expect(freePage.body).toContain('data-request-form="subscribe"');
    expect(freePage.body).not.toContain('data-request-form="expand"');
    const tariffs = (jsonBlock(freePage.body, 'fin-page-data') as AccessPageData).tariffs.map((t) => t.id);
    expect(tariffs).toEqual([701, 702, 703]);

    const paidPage = await paid.get('/profile/access/?format=json');
    expect(paidPage.json()).toMatchObject({ level: 'paid', userAccessLevel: 1077, userTariffs: [677] });
    expect((await paid.get('/profile/access/')).body).toContain('data-request-form="expand"');
  });

  it('/profile_access/ is the request page, with the same form and a sign-in link back to it', async () => {
    const anon = await anonymous.get('/profile_access/?lang=rus');
    expect(anon.statusCode).toBe(200);
    expect(anon.body).toContain('<h1>Получить доступ</h1>');
    expect(anon.body).toContain('href="/login/?back=%2Fprofile_access%2F"');
    const signedIn = await free.get('/profile_access/?lang=fra');
    expect(signedIn.body).toContain('Obtenir un accès');
    expect(signedIn.body).toContain('action="/api/profile/pa/subscr_send_request/"');
  });
});

describe('access requests of <fin-access-requests>', () => {
  it('GET /api/profile/pa/requests/: tariffs and the own requests the server remembers; anonymous 401', async () => {
    expect((await anonymous.get('/api/profile/pa/requests/')).statusCode).toBe(401);
    const user = await signIn(app, '+79000000066');
    const before = (await user.get('/api/profile/pa/requests/?lang=eng')).json();
    expect(before).toMatchObject({ requests: [], canExpand: false });
    expect(before.tariffs.map((tariff: { id: number }) => tariff.id)).toEqual([701, 702, 703]);
    const sent = await user.post('/api/profile/pa/subscr_send_request/', {
      tariff: 702,
      contactPersonId: before.contactPersonId,
    });
    expect(sent.json()).toMatchObject({ success: true, already_sent: false });
    const after = (await user.get('/api/profile/pa/requests/')).json();
    expect(after.requests).toEqual([
      {
        id: sent.json().request_id,
        kind: 'subscribe',
        tariff: 702,
        status: 'pending',
        date: expect.any(String),
      },
    ]);
    expect((await paid.get('/api/profile/pa/requests/')).json()).toMatchObject({ canExpand: true });
  });

  it('refuses with forbidden_request_label: an expansion without paid access, a request in another person’s name', async () => {
    const expand = await free.post('/api/profile/pa/subscr_expand_request/', { tariff: 701 });
    expect(expand.statusCode).toBe(403);
    expect(expand.json()).toMatchObject({ messages: ['forbidden_request_label'] });
    const other = await free.post('/api/profile/pa/subscr_send_request/', {
      tariff: 701,
      contactPersonId: 2,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ messages: ['forbidden_request_label'] });
    expect(rows("SELECT id FROM subscription_requests WHERE user_id = 1 AND kind = 'expand'")).toEqual([]);
  });

  it('each call of the account shell refuses a missing sid (403) and does nothing', async () => {
    const user = await signIn(app, '+79000000067');
    const calls: Array<[string, unknown]> = [
      ['/api/profile/pa/subscr_send_request/', { tariff: 701, contactPersonId: 1 }],
      ['/api/profile/pa/subscr_expand_request/', { tariff: 701 }],
      ['/api/profile/update_mob/', { phone: '+79005550101' }],
      ['/api/user/set-settings/', { settings: { settings: { hints: false } } }],
      ['/api/auth/login/', { phone: '+79005550102' }],
      ['/api/auth/code/', { code: '123456' }],
      ['/api/auth/logout/', {}],
    ];
    for (const [url, body] of calls) {
      const refused = await user.post(url, body, { token: null });
      expect(refused.statusCode, url).toBe(403);
    }
    // The code re-send is a GET that sends an SMS: it needs the token too.
    expect((await user.get('/?action=ajaxSendCode')).statusCode).toBe(403);
    // Still signed in, nothing stored, no SMS sent.
    expect((await user.get('/api/profile/pa/requests/')).json()).toMatchObject({ requests: [] });
    expect(rows("SELECT phone FROM outbox WHERE phone IN ('+79005550101', '+79005550102')")).toEqual([]);
  });
});
