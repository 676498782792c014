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
import {
  graphOptions,
  LABEL_DRAW_THRESHOLD,
  nodeColor,
  physicsOptions,
  type GraphLayoutInput,
} from './graph.options.ts';
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
  /** A mouse click or tap on a node (not a drag). */
  onNodeClick(id: number, event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): void;
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
  /**
   * Runs `draw` with every name and share shown (an export: a file is read zoomed in, and every
   * node's name is live text in a vector file), then hides the crowded ones again.
   */
  withAllLabels(draw: () => void): void;
  /** Moves the view so the node is shown, keeping the zoom. */
  reveal(id: number): void;
  redraw(): void;
  destroy(): void;
}

function visNode(node: GraphNode): Node {
  const color = nodeColor(node.main);
  // A node that opens a page has a dark outline (the legend says so); the others none.
  const border = node.href ? LINKED_BORDER : color;
  return {
    id: node.id,
    label: node.label,
    // vis-network 10 shows a string title as text (never as HTML).
    title: node.description,
    size: node.size,
    borderWidth: node.href ? LINKED_BORDER_WIDTH : 1,
    color: {
      background: color,
      border,
      highlight: { background: color, border: LINKED_BORDER },
      hover: { background: color, border },
    },
  };
}

function visEdge(edge: GraphEdge): Edge {
  return {
    id: edge.id,
    from: edge.from,
    to: edge.to,
    label: edge.label || undefined,
    title: edge.title,
    color: { color: edge.color, highlight: edge.color, hover: edge.color },
    dashes: edge.dashed,
    arrows: { to: { enabled: edge.arrow, scaleFactor: 0.6 } },
  };
}

/** Adds, updates and removes items so the DataSet holds exactly `items` (no second instance). */
function syncDataSet<T extends { id?: string | number }>(set: DataSet<T>, items: T[]): void {
  const keep = new Set(items.map((item) => item.id));
  const stale = set.getIds().filter((id) => !keep.has(id));
  if (stale.length) set.remove(stale);
  set.update(items as never);
}

/** The outline of a node that opens a company page. */
export const LINKED_BORDER = '#1a1d23';
export const LINKED_BORDER_WIDTH = 2;

/**
 * On-screen sizes of names and shares right after a fit, in CSS px: readable (at least 11 px)
 * whatever the graph's size. The font sizes in canvas units follow the fitted scale (never below
 * the base sizes, so a graph fitted larger, e.g. in full screen, draws larger names).
 */
export const LABEL_SCREEN_PX = LABEL_DRAW_THRESHOLD;
const NODE_FONT = 13;
const EDGE_FONT = 11;
/** Half the width of a 22-character name at a 13 px font, beyond its node's centre. */
const LABEL_REACH = 70;
/** A drawThreshold no zoom reaches: the label is not drawn. */
const HIDDEN_LABEL = Number.MAX_SAFE_INTEGER;

interface LabelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What the crowding rule reads and sets on vis-network's nodes and edges (not in its typings). */
interface VisItemInternals {
  labelModule: { size: LabelBox; elementOptions: { label?: string } };
  setOptions(options: { id: number | string; scaling: { label: { drawThreshold: number } } }): void;
}
interface VisBodyInternals {
  nodes: Record<string, VisItemInternals | undefined>;
  edges: Record<string, VisItemInternals | undefined>;
}

/** Boxes closer than a third of a line (the text's white outline) count as overlapping. */
function overlaps(a: LabelBox, b: LabelBox): boolean {
  const gap = Math.max(a.height, b.height) / 3;
  return (
    a.left < b.left + b.width + gap &&
    b.left < a.left + a.width + gap &&
    a.top < b.top + b.height + gap &&
    b.top < a.top + a.height + gap
  );
}

/** Zoom out at most this much for labels (their size on screen does not depend on it). */
const MIN_FIT_FACTOR = 0.5;
/** A fit may zoom in up to this scale: a bigger canvas (full screen) shows a bigger graph. */
const MAX_FIT_SCALE = 1.5;

