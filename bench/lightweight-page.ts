/**
 * lightweight-charts 5 in the element rows of the chart bench: a page on the same origin, set up
 * like the element's (bench/element-page.ts), with the library's standalone build loaded by the
 * page (as our element's module is) and a chart of our chart's size. `show` fetches the same
 * answer the element gets, parses it, creates the chart (cold) or sets the data of the chart it
 * made before (a period switch), and marks the end of lightweight-charts' own paint: measured to
 * the next frame, as ours is.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import type { Measurement } from './chart-bench.page.ts';
import { measuredFrom, openBenchPage, startMeasuring } from './element-page.ts';

const PAGE = '/bench/lightweight-chart/';
const SCRIPT = '/bench/lightweight-charts.js';
const LIBRARY = readFileSync(
  resolve(
    import.meta.dirname,
    '../node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js',
  ),
  'utf8',
);

declare global {
  interface Window {
    benchLightweight: { show(): Promise<number> };
  }
}

export interface LightweightRun {
  /** Data link answered like the element's, any method. */
  dataPath: string;
  answer(request: Request): unknown;
  /** Request body the page sends (the tradings link is a POST), or none for a GET. */
  body?: unknown;
  size: { width: number; height: number };
  /** Points in the answer (all drawn). */
  points: number;
  /** Draw an answer first, then time the second one on the existing chart (a period switch). */
  switching?: boolean;
}

const PAGE_HTML = (run: LightweightRun) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>lightweight-charts bench</title><script src="${SCRIPT}"></script></head>
<body><div id="chart" style="width:${run.size.width}px;height:${run.size.height}px"></div>
<script>
let chart = null;
let series = [];
const COLORS = ['#1d5fbf', '#e4572e', '#17a398', '#f3a712', '#8e44ad', '#2e86ab', '#c0392b', '#27ae60', '#d35400', '#7f8c8d'];
window.benchLightweight = {
  async show() {
    const response = await fetch(${JSON.stringify(run.dataPath)}, ${
      run.body === undefined
        ? '{}'
        : `{ method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(run.body))} }`
    });
    const json = await response.json();
    // <fin-chart>'s answer: { series: [{ data: [[seconds, value]] }] }; the tradings answer: [{ data: [[ms, value]] }].
    const list = Array.isArray(json) ? json : json.series;
    const toSeconds = Array.isArray(json) ? 1000 : 1;
    if (!chart) chart = LightweightCharts.createChart(document.getElementById('chart'), { width: ${run.size.width}, height: ${run.size.height}, timeScale: { minBarSpacing: 0.001 } });
    list.forEach((input, index) => {
      series[index] ??= chart.addSeries(LightweightCharts.LineSeries, {
        color: COLORS[index % COLORS.length], lineWidth: index ? 1.5 : 2, priceLineVisible: false, lastValueVisible: false,
      });
      series[index].setData(input.data.map(([time, value]) => ({ time: time / toSeconds, value })));
    });
    // The whole period in view, as our charts show it: without this (and a minimum bar spacing
    // below its default 0.5 px) lightweight-charts keeps 6 px per bar and draws only the last
    // ~170 bars of each series.
    chart.timeScale().fitContent();
    // Queued after the one lightweight-charts asked for while the data was set: runs after its paint.
    return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  },
};
</script></body></html>`;

export async function measureLightweight(
  browser: Browser,
  baseUrl: string,
  run: LightweightRun,
): Promise<Measurement> {
  const bench = await openBenchPage(browser, baseUrl, {
    dataPath: run.dataPath,
    answer: run.answer,
    pages: { [PAGE]: PAGE_HTML(run) },
    setUp: (page) =>
      page.route(`${baseUrl}${SCRIPT}`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: LIBRARY }),
      ),
  });
  try {
    const { page } = bench;
    await page.goto(`${baseUrl}${PAGE}`);
    if (run.switching) {
      await page.evaluate(() => window.benchLightweight.show());
      await page.waitForTimeout(300);
      await startMeasuring(page);
    }
    // Its paint's end; its canvas is rastered in that frame's commit, after it (as ours is at the
    // end of our task), so the frame after it is the first to find the data drawn.
    const paintedAt = await page.evaluate(() => window.benchLightweight.show());
    return await measuredFrom(page, paintedAt, run.points);
  } finally {
    await bench.close();
  }
}
