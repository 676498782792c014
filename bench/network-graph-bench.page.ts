/**
 * Browser side of bench/network-graph.bench.ts: one graph drawn 1000×600 with our engine (our
 * options, src/widgets/network-graph) or with vis-network and its DEFAULT options, timed from the
 * data set (the Network created with its DataSets) to the `stabilized` event, with the longest
 * main-thread task of that span (PerformanceObserver `longtask`: tasks over 50 ms only).
 */
import { DataSet } from 'vis-data/esnext';
import { Network } from 'vis-network/esnext';
import { createGraphEngine } from '../src/widgets/network-graph/vis-engine.ts';
import type { GraphData } from '../src/widgets/network-graph/graph.types.ts';

export type GraphLibrary = 'ours' | 'defaults';

export interface GraphMeasurement {
  /** Data set → `stabilized` (ms). */
  ms: number;
  /** Longest task in that span (ms; 0 when none reached 50 ms). */
  longestTask: number;
}

declare global {
  interface Window {
    graphBench: {
      draw(library: GraphLibrary, data: GraphData, linkCount: number): Promise<GraphMeasurement>;
    };
  }
}

function container(): HTMLElement {
  const host = document.createElement('div');
  host.style.cssText = 'width:1000px;height:600px;position:relative';
  document.body.append(host);
  return host;
}

window.graphBench = {
  draw(library, data, linkCount) {
    const host = container();
    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
    observer.observe({ type: 'longtask', buffered: false });
    return new Promise<GraphMeasurement>((resolve) => {
      const start = performance.now();
      let cleanup = () => {};
      const done = () => {
        const ms = performance.now() - start;
        // Long tasks are reported after they end: give the observer a frame.
        requestAnimationFrame(() =>
          setTimeout(() => {
            observer.disconnect();
            const longestTask = Math.max(
              0,
              ...tasks.filter((task) => task.startTime + task.duration >= start).map((task) => task.duration),
            );
            cleanup();
            host.remove();
            resolve({ ms, longestTask });
          }, 0),
        );
      };
      if (library === 'ours') {
        let settled = false;
        const engine = createGraphEngine(
          host,
          data,
          { nodeCount: data.nodes.length, linkCount, fullscreen: false },
          {
            onStabilized: () => {
              if (!settled) done();
              settled = true;
            },
            onAfterDrawing: () => undefined,
            onNodeClick: () => undefined,
            onViewChange: () => undefined,
          },
        );
        cleanup = () => engine.destroy();
      } else {
        const nodes = new DataSet(
          data.nodes.map(({ id, label, size }) => ({ id, label, size, shape: 'dot' })),
        );
        const edges = new DataSet(
          data.edges.map(({ id, from, to, label }) => ({
            id,
            from,
            to,
            label: label || undefined,
            arrows: 'to',
          })),
        );
        const network = new Network(host, { nodes, edges } as never, {});
        network.once('stabilized', done);
        cleanup = () => network.destroy();
      }
    });
  },
};
