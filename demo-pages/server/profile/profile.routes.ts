/**
 * The profile and shell calls of SPEC §7 (tables of demo-pages/data/profile.ts):
 *
 *   GET  /api/user/settings/                        signed in → {settings: {hints}}; anonymous 401
 *   POST /api/user/set-settings/                    {sid, settings: {settings: {hints}}}   csrf
 *   POST /api/profile/pa/subscr_send_request/       {tariff, contactPersonId}              csrf
 *   POST /api/profile/pa/subscr_expand_request/     {tariff}                               csrf
 *   POST /api/profile/update_mob/                   {phone} → {messages}                   csrf
 *   GET  /api/profile/support/tickets/              level 1077 or tariff 677 → tickets
 *   GET  /cb/current_user/action_log/global/json/{id}/    → logged with scope 'global'
 *   POST /api/contactActionLog/                     {actionId} → scope 'contact'            csrf
 *   POST /api/bonds/{bondId}/contactActionLog/      {actionId} → scope 'bonds:{bondId}'     csrf
 *   GET  /dev/action-log                            outside production: the log, newest first
 *
 * The GET action log carries no token: the client sends none on a GET, and it only appends a row
 * (the session cookie is SameSite=Lax, so other sites cannot make it count for the user).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAID_ACCESS_LEVEL, SUPPORT_TARIFF, type Lang } from '../../../src/contract/types.ts';
import type {
  ActionLogAnswer,
  SetSettingsAnswer,
  SettingsAnswer,
  SubscriptionRequestAnswer,
  SupportTicket,
  UpdateMobileAnswer,
} from '../../../src/contract/profile.ts';
import { logAction } from './action-log.repo.ts';
import type { AppContext } from '../shared/context.ts';
import { HttpError } from '../shared/context.ts';
import type { Db } from '../shared/db.ts';
import { pickName, requestLang } from '../shared/lang.ts';
import { RESEND_AFTER_MS, normalizePhone } from '../auth/login.service.ts';
import type { SessionUser } from '../shared/session.ts';
import { ID } from '../market/price-dynamics.routes.ts';

export const DEFAULT_SETTINGS = { hints: true } as const;

export interface TariffRow {
  id: number;
  kind: 'management' | 'support';
  name: string;
  name_eng: string;
  access_level: number | null;
}

export interface SubscriptionRequestRow {
  id: number;
  kind: 'subscribe' | 'expand';
  tariff_id: number;
  contact_person_id: number | null;
  status: 'pending' | 'approved' | 'rejected';
  created_at: number;
}

interface TicketRow {
  id: number;
  subject: string;
  subject_eng: string;
  status_id: number;
  created_at: number;
}

interface MessageRow {
  id: number;
  ticket_id: number;
  contacts_id: number;
  status_id: number;
  message: string;
  message_eng: string;
  created_at: number;
}

/** SQL of the profile tables; prepared once per app. */
export class ProfileRepository {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      settings: db.prepare<[number], { settings: string }>(
        'SELECT settings FROM user_settings WHERE user_id = ?',
      ),
      saveSettings: db.prepare<[number, string, number]>(
        `INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      ),
      tariffs: db.prepare<[], TariffRow>(
        'SELECT id, kind, name, name_eng, access_level FROM tariffs ORDER BY id',
      ),
      tariff: db.prepare<[number], TariffRow>(
        'SELECT id, kind, name, name_eng, access_level FROM tariffs WHERE id = ?',
      ),
      pendingRequest: db.prepare<[number, string, number], { id: number }>(
        "SELECT id FROM subscription_requests WHERE user_id = ? AND kind = ? AND tariff_id = ? AND status = 'pending'",
      ),
      insertRequest: db.prepare<[number, string, number, number | null, number]>(
        `INSERT INTO subscription_requests (user_id, kind, tariff_id, contact_person_id, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      requests: db.prepare<[number], SubscriptionRequestRow>(
        `SELECT id, kind, tariff_id, contact_person_id, status, created_at FROM subscription_requests
         WHERE user_id = ? ORDER BY id DESC`,
      ),
      userByPhone: db.prepare<[string], { id: number }>('SELECT id FROM users WHERE phone = ?'),
      mobileRequest: db.prepare<[number], { sent_at: number }>(
        'SELECT sent_at FROM mobile_change_requests WHERE user_id = ?',
      ),
      saveMobileRequest: db.prepare<[number, string, string, number]>(
        `INSERT INTO mobile_change_requests (user_id, phone, code, sent_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET phone = excluded.phone, code = excluded.code, sent_at = excluded.sent_at`,
      ),
      // The SMS gateway stand-in of the login (readable at /dev/outbox outside production).
      sendSms: db.prepare<[string, string, number, string]>(
        'INSERT INTO outbox (phone, code, sent_at, session_id) VALUES (?, ?, ?, ?)',
      ),
      tickets: db.prepare<[number], TicketRow>(
        'SELECT id, subject, subject_eng, status_id, created_at FROM support_tickets WHERE user_id = ? ORDER BY id DESC',
      ),
      messages: db.prepare<[number], MessageRow>(
        `SELECT m.id, m.ticket_id, m.contacts_id, m.status_id, m.message, m.message_eng, m.created_at
         FROM support_ticket_messages m JOIN support_tickets t ON t.id = m.ticket_id
         WHERE t.user_id = ? ORDER BY m.ticket_id, m.id`,
      ),
      bondExists: db.prepare<[number], { found: number }>('SELECT 1 AS found FROM bonds WHERE id = ?'),
      actionLog: db.prepare<
        [{ scope: string | null; limit: number }],
        { id: number; scope: string; action_id: number; user_id: number | null; created_at: number }
      >(
        `SELECT id, scope, action_id, user_id, created_at FROM action_log
         WHERE @scope IS NULL OR scope = @scope ORDER BY id DESC LIMIT @limit`,
      ),
    };
  }

