/**
 * <fin-network-graph>'s layout: for 10, 50, 200 and 1,000 links (the synthetic links of the test
 * route, two levels deep), the time from data set to a stable layout (vis-network's `stabilized`
 * event) and the longest main-thread task in that span, with our options against vis-network's
 * DEFAULT options on the same data in the same run (libraries alternate, a fresh page per draw).
 * Aim: faster than the defaults, no task over 50 ms.
 *
 * Run alone: `npx tsx bench/network-graph.bench.ts`.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { testGraphLinks, TEST_GRAPH_MAIN_ID } from '../demo-pages/server/company/network-graph.test-pages.ts';
import { buildGraph } from '../src/features/network-graph/network-graph.utils.ts';
import { buildHarness, openHarness } from '../src/widgets/chart/testing/build-harness.ts';
import type { GraphLibrary, GraphMeasurement } from './network-graph-bench.page.ts';
import { median } from './server.ts';

export const GRAPH_LINK_COUNTS = [10, 50, 200, 1000] as const;
const LIBRARIES: GraphLibrary[] = ['ours', 'defaults'];

export interface GraphFigure {
  links: number;
  library: GraphLibrary;
  ms: number;
  longestTask: number;
  worstTask: number;
}

export async function benchNetworkGraph({ runs = 3 }: { runs?: number } = {}): Promise<GraphFigure[]> {
  const bundle = await buildHarness({
    'graph-bench': resolve(import.meta.dirname, 'network-graph-bench.page.ts'),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: GraphFigure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    for (const links of GRAPH_LINK_COUNTS) {
      const data = buildGraph(testGraphLinks(links), TEST_GRAPH_MAIN_ID);
      const results = new Map<GraphLibrary, GraphMeasurement[]>();
      // Round 0 warms the browser up; the libraries alternate within a round.
      for (let round = 0; round <= runs; round++) {
        for (const library of LIBRARIES) {
          const page = await context.newPage();
          await openHarness(page, bundle, 'graph-bench', 'graphBench');
          const measured = await page.evaluate(([l, d, n]) => window.graphBench.draw(l, d, n), [
            library,
            data,
            links,
          ] as const);
          if (round > 0) results.set(library, [...(results.get(library) ?? []), measured]);
          await page.close();
        }
      }
      for (const [library, list] of results)
        figures.push({
          links,
          library,
          ms: median(list.map((m) => m.ms)),
          longestTask: median(list.map((m) => m.longestTask)),
          worstTask: Math.max(...list.map((m) => m.longestTask)),
        });
    }
  } finally {
    await browser.close();
  }
  return figures;
}

export function printNetworkGraphFigures(figures: GraphFigure[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const left = (text: string, width: number) => text.padStart(width);
  console.log(
    `${pad('links', 8)}${pad('options', 22)}${left('to stable', 12)}${left('÷ defaults', 12)}${left('longest task med / worst', 26)}`,
  );
  for (const links of GRAPH_LINK_COUNTS) {
    const rows = figures.filter((figure) => figure.links === links);
    const reference = rows.find((figure) => figure.library === 'defaults')?.ms;
    for (const row of rows)
      console.log(
        `${pad(String(links), 8)}${pad(row.library === 'ours' ? 'ours' : 'vis-network defaults', 22)}` +
          `${left(`${row.ms.toFixed(0)} ms`, 12)}` +
          `${left(reference ? `${(row.ms / reference).toFixed(2)}×` : '', 12)}` +
          `${left(`${row.longestTask.toFixed(0)} / ${row.worstTask.toFixed(0)} ms`, 26)}`,
      );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    '# <fin-network-graph>: data set → stable layout, ours against vis-network defaults (Chromium)',
  );
  printNetworkGraphFigures(await benchNetworkGraph());
}
