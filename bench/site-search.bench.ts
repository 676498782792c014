/**
 * Keystroke to results painted in `<fin-site-search>` (the header box of the demo start page), in
 * Chromium, against a running server (the bench runs it on the 100,000-instrument database).
 *
 * Each run types a term's last character into the box holding the rest of it; a mutation
 * observer on the box sees the change after which the five suggest calls of the full term have
 * answered and the box shows no busy mark, and the paint is the end of that frame (a message
 * posted from its animation frame; polling for the state and two more frames added 2-3 frames). The time counted is from the keystroke to that paint, less the 300 ms
 * debounce (SEARCH_DEBOUNCE_MS): the time the visitor waits once the box starts searching.
 *
 * That time is split by the resource timing of the suggest call that answered last (the box waits
 * for all five): debounce end → the call sent (the box's own work, a late timer), the search on
 * the server (its Server-Timing), the rest of the wait for the answer (loopback, and the queue
 * behind the other four calls on the one server thread), the download, and answer → painted
 * (JSON, render, layout, paint).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { SEARCH_DEBOUNCE_MS } from '../src/widgets/search-box/search-box.model.ts';
import { percentile } from './server.bench.ts';

interface Window {
  __suggestDone: Map<string, number>;
}

/** Where one keystroke's wait went (ms). */
export interface KeystrokeSplit {
  /** Debounce end → the last-answered suggest call sent. */
  send: number;
  /** Its search on the server (Server-Timing). */
  server: number;
  /** The rest of its wait for the first byte: loopback and the queue behind the other calls. */
  queue: number;
  download: number;
  /** Its last byte → the results painted: JSON, render, layout, paint. */
  render: number;
}

export async function benchSiteSearchKeystroke(
  baseUrl: string,
  terms: readonly string[],
): Promise<{ latencies: number[]; splits: KeystrokeSplit[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const latencies: number[] = [];
  const splits: KeystrokeSplit[] = [];
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
      // Watches the box: once the term's five calls have answered and the busy mark is gone,
      // the frame that shows it (its animation frame runs before the paint, a message after).
      const started = await page.evaluate((full) => {
        const w = window as unknown as Window & { __painted?: number };
        w.__suggestDone.clear();
        w.__painted = undefined;
        performance.clearResourceTimings();
        const root = document.querySelector('header fin-site-search')!.shadowRoot!;
        const observer = new MutationObserver(() => {
          if ((w.__suggestDone.get(full) ?? 0) < 5 || root.querySelector('.fin-sb__busy')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => (w.__painted = performance.now());
            channel.port2.postMessage(null);
          });
        });
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        return performance.now();
      }, term);
      await page.keyboard.type(term.slice(-1));
      const painted = await page.waitForFunction(
        () => (window as unknown as { __painted?: number }).__painted,
        null,
        { timeout: 10_000 },
      );
      const paintedAt = Number(await painted.jsonValue());
      const split = await page.evaluate(
        ({ searchFrom, paintedAt }) => {
          const calls = performance
            .getEntriesByType('resource')
            .filter(
              (entry) => entry.name.includes('/api/suggest/') && entry.startTime >= searchFrom - 5,
            ) as PerformanceResourceTiming[];
          const last = calls.sort((a, b) => a.responseEnd - b.responseEnd).at(-1);
          if (!last) return null;
          const server = last.serverTiming.find((timing) => timing.name === 'search')?.duration ?? 0;
          return {
            send: last.startTime - searchFrom,
            server,
            queue: last.responseStart - last.startTime - server,
            download: last.responseEnd - last.responseStart,
            render: paintedAt - last.responseEnd,
          };
        },
        { searchFrom: started + SEARCH_DEBOUNCE_MS, paintedAt },
      );
      if (index > 0) {
        latencies.push(paintedAt - started - SEARCH_DEBOUNCE_MS);
        if (split) splits.push(split);
      }
    }
  } finally {
    await browser.close();
  }
  latencies.sort((a, b) => a - b);
  return { latencies, splits };
}

export function printSiteSearchKeystroke(latencies: number[], splits: KeystrokeSplit[] = []): void {
  const p95 = percentile(latencies, 95);
  console.log(
    `<fin-site-search> keystroke → results painted, less the ${SEARCH_DEBOUNCE_MS} ms debounce, ` +
      `${latencies.length} terms: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms (aim < 100 ms: ${p95 < 100 ? 'met' : 'NOT met'})`,
  );
  if (!splits.length) return;
  const parts: Array<[keyof KeystrokeSplit, string]> = [
    ['send', 'debounce end → last call sent'],
    ['server', 'its search on the server'],
    ['queue', 'loopback + queue behind the other calls'],
    ['download', 'download'],
    ['render', 'answer → painted (JSON, render, paint)'],
  ];
  console.log(`where it went (the call answered last; debounce ${SEARCH_DEBOUNCE_MS} ms not counted):`);
  for (const [part, what] of parts) {
    const values = splits.map((split) => split[part]).sort((a, b) => a - b);
    console.log(
      `  ${what}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
    );
  }
}
