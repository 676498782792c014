/**
 * The JS a cold stock page downloads before its chart comes into view, in Chromium.
 *
 * How: a fresh browser context (empty cache) opens /stocks/sber/ in a window too short for the
 * chart (it starts below the fold, checked), asking for gzip only (Accept-Encoding), and counts
 * every script answer until the network has been idle for 500 ms: its bytes over the wire (the
 * encoded body, as Chromium's network log reports it) and its file. Then the chart is scrolled
 * into view and what that downloads is counted apart.
 *
 * Run alone (with a server on BENCH_PORT): `npx tsx bench/stock-page-js.bench.ts`.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';

/** A window this short keeps the stock chart (below the price dynamics) out of view at load. */
const VIEWPORT = { width: 1280, height: 480 };

export interface ScriptDownload {
  /** Path of the file on the server. */
  file: string;
  /** Bytes of the body over the wire. */
  bytes: number;
  /** Content-Encoding of the answer (none: sent as is). */
  encoding: string;
}

export interface StockPageJsFigures {
  /** Whether the chart's top was below the window when the load had settled. */
  chartOutOfView: boolean;
  beforeChart: ScriptDownload[];
  /** Scripts downloaded once the chart was scrolled into view. */
  onScroll: ScriptDownload[];
}

function collectScripts(page: Page, into: () => ScriptDownload[]): Promise<void>[] {
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        // Wait for the body: the encoded size is known once it has arrived.
        await response.finished();
        const sizes = await response.request().sizes();
        into().push({
          file: new URL(response.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  return pending;
}

export async function benchStockPageJs(baseUrl: string): Promise<StockPageJsFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    });
    const page = await context.newPage();
    const figures: StockPageJsFigures = { chartOutOfView: false, beforeChart: [], onScroll: [] };
    let list = figures.beforeChart;
    const pending = collectScripts(page, () => list);
    await page.goto(`${baseUrl}/stocks/sber/?lang=eng`);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending.splice(0));
    figures.chartOutOfView = await page.evaluate(
      () => (document.querySelector('fin-stock-chart')?.getBoundingClientRect().top ?? 0) > innerHeight,
    );
    list = figures.onScroll;
    await page.locator('fin-stock-chart').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // The network idles 500 ms after the last answer: scripts the chart asks for on view are in.
    await page.waitForTimeout(600);
    await Promise.all(pending);
    await context.close();
    return figures;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function printStockPageJsFigures(figures: StockPageJsFigures): void {
  const total = (list: ScriptDownload[]) => list.reduce((sum, script) => sum + script.bytes, 0);
  const gzip = figures.beforeChart.filter((script) => script.encoding === 'gzip');
  console.log(
    `window ${VIEWPORT.width}×${VIEWPORT.height}, chart ${figures.chartOutOfView ? 'below the fold' : 'IN VIEW at load (the figure is the whole load)'}`,
  );
  console.log(
    `before the chart is in view: ${kb(total(figures.beforeChart))} over the wire in ${figures.beforeChart.length} files ` +
      `(${gzip.length} gzip, ${figures.beforeChart.length - gzip.length} too small to compress)`,
  );
  for (const script of [...figures.beforeChart].sort((a, b) => b.bytes - a.bytes))
    console.log(
      `  ${kb(script.bytes).padStart(9)}  ${script.file}${script.encoding === 'gzip' ? '' : ' (as is)'}`,
    );
  console.log(
    `once the chart is scrolled into view: + ${kb(total(figures.onScroll))} in ${figures.onScroll.length} files` +
      (figures.onScroll.length ? `: ${figures.onScroll.map((script) => script.file).join(', ')}` : ''),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.BENCH_PORT ?? 8191);
  printStockPageJsFigures(await benchStockPageJs(`http://127.0.0.1:${port}`));
}