  settings(userId: number): { hints: boolean } {
    const row = this.statements.settings.get(userId);
    const stored = row ? (JSON.parse(row.settings) as { hints?: unknown }) : {};
    return { hints: typeof stored.hints === 'boolean' ? stored.hints : DEFAULT_SETTINGS.hints };
  }

  saveSettings(userId: number, settings: { hints: boolean }, now: number): void {
    this.statements.saveSettings.run(userId, JSON.stringify(settings), now);
  }

  tariffs(): TariffRow[] {
    return this.statements.tariffs.all();
  }

  tariff(id: number): TariffRow | undefined {
    return this.statements.tariff.get(id);
  }

  /** Stores a request unless the same one is pending; returns its id and whether it existed. */
  request(
    userId: number,
    kind: 'subscribe' | 'expand',
    tariffId: number,
    contactPersonId: number | null,
    now: number,
  ): { id: number; existed: boolean } {
    return this.db.transaction(() => {
      const pending = this.statements.pendingRequest.get(userId, kind, tariffId);
      if (pending) return { id: pending.id, existed: true };
      const result = this.statements.insertRequest.run(userId, kind, tariffId, contactPersonId, now);
      return { id: Number(result.lastInsertRowid), existed: false };
    })();
  }

  requests(userId: number): SubscriptionRequestRow[] {
    return this.statements.requests.all(userId);
  }

  userIdByPhone(phone: string): number | null {
    return this.statements.userByPhone.get(phone)?.id ?? null;
  }

  lastMobileCodeAt(userId: number): number | null {
    return this.statements.mobileRequest.get(userId)?.sent_at ?? null;
  }

  /** Records the phone change and sends its confirmation code. */
  sendMobileCode(userId: number, sessionId: string, phone: string, now: number): void {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.db.transaction(() => {
      this.statements.saveMobileRequest.run(userId, phone, code, now);
      this.statements.sendSms.run(phone, code, now, sessionId);
    })();
  }

