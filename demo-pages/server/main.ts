/**
 * Starts the reference server: makes sure the demo database exists and is today's, then listens
 * on HOST:PORT (default 127.0.0.1:8080). DATA_DIR overrides where the database lives, DIST_DIR the
 * element build it serves (default dist/), LOG_LEVEL the server log (default warn).
 *
 * FIN_DEV_ROUTES=1 turns on the development routes (/dev/outbox shows every SMS code, /test/*
 * pages) — only on a loopback HOST; `npm start` and the browser tests set it. TRUSTED_PROXIES
 * lists the proxies whose X-Forwarded-For / -Proto are believed (none by default);
 * FIN_SOURCE_MAPS=1 serves the element build's source maps.
 *
 * The partner demo (demo-pages/partner/) listens on PARTNER_PORT (default PORT + 1): a second
 * origin that embeds `<fin-chart>` from this one. FIN_MAIN_ORIGIN overrides the address the
 * partner page loads the element from (default http://HOST:PORT).
 */
import { buildPartnerApp } from '../partner/app.ts';
import { buildApp, devRoutesOn, devRoutesRequested, trustedProxiesFrom } from './app.ts';
import { ensureDatabase } from './shared/db.ts';
import { DEFAULT_DIST_DIR } from './shared/paths.ts';
import { DEFAULT_DATA_DIR } from '../data/paths.ts';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;

const started = performance.now();
const database = ensureDatabase(dataDir);
if (database.generated) {
  console.log(
    `Demo data ${database.generated === 'missing' ? 'created' : 'refreshed'} up to ${database.asOf} in ${Math.round(performance.now() - started)} ms: ${database.path}`,
  );
}

const devRoutes = devRoutesOn(host);
if (devRoutesRequested() && !devRoutes)
  console.warn(
    `FIN_DEV_ROUTES ignored: ${host} is not a loopback address (the outbox would show every SMS code)`,
  );

// Warnings and failed requests only; LOG_LEVEL=info logs every request.
const app = await buildApp({
  dbPath: database.path,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  production: !devRoutes,
  trustProxy: trustedProxiesFrom(process.env.TRUSTED_PROXIES),
});
// The second origin: a partner's page and its own data URLs (DESIGN §7).
const partnerPortSet = process.env.PARTNER_PORT !== undefined && process.env.PARTNER_PORT !== '';
const partnerPort = partnerPortSet ? Number(process.env.PARTNER_PORT) : port === 0 ? 0 : port + 1;
const origin = (p: number) => `http://${host.includes(':') ? `[${host}]` : host}:${p}`;
const partner = await buildPartnerApp({
  dbPath: database.path,
  mainOrigin: process.env.FIN_MAIN_ORIGIN ?? origin(port),
  distDir: DEFAULT_DIST_DIR,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});
// On our origin /partner/ only points to the partner's origin: the page is theirs, not ours.
app.get('/partner/', async (_request, reply) => reply.redirect(`${origin(partnerPort)}/partner/`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app.close(), partner.close()]).then(() => process.exit(0));
  });
}
await app.listen({ host, port });
console.log(`fin-elements demo: http://${host}:${port}/`);
try {
  await partner.listen({ host, port: partnerPort });
  console.log(`partner demo (second origin): ${origin(partnerPort)}/partner/`);
} catch (error) {
  // A port taken by something else only costs the partner demo, unless it was asked for.
  if (partnerPortSet || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  console.warn(`partner demo not started: port ${partnerPort} is in use (set PARTNER_PORT)`);
}
