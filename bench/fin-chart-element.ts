/**
 * The `<fin-chart>` rows of the chart bench: the element alone on a plain page of the reference
 * server's origin (its module from /dist/, its labels from the API), its data URL answered with
 * N series × P synthetic daily points in the SPEC Chart response. Cold: a fresh page, so a fresh
 * element; the answer reaching the page → the frame that shows it (bench/element-page.ts).
 */
import type { Browser } from 'playwright-core';
import type { ChartResponse } from '../src/contract/chart-widget.ts';
import { randomWalk } from '../src/widgets/chart/testing/synthetic.ts';
import type { Measurement, Scenario } from './chart-bench.page.ts';
import { hostSize, measuredFrom, openBenchPage, waitOurChartDrawn } from './element-page.ts';
import type { LightweightRun } from './lightweight-page.ts';

const PAGE = '/bench/fin-chart/';
const DATA = '/bench/fin-chart-data/';
const DAY_MS = 86_400_000;
const END = Date.UTC(2026, 10, 27);
const HOST = '.fin-price-chart';

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

const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fin-chart bench</title></head>
<body><fin-chart data-url="${DATA}" chart-title="Bench" style="display:block;width:1000px"></fin-chart>
<script type="module" src="/dist/elements/fin-chart.js"></script></body></html>`;

/** One cold `<fin-chart>`; also what lightweight-charts is to draw for the same case. */
export async function measureFinChart(
  browser: Browser,
  baseUrl: string,
  scenario: Scenario,
): Promise<{ measured: Measurement; lightweight: LightweightRun }> {
  const json = answer(scenario);
  const bench = await openBenchPage(browser, baseUrl, {
    dataPath: DATA,
    answer: () => json,
    pages: { [PAGE]: PAGE_HTML },
  });
  try {
    const { page } = bench;
    await page.goto(`${baseUrl}${PAGE}`);
    const total = scenario.series * scenario.points;
    const { drawnAt, drawnPoints } = await waitOurChartDrawn(page, 'fin-chart', HOST, total);
    const measured = await measuredFrom(page, drawnAt, drawnPoints);
    return {
      measured,
      lightweight: {
        dataPath: DATA,
        answer: () => json,
        size: await hostSize(page, 'fin-chart', HOST),
        points: total,
      },
    };
  } finally {
    await bench.close();
  }
}
