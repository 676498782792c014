/**
 * Reference-server figures, measured from this process over loopback:
 *
 *   benchServer(port)      starts its own server (dev outbox on, fresh database) and calls it as
 *                          the stock and issuer pages do, with the visitor's cookies and CSRF
 *                          token, anonymous and as the paid demo user: price dynamics, the chart's
 *                          get_tradings, the trading table, the RAS report, varied suggestions;
 *                          16 connections for 4 s each; req/s, p50/p99, only 2xx answers served
 *                          (any other status prints FAILED instead of the figure); server RSS
 *                          before and after
 *   benchScaledSuggest()   generates a database with --scale 100000 into a temp DATA_DIR (timed),
 *                          starts a server on it and prints suggestion latency p50/p95/p99 over a
 *                          few hundred varied terms, the same terms typed in the wrong keyboard
 *                          layout, and search-page calls (pages 1-5), one request at a time,
 *                          as an anonymous visitor (cookie and token) (target: p95 < 20 ms)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths, displayDate, todayUtc } from '../src/contract/calendar.ts';
import { generate } from '../demo-pages/data/generate.ts';
import { substream } from '../demo-pages/data/random.ts';
import { DB_FILE_NAME } from '../demo-pages/data/paths.ts';
import { convertLayout } from '../src/contract/keyboard-layout.ts';
import {
  SEARCH_CATEGORIES,
  SEARCH_PAGE_SIZE,
  SUGGEST_URLS,
  type SearchCategory,
} from '../src/contract/search.ts';
import { startServer } from './server.ts';

/** No measured call runs longer than this. */
const MAX_CALL_MS = 4000;

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Latencies in ms, sorted. */
  latencies: number[];
  statuses: Record<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Requests kept in flight by `concurrency` workers while `more(index, elapsed ms)` says so; every
 * status counted, 0 for no answer (the connection failed).
 */
async function drive(
  concurrency: number,
  more: (index: number, elapsedMs: number) => boolean,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (more(next, performance.now() - started)) {
      const t = performance.now();
      let status = 0;
      try {
        const response = await send(next++);
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // counted as status 0
      }
      latencies.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, latencies, statuses };
}

/** `count` requests made by `concurrency` workers; stops early at MAX_CALL_MS. */
export function load(
  count: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  return drive(concurrency, (index, elapsedMs) => index < count && elapsedMs < MAX_CALL_MS, send);
}

/** Terms a visitor types: name beginnings, tickers, ISINs and their prefixes, two-word names. */
const DEMO_TERMS = [
  'сбер',
  'sber',
  'газпром',
  'gazp',
  'лукойл',
  'норник',
  'norilsk',
  'роснефть',
  'rosn',
  'новатэк',
  'магнит',
  'мтс',
  'татнефть',
  'сургут',
  'втб',
  'аэрофлот',
  'алроса',
  'северсталь',
  'нлмк',
  'полюс',
  'мосбиржа',
  'moex',
  'интер рао',
  'фосагро',
  'ростелеком',
  'apple',
  'msft',
  'nvidia',
  'coca',
  'tesla',
  'диасофт',
  'офз',
  'индекс',
  'index',
  'RU0009029540',
  'RU000A',
  'US0378',
  'imoex',
  'rtsi',
  'сбербанк ап',
];

/** A visitor's browser as the bench plays it: its cookies and the page's CSRF token. */
export interface Visitor {
  cookie: string;
  token: string;
}

