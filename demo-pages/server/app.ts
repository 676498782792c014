/**
 * The reference server (DESIGN §1, §7): a real Fastify app over the demo SQLite database, with
 * cookie sessions, server-side price masking and legacy-style pages.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerAuthPages } from './auth/auth.pages.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/login-limits.ts';
import { LoginService } from './auth/login.service.ts';
import { registerCompanyRoutes } from './company/company.routes.ts';
import { registerMarket } from './market/market.routes.ts';
import { MarketRepository } from './market/market.repo.ts';
import { registerPriceDynamicsRoutes } from './market/price-dynamics.routes.ts';
import { registerStockPages } from './market/stock.pages.ts';
import { StockRepository } from './market/stocks.repo.ts';
import { registerPages } from './pages.ts';
import { registerProfilePages } from './profile/profile.pages.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { registerSearchPages } from './search/search.pages.ts';
import { registerSearchRoutes } from './search/search.routes.ts';
import { HttpError, type AppContext } from './shared/context.ts';
import { CSRF_REFUSAL, csrfSecretOf, CsrfTokens, STATE_CHANGING_METHODS } from './shared/csrf.ts';
import { openDatabase, readMeta } from './shared/db.ts';
import { LabelStore } from './shared/labels.ts';
import { registerLabelRoutes } from './shared/labels.routes.ts';
import { sendErrorPage } from './shared/page.ts';
import { DEFAULT_DIST_DIR } from './shared/paths.ts';
import { addSecurityHeaders } from './shared/security-headers.ts';
import { SESSION_COOKIE, SESSION_SWEEP_MS, SessionStore } from './shared/session.ts';

export interface BuildAppOptions {
  /** The demo database (see demo-pages/data/generate.ts and shared/db.ts ensureDatabase). */
  dbPath: string;
  /** The element builds, served at /dist/; default `<repo>/dist`. */
  distDir?: string;
  /** Fastify's logger: true, false, or options such as { level: 'warn' }. */
  logger?: boolean | { level: string };
  /** The clock (ms); tests pass a fake one to step over the 30 s resend limit. */
  now?: () => number;
  /** Leaves out the development routes; default: NODE_ENV === 'production'. */
  production?: boolean;
  /**
   * Proxies whose X-Forwarded-Proto / X-Forwarded-For are believed (Fastify's trustProxy): by
   * default only one on loopback, so a TLS proxy in front makes the session cookie `Secure` and
   * the login limits count the real client address; nobody else can claim either.
   */
  trustProxy?: boolean | string | string[];
  /** Login attempt and code-send limits (auth/login-limits.ts); tests pass small ones. */
  loginLimits?: Partial<LoginLimits>;
}

/** A route as registered: the abuse gate (abuse.test.ts) walks them all, so a new call is covered. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `config.csrf`: a GET that writes. */
  csrf: boolean;
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
  const ctx: AppContext = {
    db,
    meta: readMeta(db),
    repo: new StockRepository(db),
    market: new MarketRepository(db),
    sessions: new SessionStore(db, now),
    csrf: new CsrfTokens(csrfSecretOf(db)),
    login: new LoginService(db, now, { ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits }),
    labels: new LabelStore(db),
    distDir: opts.distDir ?? DEFAULT_DIST_DIR,
    production: opts.production ?? process.env.NODE_ENV === 'production',
    now,
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    // /stocks/sber and /stocks/sber/ are the same page.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: opts.trustProxy ?? 'loopback',
  });
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, csrf: Boolean(route.config?.csrf) });
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
  await app.register(fastifyStatic, {
    root: ctx.distDir,
    prefix: '/dist/',
    decorateReply: false,
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
  registerCompanyRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerSearchPages(app, ctx);
  registerProfileRoutes(app, ctx);
  registerProfilePages(app, ctx);
  registerPages(app, ctx);
  return app;
}
