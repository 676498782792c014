/**
 * The reference server (DESIGN §1, §7): a real Fastify app over the demo SQLite database, with
 * cookie sessions, server-side price masking and legacy-style pages.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { isIP } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerAuthPages } from './auth/auth.pages.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/login-limits.ts';
import { LoginService } from './auth/login.service.ts';
import { registerCompanyRoutes } from './company/company.routes.ts';
import { registerMarket } from './market/market.routes.ts';
import { registerDemoChartRoutes } from './market/demo-chart.routes.ts';
import { MarketRepository } from './market/market.repo.ts';
import { registerPriceDynamicsRoutes } from './market/price-dynamics.routes.ts';
import { registerStockPages } from './market/stock.pages.ts';
import { StockRepository } from './market/stocks.repo.ts';
import { registerPages } from './pages.ts';
import { registerProfilePages } from './profile/profile.pages.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { ProfileRepository } from './profile/profile.repo.ts';
import { registerSearchPages } from './search/search.pages.ts';
import { registerSearchRoutes } from './search/search.routes.ts';
import { HttpError, type AppContext } from './shared/context.ts';
import { CSRF_REFUSAL, csrfSecretOf, CsrfTokens, STATE_CHANGING_METHODS } from './shared/csrf.ts';
import { openDatabase, readMeta } from './shared/db.ts';
import { LabelStore } from './shared/labels.ts';
import { registerLabelRoutes } from './shared/labels.routes.ts';
import { sendErrorPage } from './shared/page.ts';
import { registerCompression } from './shared/compression.ts';
import { partnerOriginsFrom, registerDist } from './shared/dist-assets.ts';
import { DEFAULT_DIST_DIR } from './shared/paths.ts';
import { loadServerRenderer, type ServerRenderer } from './shared/first-paint.ts';
import { registerRenderRoutes } from './render/render.routes.ts';
import { addSecurityHeaders } from './shared/security-headers.ts';
import { SESSION_COOKIE, SESSION_SWEEP_MS, SessionStore } from './shared/session.ts';

export interface BuildAppOptions {
  /** The demo database (see demo-pages/data/generate.ts and shared/db.ts ensureDatabase). */
  dbPath: string;
  /** The element builds, served at /dist/; default `<repo>/dist`. */
  distDir?: string;
  /** The elements' server renderer; default the built one of distDir (tests pass the sources'). */
  renderer?: ServerRenderer | null;
  /** Fastify's logger: true, false, or options such as { level: 'warn' }. */
  logger?: boolean | { level: string };
  /** The clock (ms); tests pass a fake one to step over the 30 s resend limit. */
  now?: () => number;
  /**
   * Leaves out the development routes (/dev/outbox with every SMS code, /dev/action-log, /test/*).
   * Default: left out unless FIN_DEV_ROUTES=1 (set by `npm start` and the tests; main.ts also
   * requires a loopback address to listen on).
   */
  production?: boolean;
  /**
   * Proxies whose X-Forwarded-Proto / X-Forwarded-For are believed (Fastify's trustProxy): the
   * addresses or CIDR ranges of TRUSTED_PROXIES (comma-separated), none by default. Behind such a
   * TLS proxy the session cookie is `Secure`, HSTS is sent and the login limits count the real
   * client address; any other client claiming either is not believed.
   */
  trustProxy?: string[];
  /** Serves the element build's source maps (/dist/…/x.js.map); default: FIN_SOURCE_MAPS=1. */
  sourceMaps?: boolean;
  /** Partner pages' origins that may call the API with cookies (shared/dist-assets.ts); default FIN_PARTNER_ORIGINS. */
  partnerOrigins?: string[];
  /** Socket limits against slow or piled-up connections (DEFAULT_SERVER_LIMITS); tests pass small ones. */
  serverLimits?: Partial<ServerLimits>;
  /** Login attempt and code-send limits (auth/login-limits.ts); tests pass small ones. */
  loginLimits?: Partial<LoginLimits>;
}

/** Timeouts (ms) and the connection cap of the Node server. */
export interface ServerLimits {
  /** The whole request head must arrive within this (slow-header clients are dropped). */
  headersTimeoutMs: number;
  /** The whole request, body included. */
  requestTimeoutMs: number;
  /** A socket with no traffic at all. */
  idleTimeoutMs: number;
  /**
   * An idle keep-alive connection between requests. Longer than the idle time of the clients and
   * proxies in front (60 s is the common default): a server that closes first races a client
   * reusing the socket at that moment, and the request fails with ECONNRESET.
   */
  keepAliveTimeoutMs: number;
  /** How often Node checks the header and request timeouts. */
  checkIntervalMs: number;
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  checkIntervalMs: 1_000,
  maxConnections: 1_000,
};

/** TRUSTED_PROXIES="10.0.0.1, 10.1.0.0/16" → the list; unset or empty → none. */
export function trustedProxiesFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Whether the development routes are asked for (FIN_DEV_ROUTES=1). */
export function devRoutesRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FIN_DEV_ROUTES === '1';
}

