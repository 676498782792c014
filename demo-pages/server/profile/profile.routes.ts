/**
 * The profile and shell calls of SPEC §7 (tables of demo-pages/data/profile.ts):
 *
 *   GET  /api/user/settings/                        signed in → {settings: {hints}}; anonymous 401
 *   POST /api/user/set-settings/                    {sid, settings: {settings: {hints}}}   csrf
 *   POST /api/profile/pa/subscr_send_request/       {tariff, contactPersonId}              csrf
 *   POST /api/profile/pa/subscr_expand_request/     {tariff}                               csrf
 *   GET  /api/profile/pa/requests/                  signed in → tariffs, own requests (<fin-access-requests>)
 *   POST /api/profile/update_mob/                   {phone} → {messages}                   csrf
 *   GET  /api/profile/support/tickets/              level 1077 or tariff 677 → tickets
 *   GET  /cb/current_user/action_log/global/json/{id}/    → logged with scope 'global'
 *   POST /api/contactActionLog/                     {actionId} → scope 'contact'            csrf
 *   POST /api/bonds/{bondId}/contactActionLog/      {actionId} → scope 'bonds:{bondId}'     csrf
 *   GET  /dev/action-log                            development routes only: the log, newest first
 *
 * The GET action log carries no token: the client sends none on a GET, and it only appends a row,
 * at most ACTION_LOG_LIMIT a minute per browser
 * (the session cookie is SameSite=Lax, so other sites cannot make it count for the user).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAID_ACCESS_LEVEL, SUPPORT_TARIFF } from '../../../src/contract/types.ts';
import type {
  AccessRequestsAnswer,
  ActionLogAnswer,
  RequestRefusal,
  SetSettingsAnswer,
  SettingsAnswer,
  SubscriptionRequestAnswer,
  SupportTicket,
  UpdateMobileAnswer,
} from '../../../src/contract/profile.ts';
import type { AppContext } from '../shared/context.ts';
import { HttpError, ID } from '../shared/context.ts';
import { localName, requestLang } from '../shared/lang.ts';
import { RESEND_AFTER_MS, normalizePhone } from '../auth/login.service.ts';
import type { SessionUser } from '../shared/session.ts';
import { SlidingWindow } from '../auth/login-limits.ts';
import { logAction, recentActions } from './action-log.repo.ts';
import { displayMoment } from './profile.repo.ts';

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

/** Actions one browser may log a minute (a person clicks far fewer). */
export const ACTION_LOG_LIMIT = 60;
/** Actions all browsers at one address may log a minute (people behind one NAT). */
export const ACTION_LOG_LIMIT_PER_ADDRESS = 600;

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = ctx.profile;

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

  // SPEC §6 "forbidden_request_label": the request exists but this user may not make it.
  const forbidden = (request: FastifyRequest, reply: FastifyReply, error: string) => {
    if (isPlainFormPost(request)) return reply.redirect('/profile/access/?request=forbidden', 303);
    return reply.status(403).send({ error, messages: ['forbidden_request_label'] } satisfies RequestRefusal);
  };

  app.get('/api/profile/pa/requests/', async (request, reply): Promise<AccessRequestsAnswer | undefined> => {
    const user = request.session?.user;
    if (!user) return needAuth(reply, 'Sign in to see your access requests');
    const lang = requestLang(request);
    reply.header('Cache-Control', 'no-store');
    return {
      tariffs: repo
        .tariffs()
        .filter((tariff) => tariff.kind === 'management')
        .map((tariff) => ({ id: tariff.id, name: localName(lang, tariff.name, tariff.name_eng) })),
      requests: repo.requests(user.id).map((row) => ({
        id: row.id,
        kind: row.kind,
        tariff: row.tariff_id,
        status: row.status,
        date: displayMoment(row.created_at),
      })),
      contactPersonId: user.id,
      canExpand: user.accessLevel === PAID_ACCESS_LEVEL,
    };
  });

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
      // The contact person is the signed-in user: nobody requests in another person's name.
      if (request.body.contactPersonId !== user.id)
        return forbidden(request, reply, 'contactPersonId is not the signed-in user');
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
      if (user.accessLevel !== PAID_ACCESS_LEVEL)
        return forbidden(request, reply, 'Only a user with paid access can expand it');
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
      const owner = ctx.login.userIdByPhone(phone);
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

  // Every logged action is a stored row: each browser (its session, else its address) may log
  // ACTION_LOG_LIMIT of them a minute, so an anonymous loop of GETs cannot fill the table.
  const logged = new SlidingWindow(60_000, ctx.now);
  const sweeper = setInterval(() => logged.sweep(), 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const log = (request: FastifyRequest, scope: string, actionId: number): ActionLogAnswer => {
    const visitor = ctx.csrf.visitorToken(request);
    const browser = request.session
      ? `session:${request.session.id}`
      : visitor
        ? `visitor:${visitor}`
        : `address:${request.ip}`;
    // A browser that drops its cookies still shares its address's (larger) budget.
    const address = `addresses:${request.ip}`;
    const wait =
      logged.waitSeconds(browser, ACTION_LOG_LIMIT) ??
      logged.waitSeconds(address, ACTION_LOG_LIMIT_PER_ADDRESS);
    if (wait !== null) throw new HttpError(429, `Too many logged actions; try again in ${wait} s`);
    logged.add(browser);
    logged.add(address);
    return logRow(request, scope, actionId);
  };
  const logRow = (request: FastifyRequest, scope: string, actionId: number): ActionLogAnswer => ({
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
      if (!ctx.market.bond(bondId)) throw new HttpError(404, `Unknown bond ${bondId}`);
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
      async (request) => recentActions(ctx.db, request.query.scope ?? null, request.query.limit ?? 100),
    );
  }
}
