/**
 * Chart speed in one Chromium run (TECH-NOTES "Baseline figures": runs vary ±30 % between
 * sessions, so only figures of the same run are compared): our chart, lightweight-charts 5 and a
 * plain canvas polyline draw the same fixed-seed random walks, 1000×500 in a shadow root, each
 * on a fresh page. Prints medians of 5 (after one warm-up) of the first frame with the data, the
 * ratio to lightweight-charts (both from this run), the longest main-thread task (median and
 * worst of the runs) and the total blocking time. Builds its harness in memory: writes nothing.
 * With the reference server running, the elements are measured too, each against
 * lightweight-charts doing the same thing on a page set up the same way, interleaved in each
 * round (bench/element-page.ts): `<fin-chart>` (bench/fin-chart-element.ts) and
 * `<fin-stock-chart>` (bench/chart-element.ts), the data answer reaching the page → the frame
 * that shows it. BENCH_CHART_RUNS sets the runs; BENCH_CHART_PARTS=elements skips the harness.
 *
 * Element rows, ours ÷ lightweight-charts (medians of 5, ms), two runs each on the shared 2-core
 * machine (load 4–5), before and after the Nov 28 work on cold charts:
 *                               before              after
 *   <fin-chart>        1×2,500  117/113  134/101    97/130   73/100   1.04–1.32× → 0.73–0.75×
 *   <fin-stock-chart>  1×2,500  105/145  199/110    77/92   125/91    0.73–1.81× → 0.84–1.37×
 *   <fin-chart>       10×2,500  207/264  223/176   229/157  161/175   0.79–1.27× → 0.92–1.46×
 *   <fin-stock-chart> 10×2,500  139/97   143/68    119/51   126/59    1.44–2.09× → 2.13–2.35×
 *   <fin-chart>      1×100,000  258/463  223/410   202/357  183/351   0.54–0.56× → 0.52–0.57×
 *   <fin-stock-chart> 1×100,000 202/461  144/401   134/350  142/346   0.36–0.44× → 0.38–0.41×
 * Where the time goes (Chromium CPU profiles, bench-like pages): 1×2,500 with the chart built
 * before the answer, 70–110 ms: answer → our apply 25–35 ms (JSON ~6, the answer's check ~3,
 * React's commit with its read of the host's width ~5–9), amCharts laying the value axis and the
 * gapless date axis out again for the data's range 20–40 ms (labels made and formatted; about 60 %
 * of amCharts' share, the one canvas draw ~15 %), then one frame. The slow stock runs (125–200 ms)
 * are those where the answer comes while amCharts is still being built: its Root starts 130–280 ms
 * after the tradings call went out (the amCharts chunk is still loading; it is not in the page's
 * modulepreload links) and takes 150–230 ms on a loaded machine, so the answer waits behind it.
 * 10×2,500: 25,000 points through JSON, the check and (stock chart, compare mode) the percent
 * model, ten lines drawn (~20 ms), garbage collection 20–30 ms, and on a slow run one amCharts frame
 * left to an animation frame when the synchronous budget (no long tasks) runs out;
 * lightweight-charts' period switch only sets the data of a chart it has (50–60 ms).
 *
 * Since the second Nov 28 change, the rows compare the same view: lightweight-charts used to keep
 * its default 6 px per bar and drew only the last ~170 bars of each series, ours the whole
 * period; its pages now fit the whole period (fitContent, minBarSpacing 0.001). And the stock
 * chart's period switch in compare mode drew twice in one task (the compared stocks stored a few
 * microtasks before the main series: React rendered both states): now once. Its trace then: one
 * task (answer → our apply ~25 ms, of which amCharts' frames ~20, then the canvas raster
 * (FinalizeFrame) 33–42 ms, a minor GC ~7 ms), then the next frame. Four runs, 5 each
 * (ours/lightweight-charts, ms): <fin-stock-chart> 10×2,500 99/67, 78/73, 90/69, 82/65
 * (1.07–1.49×, was 1.87×); 1×2,500 cold page 48/90, 63/85, 154/117, 154/92 (0.53–1.68×: the slow
 * runs are the answer waiting for amCharts' Root, above); <fin-chart> every row 0.49–1.17×.
 *
 * Since the third Nov 28 change the page announces the chart engine's chunks (modulepreload, as
 * the chart elements load them as their modules run), so amCharts' Root is built before the
 * answer comes. Two runs on a quiet machine, before → after: <fin-stock-chart> 1×2,500 cold page
 * 60/102 → 36/90 ms (0.58× → 0.40×), 1×100,000 121/368 → 101/316 ms; the other rows unchanged
 * (10×2,500 period switch 73/57 and 73/62 ms: 1.28× and 1.17×).
 *
 * Then a trace showed the element rows timing the two libraries to different ends. Ours ends at
 * the frame after its last amCharts frame, so its canvas raster (Chromium's software raster of
 * 25,000 line segments: `CanvasRenderingContext2D::FinalizeFrame`, 31–42 ms at the end of our
 * task) is in. lightweight-charts' row ended at a frame callback right after its paint, in the
 * same frame, before that frame's commit rasters its canvas (Commit 34–40 ms after the callback):
 * its raster was left out. Now both end at the frame after their own drawing. Same run, quiet
 * machine: <fin-stock-chart> 10×2,500 79/108 ms (0.73×; lightweight-charts was 57–62 ms to the
 * old end), 1×2,500 cold page 59/141 (0.42×), 1×100,000 109/502 (0.22×); <fin-chart> 0.50×,
 * 0.59×, 0.32×.
 */
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { buildHarness, openHarness } from '../src/widgets/chart/testing/build-harness.ts';
import type { Library, Measurement, Phase, Scenario } from './chart-bench.page.ts';
import { measureElement } from './chart-element.ts';
import { measureFinChart } from './fin-chart-element.ts';
import { measureLightweight } from './lightweight-page.ts';
import { median, startServer } from './server.ts';