/** `name=value` pairs of the answer's Set-Cookie headers merged into `cookie`. */
export function withCookies(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** The token a page hands its elements: the `sid` of `#fin-user` (DESIGN §7). */
function pageToken(html: string): string {
  const user = /<script type="application\/json" id="fin-user">([\s\S]*?)<\/script>/.exec(html);
  const sid = (JSON.parse(user?.[1] ?? '{}') as { sid?: unknown }).sid;
  if (typeof sid !== 'string') throw new Error('the page hands out no CSRF token');
  return sid;
}

/** Opens the stock page as a browser does: the visitor cookie and the page's token. */
export async function anonymousVisitor(baseUrl: string): Promise<Visitor> {
  const response = await fetch(`${baseUrl}/stocks/sber/?lang=eng`);
  return { cookie: withCookies('', response), token: pageToken(await response.text()) };
}

/** Signs in through the login calls and the dev outbox (demo-pages/testing/session.ts), then reopens the page. */
async function signedInVisitor(baseUrl: string, phone: string): Promise<Visitor> {
  const anonymous = await anonymousVisitor(baseUrl);
  const token = anonymous.token;
  let cookie = anonymous.cookie;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: cookie },
      body: JSON.stringify(body),
    });
    cookie = withCookies(cookie, response);
    const answer = (await response.json()) as { messages?: string[] };
    if (!response.ok || answer.messages?.length)
      throw new Error(`${path} refused the sign-in: ${response.status} ${JSON.stringify(answer)}`);
  };
  await post('/api/auth/login/', { phone });
  const outbox = await fetch(`${baseUrl}/dev/outbox?session=current`, { headers: { Cookie: cookie } });
  const sent = ((await outbox.json()) as Array<{ phone: string; code: string }>).find(
    (entry) => entry.phone === phone,
  );
  if (!sent) throw new Error(`no code was sent to ${phone}`);
  await post('/api/auth/code/', { code: sent.code });
  const page = await fetch(`${baseUrl}/stocks/sber/?lang=eng`, { headers: { Cookie: cookie } });
  const user = /<script type="application\/json" id="fin-user">([\s\S]*?)<\/script>/.exec(
    await page.clone().text(),
  );
  if (!(JSON.parse(user?.[1] ?? '{}') as { userAuth?: boolean }).userAuth)
    throw new Error(`${phone} is not signed in`);
  return { cookie: withCookies(cookie, page), token: pageToken(await page.text()) };
}

/** Requests kept in flight by `concurrency` workers for `seconds`; every status counted. */
export function loadFor(
  seconds: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  return drive(concurrency, (_index, elapsedMs) => elapsedMs < seconds * 1000, send);
}

/**
 * One call's figure, or FAILED when any answer was not 2xx: an error answer is quick and would
 * pass for speed.
 */
export function servedFigure(name: string, result: LoadResult, serverCpuMs: number | null = null): string {
  const failed = Object.entries(result.statuses).filter(([status]) => !/^2\d\d$/.test(status));
  if (failed.length)
    return (
      `${name}: FAILED: ` +
      failed.map(([status, n]) => `${n} answers were ${status === '0' ? 'no answer' : status}`).join(', ') +
      ` (of ${result.requests})`
    );
  return (
    `${name}: ${result.perSecond.toFixed(0)} req/s, p50 ${percentile(result.latencies, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(result.latencies, 99).toFixed(1)} ms (${result.requests} answers, all 2xx, in ${result.seconds.toFixed(1)} s)` +
    (serverCpuMs === null ? '' : `; server CPU ${(serverCpuMs / result.requests).toFixed(2)} ms per answer`)
  );
}

const SERVER_CONNECTIONS = 16;
const SERVER_SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 4);
const PAID_PHONE = '+79000000002';

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/**
 * The reference server as the stock and issuer pages call it: its own server (with the dev outbox
 * to sign in, on a fresh database), an anonymous visitor and the paid demo user, each call kept
 * busy by 16 connections for a few seconds (BENCH_SERVER_SECONDS); the server's memory before and
 * after.
 */