export function createGraphEngine(
  container: HTMLElement,
  data: GraphData,
  layout: GraphLayoutInput,
  events: GraphEngineEvents,
  fontFamily?: string,
): GraphEngine {
  let currentData = data;
  const nodes = new DataSet<Node>(data.nodes.map(visNode));
  let linked = new Set(data.nodes.filter((node) => node.href).map((node) => node.id));
  const edges = new DataSet<Edge>(data.edges.map(visEdge));
  const network = new Network(container, { nodes, edges } as never, graphOptions(layout, fontFamily));
  // vis-network makes its own frame a Tab stop (for its panning keys, off here): the keyboard
  // layer is the graph's one Tab stop.
  container.querySelector<HTMLElement>('.vis-network')?.setAttribute('tabindex', '-1');
  /**
   * Fits the graph to the canvas with its names readable and inside. vis-network fits node
   * positions, not their labels: a name centred on a node at the edge would be cut by the canvas
   * (up to 22 characters, about 140 px at a 13 px font), so the view zooms out by a name's reach
   * on screen. Then the fonts are sized for the fitted scale: names and shares are at least
   * LABEL_SCREEN_PX on screen.
   */
  const fitReadable = () => {
    network.fit({ animation: false, maxZoomLevel: MAX_FIT_SCALE });
    const width = container.clientWidth;
    if (!width) return;
    const scale = network.getScale();
    const labelPx = Math.max(NODE_FONT * scale, LABEL_SCREEN_PX);
    const reach = (LABEL_REACH / NODE_FONT) * labelPx;
    const factor = Math.min(1, Math.max(MIN_FIT_FACTOR, (width - 2 * reach) / width));
    const fitted = scale * factor;
    if (factor < 1) network.moveTo({ scale: fitted, animation: false });
    // Fonts only: vis-network updates the labels without restarting the layout.
    network.setOptions({
      nodes: { font: { size: Math.max(NODE_FONT, LABEL_SCREEN_PX / fitted) } },
      edges: { font: { size: Math.max(EDGE_FONT, LABEL_SCREEN_PX / fitted) } },
    });
    hideCrowdedLabels();
  };
  /**
   * Labels drawn over each other are read as neither: a name or share that would overlap one
   * already placed is hidden (names first, the main issuer's, then the biggest nodes'; then the
   * shares of the main issuer's links, then the others'). A hidden label is still in the node's
   * or link's tooltip, the key's name and the table. In canvas units, so it holds at any zoom;
   * redone after each fit and drag. The boxes are vis-network's own, measured by a draw.
   */
  const body = (network as unknown as { body: VisBodyInternals }).body;
  const hidden = new Map<number | string, VisItemInternals>();
  const showLabel = (item: VisItemInternals, id: number | string, shown: boolean) =>
    item.setOptions({
      id,
      scaling: { label: { drawThreshold: shown ? LABEL_DRAW_THRESHOLD : HIDDEN_LABEL } },
    });
  const hideCrowdedLabels = () => {
    network.redraw();
    hidden.clear();
    const placed: LabelBox[] = [];
    const place = (item: VisItemInternals | undefined, id: number | string) => {
      if (!item || item.labelModule.elementOptions.label === undefined) return;
      const box = item.labelModule.size;
      const crowded = placed.some((other) => overlaps(box, other));
      if (crowded) hidden.set(id, item);
      else placed.push({ left: box.left, top: box.top, width: box.width, height: box.height });
      showLabel(item, id, !crowded);
    };
    const nodeOrder = [...currentData.nodes].sort(
      (a, b) => Number(b.main) - Number(a.main) || b.size - a.size || a.id - b.id,
    );
    for (const node of nodeOrder) place(body.nodes[node.id], node.id);
    const main = currentData.nodes.find((node) => node.main)?.id;
    const edgeOrder = [...currentData.edges].sort(
      (a, b) => Number(b.from === main || b.to === main) - Number(a.from === main || a.to === main),
    );
    for (const edge of edgeOrder) place(body.edges[edge.id], edge.id);
    network.redraw();
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
    fitReadable();
  });
  // A click on a node (vis-network tells a click from a drag); the pointer shows which nodes open
  // a page.
  network.on('click', (params: { pointer: { DOM: Point }; event: { srcEvent?: MouseEvent } }) => {
    const id = network.getNodeAt(params.pointer.DOM);
    if (id === undefined) return;
    const source = params.event.srcEvent;
    events.onNodeClick(Number(id), {
      ctrlKey: source?.ctrlKey ?? false,
      metaKey: source?.metaKey ?? false,
      shiftKey: source?.shiftKey ?? false,
    });
  });
  network.on('hoverNode', ({ node }: { node: number | string }) => {
    container.style.cursor = linked.has(Number(node)) ? 'pointer' : '';
  });
  network.on('blurNode', () => {
    container.style.cursor = '';
  });
  network.on('dragEnd', (params: { nodes: unknown[] }) => {
    if (params.nodes.length) hideCrowdedLabels();
  });
  network.on('afterDrawing', (ctx: CanvasRenderingContext2D) => events.onAfterDrawing(ctx));
  for (const name of ['zoom', 'dragEnd', 'animationFinished', 'resize'] as const)
    network.on(name, () => events.onViewChange());

  return {
    network,
    setData(next, nextLayout) {
      currentData = next;
      linked = new Set(next.nodes.filter((node) => node.href).map((node) => node.id));
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
      fitReadable();
    },
    withAllLabels(draw) {
      for (const [id, item] of hidden) showLabel(item, id, true);
      try {
        draw();
      } finally {
        for (const [id, item] of hidden) showLabel(item, id, false);
      }
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
