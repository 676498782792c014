/**
 * Where the point labels of a bond map go. amCharts draws a label at a fixed offset from its
 * bullet and has no collision handling (amcharts5 #1744), so dense maps turn into a smear of text.
 * This pass does what Highcharts' `allowOverlap: false` does: each label tries a few positions
 * around its point (right first, then left, above, below and the diagonals) and takes the first one
 * that stays inside the plot and overlaps neither a label already placed nor any point's marker;
 * a label with no free position is hidden. Earlier points win (the caller orders them: e.g. the
 * user's added points first). Pure and deterministic: the same input always gives the same layout.
 *
 * Placed labels and markers are kept in a uniform grid, so each test looks at a few neighbours
 * only: about O(n · candidates) for evenly spread points, fine for thousands of labels.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point in pixel space with the size of its label (0 × 0: no label). */
export interface LabelledPoint {
  x: number;
  y: number;
  labelWidth: number;
  labelHeight: number;
}

export const LABEL_POSITIONS = [
  'right',
  'left',
  'above',
  'below',
  'above-right',
  'above-left',
  'below-right',
  'below-left',
] as const;
export type LabelPosition = (typeof LABEL_POSITIONS)[number];

export interface PlacedLabel {
  /** Whether the label is drawn; false when no position was free. */
  visible: boolean;
  /** The position taken (null when hidden). */
  position: LabelPosition | null;
  /** The label's box, top-left corner (meaningful only when visible). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacementOptions {
  /** Radius of a point's marker, px: labels keep off every marker. */
  markerRadius?: number;
  /** Gap between a marker's edge and its label, px. */
  gap?: number;
}

/** The label's box at one of the positions around its point. */
function candidateBox(point: LabelledPoint, position: LabelPosition, radius: number, gap: number): Rect {
  const { x, y, labelWidth: w, labelHeight: h } = point;
  // Markers are kept as squares, so a diagonal keeps the same distance as a side.
  const d = radius + gap;
  const dd = d;
  switch (position) {
    case 'right':
      return { x: x + d, y: y - h / 2, width: w, height: h };
    case 'left':
      return { x: x - d - w, y: y - h / 2, width: w, height: h };
    case 'above':
      return { x: x - w / 2, y: y - d - h, width: w, height: h };
    case 'below':
      return { x: x - w / 2, y: y + d, width: w, height: h };
    case 'above-right':
      return { x: x + dd, y: y - dd - h, width: w, height: h };
    case 'above-left':
      return { x: x - dd - w, y: y - dd - h, width: w, height: h };
    case 'below-right':
      return { x: x + dd, y: y + dd, width: w, height: h };
    case 'below-left':
      return { x: x - dd - w, y: y + dd, width: w, height: h };
  }
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(box: Rect, plot: Rect): boolean {
  return (
    box.x >= plot.x &&
    box.y >= plot.y &&
    box.x + box.width <= plot.x + plot.width &&
    box.y + box.height <= plot.y + plot.height
  );
}

/** A uniform grid of boxes: a box is filed in every cell it covers. */
class BoxGrid {
  private readonly cells = new Map<string, Rect[]>();

  constructor(private readonly cell: number) {}

  private *keys(box: Rect): Generator<string> {
    const x0 = Math.floor(box.x / this.cell);
    const x1 = Math.floor((box.x + box.width) / this.cell);
    const y0 = Math.floor(box.y / this.cell);
    const y1 = Math.floor((box.y + box.height) / this.cell);
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) yield `${gx}:${gy}`;
  }

  add(box: Rect): void {
    for (const key of this.keys(box)) {
      const list = this.cells.get(key);
      if (list) list.push(box);
      else this.cells.set(key, [box]);
    }
  }

  hits(box: Rect): boolean {
    for (const key of this.keys(box)) {
      const list = this.cells.get(key);
      if (list?.some((other) => overlaps(box, other))) return true;
    }
    return false;
  }
}

const HIDDEN = (point: LabelledPoint): PlacedLabel => ({
  visible: false,
  position: null,
  x: point.x,
  y: point.y,
  width: point.labelWidth,
  height: point.labelHeight,
});

/**
 * A position for each point's label, in the input's order. Points outside the plot and empty
 * labels are hidden; their markers are not drawn, so they block nothing.
 */
export function placeLabels(
  points: readonly LabelledPoint[],
  plot: Rect,
  options: PlacementOptions = {},
): PlacedLabel[] {
  const radius = options.markerRadius ?? 4;
  const gap = options.gap ?? 3;
  const drawn = (p: LabelledPoint): boolean =>
    Number.isFinite(p.x) &&
    Number.isFinite(p.y) &&
    p.x >= plot.x &&
    p.x <= plot.x + plot.width &&
    p.y >= plot.y &&
    p.y <= plot.y + plot.height;

  // Cells as large as the largest label: a box then covers at most 2 × 2 cells.
  let cell = 16;
  for (const p of points) {
    if (Number.isFinite(p.labelWidth)) cell = Math.max(cell, p.labelWidth);
    if (Number.isFinite(p.labelHeight)) cell = Math.max(cell, p.labelHeight);
  }
  const markers = new BoxGrid(cell);
  for (const p of points) {
    if (drawn(p)) markers.add({ x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius });
  }

  const labels = new BoxGrid(cell);
  return points.map((point) => {
    if (!drawn(point) || !(point.labelWidth > 0) || !(point.labelHeight > 0)) return HIDDEN(point);
    for (const position of LABEL_POSITIONS) {
      const box = candidateBox(point, position, radius, gap);
      if (!inside(box, plot) || labels.hits(box) || markers.hits(box)) continue;
      labels.add(box);
      return { visible: true, position, ...box };
    }
    return HIDDEN(point);
  });
}
