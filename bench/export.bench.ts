/**
 * Export time per format (print frame, PNG, JPEG, PDF, SVG) for a 200-link vis-network graph and a
 * chart-like drawing (12 series × 400 points, 120 labels), in Chromium: median of 5 after one
 * warm-up, each run on the same page (the first PDF also loads pdfmake and is the warm-up).
 * Builds its harness in memory: writes nothing.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../demo-pages/testing/browser.ts';
import { buildHarness, openHarness } from '../src/widgets/chart/testing/build-harness.ts';
import type { ExportFormat } from '../src/widgets/export/index.ts';
import type { Source } from './export-bench.page.ts';
import { median } from './server.ts';

// SPEC §9 order (index.ts's EXPORT_FORMATS; that module brings the menu's CSS, which Node cannot load).
const FORMATS: ExportFormat[] = ['print', 'png', 'jpeg', 'pdf', 'svg'];

export async function benchExport(runs = 5): Promise<void> {
  const bundle = await buildHarness({ 'export-bench': resolve(import.meta.dirname, 'export-bench.page.ts') });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await openHarness(page, bundle, 'export-bench', 'exportBench');
    await page.evaluate(() => window.exportBench.ready);
    for (const source of ['graph', 'chart'] as Source[]) {
      for (const format of FORMATS) {
        const times: number[] = [];
        let bytes = 0;
        for (let round = 0; round <= runs; round++) {
          const result = await page.evaluate(([s, f]) => window.exportBench.run(s, f), [
            source,
            format,
          ] as const);
          if (round > 0) times.push(result.ms);
          bytes = result.bytes;
        }
        const size = bytes ? `, ${(bytes / 1024).toFixed(0)} KB` : '';
        console.log(
          `${source.padEnd(5)} ${format.padEnd(5)} median ${median(times).toFixed(1).padStart(7)} ms (runs ${times.map((ms) => ms.toFixed(0)).join(', ')})${size}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExport();