export const CHART_SCENARIOS: Scenario[] = [
  { series: 1, points: 2_500 },
  { series: 10, points: 2_500 },
  { series: 1, points: 100_000 },
];

type Path = Library | ElementPath;
type ElementPath = 'fin-chart' | 'fin-chart-lightweight' | 'element' | 'element-lightweight';

const PATHS: Record<Path, string> = {
  ours: 'ours: PriceChart widget (harness page)',
  lightweight: 'lightweight-charts 5',
  canvas: 'plain canvas polyline',
  'fin-chart': 'ours: <fin-chart>, cold',
  'fin-chart-lightweight': 'lightweight-charts 5, cold, same page set-up',
  element: 'ours: <fin-stock-chart> on the stock page',
  'element-lightweight': 'lightweight-charts 5, same page set-up',
};
/** Each element row and the lightweight-charts row it is divided by. */
const ELEMENT_PAIRS: Array<[ElementPath, ElementPath]> = [
  ['fin-chart', 'fin-chart-lightweight'],
  ['element', 'element-lightweight'],
];
const LIBRARIES: Library[] = ['ours', 'lightweight', 'canvas'];

const PHASES: Record<Phase, string> = {
  data: 'data set → first frame (the chart exists)',
  full: 'chart creation + data → first frame',
};

export interface ChartFigure {
  scenario: Scenario;
  /** Harness phase, or 'element' for the element rows. */
  phase: Phase | 'element';
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

function figureOf(
  scenario: Scenario,
  phase: ChartFigure['phase'],
  library: Path,
  list: Measurement[],
): ChartFigure {
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

/** `baseUrl`: a running reference server for the element rows (left out without it). */
export async function benchChart({
  runs = Number(process.env.BENCH_CHART_RUNS ?? 5),
  baseUrl,
  parts = (process.env.BENCH_CHART_PARTS ?? 'harness,elements').split(','),
}: { runs?: number; baseUrl?: string; parts?: string[] } = {}): Promise<ChartFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: ChartFigure[] = [];
  try {
    if (parts.includes('harness')) figures.push(...(await benchHarness(browser, runs)));
    if (parts.includes('elements') && baseUrl) figures.push(...(await benchElements(browser, baseUrl, runs)));
  } finally {
    await browser.close();
  }
  return figures;
}

async function benchHarness(browser: Browser, runs: number): Promise<ChartFigure[]> {
  const bundle = await buildHarness({ 'chart-bench': resolve(import.meta.dirname, 'chart-bench.page.ts') });
  const figures: ChartFigure[] = [];
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
    }
  }
  await context.close();
  return figures;
}

/**
 * Each element and lightweight-charts in turn within a round, lightweight-charts at the size our
 * chart had in the same round; round 0 warms the browser and the server up.
 */
