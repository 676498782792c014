/**
 * A vis-network graph as an export drawing: its current view (pan, zoom, positions, selection)
 * drawn again onto any 2D context — the SVG recorder or a big PNG canvas.
 *
 * vis-network has no export and no way to draw onto another context, so this file reaches into
 * its PRIVATE fields, written against vis-network 10.1.5 (pinned exactly in package.json; the
 * export e2e test compares the result with the screen and fails if an upgrade moves them):
 *  - `network.renderer._redraw(hidden)`: draws edges, nodes, labels and arrows;
 *  - `network.renderer.canvas.getContext()`: where `_redraw` gets its context — swapped for ours
 *    during the call;
 *  - `network.renderer.canvas.setTransform()`: sets the screen's pixel ratio on the context —
 *    skipped (the caller's transform places and scales the drawing);
 *  - `network.renderer.canvas.frame.canvas`: the on-screen canvas, whose CSS size is the drawing's.
 * Nothing else of this library is touched outside this file.
 */
import type { ExportDrawing } from '../export-api.ts';

interface VisCanvas {
  getContext(): CanvasRenderingContext2D;
  setTransform(): void;
  frame: { canvas: HTMLCanvasElement };
}
interface VisRenderer {
  canvas: VisCanvas;
  _redraw(hidden?: boolean): void;
}
/** The part of a vis-network `Network` this source uses (any version-compatible instance). */
export interface VisNetworkLike {
  redraw(): void;
}

function rendererOf(network: VisNetworkLike): VisRenderer {
  const renderer = (network as unknown as { renderer?: VisRenderer }).renderer;
  if (!renderer?.canvas?.frame?.canvas || typeof renderer._redraw !== 'function') {
    throw new Error('This vis-network version is not the one the export was written for (10.1.5)');
  }
  return renderer;
}

/**
 * The context vis-network draws on, minus `clearRect`: it clears its whole canvas before drawing,
 * which on an export canvas would wipe the title and the white page under the graph.
 */
function withoutClearing(ctx: CanvasRenderingContext2D): CanvasRenderingContext2D {
  return new Proxy(ctx, {
    get(target, property) {
      if (property === 'clearRect') return () => {};
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  });
}

export function visNetworkDrawing(network: VisNetworkLike): ExportDrawing {
  const renderer = rendererOf(network);
  const screen = renderer.canvas.frame.canvas;
  return {
    width: screen.clientWidth,
    height: screen.clientHeight,
    draw(ctx) {
      const canvas = renderer.canvas;
      // Own properties shadow the prototype's methods for this one call, then go away.
      canvas.getContext = () => withoutClearing(ctx);
      canvas.setTransform = () => {};
      ctx.save();
      try {
        renderer._redraw(false);
      } finally {
        ctx.restore();
        delete (canvas as Partial<VisCanvas>).getContext;
        delete (canvas as Partial<VisCanvas>).setTransform;
      }
    },
  };
}
