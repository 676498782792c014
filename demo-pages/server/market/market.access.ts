/**
 * The access answers of the market calls (SPEC §6; house rule): a feature that needs paid access
 * is refused with 401 `{error, need: 'need_auth'}` for anonymous sessions and 403
 * `{error, need: 'need_get_access'}` for signed-in users without access level 1077.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { priceAccessOf } from '../shared/masking.ts';

export type NeedCode = 'need_auth' | 'need_get_access';

export interface AccessRefusal {
  status: 401 | 403;
  body: { error: string; need: NeedCode };
}

export const NEED_AUTH: AccessRefusal = {
  status: 401,
  body: { error: 'Sign in to use this feature', need: 'need_auth' },
};

export const NEED_GET_ACCESS: AccessRefusal = {
  status: 403,
  body: { error: 'This feature needs paid access', need: 'need_get_access' },
};

/** null when the session is paid, else the refusal to send. */
export function paidRefusal(request: FastifyRequest): AccessRefusal | null {
  const access = priceAccessOf(request.session?.user ?? null);
  if (access === 'full') return null;
  return access === 'none' ? NEED_AUTH : NEED_GET_ACCESS;
}

/** null when a user is signed in, else the 401 refusal. */
export function signedInRefusal(request: FastifyRequest): AccessRefusal | null {
  return request.session?.user ? null : NEED_AUTH;
}

export function sendRefusal(reply: FastifyReply, refusal: AccessRefusal) {
  return reply.status(refusal.status).header('Cache-Control', 'no-store').send(refusal.body);
}
