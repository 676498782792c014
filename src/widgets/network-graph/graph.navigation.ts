/**
 * Keyboard moves of the graph (vis-network has none): an arrow key moves along a link to the
 * neighbour lying in that direction on screen.
 */
import type { Point } from './graph.types.ts';

export type Direction = 'left' | 'right' | 'up' | 'down';

export const ARROW_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** Screen angles (y grows downwards). */
const ANGLES: Record<Direction, number> = { right: 0, down: Math.PI / 2, left: Math.PI, up: -Math.PI / 2 };

function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

/**
 * The neighbour to move to: among those within 45° of the direction, the one closest to it in
 * angle (then in distance); when none lies that way, the one nearest by angle, so a key always
 * moves when there is a neighbour. Null without neighbours.
 */
export function neighbourInDirection<Id>(
  from: Point,
  neighbours: ReadonlyArray<{ id: Id } & Point>,
  direction: Direction,
): Id | null {
  const wanted = ANGLES[direction];
  let best: { id: Id; angle: number; distance: number } | null = null;
  for (const node of neighbours) {
    const dx = node.x - from.x;
    const dy = node.y - from.y;
    const distance = Math.hypot(dx, dy);
    const angle = distance === 0 ? Math.PI : angleBetween(Math.atan2(dy, dx), wanted);
    const better =
      best === null ||
      angle < best.angle - 1e-9 ||
      (Math.abs(angle - best.angle) <= 1e-9 && distance < best.distance);
    if (better) best = { id: node.id, angle, distance };
  }
  return best?.id ?? null;
}

/** Neighbours by links, in either direction of the link. */
export function adjacency<Id>(links: ReadonlyArray<{ from: Id; to: Id }>): Map<Id, Id[]> {
  const map = new Map<Id, Id[]>();
  const add = (a: Id, b: Id) => {
    const list = map.get(a) ?? [];
    if (!list.includes(b)) list.push(b);
    map.set(a, list);
  };
  for (const { from, to } of links) {
    add(from, to);
    add(to, from);
  }
  return map;
}
