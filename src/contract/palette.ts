/**
 * The chart palette of SPEC §9: 21 colours, the first reserved for the main series. Compared
 * stocks and indexes (at most 10 + 10, SPEC §5) take the lowest free colour; removing one frees
 * its colour for the next item, so colours never run out and never repeat on one chart.
 */

export const CHART_PALETTE = [
  '#1d5fbf',
  '#e8772e',
  '#2a9d8f',
  '#8e44ad',
  '#c0392b',
  '#16a085',
  '#d4a017',
  '#2c3e50',
  '#e84393',
  '#27ae60',
  '#6c5ce7',
  '#b7472a',
  '#0984e3',
  '#7f8c8d',
  '#a0522d',
  '#00838f',
  '#9b59b6',
  '#556b2f',
  '#d35400',
  '#34495e',
  '#ff6f61',
] as const;

/** Index of the main series' colour. */
export const MAIN_COLOR_INDEX = 0;

export function paletteColor(index: number): string {
  return CHART_PALETTE[index] ?? CHART_PALETTE[MAIN_COLOR_INDEX];
}

/**
 * The lowest palette index after the reserved one that no item uses; null when all 20 are taken
 * (cannot happen within the compare limits, but the caller must not get a duplicate).
 */
export function allocateColor(used: Iterable<number>): number | null {
  const taken = new Set(used);
  for (let index = MAIN_COLOR_INDEX + 1; index < CHART_PALETTE.length; index++) {
    if (!taken.has(index)) return index;
  }
  return null;
}

/** SPEC §3 "Network graph input": the main issuer's node is blue (the main series' colour) … */
export const GRAPH_MAIN_NODE_COLOR = CHART_PALETTE[MAIN_COLOR_INDEX];
/** … and every other issuer's node orange. */
export const GRAPH_OTHER_NODE_COLOR = CHART_PALETTE[1];
