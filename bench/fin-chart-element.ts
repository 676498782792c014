/**
 * The `<fin-chart>` path of the chart bench (issue 21): the element alone on a plain page of the
 * reference server's origin (its module from /dist/, its labels from the API), its data URL
 * answered by `page.route` with N series × P synthetic daily points in the SPEC Chart response.
 *
 * Measured: the data answer reaching the page (its `fetch` resolving) → the chart's host marked
 * `data-rendered` with every point handed in. The element builds its amCharts chart only when
 * its first data comes (before, it shows its loading line), so this is cold chart creation +
 * data → first frame, parsing, the answer's check and React included; an upper bound (the mark
 * is set one animation frame after the settled frame).
 */
import type { Browser } from 'playwright-core';
import type { ChartResponse } from '../src/contract/chart-widget.ts';
import { randomWalk } from '../src/widgets/chart/testing/synthetic.ts';
import type { Measurement, Scenario } from './chart-bench.page.ts';

const PAGE = '/bench/fin-chart/';
const DATA = '/bench/fin-chart-data/';
const DAY_MS = 86_400_000;
const END = Date.UTC(2026, 10, 27);
const ANSWER_DELAY_MS = 250;

declare global {
  interface Window {
    __benchDataAt?: number;
    __benchRenderedAt?: number;
    __benchLongTasks?: Array<[number, number]>;
  }
}

function answer({ series, points }: Scenario): ChartResponse {
  return {
    graph_type: 'line',
    measure: 'RUB',
    data: [],
    series: Array.from({ length: series }, (_, index) => ({
      field: `s${index}`,
      name: `Series ${index + 1}`,
      data: randomWalk({
        seed: 2000 + index,
        points,
        start: END - (points - 1) * DAY_MS,
        startValue: 100 + 10 * index,
      }).map(([time, value]): [number, number] => [time / 1000, value]),
    })),
  };
}

export async function measureFinChart(
  browser: Browser,
  baseUrl: string,
  scenario: Scenario,
): Promise<Measurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-GB' });
  const page = await context.newPage();
  const json = answer(scenario);
  const total = scenario.series * scenario.points;
  await page.route(`${baseUrl}${PAGE}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fin-chart bench</title></head>
<body><fin-chart data-url="${DATA}" chart-title="Bench" style="display:block;width:1000px"></fin-chart>
<script type="module" src="/dist/elements/fin-chart.js"></script></body></html>`,
    }),
  );
  await page.route(`${baseUrl}${DATA}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    await route.fulfill({ json });
  });
  await page.addInitScript((link) => {
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchOriginal(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, location.href).pathname === link) window.__benchDataAt = performance.now();
      return response;
    };
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks!.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
  }, DATA);
  try {
    await page.goto(`${baseUrl}${PAGE}`);
    // Polled on every animation frame: the figure appears in the shadow root once the data came.
    await page.waitForFunction(
      (expected) => {
        const figure = document.querySelector('fin-chart')?.shadowRoot?.querySelector('.fin-price-chart');
        const done =
          !!figure &&
          Number(figure.getAttribute('data-rendered') ?? 0) > 0 &&
          Number(figure.getAttribute('data-points')) === expected;
        if (done) window.__benchRenderedAt ??= performance.now();
        return done;
      },
      total,
      { polling: 'raf', timeout: 60_000 },
    );
    const result = await page.evaluate(() => {
      const from = window.__benchDataAt ?? NaN;
      const tasks = (window.__benchLongTasks ?? []).filter(([start, duration]) => start + duration > from);
      return {
        ms: (window.__benchRenderedAt ?? NaN) - from,
        longestTask: Math.max(0, ...tasks.map(([, duration]) => duration)),
        blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      };
    });
    const drawnPoints = Number(
      await page.locator('fin-chart').locator('.fin-price-chart').first().getAttribute('data-drawn-points'),
    );
    return { ...result, drawnPoints };
  } finally {
    await context.close();
  }
}
