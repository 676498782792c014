/**
 * The partner demo (DESIGN §7, issue 21): a third party's site on its own origin (`npm start`
 * listens on PARTNER_PORT, default PORT + 1) that embeds `<fin-chart>` the way a partner would —
 * one module script from our origin, one tag per chart — under a strict CSP of its own, and that
 * answers the charts' data URLs itself with the SPEC §7 Chart response. Its own small Fastify app,
 * not a route of the main one: nothing on this origin shares cookies, headers or code paths with
 * ours, so the embed is tested truly cross-origin.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { checkChartRequest, type ChartResponse, type TabPeriod } from '../../src/contract/chart-widget.ts';
import { addMonths, addYears, displayDate } from '../../src/contract/calendar.ts';
import { LANGUAGES, type Lang } from '../../src/contract/types.ts';
import { ValidationError } from '../../src/contract/validate.ts';
import {
  bondMapResponse,
  ChartWindowError,
  priceSeriesResponse,
  type ChartResponseOptions,
} from '../server/shared/chart-responses.ts';
import { openDatabase, readMeta, type Db } from '../server/shared/db.ts';
import { partnerPage } from './page.ts';

export const PARTNER_PATH = '/partner/';
export const PARTNER_DATA_URLS = {
  prices: '/partner/api/chart/prices/',
  bondMap: '/partner/api/chart/bond-map/',
} as const;

export interface PartnerAppOptions {
  dbPath: string;
  /** Our origin, e.g. http://127.0.0.1:8080: where the element's module comes from. */
  mainOrigin: string;
  logger?: FastifyServerOptions['logger'];
  /** Our element build: its sri.json gives the script tag its integrity hash (none without it). */
  distDir?: string;
}

/** The entry file's hash in the build's sri.json, read on each page so a rebuild is picked up. */
function entryIntegrity(distDir: string | undefined): string | null {
  if (!distDir) return null;
  try {
    const hashes = JSON.parse(readFileSync(join(distDir, 'sri.json'), 'utf8')) as Record<string, unknown>;
    const hash = hashes['elements/fin-chart.js'];
    return typeof hash === 'string' && /^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(hash) ? hash : null;
  } catch {
    return null;
  }
}

/** The partner's strict policy: its own nonce for its own script, our origin for the element. */
export function partnerCsp(nonce: string, mainOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' ${mainOrigin}`,
    // The element's styles are constructed sheets; amCharts' one <style> takes the meta nonce.
    `style-src 'self' 'nonce-${nonce}'`,
    // The data URLs are the partner's own; labels (and the PDF fonts) come from our origin.
    `connect-src 'self' ${mainOrigin}`,
    `img-src 'self' data: blob: ${mainOrigin}`,
    `font-src 'self' data: ${mainOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Tab periods counted back from the demo's last trading day; `active` marks the default tab. */
export function tabPeriods(
  lastTradingDay: string,
  tabs: ReadonlyArray<[id: number, ttl: string, months: number]>,
  active: number,
): TabPeriod[] {
  return tabs.map(([id, ttl, months]) => ({
    id,
    ttl,
    class: id === active ? 'active' : '',
    start_date: displayDate(
      months % 12 === 0 ? addYears(lastTradingDay, -months / 12) : addMonths(lastTradingDay, -months),
    ),
    end_date: displayDate(lastTradingDay),
  }));
}

function pageLang(query: unknown): Lang {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Lang) : 'eng';
}

export async function buildPartnerApp(options: PartnerAppOptions): Promise<FastifyInstance> {
  const db: Db = openDatabase(options.dbPath);
  const { lastTradingDay } = readMeta(db);
  const mainOrigin = options.mainOrigin.replace(/\/+$/, '');
  const app = Fastify({ logger: options.logger ?? false, routerOptions: { ignoreTrailingSlash: true } });
  app.addHook('onClose', async () => db.close());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  app.get('/', async (_request, reply) => reply.redirect(PARTNER_PATH));
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());

  app.get(PARTNER_PATH, async (request, reply) => {
    const nonce = randomBytes(18).toString('base64');
    const lang = pageLang(request.query);
    const html = partnerPage({
      nonce,
      lang,
      mainOrigin,
      integrity: entryIntegrity(options.distDir),
      charts: [
        {
          title: 'Share prices',
          dataUrl: PARTNER_DATA_URLS.prices,
          periods: tabPeriods(
            lastTradingDay,
            [
              [1, '1M', 1],
              [2, '3M', 3],
              [4, '1Y', 12],
              [5, '3Y', 36],
            ],
            4,
          ),
        },
        {
          title: 'Bond map',
          dataUrl: PARTNER_DATA_URLS.bondMap,
          periods: tabPeriods(
            lastTradingDay,
            [
              [1, '1M', 1],
              [4, '1Y', 12],
            ],
            1,
          ),
        },
      ],
    });
    return reply
      .header('Content-Security-Policy', partnerCsp(nonce, mainOrigin))
      .type('text/html; charset=utf-8')
      .send(html);
  });

  const dataRoute = (
    url: string,
    build: (
      db: Db,
      request: ReturnType<typeof checkChartRequest>,
      options: ChartResponseOptions,
    ) => ChartResponse,
  ) =>
    app.post(url, async (request, reply) => {
      try {
        const body = checkChartRequest(request.body, '');
        return build(db, body, { lang: pageLang(request.query), pageLinkBase: mainOrigin });
      } catch (error) {
        if (error instanceof ValidationError || error instanceof ChartWindowError)
          return reply.status(400).send({ error: error.message });
        throw error;
      }
    });
  dataRoute(PARTNER_DATA_URLS.prices, priceSeriesResponse);
  dataRoute(PARTNER_DATA_URLS.bondMap, bondMapResponse);
  return app;
}
