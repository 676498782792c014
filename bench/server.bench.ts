/**
 * Reference-server figures, measured from this process over loopback:
 *
 *   benchServer(baseUrl)   requests per second and p50/p99 latency (concurrency 8, a fixed number
 *                          of requests, capped at a few seconds each) for price dynamics of sber,
 *                          a 10-year get_tradings of sber on ground 1, and varied suggestions
 *   benchScaledSuggest()   generates a database with --scale 100000 into a temp DATA_DIR (timed),
 *                          starts a server on it and prints suggestion latency p50/p95/p99 over a
 *                          few hundred varied terms, the same terms typed in the wrong keyboard
 *                          layout, and search-page calls (pages 1-5), one request at a time
 *                          (target: p95 < 20 ms)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addYears, displayDate, todayUtc } from '../src/contract/calendar.ts';
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

const CONCURRENCY = 8;
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

/** `count` requests made by `concurrency` workers; stops early at MAX_CALL_MS. */
export async function load(
  count: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count && performance.now() - started < MAX_CALL_MS) {
      const i = next++;
      const t = performance.now();
      const response = await send(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, latencies, statuses };
}

function report(name: string, result: LoadResult): void {
  const statuses = Object.entries(result.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(
    `${name}: ${result.requests} requests in ${result.seconds.toFixed(2)} s, ` +
      `${result.perSecond.toFixed(0)} req/s, p50 ${percentile(result.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(result.latencies, 99).toFixed(1)} ms (${statuses})`,
  );
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

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

export async function benchServer(baseUrl: string): Promise<void> {
  const today = todayUtc(Date.now());
  const tradings = {
    date_from: displayDate(addYears(today, -10)),
    date_to: displayDate(today),
    stocks_ids: [1],
    trading_ground_ids: [1],
    fields: ['close'],
    userChangePeriod: 0,
    getChartIteration: 1,
  };
  const priceDynamics = `${baseUrl}/api/stocks/1/1/price-dynamics/`;
  // Warm-up: the first requests pay for statement preparation and the JIT.
  for (let i = 0; i < 5; i++) {
    await (await fetch(priceDynamics)).arrayBuffer();
    await (await postJson(`${baseUrl}/api/stocks/get_tradings/`, tradings)).arrayBuffer();
    await (await postJson(`${baseUrl}${SUGGEST_URLS.stocks}`, { term: DEMO_TERMS[i] })).arrayBuffer();
  }

  console.log(
    `# Reference server over loopback (concurrency ${CONCURRENCY}, at most ${MAX_CALL_MS / 1000} s per call)`,
  );
  report('GET /api/stocks/1/1/price-dynamics/', await load(600, CONCURRENCY, () => fetch(priceDynamics)));
  report(
    `POST /api/stocks/get_tradings/ (sber, ground 1, ${tradings.date_from}–${tradings.date_to})`,
    await load(120, CONCURRENCY, () => postJson(`${baseUrl}/api/stocks/get_tradings/`, tradings)),
  );
  report(
    `POST /api/suggest/stocks/ (${DEMO_TERMS.length} varied terms)`,
    await load(600, CONCURRENCY, (i) =>
      postJson(`${baseUrl}${SUGGEST_URLS.stocks}`, { term: DEMO_TERMS[i % DEMO_TERMS.length] }),
    ),
  );
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
      const send = (i: number, list = terms, extra: object = {}) => {
        const category = SEARCH_CATEGORIES[i % SEARCH_CATEGORIES.length] as SearchCategory;
        return postJson(`${server.baseUrl}${SUGGEST_URLS[category]}`, {
          term: list[i % list.length],
          ...extra,
        });
      };
      // The server must have kept the scaled file (same day and schema) instead of generating its own.
      const probe = (await (
        await postJson(`${server.baseUrl}${SUGGEST_URLS.bonds}`, { term: 'RU000A' })
      ).json()) as {
        total: number;
      };
      if (probe.total < scale / 10)
        throw new Error(`the server does not search the scaled database (${probe.total})`);
      await load(40, 1, send); // warm-up
      const print = (what: string, result: LoadResult) => {
        const p95 = percentile(result.latencies, 95);
        console.log(
          `POST /api/suggest/{category}/, ${result.requests} ${what} one at a time: ` +
            `p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
            `p99 ${percentile(result.latencies, 99).toFixed(1)} ms ` +
            `(target p95 < 20 ms: ${p95 < 20 ? 'met' : 'NOT met'})`,
        );
      };
      print('varied terms', await load(termCount, 1, (i) => send(i + 40)));
      // The same terms typed in the wrong keyboard layout: both readings are searched.
      const mistyped = terms.map((term) => convertLayout(term)).filter((term) => term !== null);
      print('wrong-layout terms', await load(termCount, 1, (i) => send(i, mistyped)));
      // The search page: a page of SEARCH_PAGE_SIZE results, pages 1 to 5.
      print(
        `search-page calls (pages 1-5 of ${SEARCH_PAGE_SIZE})`,
        await load(termCount, 1, (i) => send(i, terms, { page: 1 + (i % 5), limit: SEARCH_PAGE_SIZE })),
      );
      await opts.withServer?.(server.baseUrl, terms);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
