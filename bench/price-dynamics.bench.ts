/** Time from navigation to the price-dynamics block's first paint with data, in Chromium. */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { median } from './server.ts';

export async function benchPriceDynamicsFirstPaint(
  baseUrl: string,
  runs = 7,
): Promise<{ runs: number[]; median: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    // One warm-up run so the server's first-request costs do not count.
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener('fin-price-dynamics-load', () => {
          // Two frames after the data render: the block has been painted.
          requestAnimationFrame(() =>
            requestAnimationFrame(
              () => ((window as unknown as { __painted: number }).__painted = performance.now()),
            ),
          );
        });
      });
      await page.goto(`${baseUrl}/stocks/sber/?lang=eng`);
      const painted = await page.waitForFunction(
        () => (window as unknown as { __painted?: number }).__painted,
        null,
        { timeout: 30_000 },
      );
      if (run > 0) times.push(Number(await painted.jsonValue()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs: times, median: median(times) };
}