  tickets(userId: number, lang: Lang): SupportTicket[] {
    const byTicket = new Map<number, MessageRow[]>();
    for (const message of this.statements.messages.all(userId)) {
      const list = byTicket.get(message.ticket_id) ?? [];
      list.push(message);
      byTicket.set(message.ticket_id, list);
    }
    return this.statements.tickets.all(userId).map((ticket) => {
      const messages = (byTicket.get(ticket.id) ?? []).map((m) => ({
        id: m.id,
        message: pickName(lang, m.message, m.message_eng),
        status_id: m.status_id,
        contacts_id: m.contacts_id,
        date: displayMoment(m.created_at),
        'date.numeric': Math.floor(m.created_at / 1000),
      }));
      return {
        id: ticket.id,
        title: pickName(lang, ticket.subject, ticket.subject_eng),
        status_id: ticket.status_id,
        date: displayMoment(ticket.created_at),
        'date.numeric': Math.floor(ticket.created_at / 1000),
        messages,
        unread: messages.filter((m) => m.status_id === 1 && m.contacts_id !== userId).length,
      };
    });
  }

  bondExists(bondId: number): boolean {
    return Boolean(this.statements.bondExists.get(bondId));
  }

  actionLog(scope: string | null, limit: number) {
    return this.statements.actionLog.all({ scope, limit }).map((row) => ({
      id: row.id,
      scope: row.scope,
      actionId: row.action_id,
      userId: row.user_id,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}

/** DD.MM.YYYY HH:mm in UTC. */
export function displayMoment(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

/** SPEC §6: support tickets are for level 1077 or tariff 677. */
export function canLoadTickets(user: SessionUser): boolean {
  return user.accessLevel === PAID_ACCESS_LEVEL || user.tariffs.includes(SUPPORT_TARIFF);
}

function needAuth(reply: FastifyReply, error = 'Sign in first') {
  return reply.status(401).send({ error, need: 'need_auth' });
}

/** A form posted by a page without scripts (it wants HTML back), as opposed to a JSON call. */
function isPlainFormPost(request: FastifyRequest): boolean {
  return (
    String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

const CSRF = { csrf: true } as const;

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ProfileRepository(ctx.db);

  app.get('/api/user/settings/', async (request, reply): Promise<SettingsAnswer | undefined> => {
    const user = request.session?.user;
    if (!user) return needAuth(reply, 'Anonymous visitors keep their settings in a cookie');
    return { settings: repo.settings(user.id) };
  });

  app.post<{ Body: { sid?: string; settings: { settings: { hints: boolean } } } }>(
    '/api/user/set-settings/',
    {
      config: CSRF,
      schema: {
        body: {
          type: 'object',
          required: ['settings'],
          properties: {
            sid: { type: 'string' },
            settings: {
              type: 'object',
              required: ['settings'],
              properties: {
                settings: {
                  type: 'object',
                  required: ['hints'],
                  additionalProperties: false,
                  properties: { hints: { type: 'boolean' } },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply): Promise<SetSettingsAnswer | undefined> => {
      const user = request.session?.user;
      if (!user) return needAuth(reply, 'Anonymous visitors keep their settings in a cookie');
      const settings = { hints: request.body.settings.settings.hints };
      repo.saveSettings(user.id, settings, ctx.now());
      return { success: true, settings };
    },
  );

  const answerRequest = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: { id: number; existed: boolean },
  ): SubscriptionRequestAnswer | FastifyReply => {
    if (isPlainFormPost(request))
      return reply.redirect(`/profile/access/?request=${outcome.existed ? 'already_sent' : 'sent'}`, 303);
    return { success: true, request_id: outcome.id, already_sent: outcome.existed };
  };

  const managementTariff = (tariffId: number): number => {
    const tariff = repo.tariff(tariffId);
    if (!tariff || tariff.kind !== 'management')
      throw new HttpError(400, `body.tariff ${tariffId} is not a subscription tariff`);
    return tariff.id;
  };

  app.post<{ Body: { tariff: number; contactPersonId: number } }>(
    '/api/profile/pa/subscr_send_request/',
    {
      config: CSRF,
      schema: {
        body: {
          type: 'object',
          required: ['tariff', 'contactPersonId'],
          properties: { sid: { type: 'string' }, tariff: ID, contactPersonId: ID },
        },
      },
    },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) return needAuth(reply, 'Sign in to request a subscription');
      const tariff = managementTariff(request.body.tariff);
      return answerRequest(
        request,
        reply,
        repo.request(user.id, 'subscribe', tariff, request.body.contactPersonId, ctx.now()),
      );
    },
  );

  app.post<{ Body: { tariff: number } }>(
    '/api/profile/pa/subscr_expand_request/',
    {
      config: CSRF,
      schema: {
        body: {
          type: 'object',
          required: ['tariff'],
          properties: { sid: { type: 'string' }, tariff: ID },
        },
      },
    },
    async (request, reply) => {
      const user = request.session?.user;
      if (!user) return needAuth(reply, 'Sign in to request an expansion');
      const tariff = managementTariff(request.body.tariff);
      return answerRequest(request, reply, repo.request(user.id, 'expand', tariff, null, ctx.now()));
    },
  );

  app.post<{ Body: { phone?: string } }>(
    '/api/profile/update_mob/',
    {
      config: CSRF,
      schema: {
        body: {
          type: 'object',
          properties: { sid: { type: 'string' }, phone: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request, reply): Promise<UpdateMobileAnswer | undefined> => {
      const user = request.session?.user;
      if (!user) return needAuth(reply, 'Sign in to change the phone number');
      const phone = normalizePhone(request.body.phone ?? '');
      if (!phone) return reply.status(400).send({ messages: ['phone_invalid'] });
      if (phone === user.phone) return reply.status(400).send({ messages: ['phone_same'] });
      const owner = repo.userIdByPhone(phone);
      if (owner !== null && owner !== user.id) return reply.status(409).send({ messages: ['phone_taken'] });
      const now = ctx.now();
      const last = repo.lastMobileCodeAt(user.id);
      if (last !== null && now - last < RESEND_AFTER_MS) {
        const retryAfter = Math.ceil((last + RESEND_AFTER_MS - now) / 1000);
        return reply
          .status(429)
          .header('Retry-After', String(retryAfter))
          .send({ messages: ['code_resend_too_early'], retryAfter });
      }
      repo.sendMobileCode(user.id, request.session!.id, phone, now);
      return { messages: [] };
    },
  );

  app.get('/api/profile/support/tickets/', async (request, reply): Promise<SupportTicket[] | undefined> => {
    const user = request.session?.user;
    if (!user) return needAuth(reply, 'Sign in to see your support tickets');
    if (!canLoadTickets(user))
      return reply
        .status(403)
        .send({ error: 'Support tickets need paid access or the support tariff', need: 'need_get_access' });
    return repo.tickets(user.id, requestLang(request));
  });

  const log = (request: FastifyRequest, scope: string, actionId: number): ActionLogAnswer => ({
    success: true,
    id: logAction(ctx.db, {
      scope,
      actionId,
      userId: request.session?.user?.id ?? null,
      sessionId: request.session?.id ?? null,
      createdAt: ctx.now(),
    }),
  });

  app.get<{ Params: { id: number } }>(
    '/cb/current_user/action_log/global/json/:id/',
    { schema: { params: { type: 'object', properties: { id: ID }, required: ['id'] } } },
    async (request) => log(request, 'global', request.params.id),
  );

  const actionBody = {
    type: 'object',
    required: ['actionId'],
    properties: { sid: { type: 'string' }, actionId: ID },
  } as const;

  app.post<{ Body: { actionId: number } }>(
    '/api/contactActionLog/',
    { config: CSRF, schema: { body: actionBody } },
    async (request) => log(request, 'contact', request.body.actionId),
  );

  app.post<{ Params: { bondId: number }; Body: { actionId: number } }>(
    '/api/bonds/:bondId/contactActionLog/',
    {
      config: CSRF,
      schema: {
        params: { type: 'object', properties: { bondId: ID }, required: ['bondId'] },
        body: actionBody,
      },
    },
    async (request) => {
      const { bondId } = request.params;
      if (!repo.bondExists(bondId)) throw new HttpError(404, `Unknown bond ${bondId}`);
      return log(request, `bonds:${bondId}`, request.body.actionId);
    },
  );

  if (!ctx.production) {
    // Development: what was logged, for the browser tests (like /dev/outbox). Session ids stay out.
    app.get<{ Querystring: { scope?: string; limit?: number } }>(
      '/dev/action-log',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              scope: { type: 'string', maxLength: 64 },
              limit: { type: 'integer', minimum: 1, maximum: 1000 },
            },
          },
        },
      },
      async (request) => repo.actionLog(request.query.scope ?? null, request.query.limit ?? 100),
    );
  }
}
