/**
 * Cookie sessions stored in SQLite (DESIGN §7). The cookie `fin_sid` carries a random id and
 * nothing else; who is signed in lives in the `sessions` table. Each session also has a random
 * CSRF token, handed to the page as `sid` for state-changing calls.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../../../src/contract/page-data.ts';
import type { AccessLevelId } from '../../../src/contract/profile.ts';
import { PAID_ACCESS_LEVEL, type UserGlobals } from '../../../src/contract/types.ts';
import type { Db } from './db.ts';

export const SESSION_COOKIE = 'fin_sid';
/** A signed-in session unused for this long is forgotten. */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
/** A session nobody signed in to (it holds a pending login) is forgotten sooner. */
export const ANONYMOUS_IDLE_MS = 3600 * 1000;
/** How often the app sweeps forgotten sessions out of the store. */
export const SESSION_SWEEP_MS = 10 * 60_000;
/** seen_at is refreshed at most this often, so reading a page does not always write. */
const SEEN_REFRESH_MS = 60_000;

export interface SessionUser {
  id: number;
  phone: string;
  accessLevel: number;
  tariffs: number[];
  countryId: number | null;
}

export interface Session {
  id: string;
  /** The CSRF token (`sid` in the page's user JSON). */
  csrf: string;
  user: SessionUser | null;
}

interface SessionRow {
  id: string;
  csrf: string;
  user_id: number | null;
  seen_at: number;
}

interface UserRow {
  id: number;
  phone: string;
  access_level: number;
  country_id: number | null;
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The user's plan as the access-levels page names it (SPEC §6): not logged in, registered or paid. */
export function accessLevelOf(user: SessionUser | null): AccessLevelId {
  if (!user) return 'anonymous';
  return user.accessLevel === PAID_ACCESS_LEVEL ? 'paid' : 'registered';
}

export class SessionStore {
  private readonly statements;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.statements = {
      find: db.prepare<[string], SessionRow>('SELECT id, csrf, user_id, seen_at FROM sessions WHERE id = ?'),
      touch: db.prepare<[number, string]>('UPDATE sessions SET seen_at = ? WHERE id = ?'),
      insert: db.prepare<[string, string, number | null, number, number]>(
        'INSERT INTO sessions (id, csrf, user_id, created_at, seen_at) VALUES (?, ?, ?, ?, ?)',
      ),
      remove: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
      removeIdle: db.prepare<[number, number]>(
        'DELETE FROM sessions WHERE seen_at < ? OR (user_id IS NULL AND seen_at < ?)',
      ),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM sessions'),
      user: db.prepare<[number], UserRow>(
        'SELECT id, phone, access_level, country_id FROM users WHERE id = ?',
      ),
      tariffs: db.prepare<[number], { tariff_id: number }>(
        'SELECT tariff_id FROM user_tariffs WHERE user_id = ? ORDER BY tariff_id',
      ),
    };
  }

  /** The live session with this id, or null (unknown or idle for too long). */
  find(id: string): Session | null {
    const row = this.statements.find.get(id);
    if (!row) return null;
    const now = this.now();
    if (row.seen_at < now - (row.user_id === null ? ANONYMOUS_IDLE_MS : SESSION_IDLE_MS)) {
      this.statements.remove.run(id);
      return null;
    }
    if (now - row.seen_at > SEEN_REFRESH_MS) this.statements.touch.run(now, id);
    return { id: row.id, csrf: row.csrf, user: row.user_id === null ? null : this.loadUser(row.user_id) };
  }

  /**
   * Stores a new session. `csrf`: keep the token the page already has (an anonymous visitor's
   * signed token when a login starts); a sign-in always gets a fresh one.
   */
  create(userId: number | null = null, csrf: string = randomToken()): Session {
    const now = this.now();
    const session = {
      id: randomToken(),
      csrf,
      user: userId === null ? null : this.loadUser(userId),
    };
    this.statements.insert.run(session.id, session.csrf, userId, now, now);
    return session;
  }

  /**
   * Signs a user in. The session gets a new id and CSRF token (the old row is deleted), so an id
   * planted in a browser before sign-in is worthless afterwards (session fixation).
   */
  signIn(oldId: string | null, userId: number): Session {
    if (oldId) this.statements.remove.run(oldId);
    return this.create(userId);
  }

  remove(id: string): void {
    this.statements.remove.run(id);
  }

  /** Forgets idle sessions (their pending logins go with them); returns how many. */
  sweep(): number {
    const now = this.now();
    return this.statements.removeIdle.run(now - SESSION_IDLE_MS, now - ANONYMOUS_IDLE_MS).changes;
  }

  /** How many sessions are stored. */
  count(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  loadUser(userId: number): SessionUser | null {
    const row = this.statements.user.get(userId);
    if (!row) return null;
    return {
      id: row.id,
      phone: row.phone,
      accessLevel: row.access_level,
      tariffs: this.statements.tariffs.all(userId).map((t) => t.tariff_id),
      countryId: row.country_id,
    };
  }
}

export const SESSION_COOKIE_OPTIONS = {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  // Secure over HTTPS (behind a proxy that says so), plain over the demo's http://127.0.0.1.
  secure: 'auto',
} as const;

export function setSessionCookie(reply: FastifyReply, session: Session): void {
  reply.setCookie(SESSION_COOKIE, session.id, SESSION_COOKIE_OPTIONS);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
}

/**
 * The request's session, storing one (and setting its cookie) when there is none. Only for what
 * must be kept (a pending login): pages and reads never store a session. `csrf`: the token the
 * visitor's page already holds, so its next calls stay valid.
 */
export function ensureSession(
  store: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf?: string,
): Session {
  if (request.session) return request.session;
  const session = store.create(null, csrf);
  setSessionCookie(reply, session);
  request.session = session;
  return session;
}

/** SPEC §3 "User globals" for the session's user (anonymous when signed out). */
export function userGlobals(user: SessionUser | null): UserGlobals {
  if (!user) return ANONYMOUS;
  return {
    userAuth: true,
    userAccessLevel: user.accessLevel,
    userTariffs: user.tariffs,
    userId: user.id,
    userCountryId: user.countryId,
    // Users sign in with their phone, so every signed-in user has one.
    userMobileExists: true,
  };
}
