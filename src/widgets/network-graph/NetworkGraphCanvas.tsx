/**
 * The graph's drawing and its keyboard layer, on its own so a table view can take its place.
 *
 * vis-network loads by `import()` when the block first comes into view (IntersectionObserver);
 * one Network per mount, destroyed on unmount; new data updates its DataSets in place.
 *
 * vis-network has no keyboard navigation, so over the canvas lies a layer of transparent links
 * (buttons for issuers without a page), one per node, each named "Full name, relation, share":
 * one Tab stop (roving tabindex), arrow keys move along links, Home goes to the main issuer,
 * Enter opens the issuer's page (a real link), Escape leaves. The focus ring is drawn on the
 * canvas around the node. A move is said once, by the focus landing on the named key (a live
 * region saying the name too made screen readers say it twice). A mouse click on a node opens
 * its page through the same link.
 *
 * A vis-network failure is logged (SPEC §8) and the block shows its fallback (the light-DOM
 * content the server rendered, else a short text) instead of a broken canvas.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { StyleContext, useStyles } from '../../runtime/styles.ts';
import { drawLogo, LOGO_HEIGHT, LOGO_WIDTH } from '../export/logo.ts';
import { adjacency, ARROW_DIRECTIONS, neighbourInDirection } from './graph.navigation.ts';
import type { GraphLayoutInput } from './graph.options.ts';
import type { GraphData, GraphNode, Point } from './graph.types.ts';
import type { GraphEngine } from './vis-engine.ts';
import css from './network-graph.css?inline';

export interface NetworkGraphCanvasProps {
  data: GraphData;
  /** The node focus starts on and Home goes to. */
  mainId: number;
  layout: GraphLayoutInput;
  showLogo: boolean;
  labels: {
    /** The graph's accessible name (its title). */
    region: string;
    /** How to use it from the keyboard (aria-describedby). */
    hint: string;
    /** Shown when the graph cannot be drawn (no light-DOM fallback). */
    fallback: string;
    /** While the drawing library loads and the layout settles. */
    loading: string;
  };
  /** A drawing failure: logged by the element (SPEC §8), never shown as is. */
  onRenderError(error: unknown): void;
  /** The engine once it exists (the export menu draws from it), null after unmount. */
  onEngine?(engine: GraphEngine | null): void;
}

/** Watermark opacity and margin from the canvas corner. */
const LOGO_ALPHA = 0.45;
const LOGO_MARGIN = 8;
const RING_COLOR = '#1a1d23';

interface Box {
  x: number;
  y: number;
  r: number;
}

let hintIds = 0;

