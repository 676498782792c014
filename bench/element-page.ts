/**
 * The page set-up the element rows of the chart bench share (bench/chart-element.ts for
 * `<fin-stock-chart>`, bench/fin-chart-element.ts for `<fin-chart>`, bench/lightweight-page.ts
 * for lightweight-charts on the same origin): a fresh browser context and page on the reference
 * server's origin, the data link answered by `page.route` after a network's delay, and in the
 * page:
 *  - `__benchDataTimes`: when each answer of the data link reached the page (its `fetch` resolving);
 *  - `__benchFrames`: the time of every animation frame once data came (a rAF loop started as
 *    the first answer resolves, before the page sees it, so each entry is the start of that
 *    frame's callbacks);
 *  - `__benchLongTasks`: the long tasks.
 * Measured, the same for every library: the data answer reaching the page → the first animation
 * frame after the library finished drawing it on its canvas (`drawnAt`: for ours the end of the
 * last amCharts frame of that view, reported on the chart's host as `data-drawn-at`; for
 * lightweight-charts a frame callback queued after its `setData`, which runs after its own paint).
 * Either way the canvas' raster is in: ours runs at the end of our task, before the next frame;
 * lightweight-charts' in the commit of the frame it painted in, after that callback.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { Measurement } from './chart-bench.page.ts';

/** A network's worth of delay: the answer finds the page idle, as it would on a real site. */
export const ANSWER_DELAY_MS = 250;

declare global {
  interface Window {
    __benchDataTimes?: number[];
    __benchFrames?: number[];
    __benchLongTasks?: Array<[number, number]>;
  }
}

export interface BenchPage {
  page: Page;
  context: BrowserContext;
  close(): Promise<void>;
}

export interface BenchPageOptions {
  /** Path of the data link (answered by `answer`, any method). */
  dataPath: string;
  answer(request: Request): unknown;
  /** Pages the origin does not have (path → HTML). */
  pages?: Record<string, string>;
  viewport?: { width: number; height: number };
  /** Further routes, e.g. a script from node_modules. */
  setUp?(page: Page): Promise<unknown>;
}

export async function openBenchPage(
  browser: Browser,
  baseUrl: string,
  { dataPath, answer, pages = {}, viewport = { width: 1280, height: 1000 }, setUp }: BenchPageOptions,
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  for (const [path, body] of Object.entries(pages))
    await page.route(`${baseUrl}${path}`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body }),
    );
  await page.route(`${baseUrl}${dataPath}`, async (route) => {
    const json = answer(route.request());
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    await route.fulfill({ json });
  });
  await setUp?.(page);
  // Plain text, not a function: tsx would wrap the named closures in a helper the page lacks.
  await page.addInitScript({
    content: `
    window.__benchDataTimes = [];
    window.__benchFrames = [];
    window.__benchLongTasks = [];
    // Started by the first answer, before the page sees it: its callback comes first in each frame.
    let looping = false;
    const frame = () => {
      window.__benchFrames.push(performance.now());
      requestAnimationFrame(frame);
    };
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchOriginal(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, location.href).pathname === ${JSON.stringify(dataPath)}) {
        window.__benchDataTimes.push(performance.now());
        if (!looping) requestAnimationFrame(frame);
        looping = true;
      }
      return response;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });`,
  });
  return { page, context, close: () => context.close() };
}

/** Forgets the answers and frames so far: the next answer of the data link is the measured one. */
export async function startMeasuring(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__benchDataTimes = [];
    window.__benchFrames = [];
  });
}

/**
 * The figures from the measured answer (the first since `startMeasuring` or the page load) to
 * the first frame after `drawnAt` (when the library finished drawing it).
 */
export async function measuredFrom(page: Page, drawnAt: number, drawnPoints: number): Promise<Measurement> {
  await page.waitForFunction((at) => (window.__benchFrames ?? []).some((time) => time > at), drawnAt, {
    timeout: 60_000,
  });
  // Long-task entries arrive after their task ends: one more frame and a message for the last one.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 60))));
  const result = await page.evaluate((at) => {
    const from = window.__benchDataTimes![0] ?? NaN;
    const shown = window.__benchFrames!.find((time) => time > at) ?? NaN;
    const tasks = window.__benchLongTasks!.filter(
      ([start, duration]) => start + duration > from && start < shown,
    );
    return {
      ms: shown - from,
      longestTask: Math.max(0, ...tasks.map(([, duration]) => duration)),
      blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    };
  }, drawnAt);
  return { ...result, drawnPoints };
}

/**
 * Waits until our chart host (found by `hostSelector` inside `tag`'s shadow root) shows a view
 * of `total` points, and returns when its last frame was drawn and how many points it drew.
 */
export async function waitOurChartDrawn(
  page: Page,
  tag: string,
  hostSelector: string,
  total: number,
): Promise<{ drawnAt: number; drawnPoints: number }> {
  const handle = await page.waitForFunction(
    ([name, selector, expected]) => {
      const host = document.querySelector(name)?.shadowRoot?.querySelector<HTMLElement>(selector);
      if (!host?.dataset.rendered || Number(host.dataset.points) !== expected) return null;
      return { drawnAt: Number(host.dataset.drawnAt), drawnPoints: Number(host.dataset.drawnPoints) };
    },
    [tag, hostSelector, total] as const,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue())!;
}

/** The size of our chart's host, for lightweight-charts to draw at the same size. */
export async function hostSize(
  page: Page,
  tag: string,
  hostSelector: string,
): Promise<{ width: number; height: number }> {
  return page.evaluate(
    ([name, selector]) => {
      const rect = document.querySelector(name)!.shadowRoot!.querySelector(selector)!.getBoundingClientRect();
      return { width: Math.round(rect.width), height: Math.round(rect.height) };
    },
    [tag, hostSelector] as const,
  );
}