export async function benchServer(port: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fin-bench-server-'));
  const server = await startServer(port, dataDir, { devRoutes: true });
  const baseUrl = server.baseUrl;
  try {
    const today = todayUtc(Date.now());
    const monthAgo = displayDate(addMonths(today, -1));
    const before = server.memory();
    const calls: Array<{ name: string; send: (visitor: Visitor, i: number) => Promise<Response> }> = [
      {
        name: 'GET /api/stocks/1/1/price-dynamics/',
        send: (visitor) =>
          fetch(`${baseUrl}/api/stocks/1/1/price-dynamics/`, { headers: { Cookie: visitor.cookie } }),
      },
      {
        name: 'POST /api/stocks/get_tradings/ (sber, ground 1, one month: the chart)',
        send: (visitor) =>
          post(visitor, `${baseUrl}/api/stocks/get_tradings/`, {
            date_from: monthAgo,
            date_to: displayDate(today),
            stocks_ids: [1],
            trading_ground_ids: [1],
            userChangePeriod: false,
            getChartIteration: 1,
            fields: ['close'],
          }),
      },
      {
        name: 'POST /api/stocks/1/1/createTableTradingFullInfo/ (the trading table, one month)',
        send: (visitor) =>
          post(visitor, `${baseUrl}/api/stocks/1/1/createTableTradingFullInfo/`, {
            dateFrom: monthAgo,
            dateTo: displayDate(today),
          }),
      },
      {
        name: 'GET /api/company/get-report/rsbu/1/ (the RAS report, annual)',
        send: (visitor) =>
          fetch(`${baseUrl}/api/company/get-report/rsbu/1/?reportPeriod=2&lang=eng`, {
            headers: { Cookie: visitor.cookie },
          }),
      },
      {
        name: `POST /api/suggest/stocks/ (${DEMO_TERMS.length} varied terms)`,
        send: (visitor, i) =>
          post(visitor, `${baseUrl}${SUGGEST_URLS.stocks}`, { term: DEMO_TERMS[i % DEMO_TERMS.length] }),
      },
    ];
    const visitors: Array<[string, Visitor]> = [
      ['anonymous', await anonymousVisitor(baseUrl)],
      [`paid (${PAID_PHONE})`, await signedInVisitor(baseUrl, PAID_PHONE)],
    ];
    // Warm-up: the first requests pay for statement preparation and the JIT.
    for (const [, visitor] of visitors)
      for (const call of calls) for (let i = 0; i < 5; i++) await (await call.send(visitor, i)).arrayBuffer();

    console.log(
      `${SERVER_CONNECTIONS} connections, ${SERVER_SECONDS} s per call, cookies and X-CSRF-Token as the page sends them; only 2xx answers count`,
    );
    if (before) console.log(`server memory before: RSS ${mb(before.rssKb)}`);
    for (const [audience, visitor] of visitors) {
      console.log(`## ${audience}`);
      for (const call of calls) {
        const cpuBefore = server.cpuMs();
        const result = await loadFor(SERVER_SECONDS, SERVER_CONNECTIONS, (i) => call.send(visitor, i));
        const cpuAfter = server.cpuMs();
        const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        console.log(servedFigure(call.name, result, cpu));
      }
    }
    const after = server.memory();
    if (after) console.log(`server memory after: RSS ${mb(after.rssKb)}, peak RSS ${mb(after.peakKb)}`);
    else console.log('server memory: not readable here (no /proc)');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A POST as the page's elements send it: JSON, the visitor's cookies and the CSRF token. */
export function post(visitor: Visitor, url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': visitor.token, Cookie: visitor.cookie },
    body: JSON.stringify(body),
  });
}

/** Varied terms from the generated index itself: word beginnings, tickers, ISINs (full and prefixes). */
function termsFrom(dbPath: string, count: number, seed: number): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT name, name_eng, tickers, isin FROM search_items ORDER BY id')
      .all() as Array<{ name: string; name_eng: string; tickers: string; isin: string | null }>;
    const rng = substream(seed, 'bench:terms');
    const terms: string[] = [];
    while (terms.length < count) {
      const row = rows[rng.int(0, rows.length - 1)]!;
      const kind = rng.int(0, 5);
      const words = (kind % 2 ? row.name_eng : row.name).split(/\s+/).filter((w) => w.length >= 3);
      const word = words[rng.int(0, Math.max(0, words.length - 1))] ?? row.name;
      if (kind <= 1) terms.push(word.slice(0, rng.int(3, Math.max(3, Math.min(8, word.length)))));
      else if (kind === 2 && words.length > 1) terms.push(`${words[0]} ${words[1]!.slice(0, 3)}`);
      else if (kind === 3 && row.tickers) terms.push(row.tickers.split(' ')[0]!);
      else if (kind === 4 && row.isin) terms.push(row.isin.slice(0, rng.int(4, 12)));
      else terms.push(word.slice(0, 3));
    }
    return terms;
  } finally {
    db.close();
  }
}

