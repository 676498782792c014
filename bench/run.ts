/**
 * `npm run bench`: figures printed, compared within one run (machines differ by ±30 %).
 * Budgets are checked by `npm test`; this only measures.
 */
import {
  builtElements,
  elementSize,
  gzipKb,
  partnerDownload,
  runtimeChunk,
} from '../demo-pages/tools/bundle-size.ts';
import { benchChart, printChartFigures } from './chart.bench.ts';
import { benchDataTable } from './data-table.bench.ts';
import { benchExport } from './export.bench.ts';
import {
  benchIssuerPageLoad,
  benchIssuerReports,
  printIssuerPageLoad,
  printIssuerReportsFigures,
} from './issuer-reports.bench.ts';
import { benchNetworkGraph, printNetworkGraphFigures } from './network-graph.bench.ts';
import { benchPriceDynamicsFirstPaint, printPriceDynamicsPaint } from './price-dynamics.bench.ts';
import { benchScaledSuggest, benchServer } from './server.bench.ts';
import { benchSiteSearchKeystroke, printSiteSearchKeystroke } from './site-search.bench.ts';
import { benchStockPageJs, printStockPageJsFigures } from './stock-page-js.bench.ts';
import { benchGenerate, startServer } from './server.ts';

console.log('# Bundle sizes (gzip)');
console.log(`runtime chunk: ${gzipKb(runtimeChunk()).toFixed(1)} kB`);
for (const tag of builtElements())
  console.log(`${tag}: ${elementSize(tag).ownKb.toFixed(1)} kB beyond the runtime`);

// A partner page (README "Embedding on a partner site") caches nothing of ours: one script, one
// tag. BENCH_PARTNER_ELEMENTS="fin-chart,fin-network-graph" names others.
console.log("\n# A partner page's JS for one element: entry + static imports, runtime included");
for (const tag of (process.env.BENCH_PARTNER_ELEMENTS ?? 'fin-chart').split(',').map((t) => t.trim())) {
  const download = partnerDownload(tag);
  if (!download) {
    console.log(`${tag}: not built (no dist/elements/${tag}.js), skipped`);
    continue;
  }
  console.log(
    `${tag}: ${download.gzipKb.toFixed(1)} kB gzip, ${download.brotliKb.toFixed(1)} kB as served (brotli) in ${download.files.length} files`,
  );
  for (const { file, gzipKb: kb } of download.lazy)
    console.log(`  + lazily, when needed: ${file} ${kb.toFixed(1)} kB gzip`);
}

// Each server test file generates its own database, so this time is paid once per file.
console.log('\n# Demo data generator: the default database (ms, median of 3)');
console.log(`median: ${benchGenerate().toFixed(0)} ms`);

const benchPort = Number(process.env.BENCH_PORT ?? 8191);
const server = await startServer(benchPort);
try {
  console.log(
    '\n# <fin-price-dynamics>: navigation → first paint with data, and the first contentful paint (Chromium, ms)',
  );
  printPriceDynamicsPaint(await benchPriceDynamicsFirstPaint(server.baseUrl));
  console.log('the same page without first paint and preload (?preload=0, an older template):');
  printPriceDynamicsPaint(await benchPriceDynamicsFirstPaint(server.baseUrl, 7, 'preload=0'));

  console.log('\n# A cold stock page: the JS it downloads before its chart comes into view (Chromium)');
  printStockPageJsFigures(await benchStockPageJs(server.baseUrl));

  console.log(
    '\n# <fin-issuer-reports>: the largest report, answer → painted and the longest task (Chromium, ms)',
  );
  printIssuerReportsFigures(await benchIssuerReports(server.baseUrl));
  printIssuerPageLoad(await benchIssuerPageLoad(server.baseUrl));

  console.log('\n# Price chart against lightweight-charts and a plain canvas (Chromium, one run)');
  printChartFigures(await benchChart({ baseUrl: server.baseUrl }));
} finally {
  await server.stop();
}

// Its own server (the dev outbox to sign in) on the next free pair of ports.
console.log('\n# Reference server on loopback, called as the pages call it');
await benchServer(benchPort + 2);

console.log('\n# Suggest with the instrument count scaled up (npm run seed -- --scale 100000)');
await benchScaledSuggest({
  // Keystroke to results painted in the header box, against the same 100,000 instruments.
  withServer: async (baseUrl, terms) => {
    const { latencies, first, splits } = await benchSiteSearchKeystroke(baseUrl, terms.slice(0, 61));
    printSiteSearchKeystroke(latencies, splits, first);
  },
});

// The data table alone in Chromium (a blank page, no server) and its sort in Node.
await benchDataTable();

console.log(
  '\n# <fin-network-graph>: data set → stable layout and the longest task, ours against vis-network defaults (Chromium)',
);
printNetworkGraphFigures(await benchNetworkGraph());

console.log('\n# Export per format: 200-link vis-network graph and a chart-like drawing (Chromium, ms)');
await benchExport();