export function NetworkGraphCanvas({
  data,
  mainId,
  layout,
  showLogo,
  labels,
  onRenderError,
  onEngine,
}: NetworkGraphCanvasProps) {
  useStyles(css);
  const styles = useContext(StyleContext);
  const regionRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<GraphEngine | null>(null);
  const [status, setStatus] = useState<'waiting' | 'loading' | 'stable' | 'failed'>('waiting');
  const [boxes, setBoxes] = useState<ReadonlyMap<number, Box>>(new Map());
  const [focusedId, setFocusedId] = useState(mainId);
  const [keysFocused, setKeysFocused] = useState(false);
  const [hintId] = useState(() => `fin-ng-hint-${++hintIds}`);
  const nodeRefs = useRef(new Map<number, HTMLElement>());

  // What the drawing callbacks read: always the latest render's values.
  const latest = useRef({ data, layout, showLogo, focusedId, keysFocused, onRenderError, onEngine });
  useLayoutEffect(() => {
    latest.current = { data, layout, showLogo, focusedId, keysFocused, onRenderError, onEngine };
  });

  /** A drawing failure: logged by the element, the fallback shown instead of the canvas. */
  const failed = useRef((error: unknown) => {
    setStatus('failed');
    latest.current.onRenderError(error);
  });

  // Load vis-network when the block comes into view, then create the one instance of this mount.
  useEffect(() => {
    const region = regionRef.current;
    const container = canvasRef.current;
    if (!region || !container) return;
    let cancelled = false;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const engine = engineRef.current;
      if (!engine) return;
      const positions = engine.positions();
      const scale = engine.scale();
      const next = new Map<number, Box>();
      for (const node of latest.current.data.nodes) {
        const point = positions.get(node.id);
        if (!point) continue;
        const dom = engine.toDom(point);
        next.set(node.id, { x: dom.x, y: dom.y, r: Math.max(8, node.size * scale) });
      }
      setBoxes(next);
    };
    const scheduleMeasure = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const start = () => {
      setStatus('loading');
      import('./vis-engine.ts')
        .then(({ createGraphEngine, VIS_NETWORK_CSS }) => {
          if (cancelled) return;
          styles?.add(VIS_NETWORK_CSS, 'widget');
          const font = getComputedStyle(region).fontFamily || undefined;
          const engine = createGraphEngine(
            container,
            latest.current.data,
            latest.current.layout,
            {
              onStabilized() {
                setStatus('stable');
                region.dataset.stabilized = String(Number(region.dataset.stabilized ?? 0) + 1);
                scheduleMeasure();
              },
              onAfterDrawing(ctx) {
                // Only on the screen: an export replays vis-network's drawing onto its own
                // context (SVG, PNG, PDF) and draws the logo itself, without the focus ring.
                if (ctx.canvas !== container.querySelector('canvas')) return;
                drawOverlay(ctx, engineRef.current, latest.current);
                scheduleMeasure();
              },
              onViewChange: scheduleMeasure,
              onNodeClick(id, keys) {
                // The node's own link in the keyboard layer (its href went through the
                // allow-list): a click opens the page as the link would, a modified click a tab.
                const target = nodeRefs.current.get(id);
                if (!(target instanceof HTMLAnchorElement)) return;
                if (keys.ctrlKey || keys.metaKey || keys.shiftKey)
                  window.open(target.href, '_blank', 'noopener');
                else target.click();
              },
            },
            font,
          );
          engineRef.current = engine;
          // Test hook: the browser tests read positions and options from the live instance.
          (region as unknown as { finGraph?: GraphEngine }).finGraph = engine;
          latest.current.onEngine?.(engine);
        })
        .catch((error: unknown) => {
          if (!cancelled) failed.current(error);
        });
    };
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        observer = null;
        start();
      });
      observer.observe(region);
    } else {
      start();
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      engineRef.current?.destroy();
      engineRef.current = null;
      delete (region as unknown as { finGraph?: GraphEngine }).finGraph;
      latest.current.onEngine?.(null);
    };
  }, [styles]);

  // New data or layout rules: the same instance, its DataSets updated in place.
  const firstData = useRef(true);
  useEffect(() => {
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    try {
      engineRef.current?.setData(data, layout);
    } catch (error) {
      failed.current(error);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layout is followed below
  }, [data]);

  const layoutKey = `${layout.fullscreen}/${layout.linkCount}/${layout.nodeCount}`;
  const firstLayout = useRef(true);
  useEffect(() => {
    if (firstLayout.current) {
      firstLayout.current = false;
      return;
    }
    const engine = engineRef.current;
    if (!engine) return;
    try {
      engine.setLayout(latest.current.layout);
      engine.fit();
    } catch (error) {
      failed.current(error);
    }
  }, [layoutKey]);

  // The watermark and the focus ring are drawn on the canvas: redraw when they change.
  useEffect(() => {
    engineRef.current?.redraw();
  }, [showLogo, focusedId, keysFocused]);

  // A node that is gone (new data) hands the focus back to the main issuer.
  const focusedNode = data.nodes.find((node) => node.id === focusedId) ?? null;
  const current = focusedNode ? focusedId : mainId;
  const neighbours = adjacency(data.edges);

  const moveTo = (id: number) => {
    setFocusedId(id);
    engineRef.current?.reveal(id);
    nodeRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = ARROW_DIRECTIONS[event.key];
    if (direction) {
      event.preventDefault();
      const from = boxes.get(current);
      if (!from) return;
      const candidates = (neighbours.get(current) ?? []).flatMap((id) => {
        const box = boxes.get(id);
        return box ? [{ id, x: box.x, y: box.y }] : [];
      });
      const next = neighbourInDirection(from, candidates, direction);
      if (next !== null) moveTo(next);
    } else if (event.key === 'Home') {
      event.preventDefault();
      moveTo(mainId);
    } else if (event.key === 'Escape') {
      // Leave the graph: focus goes to the region itself (not a Tab stop), the page's Tab order goes on.
      event.preventDefault();
      event.stopPropagation();
      regionRef.current?.focus();
    }
  };

  const broken = status === 'failed';
  return (
    <div
      className="fin-ng"
      ref={regionRef}
      role="group"
      aria-label={labels.region}
      aria-describedby={hintId}
      tabIndex={-1}
      data-status={status}
    >
      {broken ? (
        <div className="fin-ng__fallback">
          <slot>{labels.fallback}</slot>
        </div>
      ) : null}
      <div className="fin-ng__canvas" ref={canvasRef} hidden={broken} part="canvas" />
      {status === 'waiting' || status === 'loading' ? (
        // A visual hint only (the text is drawn by CSS): the element's content, what assistive
        // technology reads and what tests compare, does not change while the layout settles.
        <div className="fin-ng__loading" aria-hidden="true" data-text={labels.loading} />
      ) : null}
      <div
        className="fin-ng__keys"
        hidden={broken}
        onKeyDown={onKeyDown}
        onFocus={() => setKeysFocused(true)}
        onBlur={() => setKeysFocused(false)}
      >
        {data.nodes.map((node) => (
          <NodeKey
            key={node.id}
            node={node}
            box={boxes.get(node.id)}
            tabStop={node.id === current}
            focused={keysFocused && node.id === current}
            setRef={(element) => {
              if (element) nodeRefs.current.set(node.id, element);
              else nodeRefs.current.delete(node.id);
            }}
            onFocus={() => setFocusedId(node.id)}
          />
        ))}
      </div>
      <p id={hintId} className="fin-visually-hidden">
        {labels.hint}
      </p>
    </div>
  );
}

