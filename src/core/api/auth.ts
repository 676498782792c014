/**
 * The login calls (DESIGN §7; SPEC §7 shows only GET /?action=ajaxSendCode): start a login with a
 * phone, re-send its code, sign in with the code. A refusal (400/429) is an answer, not a failure:
 * its `messages` say why, and `retryAfter` (the server's Retry-After, repeated in the body) how long
 * to wait.
 */
import type { UserGlobals } from '../../contract/types.ts';
import { ApiError, request } from './client.ts';

export interface LoginAnswer {
  /** Empty: done (a code was sent, or the session is signed in). Otherwise label keys of `auth`. */
  messages: string[];
  /** Seconds to wait before asking again (throttled answers). */
  retryAfter?: number;
  /** After sign-in: the user's globals and the session's new token. */
  user?: UserGlobals;
  sid?: string;
}

const REFUSALS = [400, 403, 409, 429];

function asAnswer(data: unknown): LoginAnswer {
  const body = (data ?? {}) as Partial<LoginAnswer> & { error?: unknown };
  const messages = Array.isArray(body.messages)
    ? body.messages.filter((m): m is string => typeof m === 'string')
    : [typeof body.error === 'string' ? body.error : 'error'];
  const wait = typeof body.retryAfter === 'number' ? body.retryAfter : NaN;
  return {
    messages,
    ...(Number.isFinite(wait) && wait > 0 ? { retryAfter: Math.ceil(wait) } : {}),
    ...(body.user ? { user: body.user } : {}),
    ...(typeof body.sid === 'string' ? { sid: body.sid } : {}),
  };
}

async function call(path: string, method: 'GET' | 'POST', body?: unknown): Promise<LoginAnswer> {
  try {
    const { data } = await request<unknown>(path, {
      method,
      ...(body !== undefined ? { body } : {}),
      // The re-send is a GET that sends an SMS: it carries the token like a POST.
      csrf: true,
      acceptStatus: REFUSALS,
    });
    return asAnswer(data);
  } catch (error) {
    // A refusal without a JSON body (a proxy's 429) still says to wait.
    if (error instanceof ApiError && error.status === 429) return { messages: ['auth_too_many_codes'] };
    throw error;
  }
}

/** POST /api/auth/login/ {phone}: a non-empty `messages` means no code was sent (SPEC §5). */
export function startLogin(phone: string): Promise<LoginAnswer> {
  return call('/api/auth/login/', 'POST', { phone });
}

/** GET /?action=ajaxSendCode: the pending login's code again (refused within 30 s, SPEC §4). */
export function resendLoginCode(): Promise<LoginAnswer> {
  return call('/?action=ajaxSendCode', 'GET');
}

/** POST /api/auth/code/ {code}: signs the session in. */
export function confirmLoginCode(code: string): Promise<LoginAnswer> {
  return call('/api/auth/code/', 'POST', { code });
}
