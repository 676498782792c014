/**
 * The login calls (DESIGN §7): POST /api/auth/login/, GET /?action=ajaxSendCode (wired by the
 * index route), POST /api/auth/code/, POST /api/auth/logout/, and GET /dev/outbox outside
 * production.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthAnswer } from '../../../src/contract/types.ts';
import type { AppContext } from '../shared/context.ts';
import { CSRF_REFUSAL } from '../shared/csrf.ts';
import { normalizePhone, type LoginMessage, type LoginOutcome } from './login.service.ts';
import { clearSessionCookie, ensureSession, setSessionCookie, userGlobals } from '../shared/session.ts';

const STATUS_OF: Record<LoginMessage, number> = {
  phone_invalid: 400,
  code_resend_too_early: 429,
  authCodeEmpty: 400,
  authCodeWrong: 400,
  authCodeLocked: 400,
  authCodeExpired: 400,
  auth_too_many_attempts: 429,
  auth_too_many_codes: 429,
};

/** `{messages: []}` on success; `{messages: [key]}` (plus `retryAfter` seconds when too early) on failure. */
function answer(reply: FastifyReply, outcome: LoginOutcome): AuthAnswer & { retryAfter?: number } {
  if (outcome.ok) return { messages: [] };
  reply.status(STATUS_OF[outcome.message]);
  if (outcome.retryAfter !== undefined) {
    reply.header('Retry-After', String(outcome.retryAfter));
    return { messages: [outcome.message], retryAfter: outcome.retryAfter };
  }
  return { messages: [outcome.message] };
}

/**
 * GET /?action=ajaxSendCode: re-sends the pending login's code (refused within 30 s of the last
 * send). It sends an SMS, so like a POST it needs the page's token (X-CSRF-Token): a link or a
 * navigation from another site cannot make it send one.
 */
export function resendCode(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  // Answered here, as JSON: the front page's errors are HTML pages.
  if (!ctx.csrf.valid(request)) return reply.status(403).send({ error: CSRF_REFUSAL });
  reply.header('Cache-Control', 'no-store');
  if (!request.session) return answer(reply, { ok: false, message: 'authCodeExpired' });
  return answer(reply, ctx.login.resend(request.session.id, request.ip));
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: { phone?: string } }>(
    '/api/auth/login/',
    { schema: { body: { type: 'object', properties: { phone: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      // A pending login is worth keeping: the session is stored now, with the token the page holds.
      const session = ensureSession(ctx.sessions, request, reply, ctx.csrf.carried(request) ?? undefined);
      return answer(reply, ctx.login.start(session.id, request.body.phone ?? '', request.ip));
    },
  );

  app.post<{ Body: { code?: string } }>(
    '/api/auth/code/',
    { schema: { body: { type: 'object', properties: { code: { type: 'string', maxLength: 32 } } } } },
    async (request, reply) => {
      const outcome = ctx.login.confirm(request.session?.id ?? null, request.body.code ?? '', request.ip);
      if (!outcome.ok) return answer(reply, outcome);
      const session = ctx.sessions.signIn(request.session?.id ?? null, outcome.userId);
      setSessionCookie(reply, session);
      // The session id and CSRF token changed at sign-in: the page gets the new `sid`.
      return { messages: [], user: userGlobals(session.user), sid: session.csrf };
    },
  );

  // Like every POST, it needs the page's token (app.ts): another site cannot sign the user out.
  app.post('/api/auth/logout/', async (request, reply) => {
    if (request.session) ctx.sessions.remove(request.session.id);
    clearSessionCookie(reply);
    return { messages: [] };
  });

  if (!ctx.production) {
    // Development stand-in for the SMS gateway: the codes that would have been sent.
    // `?session=current`: only the codes this browser's session asked for.
    app.get<{ Querystring: { phone?: string; session?: 'current' } }>(
      '/dev/outbox',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              phone: { type: 'string', maxLength: 64 },
              session: { type: 'string', enum: ['current'] },
            },
          },
        },
      },
      async (request) => {
        const phone = request.query.phone ? normalizePhone(request.query.phone) : null;
        if (request.query.phone && !phone) return [];
        if (request.query.session === 'current' && !request.session) return [];
        return ctx.login.outbox(phone, request.query.session === 'current' ? request.session!.id : null);
      },
    );
  }
}
