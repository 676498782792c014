/**
 * Chart speed in one Chromium run (TECH-NOTES "Baseline figures": runs vary ±30 % between
 * sessions, so only figures of the same run are compared): our chart, lightweight-charts 5 and a
 * plain canvas polyline draw the same fixed-seed random walks, 1000×500 in a shadow root, each
 * on a fresh page. Prints medians of 5 (after one warm-up) of the first frame with the data, the
 * ratio to lightweight-charts (both from this run), the longest main-thread task (median and
 * worst of the runs) and the total blocking time. Builds its harness in memory: writes nothing.
 * With the reference server running, the same data also goes through `<fin-stock-chart>` on the
 * stock page (bench/chart-element.ts).
 */
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { buildHarness, openHarness } from '../src/widgets/chart/testing/build-harness.ts';
import type { Library, Measurement, Phase, Scenario } from './chart-bench.page.ts';
import { measureElement } from './chart-element.ts';
import { measureFinChart } from './fin-chart-element.ts';
import { median } from './server.ts';

export const CHART_SCENARIOS: Scenario[] = [
  { series: 1, points: 2_500 },
  { series: 10, points: 2_500 },
  { series: 1, points: 100_000 },
];

type Path = Library | 'element' | 'fin-chart';

const PATHS: Record<Path, string> = {
  ours: 'ours: PriceChart widget (harness page)',
  element: 'ours: <fin-stock-chart> on the stock page',
  'fin-chart': 'ours: <fin-chart> cold creation + data',
  lightweight: 'lightweight-charts 5',
  canvas: 'plain canvas polyline',
};
const LIBRARIES: Library[] = ['ours', 'lightweight', 'canvas'];

const PHASES: Record<Phase, string> = {
  data: 'data set → first frame (the chart exists)',
  full: 'chart creation + data → first frame',
};

export interface ChartFigure {
  scenario: Scenario;
  phase: Phase;
  library: Path;
  path: string;
  ms: number;
  /** Median over the runs of each run's longest task. */
  longestTask: number;
  /** The longest task of the worst run. */
  worstTask: number;
  blocking: number;
  drawnPoints: number;
}

async function collectGarbage(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
}

function figureOf(scenario: Scenario, phase: Phase, library: Path, list: Measurement[]): ChartFigure {
  return {
    scenario,
    phase,
    library,
    path: PATHS[library],
    ms: median(list.map((m) => m.ms)),
    longestTask: median(list.map((m) => m.longestTask)),
    worstTask: Math.max(...list.map((m) => m.longestTask)),
    blocking: median(list.map((m) => m.blocking)),
    drawnPoints: list[0]!.drawnPoints,
  };
}

/** `baseUrl`: a running reference server for the element path (left out without it). */
export async function benchChart({ runs = 5, baseUrl }: { runs?: number; baseUrl?: string } = {}): Promise<
  ChartFigure[]
> {
  const bundle = await buildHarness({ 'chart-bench': resolve(import.meta.dirname, 'chart-bench.page.ts') });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: ChartFigure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    for (const scenario of CHART_SCENARIOS) {
      for (const phase of Object.keys(PHASES) as Phase[]) {
        const results = new Map<Library, Measurement[]>();
        // A fresh page per draw: a visitor's chart draws once, with code that has not warmed up.
        // Round 0 warms the browser up; libraries alternate within a round.
        for (let round = 0; round <= runs; round++) {
          for (const library of LIBRARIES) {
            const page = await context.newPage();
            await openHarness(page, bundle, 'chart-bench', 'chartBench');
            await page.evaluate((s) => window.chartBench.prepare(s), scenario);
            if (library === 'ours') await page.evaluate(() => window.chartBench.preload());
            await collectGarbage(page);
            const measured = await page.evaluate(([l, p]) => window.chartBench.draw(l, p), [
              library,
              phase,
            ] as const);
            if (round > 0) results.set(library, [...(results.get(library) ?? []), measured]);
            await page.close();
          }
        }
        for (const [library, list] of results) figures.push(figureOf(scenario, phase, library, list));
        if (phase === 'data' && baseUrl) {
          const list: Measurement[] = [];
          for (let round = 0; round <= runs; round++) {
            const measured = await measureElement(browser, baseUrl, scenario);
            if (round > 0) list.push(measured);
          }
          figures.push(figureOf(scenario, phase, 'element', list));
        }
        // <fin-chart> (issue 21): cold chart creation + data → first frame, for 1 and 10 × 2,500.
        if (phase === 'full' && baseUrl && scenario.points <= 2_500) {
          const list: Measurement[] = [];
          for (let round = 0; round <= runs; round++) {
            const measured = await measureFinChart(browser, baseUrl, scenario);
            if (round > 0) list.push(measured);
          }
          figures.push(figureOf(scenario, phase, 'fin-chart', list));
        }
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function printChartFigures(figures: ChartFigure[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const left = (text: string, width: number) => text.padStart(width);
  for (const phase of Object.keys(PHASES) as Phase[]) {
    console.log(`\n## ${PHASES[phase]}`);
    console.log(
      `${pad('scenario', 12)}${pad('path', 46)}${left('first frame', 12)}${left('÷ lw-charts', 12)}` +
        `${left('longest task med / worst', 26)}${left('blocking', 10)}${left('points drawn', 14)}`,
    );
    for (const scenario of CHART_SCENARIOS) {
      const rows = figures.filter((f) => f.scenario === scenario && f.phase === phase);
      const reference = rows.find((f) => f.library === 'lightweight')?.ms;
      const label = `${scenario.series}×${scenario.points.toLocaleString('en')}`;
      for (const row of rows) {
        console.log(
          `${pad(label, 12)}${pad(row.path, 46)}${left(`${row.ms.toFixed(0)} ms`, 12)}` +
            `${left(reference ? `${(row.ms / reference).toFixed(2)}×` : '', 12)}` +
            `${left(`${row.longestTask.toFixed(0)} / ${row.worstTask.toFixed(0)} ms`, 26)}` +
            `${left(`${row.blocking.toFixed(0)} ms`, 10)}` +
            `${left(row.drawnPoints.toLocaleString('en'), 14)}`,
        );
      }
    }
  }
  console.log(
    '\nfirst frame and blocking (total of long-task time beyond 50 ms): medians of the runs; longest task: the' +
      "\nmedian of the runs' longest tasks and the worst run's (0 when no task reached 50 ms)." +
      '\nOurs counts until amCharts stops redrawing. The element row runs from the tradings answer reaching the' +
      '\npage to the chart marked drawn (parsing, store, React, chart; 1280 px page, paid view, compare mode for 10 series).',
  );
}

// `tsx bench/chart.bench.ts` runs this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  printChartFigures(await benchChart({ baseUrl: process.env.BENCH_BASE_URL }));
}