/** 127.0.0.0/8, ::1 and localhost: a server nobody else can reach. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '::ffff:127.0.0.1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The development routes are served: asked for, and the server listens on loopback only. */
export function devRoutesOn(host: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return devRoutesRequested(env) && isLoopbackHost(host);
}

/** A route as registered: the abuse gate (abuse.test.ts) walks them all, so a new call is covered. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `config.csrf`: a GET that writes. */
  csrf: boolean;
  /** `config.stateless`: a POST that reads no session (the render endpoint), so no token is asked. */
  stateless: boolean;
}

const ROUTES = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route of an app built by buildApp, including those added to it before it is ready. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return ROUTES.get(app) ?? [];
}

/** "params/stockId must be integer" → "params.stockId must be integer". */
function validationMessage(error: FastifyError): string {
  const issue = error.validation?.[0];
  if (!issue) return error.message;
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = [error.validationContext, field].filter(Boolean).join('.');
  return `${where} ${issue.message ?? 'is invalid'}`;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? Date.now;
  const db = openDatabase(opts.dbPath);
  const login = new LoginService(db, now, { ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits });
  const ctx: AppContext = {
    db,
    meta: readMeta(db),
    repo: new StockRepository(db),
    market: new MarketRepository(db),
    sessions: new SessionStore(db, now),
    csrf: new CsrfTokens(csrfSecretOf(db)),
    login,
    labels: new LabelStore(db),
    profile: new ProfileRepository(db, login),
    distDir: opts.distDir ?? DEFAULT_DIST_DIR,
    renderer:
      opts.renderer === undefined
        ? await loadServerRenderer(opts.distDir ?? DEFAULT_DIST_DIR)
        : opts.renderer,
    production: opts.production ?? !devRoutesRequested(),
    now,
  };

  const limits = { ...DEFAULT_SERVER_LIMITS, ...opts.serverLimits };
  const trusted = opts.trustProxy ?? [];
  const app = Fastify({
    logger: opts.logger ?? false,
    // /stocks/sber and /stocks/sber/ are the same page.
    routerOptions: { ignoreTrailingSlash: true },
    // No client is believed about its address or scheme unless it is a configured proxy.
    trustProxy: trusted.length > 0 ? trusted : false,
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  });
  app.server.maxConnections = limits.maxConnections;
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        csrf: Boolean(route.config?.csrf),
        stateless: Boolean(route.config?.stateless),
      });
  });
  // Idle sessions and old login counts go on a timer too, not only when someone comes back.
  const sweep = () => {
    ctx.sessions.sweep();
    ctx.login.limiter.sweep();
  };
  const sweeper = setInterval(sweep, SESSION_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    db.close();
  });

  await app.register(cookie);
  await app.register(formbody);
  // /dist/ as a CDN serves it (caching, precompressed variants, CORS) and the API's CORS.
  await registerDist(app, {
    root: ctx.distDir,
    sourceMaps: opts.sourceMaps ?? process.env.FIN_SOURCE_MAPS === '1',
    partnerOrigins: opts.partnerOrigins ?? partnerOriginsFrom(process.env.FIN_PARTNER_ORIGINS),
    loopbackPartners: !ctx.production,
  });

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/dist/')) return;
    const id = request.cookies[SESSION_COOKIE];
    request.session = id ? ctx.sessions.find(id) : null;
  });
  // Answers depend on the session (masking): no shared cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/dist/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    addSecurityHeaders(reply);
  });
  // Pages and JSON answers compressed by Accept-Encoding; after the other onSend hooks, which
  // read the answer as text.
  registerCompression(app);

  // No stack traces in answers: a status and a message, `Internal error` for anything unexpected.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      status >= 500 ? 'Internal error' : error.validation ? validationMessage(error) : error.message;
    const wantsJson = (request.query as { format?: string } | undefined)?.format === 'json';
    if (request.routeOptions.config?.page && !wantsJson && request.method === 'GET') {
      return sendErrorPage(ctx, request, reply, status, message);
    }
    return reply.status(status).send({ error: message });
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|dev|dist)\//.test(request.url);
    if (isPage) return sendErrorPage(ctx, request, reply, 404, null);
    return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  // Every state-changing call (and a GET marked `csrf`) carries this browser's CSRF token, the
  // page's `sid`, as the X-CSRF-Token header or `sid` in the body (shared/csrf.ts).
  // Checked before the body is validated: a forged call learns nothing about its payload.
  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    if (!STATE_CHANGING_METHODS.has(request.method) && !request.routeOptions.config?.csrf) return;
    // A stateless POST (the render endpoint) reads no session and changes nothing: nothing to forge.
    if (request.routeOptions.config?.stateless) return;
    if (!ctx.csrf.valid(request)) {
      throw new HttpError(403, CSRF_REFUSAL);
    }
  });

  // Browsers ask for it on every page; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());

  registerLabelRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAuthPages(app, ctx);
  registerPriceDynamicsRoutes(app, ctx);
  registerStockPages(app, ctx);
  registerMarket(app, ctx);
  registerDemoChartRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerSearchPages(app, ctx);
  registerProfileRoutes(app, ctx);
  registerProfilePages(app, ctx);
  registerPages(app, ctx);
  registerRenderRoutes(app, ctx);
  return app;
}
