/**
 * An amCharts 5 chart as an export drawing: the chart as it is now drawn again onto any 2D
 * context — the SVG recorder (vector SVG and PDF) or a big PNG / JPEG canvas.
 *
 * amCharts 5.20.8 has no SVG export and no way to draw onto another context, so this file reaches
 * into its PRIVATE fields the way its own `getCanvas` (exporting) does, written against 5.20.8
 * (the export e2e tests of the chart widget check the files):
 *  - `root._renderer.layers`: the canvas layers, each with `context`, `margin`, `scale`, `dirty`;
 *    their contexts are swapped for ours during one `render` and put back;
 *  - `root._renderer.render(root._rootContainer._display)`: draws every dirty layer;
 *  - `root._renderer._omitTainted`: leaves out what is not exportable (the hover marks).
 * Each layer sets its own transform (`setTransform`), which is composed with the caller's here,
 * so the chart lands where and as large as the caller placed it. Nothing else of amCharts is
 * touched outside this file; the module does not import amCharts (it stays a lazy chunk).
 */
import type { ExportDrawing } from '../export-api.ts';

interface AmLayer {
  context: CanvasRenderingContext2D;
  margin?: unknown;
  scale?: number;
  dirty: boolean;
  visible: boolean;
}
interface AmRenderer {
  layers: Array<AmLayer | undefined>;
  render(display: unknown): void;
  _omitTainted?: boolean;
}
/** The part of an amCharts `Root` this source uses. */
export interface AmChartsRootLike {
  width(): number;
  height(): number;
}

function internals(root: AmChartsRootLike): { renderer: AmRenderer; display: unknown } {
  const inner = root as unknown as { _renderer?: AmRenderer; _rootContainer?: { _display?: unknown } };
  const renderer = inner._renderer;
  const display = inner._rootContainer?._display;
  if (!renderer || !Array.isArray(renderer.layers) || typeof renderer.render !== 'function' || !display)
    throw new Error('This amCharts version is not the one the export was written for (5.20.8)');
  return { renderer, display };
}

/**
 * The caller's context with amCharts' absolute transforms made relative to where the caller
 * stood, and without `clearRect` (a layer clears itself before drawing, which would wipe the
 * export's title and white page).
 */
function relativeContext(ctx: CanvasRenderingContext2D): CanvasRenderingContext2D {
  const base = ctx.getTransform();
  const compose = (a: number, b: number, c: number, d: number, e: number, f: number) =>
    ctx.setTransform(
      base.a * a + base.c * b,
      base.b * a + base.d * b,
      base.a * c + base.c * d,
      base.b * c + base.d * d,
      base.a * e + base.c * f + base.e,
      base.b * e + base.d * f + base.f,
    );
  return new Proxy(ctx, {
    get(target, property) {
      if (property === 'clearRect') return () => {};
      if (property === 'setTransform')
        return (a?: number | DOMMatrix2DInit, b?: number, c?: number, d?: number, e?: number, f?: number) => {
          if (typeof a === 'number') compose(a, b!, c!, d!, e!, f!);
          else if (a) compose(a.a ?? 1, a.b ?? 0, a.c ?? 0, a.d ?? 1, a.e ?? 0, a.f ?? 0);
          else compose(1, 0, 0, 1, 0, 0);
        };
      if (property === 'resetTransform') return () => compose(1, 0, 0, 1, 0, 0);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  });
}

export function amChartsDrawing(root: AmChartsRootLike): ExportDrawing {
  const { renderer, display } = internals(root);
  return {
    width: root.width(),
    height: root.height(),
    draw(ctx) {
      const target = relativeContext(ctx);
      const saved = renderer.layers.map((layer) =>
        layer ? { layer, context: layer.context, margin: layer.margin, scale: layer.scale } : null,
      );
      ctx.save();
      try {
        for (const entry of saved) {
          if (!entry || !entry.layer.visible) continue;
          entry.layer.context = target;
          // In CSS px at the caller's origin: no device-pixel scale, no margin of the layer's canvas.
          entry.layer.margin = undefined;
          entry.layer.scale = 1;
          entry.layer.dirty = true;
        }
        renderer._omitTainted = true;
        renderer.render(display);
      } finally {
        renderer._omitTainted = false;
        for (const entry of saved) {
          if (!entry) continue;
          entry.layer.context = entry.context;
          entry.layer.margin = entry.margin;
          entry.layer.scale = entry.scale;
          // The screen's canvases were not touched; drawn again on the next frame all the same.
          entry.layer.dirty = true;
        }
        ctx.restore();
      }
    },
  };
}
