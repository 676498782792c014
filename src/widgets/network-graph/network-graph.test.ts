import { describe, expect, it } from 'vitest';
import { adjacency, neighbourInDirection } from './graph.navigation.ts';
import {
  AVOID_OVERLAP,
  graphOptions,
  IMPROVED_LAYOUT_MAX_NODES,
  NODE_SIZE,
  nodeSizes,
  physicsOptions,
} from './graph.options.ts';

describe('graph options', () => {
  it('lets nodes overlap with 10 links or fewer, or in full screen; keeps them apart above (SPEC §9)', () => {
    const avoid = (linkCount: number, fullscreen: boolean) =>
      physicsOptions({ nodeCount: linkCount + 1, linkCount, fullscreen })?.barnesHut?.avoidOverlap;
    expect(avoid(10, false)).toBe(0);
    expect(avoid(11, false)).toBe(AVOID_OVERLAP);
    expect(avoid(11, true)).toBe(0);
  });

  it("never binds vis-network's keys to the window (the page keeps its arrow keys)", () => {
    const options = graphOptions({ nodeCount: 5, linkCount: 4, fullscreen: false });
    expect(options.interaction?.keyboard).toMatchObject({ bindToWindow: false });
  });

  it('stabilizes before the first frame, in shorter batches and without the improved layout on big graphs', () => {
    const small = physicsOptions({ nodeCount: 11, linkCount: 10, fullscreen: false })!;
    const big = physicsOptions({ nodeCount: 1001, linkCount: 1000, fullscreen: false })!;
    const batch = (physics: typeof small) =>
      typeof physics.stabilization === 'object' ? physics.stabilization.updateInterval! : 0;
    expect(batch(big)).toBeLessThan(batch(small));
    expect(batch(small)).toBeLessThanOrEqual(50); // vis-network's default batch
    expect(graphOptions({ nodeCount: 50, linkCount: 49, fullscreen: false }).layout?.improvedLayout).toBe(
      true,
    );
    expect(
      graphOptions({ nodeCount: IMPROVED_LAYOUT_MAX_NODES + 1, linkCount: 200, fullscreen: false }).layout
        ?.improvedLayout,
    ).toBe(false);
  });

  it('gives every node one size up to 10 links and sizes by degree above', () => {
    const star = (n: number) => Array.from({ length: n }, (_, i) => ({ from: 0, to: i + 1 }));
    const ids = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);
    expect(new Set(nodeSizes(ids(10), star(10)).values())).toEqual(new Set([NODE_SIZE]));
    const chain = [...star(11), { from: 1, to: 12 }];
    const sizes = nodeSizes([...ids(11), 12], chain);
    // The hub is the biggest, a node with two links bigger than a leaf.
    expect(sizes.get(0)!).toBeGreaterThan(sizes.get(1)!);
    expect(sizes.get(1)!).toBeGreaterThan(sizes.get(2)!);
  });
});

describe('keyboard moves', () => {
  const from = { x: 0, y: 0 };
  const around = [
    { id: 'east', x: 100, y: 10 },
    { id: 'south', x: -5, y: 80 },
    { id: 'west', x: -60, y: -20 },
  ];

  it('moves to the neighbour lying in the arrow direction (screen y grows downwards)', () => {
    expect(neighbourInDirection(from, around, 'right')).toBe('east');
    expect(neighbourInDirection(from, around, 'down')).toBe('south');
    expect(neighbourInDirection(from, around, 'left')).toBe('west');
  });

  it('takes the nearest by angle when none lies that way, and nothing without neighbours', () => {
    // Up: nothing above within 45°; west (-20 up) is the closest in angle.
    expect(neighbourInDirection(from, around, 'up')).toBe('west');
    expect(neighbourInDirection(from, [], 'up')).toBeNull();
  });

  it('follows links both ways', () => {
    const map = adjacency([
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
    expect(map.get(2)).toEqual([1, 3]);
    expect(map.get(3)).toEqual([2]);
  });
});
