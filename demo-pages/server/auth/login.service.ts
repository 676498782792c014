/**
 * The SMS-code login of SPEC §4/§5 and DESIGN §7: a phone starts a login and gets a 6-digit code
 * (written to the outbox instead of an SMS gateway); the code may be re-sent after 30 s; five
 * wrong codes lock the login; the right code signs the session in, registering new phones as
 * free users.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { AuthMessage } from '../../../src/contract/auth.ts';
import { COUNTRY_RUSSIA } from '../../data/instruments.ts';
import type { Db } from '../shared/db.ts';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './login-limits.ts';

/** SPEC §9: the auth code resend timer. */
export const RESEND_AFTER_MS = 30_000;
export const MAX_WRONG_CODES = 5;
/** A code older than this is refused; the user asks for a new one. */
export const CODE_TTL_MS = 10 * 60_000;

/** Message keys of the auth answers (also the keys of the `auth` labels; limits: login-limits.ts). */
export type LoginMessage = AuthMessage;

export type LoginOutcome<T = object> =
  ({ ok: true } & T) | { ok: false; message: LoginMessage; retryAfter?: number };

interface PendingRow {
  phone: string;
  code: string;
  sent_at: number;
  wrong_entries: number;
}

/**
 * '+79000000001', '8 900 000-00-01' and '9000000001' are the same Russian number; other
 * countries need the leading '+'. Returns E.164 ('+' and 10–15 digits) or null.
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s\-().]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (!text.startsWith('+')) {
    if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7')))
      digits = `7${digits.slice(1)}`;
    else if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
    else return null;
  }
  return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : null;
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class LoginService {
  private readonly statements;
  readonly limiter: LoginLimiter;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.limiter = new LoginLimiter(limits, now);
    this.statements = {
      pending: db.prepare<[string], PendingRow>(
        'SELECT phone, code, sent_at, wrong_entries FROM pending_logins WHERE session_id = ?',
      ),
      upsertPending: db.prepare<[string, string, string, number, number]>(
        `INSERT INTO pending_logins (session_id, phone, code, sent_at, started_at, wrong_entries) VALUES (?, ?, ?, ?, ?, 0)
         ON CONFLICT (session_id) DO UPDATE SET phone = excluded.phone, code = excluded.code, sent_at = excluded.sent_at,
           started_at = excluded.started_at, wrong_entries = 0`,
      ),
      age: db.prepare<[number, string]>(
        'UPDATE pending_logins SET sent_at = sent_at - ? WHERE session_id = ?',
      ),
      markSent: db.prepare<[number, string]>('UPDATE pending_logins SET sent_at = ? WHERE session_id = ?'),
      countWrong: db.prepare<[string]>(
        'UPDATE pending_logins SET wrong_entries = wrong_entries + 1 WHERE session_id = ?',
      ),
      removePending: db.prepare<[string]>('DELETE FROM pending_logins WHERE session_id = ?'),
      send: db.prepare<[string, string, number, string]>(
        'INSERT INTO outbox (phone, code, sent_at, session_id) VALUES (?, ?, ?, ?)',
      ),
      userByPhone: db.prepare<[string], { id: number }>('SELECT id FROM users WHERE phone = ?'),
      register: db.prepare<[string, number | null, number]>(
        'INSERT INTO users (phone, access_level, country_id, created_at) VALUES (?, 0, ?, ?)',
      ),
      outbox: db.prepare<
        [{ phone: string | null; session: string | null; limit: number }],
        { phone: string; code: string; sent_at: number }
      >(
        `SELECT phone, code, sent_at FROM outbox
         WHERE (@phone IS NULL OR phone = @phone) AND (@session IS NULL OR session_id = @session)
         ORDER BY id DESC LIMIT @limit`,
      ),
    };
  }

  private tooEarly(pending: PendingRow | undefined): number | null {
    if (!pending) return null;
    const wait = pending.sent_at + RESEND_AFTER_MS - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : null;
  }

  /**
   * Starts a login for the session and sends a code. The same phone again within 30 s is refused,
   * and so is a send past the phone's or the address's budget (`address`: the client's IP).
   */
  start(sessionId: string, phoneInput: string, address: string): LoginOutcome {
    const phone = normalizePhone(phoneInput);
    if (!phone) return { ok: false, message: 'phone_invalid' };
    const pending = this.statements.pending.get(sessionId);
    const wait = pending?.phone === phone ? this.tooEarly(pending) : null;
    if (wait !== null) return { ok: false, message: 'code_resend_too_early', retryAfter: wait };
    const sendWait = this.limiter.sendWait(phone, address);
    if (sendWait !== null) return { ok: false, message: 'auth_too_many_codes', retryAfter: sendWait };
    this.limiter.sent(phone, address, sessionId);
    const code = newCode();
    const now = this.now();
    this.db.transaction(() => {
      this.statements.upsertPending.run(sessionId, phone, code, now, now);
      this.statements.send.run(phone, code, now, sessionId);
    })();
    return { ok: true };
  }

  /** Sends the pending login's code again (GET /?action=ajaxSendCode). */
  resend(sessionId: string, address: string): LoginOutcome {
    const pending = this.statements.pending.get(sessionId);
    if (!pending) return { ok: false, message: 'authCodeExpired' };
    if (pending.wrong_entries >= MAX_WRONG_CODES) return { ok: false, message: 'authCodeLocked' };
    const wait = this.tooEarly(pending);
    if (wait !== null) return { ok: false, message: 'code_resend_too_early', retryAfter: wait };
    const sendWait = this.limiter.sendWait(pending.phone, address);
    if (sendWait !== null) return { ok: false, message: 'auth_too_many_codes', retryAfter: sendWait };
    this.limiter.sent(pending.phone, address, sessionId);
    const now = this.now();
    this.db.transaction(() => {
      this.statements.markSent.run(now, sessionId);
      this.statements.send.run(pending.phone, pending.code, now, sessionId);
    })();
    return { ok: true };
  }

  /** Checks the code; on success returns the user id (registering a new phone as a free user). */
  confirm(sessionId: string | null, codeInput: string, address: string): LoginOutcome<{ userId: number }> {
    const code = codeInput.replace(/\s/g, '');
    if (code === '') return { ok: false, message: 'authCodeEmpty' };
    const pending = sessionId ? this.statements.pending.get(sessionId) : undefined;
    if (!sessionId || !pending) return { ok: false, message: 'authCodeExpired' };
    if (pending.wrong_entries >= MAX_WRONG_CODES) return { ok: false, message: 'authCodeLocked' };
    // Past the phone's or the address's budget the code is not even compared: no guess is told apart.
    const checkWait = this.limiter.codeCheckWait(pending.phone, address);
    if (checkWait !== null) return { ok: false, message: 'auth_too_many_attempts', retryAfter: checkWait };
    if (this.now() - pending.sent_at > CODE_TTL_MS) {
      this.statements.removePending.run(sessionId);
      return { ok: false, message: 'authCodeExpired' };
    }
    if (!sameCode(code, pending.code)) {
      this.statements.countWrong.run(sessionId);
      this.limiter.wrongCode(pending.phone, address);
      // The fifth wrong code already answers "locked": the user learns it at once.
      return {
        ok: false,
        message: pending.wrong_entries + 1 >= MAX_WRONG_CODES ? 'authCodeLocked' : 'authCodeWrong',
      };
    }
    const userId = this.db.transaction(() => {
      this.statements.removePending.run(sessionId);
      const existing = this.statements.userByPhone.get(pending.phone);
      if (existing) return existing.id;
      const countryId = pending.phone.startsWith('+7') ? COUNTRY_RUSSIA : null;
      return Number(this.statements.register.run(pending.phone, countryId, this.now()).lastInsertRowid);
    })();
    this.limiter.confirmed(sessionId);
    return { ok: true, userId };
  }

  /** Development: moves the pending login's last send back by `ms` (tests of the resend rule). */
  age(sessionId: string, ms: number): boolean {
    return this.statements.age.run(ms, sessionId).changes > 0;
  }

  /** The user with this phone, or null. */
  userIdByPhone(phone: string): number | null {
    return this.statements.userByPhone.get(phone)?.id ?? null;
  }

  /** Sends a code by SMS: the outbox stands in for the gateway (readable at /dev/outbox outside production). */
  sendSms(phone: string, code: string, sentAt: number, sessionId: string): void {
    this.statements.send.run(phone, code, sentAt, sessionId);
  }

  /** What the SMS gateway would have delivered, newest first (development only). */
  /** Sent codes, newest first; `session` keeps only those a given session asked for. */
  outbox(
    phone: string | null,
    session: string | null = null,
    limit = 100,
  ): Array<{ phone: string; code: string; sentAt: string }> {
    return this.statements.outbox
      .all({ phone, session, limit })
      .map((row) => ({ phone: row.phone, code: row.code, sentAt: new Date(row.sent_at).toISOString() }));
  }
}