export interface ScaledSuggestOptions {
  /** Instruments in the generated index (default 100 000). */
  scale?: number;
  /** Suggestion requests to time (default 400). */
  terms?: number;
  port?: number;
  /** Run with the scaled server still up (the browser bench of the search box). */
  withServer?: (baseUrl: string, terms: string[]) => Promise<void>;
  /** Time the suggest calls from Node (default true); false runs only `withServer`. */
  loads?: boolean;
}

export async function benchScaledSuggest(opts: ScaledSuggestOptions = {}): Promise<void> {
  const scale = opts.scale ?? 100_000;
  const termCount = opts.terms ?? 400;
  const port = opts.port ?? Number(process.env.BENCH_SCALE_PORT ?? 8192);
  const dataDir = mkdtempSync(join(tmpdir(), 'fin-bench-scale-'));
  try {
    const dbPath = join(dataDir, DB_FILE_NAME);
    const started = performance.now();
    generate(dbPath, { scale });
    console.log(`\n# Search over ${scale} instruments`);
    console.log(
      `database generated with --scale ${scale} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const terms = termsFrom(dbPath, termCount, 1077);

    const server = await startServer(port, dataDir);
    try {
      // An anonymous visitor of the stock page: its cookie and token, as the header box sends them.
      const visitor = await anonymousVisitor(server.baseUrl);
      const send = (i: number, list = terms, extra: object = {}) => {
        const category = SEARCH_CATEGORIES[i % SEARCH_CATEGORIES.length] as SearchCategory;
        return post(visitor, `${server.baseUrl}${SUGGEST_URLS[category]}`, {
          term: list[i % list.length],
          ...extra,
        });
      };
      // The server must have kept the scaled file (same day and schema) instead of generating its own.
      const probe = (await (
        await post(visitor, `${server.baseUrl}${SUGGEST_URLS.bonds}`, { term: 'RU000A' })
      ).json()) as {
        total?: number;
      };
      if (!((probe.total ?? 0) >= scale / 10))
        throw new Error(
          `the server does not search the scaled database (${JSON.stringify(probe).slice(0, 200)})`,
        );
      if (opts.loads === false) return await opts.withServer?.(server.baseUrl, terms);
      await load(40, 1, send); // warm-up
      // The server's CPU time per call: what a busy machine does not stretch.
      const timed = async (run: () => Promise<LoadResult>) => {
        const before = server.cpuMs();
        const result = await run();
        const after = server.cpuMs();
        return { result, cpuMs: before === null || after === null ? null : after - before };
      };
      const print = (what: string, { result, cpuMs }: { result: LoadResult; cpuMs: number | null }) => {
        const name = `POST /api/suggest/{category}/, ${result.requests} ${what} one at a time`;
        const served = servedFigure(name, result);
        if (served.includes('FAILED')) return console.log(served);
        const p95 = percentile(result.latencies, 95);
        console.log(
          `${name}: ` +
            `p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
            `p99 ${percentile(result.latencies, 99).toFixed(1)} ms, all 2xx ` +
            `(target p95 < 20 ms: ${p95 < 20 ? 'met' : 'NOT met'})` +
            (cpuMs === null ? '' : `; server CPU ${(cpuMs / result.requests).toFixed(1)} ms per call`),
        );
      };
      print('varied terms', await timed(() => load(termCount, 1, (i) => send(i + 40))));
      // The same terms typed in the wrong keyboard layout: both readings are searched.
      const mistyped = terms.map((term) => convertLayout(term)).filter((term) => term !== null);
      print('wrong-layout terms', await timed(() => load(termCount, 1, (i) => send(i, mistyped))));
      // The search page: a page of SEARCH_PAGE_SIZE results, pages 1 to 5.
      print(
        `search-page calls (pages 1-5 of ${SEARCH_PAGE_SIZE})`,
        await timed(() =>
          load(termCount, 1, (i) => send(i, terms, { page: 1 + (i % 5), limit: SEARCH_PAGE_SIZE })),
        ),
      );
      await opts.withServer?.(server.baseUrl, terms);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx bench/server.bench.ts` (its own server on BENCH_PORT + 2).
if (process.argv[1] === fileURLToPath(import.meta.url))
  await benchServer(Number(process.env.BENCH_PORT ?? 8191) + 2);
