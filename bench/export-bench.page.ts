/**
 * Browser side of bench/export.bench.ts: a 200-link vis-network graph (fixed places) and a
 * chart-like drawing with many paths and texts, each exported in every format; `run` times one.
 * The file is made but not downloaded; print builds its frame and stops before the dialog.
 */
import { DataSet } from 'vis-data/esnext';
import { Network } from 'vis-network/esnext';
import { chartDrawing, graphData } from '../src/widgets/export/testing/drawings.ts';
import { visNetworkDrawing, type ExportDrawing, type ExportFormat } from '../src/widgets/export/index.ts';

export type Source = 'graph' | 'chart';

declare global {
  interface Window {
    exportBench: {
      ready: Promise<void>;
      /** Milliseconds to make the file (or the print frame) and the file's size in bytes. */
      run(source: Source, format: ExportFormat): Promise<{ ms: number; bytes: number }>;
    };
  }
}

const container = document.createElement('div');
container.style.cssText = 'width:900px;height:600px';
document.body.append(container);
const data = graphData(200);
const network = new Network(
  container,
  { nodes: new DataSet(data.nodes), edges: new DataSet(data.edges) },
  {
    physics: false,
    interaction: { keyboard: { enabled: false } },
    nodes: { shape: 'dot', size: 10 },
    edges: { arrows: 'to' },
  },
);
const drawn = new Promise<void>((resolve) => network.once('afterDrawing', () => resolve()));
// 12 series × 400 points, a pie, legends and axis labels: a busy amCharts-like picture.
const chart = chartDrawing({ series: 12, points: 400, width: 900, height: 500 });
const chartWithLabels: ExportDrawing = {
  ...chart,
  draw(ctx) {
    chart.draw(ctx);
    ctx.font = '11px Roboto, Arial, sans-serif';
    ctx.fillStyle = '#495057';
    for (let i = 0; i < 120; i += 1)
      ctx.fillText(`${(i * 1.37).toFixed(2)} ₽`, 40 + (i % 20) * 40, 40 + Math.floor(i / 20) * 60);
  },
};

const module = import('../src/widgets/export/export.ts');
const options = { fileName: 'bench', title: 'Связанные эмитенты: bench', lang: 'eng' as const, logo: true };

window.exportBench = {
  ready: Promise.all([drawn, module]).then(() => undefined),
  async run(source, format) {
    const { makeFile, exportDrawing, printHooks } = await module;
    printHooks.print = () => {};
    const drawing = source === 'graph' ? visNetworkDrawing(network) : chartWithLabels;
    const start = performance.now();
    if (format === 'print') {
      await exportDrawing('print', drawing, options);
      const ms = performance.now() - start;
      document.querySelectorAll('iframe').forEach((frame) => frame.remove());
      return { ms, bytes: 0 };
    }
    const { blob } = await makeFile(format, drawing, options);
    return { ms: performance.now() - start, bytes: blob.size };
  },
};
