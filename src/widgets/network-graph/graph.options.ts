/**
 * The vis-network options of the graph (pure: tested without the library). Layout speed: the
 * defaults (1,000 stabilization iterations in batches of 50, dynamic smooth edges that add a
 * physics node per link, improved layout on every size) reach a stable layout slowly and in long
 * tasks on big graphs; these options stop earlier (a higher minimum velocity, stronger damping),
 * draw straight links, skip the quadratic "improved layout" above 100 nodes and stabilize in
 * batches small enough for a task to stay short, all before the first frame (then fit once).
 */
import type { Options } from 'vis-network/esnext';
import { GRAPH_MAIN_NODE_COLOR, GRAPH_OTHER_NODE_COLOR } from '../../contract/palette.ts';
import { overlapAllowed, sizesVary } from '../../contract/network-graph.ts';

/**
 * Zooming out hides names and shares rather than drawing them below 11 px: vis-network skips a
 * label below `drawThreshold - 1` px on screen (and fades it up to `drawThreshold`). A fit draws
 * them at this size at least.
 */
export const LABEL_DRAW_THRESHOLD = 12;

/** Above this many nodes the Kamada–Kawai "improved layout" costs more than it helps. */
export const IMPROVED_LAYOUT_MAX_NODES = 100;
/** Node radius when sizes do not vary (10 links or fewer). */
export const NODE_SIZE = 14;
const NODE_SIZE_MIN = 9;
const NODE_SIZE_MAX = 36;
/** SPEC §9: nodes keep apart above 10 links (outside full screen). */
export const AVOID_OVERLAP = 0.6;

export interface GraphLayoutInput {
  nodeCount: number;
  linkCount: number;
  fullscreen: boolean;
}

/** Iterations of one stabilization batch: small graphs in few batches, big ones in short tasks. */
export function stabilizationBatch(nodeCount: number): number {
  if (nodeCount > 500) return 2;
  if (nodeCount > 150) return 5;
  if (nodeCount > 40) return 15;
  return 50;
}

export function stabilizationIterations(nodeCount: number): number {
  return nodeCount > 500 ? 300 : 400;
}

/** The physics part, which also changes with full screen (overlap rule). */
export function physicsOptions({ nodeCount, linkCount, fullscreen }: GraphLayoutInput): Options['physics'] {
  return {
    solver: 'barnesHut',
    barnesHut: {
      gravitationalConstant: -3500,
      centralGravity: 0.35,
      springLength: 110,
      springConstant: 0.05,
      damping: 0.4,
      avoidOverlap: overlapAllowed(linkCount, fullscreen) ? 0 : AVOID_OVERLAP,
    },
    minVelocity: 2,
    maxVelocity: 60,
    timestep: 0.5,
    stabilization: {
      enabled: true,
      iterations: stabilizationIterations(nodeCount),
      updateInterval: stabilizationBatch(nodeCount),
      fit: true,
    },
  };
}

export function graphOptions(input: GraphLayoutInput, fontFamily = 'Roboto, Arial, sans-serif'): Options {
  return {
    autoResize: true,
    width: '100%',
    height: '100%',
    // vis-network's own keyboard would take the page's arrow keys (bindToWindow) and only pans:
    // the element's keyboard layer moves between nodes instead.
    interaction: { keyboard: { enabled: false, bindToWindow: false }, hover: true, tooltipDelay: 250 },
    layout: { improvedLayout: input.nodeCount <= IMPROVED_LAYOUT_MAX_NODES, randomSeed: 14 },
    physics: physicsOptions(input),
    nodes: {
      shape: 'dot',
      borderWidth: 1,
      font: { size: 13, face: fontFamily, color: '#1a1d23', strokeWidth: 3, strokeColor: '#ffffff' },
      color: { background: GRAPH_OTHER_NODE_COLOR, border: GRAPH_OTHER_NODE_COLOR },
      // Zoomed out, names are hidden rather than drawn below 11 px .
      scaling: { label: { drawThreshold: LABEL_DRAW_THRESHOLD } },
    },
    edges: {
      smooth: false,
      width: 1.2,
      color: { color: '#9aa3b2', highlight: '#4a5262', hover: '#4a5262' },
      // Each link's own colour, dashes and arrow come with it (the relation type's line).
      arrows: { to: { enabled: true, scaleFactor: 0.6 } },
      scaling: { label: { drawThreshold: LABEL_DRAW_THRESHOLD } },
      font: {
        size: 11,
        face: fontFamily,
        color: '#3c4350',
        align: 'horizontal',
        strokeWidth: 3,
        strokeColor: '#ffffff',
      },
    },
  };
}

/** The colour of a node: SPEC §3, the main issuer blue, the others orange. */
export function nodeColor(main: boolean): string {
  return main ? GRAPH_MAIN_NODE_COLOR : GRAPH_OTHER_NODE_COLOR;
}

/**
 * Node radii. Up to 10 links every node has one size. Above, a node's size follows its DEGREE
 * (links drawn to it), not its share: the share is a stake in the node's parent (null for
 * affiliates, meaningless for the main issuer), while the degree says how central a node is in
 * the picture, is defined for every node and makes the hubs easy to find in a dense graph.
 */
export function nodeSizes(
  ids: readonly number[],
  links: ReadonlyArray<{ from: number; to: number }>,
): Map<number, number> {
  const degree = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const { from, to } of links) {
    degree.set(from, (degree.get(from) ?? 0) + 1);
    degree.set(to, (degree.get(to) ?? 0) + 1);
  }
  if (!sizesVary(links.length)) return new Map(ids.map((id) => [id, NODE_SIZE]));
  const most = Math.max(1, ...degree.values());
  return new Map(
    ids.map((id) => {
      const share = Math.sqrt(Math.max(0, (degree.get(id) ?? 1) - 1) / Math.max(1, most - 1));
      return [id, Math.round(NODE_SIZE_MIN + share * (NODE_SIZE_MAX - NODE_SIZE_MIN))];
    }),
  );
}
