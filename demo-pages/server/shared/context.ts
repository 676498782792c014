/** What the route modules share: the database services of one app instance. */
import type { Db, DemoMeta } from './db.ts';
import type { LabelStore } from './labels.ts';
import type { ServerRenderer } from './first-paint.ts';
import type { LoginService } from '../auth/login.service.ts';
import type { CsrfTokens } from './csrf.ts';
import type { Session, SessionStore } from './session.ts';
import type { MarketRepository } from '../market/market.repo.ts';
import type { StockRepository } from '../market/stocks.repo.ts';
import type { ProfileRepository } from '../profile/profile.repo.ts';

export interface AppContext {
  db: Db;
  meta: DemoMeta;
  repo: StockRepository;
  /** Bonds, ETFs, index values, branches, holders, watchlists (data/market.ts). */
  market: MarketRepository;
  sessions: SessionStore;
  /** CSRF tokens: the session's, or an anonymous visitor's signed one (csrf.ts). */
  csrf: CsrfTokens;
  login: LoginService;
  /** Settings, tariffs, requests, phone changes, support tickets (profile.repo.ts). */
  profile: ProfileRepository;
  labels: LabelStore;
  /** The element build served at /dist/ (its custom-elements.json feeds the /elements/ catalog). */
  distDir: string;
  /** The elements' server renderer of that build (first paint, issue 24); null when it was not built. */
  renderer: ServerRenderer | null;
  /** Development routes (/dev/outbox, /test/…) exist only outside production. */
  production: boolean;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the `fin_sid` cookie, or null (loaded before every handler). */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** A page route: its errors are answered with an HTML page instead of JSON. */
    page?: boolean;
    /**
     * A GET that writes: refused with 403 unless it carries the CSRF token (`sid`), like every
     * POST, PUT, PATCH and DELETE is (those need no flag).
     */
    csrf?: boolean;
    /**
     * A POST that reads no session and changes nothing (the render endpoint): a server calls it
     * without a browser's CSRF token.
     */
    stateless?: boolean;
  }
}

/** An error with an HTTP status; its message is shown to the client (so it must be safe to show). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The JSON schema of an id in a path or body (a positive 32-bit integer). */
export const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
