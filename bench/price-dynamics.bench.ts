/**
 * Time from navigation to the price-dynamics block's first frame with data, in Chromium, and the
 * same navigations' first contentful paint (PerformanceObserver 'paint'): the aim is the block
 * painted with the page (ratio of the medians ≤ 1.1) and ≤ 300 ms.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { median } from './server.ts';

/** `query` `preload=0`: the page as a template without first paint and preload sends it. */
export async function benchPriceDynamicsFirstPaint(
  baseUrl: string,
  runs = 7,
  query = '',
): Promise<PriceDynamicsPaint> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  const fcps: number[] = [];
  try {
    // One warm-up run so the server's first-request costs do not count.
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === 'first-contentful-paint')
              (window as unknown as { __fcp: number }).__fcp = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
      });
      // The first frame whose block has its data table, whether the server sent it with the page
      // (declarative shadow DOM) or the element drew it after its calls: checked at every frame,
      // so both paths are timed the same way (the frame's own time). The frame loop starts once
      // the parser adds the first node. Given as text: tsx would wrap a named function in a
      // helper the page does not have.
      await page.addInitScript({
        content: `(() => {
          const painted = (now) => {
            const cell = document.querySelector('fin-price-dynamics')?.shadowRoot
              ?.querySelector('[part~="table"] tbody td');
            if (cell?.textContent?.trim()) window.__painted = now;
            else requestAnimationFrame(painted);
          };
          const start = new MutationObserver(() => {
            start.disconnect();
            requestAnimationFrame(painted);
          });
          start.observe(document, { childList: true, subtree: true });
        })();`,
      });
      await page.goto(`${baseUrl}/stocks/sber/?lang=eng${query ? `&${query}` : ''}`);
      const painted = await page.waitForFunction(
        () => (window as unknown as { __painted?: number }).__painted,
        null,
        { timeout: 30_000 },
      );
      const fcp = await page.waitForFunction(() => (window as unknown as { __fcp?: number }).__fcp, null, {
        timeout: 30_000,
      });
      if (run > 0) {
        times.push(Number(await painted.jsonValue()));
        fcps.push(Number(await fcp.jsonValue()));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const fcpMedian = median(fcps);
  return { runs: times, median: median(times), fcpRuns: fcps, fcpMedian, ratio: median(times) / fcpMedian };
}

export interface PriceDynamicsPaint {
  /** Navigation → the block painted with data, per run (ms). */
  runs: number[];
  median: number;
  /** The same navigations' first contentful paint (ms). */
  fcpRuns: number[];
  fcpMedian: number;
  /** median / fcpMedian: 1 when the block is painted with the page. */
  ratio: number;
}

const PAINT_AIM_MS = 300;
const RATIO_AIM = 1.1;

export function printPriceDynamicsPaint(paint: PriceDynamicsPaint): void {
  const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`block painted with data: ${list(paint.runs)}; median ${paint.median.toFixed(0)} ms`);
  console.log(`first contentful paint:  ${list(paint.fcpRuns)}; median ${paint.fcpMedian.toFixed(0)} ms`);
  console.log(
    `ratio of the medians: ${paint.ratio.toFixed(2)} (aim ≤ ${RATIO_AIM}: ${met(paint.ratio <= RATIO_AIM)}); ` +
      `block ≤ ${PAINT_AIM_MS} ms: ${met(paint.median <= PAINT_AIM_MS)}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.BENCH_PORT ?? 8191);
  printPriceDynamicsPaint(await benchPriceDynamicsFirstPaint(`http://127.0.0.1:${port}`));
}
