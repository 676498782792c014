/**
 * Limits of the SMS login against guessing and flooding (kept in memory: a reference server runs
 * one process). Counted in a sliding window, per phone and per client address, across logins: a
 * fresh login for the same phone does not get a fresh budget.
 *
 * - Wrong codes count until they leave the window; a success does not erase them.
 * - Code sends count while unconfirmed: the send of a login that then signs in is taken back, so
 *   people (and test suites) signing in again and again are never slowed down, while codes asked
 *   for and never used run out.
 */

export interface LoginLimits {
  windowMs: number;
  wrongCodesPerPhone: number;
  wrongCodesPerAddress: number;
  /** Unconfirmed code sends. */
  sendsPerPhone: number;
  sendsPerAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  wrongCodesPerPhone: 10,
  wrongCodesPerAddress: 30,
  sendsPerPhone: 5,
  sendsPerAddress: 20,
};

interface Hit {
  at: number;
  /** The login (session id) a send belongs to, so its sign-in can take it back. */
  login: string | null;
}

/** Timestamps per key within one window. */
class SlidingWindow {
  private readonly hits = new Map<string, Hit[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private live(key: string): Hit[] {
    const since = this.now() - this.windowMs;
    const hits = (this.hits.get(key) ?? []).filter((hit) => hit.at > since);
    if (hits.length) this.hits.set(key, hits);
    else this.hits.delete(key);
    return hits;
  }

  /** Seconds until the key is under its limit again, or null when it is under it now. */
  waitSeconds(key: string, limit: number): number | null {
    const hits = this.live(key);
    if (hits.length < limit) return null;
    // The hit that must leave the window for one more to fit.
    const freeing = hits[hits.length - limit]!;
    return Math.max(1, Math.ceil((freeing.at + this.windowMs - this.now()) / 1000));
  }

  add(key: string, login: string | null = null): void {
    this.hits.set(key, [...this.live(key), { at: this.now(), login }]);
  }

  takeBack(key: string, login: string): void {
    const hits = this.live(key).filter((hit) => hit.login !== login);
    if (hits.length) this.hits.set(key, hits);
    else this.hits.delete(key);
  }

  /** Drops keys with nothing left in the window (the map stays as small as the recent traffic). */
  sweep(): void {
    for (const key of [...this.hits.keys()]) this.live(key);
  }

  get size(): number {
    return this.hits.size;
  }
}

export class LoginLimiter {
  private readonly wrong: SlidingWindow;
  private readonly sends: SlidingWindow;
  /** The keys a login's send was counted under (its address may change before it signs in). */
  private readonly sendKeys = new Map<string, { keys: string[]; at: number }>();

  constructor(
    readonly limits: LoginLimits,
    private readonly now: () => number,
  ) {
    this.wrong = new SlidingWindow(limits.windowMs, now);
    this.sends = new SlidingWindow(limits.windowMs, now);
  }

  private static wait(...waits: Array<number | null>): number | null {
    const known = waits.filter((wait): wait is number => wait !== null);
    return known.length ? Math.max(...known) : null;
  }

  /** Seconds to wait before another code may be checked for this phone from this address. */
  codeCheckWait(phone: string, address: string): number | null {
    return LoginLimiter.wait(
      this.wrong.waitSeconds(`phone:${phone}`, this.limits.wrongCodesPerPhone),
      this.wrong.waitSeconds(`address:${address}`, this.limits.wrongCodesPerAddress),
    );
  }

  wrongCode(phone: string, address: string): void {
    this.wrong.add(`phone:${phone}`);
    this.wrong.add(`address:${address}`);
  }

  /** Seconds to wait before another code may be sent to this phone from this address. */
  sendWait(phone: string, address: string): number | null {
    return LoginLimiter.wait(
      this.sends.waitSeconds(`phone:${phone}`, this.limits.sendsPerPhone),
      this.sends.waitSeconds(`address:${address}`, this.limits.sendsPerAddress),
    );
  }

  sent(phone: string, address: string, login: string): void {
    const keys = [`phone:${phone}`, `address:${address}`];
    for (const key of keys) this.sends.add(key, login);
    const earlier = this.sendKeys.get(login)?.keys ?? [];
    this.sendKeys.set(login, { keys: [...new Set([...earlier, ...keys])], at: this.now() });
  }

  /** The login signed in: its sends were wanted, they no longer count. */
  confirmed(login: string): void {
    for (const key of this.sendKeys.get(login)?.keys ?? []) this.sends.takeBack(key, login);
    this.sendKeys.delete(login);
  }

  sweep(): void {
    this.wrong.sweep();
    this.sends.sweep();
    const since = this.now() - this.limits.windowMs;
    for (const [login, { at }] of this.sendKeys) if (at <= since) this.sendKeys.delete(login);
  }

  /** Keys and logins held (for the store-growth test). */
  get size(): number {
    return this.wrong.size + this.sends.size + this.sendKeys.size;
  }
}
