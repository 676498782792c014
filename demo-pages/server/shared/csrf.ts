/**
 * CSRF tokens (the `sid` a page hands to its calls). Every POST, PUT, PATCH and DELETE, and a GET
 * marked `config: { csrf: true }`, must carry the token as the `X-CSRF-Token` header or `sid` in
 * the body, or it is refused with 403.
 *
 * A visitor with a stored session has the session's random token. An anonymous visitor has no
 * stored session (storing one per cookieless request let the store grow without bound): their
 * token is a signed double-submit one, an HMAC of a random `fin_csrf` cookie under the app's
 * secret, so the server checks it without keeping anything, and another browser's token (another
 * cookie) does not match.
 *
 * A token goes out masked (`masked`): a fresh random pad and the token XOR the pad, so no two
 * answers carry the same bytes. Pages and JSON answers are compressed, and a secret repeated
 * verbatim in a compressed answer beside text an attacker can put there (a search term) can be
 * read from the answers' sizes (BREACH). Calls may carry the token masked or not.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { SESSION_COOKIE_OPTIONS } from './session.ts';

export const CSRF_HEADER = 'x-csrf-token';
/** The anonymous visitor's random value (HttpOnly: a page reads only the signed token). */
export const VISITOR_COOKIE = 'fin_csrf';
const VISITOR_COOKIE_PATTERN = /^[\w-]{43}$/;

/** The error of a refused call (HTTP 403). */
export const CSRF_REFUSAL = 'The request lacks the session token (sid); reload the page and try again';

/** Methods that change state by HTTP's rules: each must carry the token. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Marks a masked token (never the start of a plain one: those are base64url without dots). */
const MASKED_PREFIX = 'm.';

/** `token` under a fresh random pad: `m.` + base64url(pad ‖ token XOR pad). */
export function masked(token: string): string {
  const bytes = Buffer.from(token, 'utf8');
  const pad = randomBytes(bytes.length);
  const xored = Buffer.alloc(bytes.length);
  for (let index = 0; index < bytes.length; index++) xored[index] = bytes[index]! ^ pad[index]!;
  return MASKED_PREFIX + Buffer.concat([pad, xored]).toString('base64url');
}

/** The token a masked one carries; a plain token as it is; null for a malformed masked one. */
export function unmasked(carried: string): string | null {
  if (!carried.startsWith(MASKED_PREFIX)) return carried;
  const bytes = Buffer.from(carried.slice(MASKED_PREFIX.length), 'base64url');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return null;
  const half = bytes.length / 2;
  const token = Buffer.alloc(half);
  for (let index = 0; index < half; index++) token[index] = bytes[index]! ^ bytes[half + index]!;
  return token.toString('utf8');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The signing secret of anonymous tokens, made once per database and kept in its `meta` table:
 * sessions live in the database too, so a restarted server still accepts the tokens of the pages
 * open in visitors' browsers (a secret per process refused every anonymous call after a restart).
 */
export function csrfSecretOf(db: Db): Buffer {
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('csrfSecret', ?)").run(
    randomBytes(32).toString('base64url'),
  );
  const row = db.prepare("SELECT value FROM meta WHERE key = 'csrfSecret'").get() as { value: string };
  return Buffer.from(row.value, 'base64url');
}

export class CsrfTokens {
  /** `secret`: the database's (csrfSecretOf), or a fresh one for a test. */
  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  private signed(visitor: string): string {
    return createHmac('sha256', this.secret).update(`visitor:${visitor}`).digest('base64url');
  }

  private visitorOf(request: FastifyRequest): string | null {
    const value = request.cookies[VISITOR_COOKIE];
    return typeof value === 'string' && VISITOR_COOKIE_PATTERN.test(value) ? value : null;
  }

  /** The anonymous token of this browser, or null when it has no visitor cookie. */
  visitorToken(request: FastifyRequest): string | null {
    const visitor = this.visitorOf(request);
    return visitor === null ? null : this.signed(visitor);
  }

  /**
   * The token a page hands to its calls, masked: the session's, or the anonymous visitor's
   * (setting the visitor cookie when the browser has none yet; nothing is stored on the server).
   */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    if (request.session) return masked(request.session.csrf);
    let visitor = this.visitorOf(request);
    if (visitor === null) {
      visitor = randomBytes(32).toString('base64url');
      reply.setCookie(VISITOR_COOKIE, visitor, SESSION_COOKIE_OPTIONS);
      // Later calls in the same request (a page and its form) see the same visitor.
      request.cookies[VISITOR_COOKIE] = visitor;
    }
    return masked(this.signed(visitor));
  }

  /**
   * The token the request carries (unmasked): the header first, else `sid` of a JSON or form
   * body.
   */
  carried(request: FastifyRequest): string | null {
    const header = request.headers[CSRF_HEADER];
    const fromBody = (request.body as { sid?: unknown } | null | undefined)?.sid;
    const given = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : null;
    return given === null ? null : unmasked(given);
  }

  /** Whether the request carries its own browser's token (its session's, or its visitor cookie's). */
  valid(request: FastifyRequest): boolean {
    const token = this.carried(request);
    if (token === null) return false;
    const expected = request.session ? request.session.csrf : this.visitorToken(request);
    return expected !== null && sameToken(token, expected);
  }
}
