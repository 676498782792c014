/**
 * Keystroke to results painted in `<fin-site-search>` (the header box of the demo start page), in
 * Chromium, against a running server (the bench runs it on the 100,000-instrument database).
 *
 * Each run types a term's last character into the box holding the rest of it, then waits until
 * the five suggest calls of the full term have answered and the box shows no busy mark, and two
 * frames more (painted). The time counted is from the keystroke to that paint, less the 300 ms
 * debounce (SEARCH_DEBOUNCE_MS): the time the visitor waits once the box starts searching.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { SEARCH_DEBOUNCE_MS } from '../src/widgets/search-box/search-box.model.ts';
import { percentile } from './server.bench.ts';

interface Window {
  __suggestDone: Map<string, number>;
}

export async function benchSiteSearchKeystroke(
  baseUrl: string,
  terms: readonly string[],
): Promise<{ latencies: number[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const latencies: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Count the answered suggest calls of each term (the calls are made by the element).
    await page.addInitScript(() => {
      const done = new Map<string, number>();
      (window as unknown as Window).__suggestDone = done;
      const original = window.fetch;
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/api/suggest/') && typeof init?.body === 'string') {
          const term = (JSON.parse(init.body) as { term?: string }).term ?? '';
          done.set(term, (done.get(term) ?? 0) + 1);
        }
        return response;
      };
    });
    await page.goto(`${baseUrl}/?lang=eng`);
    const input = page.locator('header fin-site-search').getByRole('combobox');
    await input.waitFor();
    // Distinct terms of 4 characters or more (a term typed before may be answered from memory);
    // the first warms up the server, the page and the element's lazy parts.
    const distinct = [...new Set(terms.map((term) => term.trim()).filter((term) => [...term].length >= 4))];
    for (const [index, term] of distinct.entries()) {
      await input.fill(term.slice(0, -1));
      await input.focus();
      await page.evaluate(() => (window as unknown as Window).__suggestDone.clear());
      const started = await page.evaluate(() => performance.now());
      await page.keyboard.type(term.slice(-1));
      const painted = await page.waitForFunction(
        (full) => {
          const done = (window as unknown as Window).__suggestDone.get(full) ?? 0;
          const host = document.querySelector('header fin-site-search');
          if (done < 5 || host?.shadowRoot?.querySelector('.fin-sb__busy')) return null;
          return new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
          );
        },
        term,
        { polling: 'raf', timeout: 10_000 },
      );
      if (index > 0) latencies.push(Number(await painted.jsonValue()) - started - SEARCH_DEBOUNCE_MS);
    }
  } finally {
    await browser.close();
  }
  latencies.sort((a, b) => a - b);
  return { latencies };
}

export function printSiteSearchKeystroke(latencies: number[]): void {
  const p95 = percentile(latencies, 95);
  console.log(
    `<fin-site-search> keystroke → results painted, less the ${SEARCH_DEBOUNCE_MS} ms debounce, ` +
      `${latencies.length} terms: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms (aim < 100 ms: ${p95 < 100 ? 'met' : 'NOT met'})`,
  );
}
