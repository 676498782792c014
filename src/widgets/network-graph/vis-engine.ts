/**
 * The only module that imports vis-network (its `esnext` build with vis-data): the canvas
 * component loads it with `import()` when the graph comes into view, so pages and elements
 * without a graph on screen never download it. One Network per engine; data changes update its
 * DataSets in place; `destroy()` frees the instance.
 */
import { DataSet } from 'vis-data/esnext';
import { Network, type Edge, type Node } from 'vis-network/esnext';
// vis-network types its CSS as a side-effect module; Vite's `?inline` gives the text as default.
import * as visStyles from 'vis-network/styles/vis-network.min.css?inline';
import { graphOptions, nodeColor, physicsOptions, type GraphLayoutInput } from './graph.options.ts';
import type { GraphData, GraphEdge, GraphNode, Point } from './graph.types.ts';

/** vis-network's CSS (tooltips), placed in the element's shadow root (its own goes to document.head). */
export const VIS_NETWORK_CSS: string = (visStyles as unknown as { default: string }).default;

/** Live instances, for the leak test (a Symbol-keyed global: no name in the page's namespace). */
const LIVE = Symbol.for('fin-network-graph.live');
type LiveCounter = { live: number; created: number };
function counter(): LiveCounter {
  const holder = globalThis as unknown as Record<symbol, LiveCounter | undefined>;
  return (holder[LIVE] ??= { live: 0, created: 0 });
}

export interface GraphEngineEvents {
  /** The layout is stable (first time and after a drag or data change). */
  onStabilized(): void;
  /** After each frame, in canvas coordinates (the focus ring, the watermark). */
  onAfterDrawing(ctx: CanvasRenderingContext2D): void;
  /** The view moved (zoom, drag, fit): overlays follow. */
  onViewChange(): void;
}

export interface GraphEngine {
  readonly network: Network;
  setData(data: GraphData, layout: GraphLayoutInput): void;
  setLayout(layout: GraphLayoutInput): void;
  positions(): Map<number, Point>;
  /** Canvas → element coordinates (CSS px inside the container). */
  toDom(point: Point): Point;
  scale(): number;
  /** Re-measures the container and fits the graph (full screen on and off). */
  fit(): void;
  /** Moves the view so the node is shown, keeping the zoom. */
  reveal(id: number): void;
  redraw(): void;
  destroy(): void;
}

function visNode(node: GraphNode): Node {
  const color = nodeColor(node.main);
  return {
    id: node.id,
    label: node.label,
    // vis-network 10 shows a string title as text (never as HTML).
    title: node.description,
    size: node.size,
    color: { background: color, border: color, highlight: { background: color, border: '#1a1d23' } },
    font: node.main ? { bold: { size: 14 } } : undefined,
  };
}

function visEdge(edge: GraphEdge): Edge {
  return { id: edge.id, from: edge.from, to: edge.to, label: edge.label || undefined, title: edge.title };
}

/** Adds, updates and removes items so the DataSet holds exactly `items` (no second instance). */
function syncDataSet<T extends { id?: string | number }>(set: DataSet<T>, items: T[]): void {
  const keep = new Set(items.map((item) => item.id));
  const stale = set.getIds().filter((id) => !keep.has(id));
  if (stale.length) set.remove(stale);
  set.update(items as never);
}

/** Half the width of a 22-character label at scale 1 (13 px font), beyond its node's centre. */
const LABEL_REACH = 70;
/** Zoom out at most this much for labels: a very small graph stays readable. */
const MIN_FIT_FACTOR = 0.7;

export function createGraphEngine(
  container: HTMLElement,
  data: GraphData,
  layout: GraphLayoutInput,
  events: GraphEngineEvents,
  fontFamily?: string,
): GraphEngine {
  const nodes = new DataSet<Node>(data.nodes.map(visNode));
  const edges = new DataSet<Edge>(data.edges.map(visEdge));
  const network = new Network(container, { nodes, edges } as never, graphOptions(layout, fontFamily));
  // vis-network makes its own frame a Tab stop (for its panning keys, off here): the keyboard
  // layer is the graph's one Tab stop.
  container.querySelector<HTMLElement>('.vis-network')?.setAttribute('tabindex', '-1');
  /**
   * vis-network fits node positions, not their labels: a label centred on a node at the edge
   * would be cut by the canvas (names up to 22 characters, about 140 px at scale 1). Zooming out
   * by the label's reach at the fitted scale keeps them inside; never zooms in.
   */
  const keepLabelsInside = () => {
    const width = container.clientWidth;
    if (!width) return;
    const scale = network.getScale();
    const reach = LABEL_REACH * scale;
    const factor = Math.max(MIN_FIT_FACTOR, (width - 2 * reach) / width);
    if (factor < 1) network.moveTo({ scale: scale * factor, animation: false });
  };
  const live = counter();
  live.live += 1;
  live.created += 1;
  let destroyed = false;

  network.on('stabilized', () => events.onStabilized());
  // The layout is done when the off-screen iterations are: a big graph would otherwise go on
  // moving on screen until its last node is below the minimum velocity (minutes at 1,000 links,
  // for shifts of a few pixels). Stopping emits `stabilized`.
  network.on('stabilizationIterationsDone', () => {
    network.stopSimulation();
    // vis-network has just fitted the nodes (stabilization.fit): leave room for their labels.
    keepLabelsInside();
  });
  network.on('afterDrawing', (ctx: CanvasRenderingContext2D) => events.onAfterDrawing(ctx));
  for (const name of ['zoom', 'dragEnd', 'animationFinished', 'resize'] as const)
    network.on(name, () => events.onViewChange());

  return {
    network,
    setData(next, nextLayout) {
      syncDataSet(nodes, next.nodes.map(visNode));
      syncDataSet(edges, next.edges.map(visEdge));
      network.setOptions({ physics: physicsOptions(nextLayout) });
      network.stabilize();
    },
    setLayout(nextLayout) {
      network.setOptions({ physics: physicsOptions(nextLayout) });
      network.stabilize();
    },
    positions() {
      const all = network.getPositions();
      return new Map(Object.entries(all).map(([id, point]) => [Number(id), point]));
    },
    toDom: (point) => network.canvasToDOM(point),
    scale: () => network.getScale(),
    fit() {
      network.redraw();
      network.fit({ animation: false });
      keepLabelsInside();
    },
    reveal(id) {
      const point = network.getPositions([id])[id];
      if (!point) return;
      const dom = network.canvasToDOM(point);
      const margin = 24;
      const inside =
        dom.x >= margin &&
        dom.y >= margin &&
        dom.x <= container.clientWidth - margin &&
        dom.y <= container.clientHeight - margin;
      if (!inside) network.moveTo({ position: point, animation: false });
    },
    redraw: () => network.redraw(),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      network.destroy();
      live.live -= 1;
    },
  };
}
