/** The chart widget's view settings (SPEC §9): the A- / A+ font size, 1 px per step, bounded. */

export const FONT_SIZE = { initial: 12, min: 9, max: 20, step: 1 } as const;

/** The size one step smaller (-1) or larger (+1), kept within the bounds. */
export function nextFontSize(size: number, direction: -1 | 1): number {
  return Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, size + direction * FONT_SIZE.step));
}
