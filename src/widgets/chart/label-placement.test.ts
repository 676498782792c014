import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelledPoint, type PlacedLabel, type Rect } from './label-placement.ts';

const plot: Rect = { x: 0, y: 0, width: 800, height: 500 };
const RADIUS = 4;

const point = (x: number, y: number, labelWidth = 60, labelHeight = 12): LabelledPoint => ({
  x,
  y,
  labelWidth,
  labelHeight,
});

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** What a reader would see as a smear: visible labels over each other, over a marker or cut by the plot. */
function collisions(points: readonly LabelledPoint[], placed: readonly PlacedLabel[]): string[] {
  const found: string[] = [];
  const visible = placed.map((label, i) => ({ label, i })).filter(({ label }) => label.visible);
  for (const { label, i } of visible) {
    if (
      label.x < plot.x ||
      label.y < plot.y ||
      label.x + label.width > plot.width ||
      label.y + label.height > plot.height
    )
      found.push(`label ${i} leaves the plot`);
    for (const { label: other, i: j } of visible)
      if (j > i && overlaps(label, other)) found.push(`labels ${i} and ${j}`);
    points.forEach((p, j) => {
      const marker = { x: p.x - RADIUS, y: p.y - RADIUS, width: 2 * RADIUS, height: 2 * RADIUS };
      if (overlaps(label, marker)) found.push(`label ${i} over point ${j}`);
    });
  }
  return found;
}

/** A small deterministic generator (mulberry32), so the crowded layouts are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('map label placement', () => {
  it('puts a lone label to the right of its point, off the marker, centred on it', () => {
    const [label] = placeLabels([point(100, 100)], plot, { markerRadius: RADIUS, gap: 3 });
    expect(label).toEqual({ visible: true, position: 'right', x: 107, y: 94, width: 60, height: 12 });
  });

  it('moves a label that would cover its neighbour to the left, and keeps the neighbour right', () => {
    const points = [point(100, 100), point(140, 100)];
    const placed = placeLabels(points, plot, { markerRadius: RADIUS });
    expect(placed.map((l) => l.position)).toEqual(['left', 'right']);
    expect(collisions(points, placed)).toEqual([]);
  });

  it('keeps labels inside the plot at its edges', () => {
    const points = [point(790, 250), point(5, 3), point(400, 495)];
    const placed = placeLabels(points, plot, { markerRadius: RADIUS });
    expect(placed.every((l) => l.visible)).toBe(true);
    expect(placed[0]!.position).toBe('left');
    expect(collisions(points, placed)).toEqual([]);
  });

  it('hides only the labels that have no free place among a stack of points', () => {
    // Ten bonds of the same duration and yield: one label fits each side, the rest cannot.
    const points = Array.from({ length: 10 }, () => point(400, 250));
    const placed = placeLabels(points, plot, { markerRadius: RADIUS });
    const shown = placed.filter((l) => l.visible);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(shown.length).toBeLessThan(10);
    expect(placed[0]!.visible).toBe(true); // earlier points win
    expect(collisions(points, placed)).toEqual([]);
  });

  it('untangles a dense map of 300 points that all-right labels would smear, the same way every time', () => {
    const next = random(21);
    const points = Array.from({ length: 300 }, () =>
      point(20 + next() * 760, 20 + next() * 460, 30 + Math.round(next() * 50), 12),
    );
    const naive = points.map((p) => ({
      visible: true,
      position: 'right' as const,
      x: p.x + 7,
      y: p.y - 6,
      width: p.labelWidth,
      height: p.labelHeight,
    }));
    expect(collisions(points, naive).length).toBeGreaterThan(100);

    const placed = placeLabels(points, plot, { markerRadius: RADIUS });
    expect(collisions(points, placed)).toEqual([]);
    // Most labels still find a place; a hidden one really has none left.
    expect(placed.filter((l) => l.visible).length).toBeGreaterThan(150);
    expect(new Set(placed.map((l) => l.position)).size).toBeGreaterThan(4);
    expect(placeLabels(points, plot, { markerRadius: RADIUS })).toEqual(placed);
  });

  it('hides the labels of points outside the plot, empty labels and broken sizes, and lets them block nothing', () => {
    const points = [
      point(-50, 100),
      point(100, 100, 0, 0),
      point(200, 100, Number.NaN, 12),
      point(850, 100),
      point(300, 100),
    ];
    const placed = placeLabels(points, plot, { markerRadius: RADIUS });
    expect(placed.map((l) => l.visible)).toEqual([false, false, false, false, true]);
    expect(placed[4]!.position).toBe('right');
  });
});
