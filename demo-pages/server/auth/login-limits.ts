/**
 * Limits of the SMS login against guessing and flooding (kept in memory: a reference server runs
 * one process). Counted in a sliding window across logins: a fresh login for the same phone does
 * not get a fresh budget.
 *
 * - Wrong codes: the hard limits are per phone + client address and per address, so strangers
 *   guessing at a phone cannot lock its owner out (OWASP ASVS 2.2.1: throttle the attacker, not
 *   the account). Once a phone has drawn many wrong codes from anywhere, every address that keeps
 *   guessing at it is slowed down, waiting longer after each of its wrong codes; an address with
 *   no wrong code for the phone (its owner's) is not. Each login's code is locked after five wrong
 *   ones (login.service.ts) and code sends per phone are limited, which bounds the guesses at a
 *   phone per window whatever the number of addresses.
 * - Wrong codes count until they leave the window; a success does not erase them.
 * - Code sends count while unconfirmed: the send of a login that then signs in is taken back, so
 *   people (and test suites) signing in again and again are never slowed down, while codes asked
 *   for and never used run out.
 */

export interface LoginLimits {
  windowMs: number;
  /** Wrong codes for one phone from one address (hard). */
  wrongCodesPerPhoneAndAddress: number;
  /** Wrong codes for one phone from anywhere before its guessers are slowed down. */
  wrongCodesPerPhone: number;
  /** The longest wait of a slowed-down guesser between two codes. */
  slowDownMaxMs: number;
  /** Wrong codes from one address for any phones (hard). */
  wrongCodesPerAddress: number;
  /** Unconfirmed code sends. */
  sendsPerPhone: number;
  sendsPerAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  wrongCodesPerPhoneAndAddress: 10,
  wrongCodesPerPhone: 10,
  slowDownMaxMs: 60_000,
  wrongCodesPerAddress: 30,
  sendsPerPhone: 5,
  sendsPerAddress: 20,
};

interface Hit {
  at: number;
  /** The login (session id) a send belongs to, so its sign-in can take it back. */
  login: string | null;
}

/** Timestamps per key within one window (also the action log's per-client limit). */
export class SlidingWindow {
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

  /** Hits of the key in the window. */
  count(key: string): number {
    return this.live(key).length;
  }

  /** When the key was last hit within the window, or null. */
  lastAt(key: string): number | null {
    return this.live(key).at(-1)?.at ?? null;
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
    const pair = `phone:${phone} address:${address}`;
    return LoginLimiter.wait(
      this.wrong.waitSeconds(pair, this.limits.wrongCodesPerPhoneAndAddress),
      this.wrong.waitSeconds(`address:${address}`, this.limits.wrongCodesPerAddress),
      this.slowDown(phone, pair),
    );
  }

  /**
   * A phone past its budget of wrong codes: an address that guessed wrong at it waits 2^n seconds
   * (n: its wrong codes for the phone, at most slowDownMaxMs) after its last one.
   */
  private slowDown(phone: string, pair: string): number | null {
    if (this.wrong.count(`phone:${phone}`) < this.limits.wrongCodesPerPhone) return null;
    const own = this.wrong.count(pair);
    const last = this.wrong.lastAt(pair);
    if (own === 0 || last === null) return null;
    const delayMs = Math.min(2 ** own * 1000, this.limits.slowDownMaxMs);
    const left = last + delayMs - this.now();
    return left > 0 ? Math.ceil(left / 1000) : null;
  }

  wrongCode(phone: string, address: string): void {
    this.wrong.add(`phone:${phone}`);
    this.wrong.add(`phone:${phone} address:${address}`);
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