async function benchElements(browser: Browser, baseUrl: string, runs: number): Promise<ChartFigure[]> {
  const figures: ChartFigure[] = [];
  for (const scenario of CHART_SCENARIOS) {
    const results = new Map<ElementPath, Measurement[]>();
    const keep = (round: number, path: ElementPath, measured: Measurement) => {
      if (round > 0) results.set(path, [...(results.get(path) ?? []), measured]);
    };
    for (let round = 0; round <= runs; round++) {
      const finChart = await measureFinChart(browser, baseUrl, scenario);
      keep(round, 'fin-chart', finChart.measured);
      keep(round, 'fin-chart-lightweight', await measureLightweight(browser, baseUrl, finChart.lightweight));
      const stock = await measureElement(browser, baseUrl, scenario);
      keep(round, 'element', stock.measured);
      keep(round, 'element-lightweight', await measureLightweight(browser, baseUrl, stock.lightweight));
    }
    for (const [path, list] of results) figures.push(figureOf(scenario, 'element', path, list));
  }
  return figures;
}

export function printChartFigures(figures: ChartFigure[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const left = (text: string, width: number) => text.padStart(width);
  const header = () =>
    console.log(
      `${pad('scenario', 12)}${pad('path', 46)}${left('first frame', 12)}${left('÷ lw-charts', 12)}` +
        `${left('longest task med / worst', 26)}${left('blocking', 10)}${left('points drawn', 14)}`,
    );
  const line = (label: string, row: ChartFigure, reference: number | undefined) =>
    console.log(
      `${pad(label, 12)}${pad(row.path, 46)}${left(`${row.ms.toFixed(0)} ms`, 12)}` +
        `${left(reference ? `${(row.ms / reference).toFixed(2)}×` : '', 12)}` +
        `${left(`${row.longestTask.toFixed(0)} / ${row.worstTask.toFixed(0)} ms`, 26)}` +
        `${left(`${row.blocking.toFixed(0)} ms`, 10)}` +
        `${left(row.drawnPoints.toLocaleString('en'), 14)}`,
    );
  const labelOf = (scenario: Scenario) => `${scenario.series}×${scenario.points.toLocaleString('en')}`;
  for (const phase of Object.keys(PHASES) as Phase[]) {
    if (!figures.some((f) => f.phase === phase)) continue;
    console.log(`\n## ${PHASES[phase]}`);
    header();
    for (const scenario of CHART_SCENARIOS) {
      const rows = figures.filter((f) => f.scenario === scenario && f.phase === phase);
      const reference = rows.find((f) => f.library === 'lightweight')?.ms;
      for (const row of rows) line(labelOf(scenario), row, reference);
    }
  }
  if (figures.some((f) => f.phase === 'element')) {
    console.log('\n## elements: the data answer reaching the page → the frame that shows it');
    header();
    for (const scenario of CHART_SCENARIOS)
      for (const [ours, theirs] of ELEMENT_PAIRS) {
        const rows = figures.filter((f) => f.scenario === scenario && f.phase === 'element');
        const reference = rows.find((f) => f.library === theirs);
        const row = rows.find((f) => f.library === ours);
        if (row) line(labelOf(scenario), row, reference?.ms);
        if (reference) line(labelOf(scenario), reference, undefined);
      }
  }
  console.log(
    '\nfirst frame and blocking (total of long-task time beyond 50 ms): medians of the runs; longest task: the' +
      "\nmedian of the runs' longest tasks and the worst run's (0 when no task reached 50 ms)." +
      '\nHarness: ours counts until amCharts stops redrawing. Elements: a fresh page per run, each element row' +
      '\ndivided by the lightweight-charts row after it (same page set-up, same answer, same size, same round);' +
      '\nparsing, store, React, chart and canvas raster included; each counts to the frame after its own' +
      '\ndrawing (ours: its last amCharts frame; lightweight-charts: its paint, rastered in that frame).' +
      '\n<fin-chart>: a fresh element (cold); <fin-stock-chart>: a fresh stock page (cold) for 1 series, the' +
      '\nperiod switch in compare mode for 10 (the element opens with one stock; lightweight-charts then sets' +
      '\nthe data of the chart it made before).',
  );
}

// `tsx bench/chart.bench.ts` runs this bench alone (with its own reference server on BENCH_PORT).
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.env.BENCH_BASE_URL
    ? null
    : await startServer(Number(process.env.BENCH_PORT ?? 8191));
  try {
    printChartFigures(await benchChart({ baseUrl: process.env.BENCH_BASE_URL ?? server?.baseUrl }));
  } finally {
    await server?.stop();
  }
}
