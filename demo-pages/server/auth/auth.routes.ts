/**
 * The login calls (DESIGN §7): POST /api/auth/login/, GET /?action=ajaxSendCode (wired by the
 * index route), POST /api/auth/code/, POST /api/auth/logout/, and GET /dev/outbox outside
 * production.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthAnswer } from '../../../src/contract/types.ts';
import type { AppContext } from '../shared/context.ts';
import { CSRF_REFUSAL, masked } from '../shared/csrf.ts';
import { normalizePhone, type LoginMessage, type LoginOutcome } from './login.service.ts';
import { clearSessionCookie, ensureSession, setSessionCookie, userGlobals } from '../shared/session.ts';
import { requestLang } from '../shared/lang.ts';
import { safeBack } from '../shared/same-site.ts';

/** A form posted by the /login/ page without scripts (it wants a page back), not a JSON call. */
function isPlainFormPost(request: FastifyRequest): boolean {
  return (
    String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

/** The /login/ page of a plain form's next step, with the refusal to show and where to go after. */
function loginStep(step: 'phone' | 'code', back: unknown, error: string | null): string {
  const query = new URLSearchParams({ ...(step === 'code' ? { step } : {}), ...(error ? { error } : {}) });
  query.set('back', safeBack(back));
  return `/login/?${query.toString()}`;
}

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
  const back = { type: 'string', maxLength: 2048 } as const;

  app.post<{ Body: { phone?: string; back?: string } }>(
    '/api/auth/login/',
    {
      schema: {
        body: { type: 'object', properties: { phone: { type: 'string', maxLength: 64 }, back } },
      },
    },
    async (request, reply) => {
      // A pending login is worth keeping: the session is stored now, with the token the page holds.
      const session = ensureSession(ctx.sessions, request, reply, ctx.csrf.carried(request) ?? undefined);
      const outcome = ctx.login.start(session.id, request.body.phone ?? '', request.ip);
      if (isPlainFormPost(request))
        return reply.redirect(
          loginStep(outcome.ok ? 'code' : 'phone', request.body.back, outcome.ok ? null : outcome.message),
          303,
        );
      return answer(reply, outcome);
    },
  );

  app.post<{ Body: { code?: string; back?: string } }>(
    '/api/auth/code/',
    {
      schema: {
        body: { type: 'object', properties: { code: { type: 'string', maxLength: 32 }, back } },
      },
    },
    async (request, reply) => {
      const outcome = ctx.login.confirm(request.session?.id ?? null, request.body.code ?? '', request.ip);
      const plain = isPlainFormPost(request);
      if (!outcome.ok) {
        if (plain) return reply.redirect(loginStep('code', request.body.back, outcome.message), 303);
        return answer(reply, outcome);
      }
      const session = ctx.sessions.signIn(request.session?.id ?? null, outcome.userId);
      setSessionCookie(reply, session);
      if (plain) return reply.redirect(safeBack(request.body.back), 303);
      // The session id and CSRF token changed at sign-in: the page gets the new `sid`.
      return { messages: [], user: userGlobals(session.user), sid: masked(session.csrf) };
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
        // The SMS as a phone shows it: its last line is the WebOTP one (`@host #code`), which lets
        // the browser hand the code to the page that asked (<fin-login>).
        const sms = ctx.labels.text(requestLang(request), 'auth:sms_text');
        const host = request.hostname.replace(/:\d+$/, '');
        return ctx.login
          .outbox(phone, request.query.session === 'current' ? request.session!.id : null)
          .map((entry) => ({
            ...entry,
            text: `${sms.replace('{code}', entry.code)}\n\n@${host} #${entry.code}`,
          }));
      },
    );

    // Tests move the server's clock for one pending login: "the code was sent `seconds` ago", so a
    // browser test under page.clock can pass the 30 s resend rule without waiting real seconds.
    app.post<{ Body: { seconds: number } }>(
      '/dev/login/age',
      {
        schema: {
          body: {
            type: 'object',
            required: ['seconds'],
            properties: { seconds: { type: 'integer', minimum: 1, maximum: 3600 } },
          },
        },
      },
      async (request) => {
        const aged = request.session ? ctx.login.age(request.session.id, request.body.seconds * 1000) : false;
        return { aged };
      },
    );
  }
}