function NodeKey({
  node,
  box,
  tabStop,
  focused,
  setRef,
  onFocus,
}: {
  node: GraphNode;
  box: Box | undefined;
  tabStop: boolean;
  focused: boolean;
  setRef(element: HTMLElement | null): void;
  onFocus(): void;
}) {
  // Before the layout is measured the keys sit in the corner (still reachable by Tab).
  const style = box
    ? {
        left: `${box.x - box.r}px`,
        top: `${box.y - box.r}px`,
        width: `${2 * box.r}px`,
        height: `${2 * box.r}px`,
      }
    : undefined;
  const common = {
    className: 'fin-ng__node',
    tabIndex: tabStop ? 0 : -1,
    'aria-label': node.description,
    'data-node': node.id,
    'data-focused': focused || undefined,
    style,
    onFocus,
  };
  return node.href ? (
    <a {...common} ref={setRef} href={node.href} />
  ) : (
    <button {...common} ref={setRef} type="button" />
  );
}

/** The focus ring around the focused node and the watermark, after vis-network's own frame. */
function drawOverlay(
  ctx: CanvasRenderingContext2D,
  engine: GraphEngine | null,
  state: { data: GraphData; showLogo: boolean; focusedId: number; keysFocused: boolean },
): void {
  if (state.keysFocused && engine) {
    const node = state.data.nodes.find((item) => item.id === state.focusedId);
    const point: Point | undefined = node ? engine.positions().get(node.id) : undefined;
    if (node && point) {
      const scale = engine.scale();
      ctx.save();
      ctx.beginPath();
      ctx.arc(point.x, point.y, node.size + 6 / scale, 0, 2 * Math.PI);
      ctx.lineWidth = 3 / scale;
      ctx.strokeStyle = RING_COLOR;
      ctx.stroke();
      ctx.restore();
    }
  }
  if (state.showLogo) {
    // In CSS px of the canvas, bottom right, whatever the zoom.
    const canvas = ctx.canvas;
    const ratio = canvas.clientWidth > 0 ? canvas.width / canvas.clientWidth : 1;
    ctx.save();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawLogo(
      ctx,
      canvas.clientWidth - LOGO_WIDTH - LOGO_MARGIN,
      canvas.clientHeight - LOGO_HEIGHT - LOGO_MARGIN,
      LOGO_ALPHA,
    );
    ctx.restore();
  }
}
