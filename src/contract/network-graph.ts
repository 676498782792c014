/**
 * SPEC rules of the network graph that do not depend on the drawing library: the node label cut
 * (§5), the share text on a link (§3), and when nodes may overlap (§9).
 */
import { formatPercent } from './format.ts';
import type { Lang } from './types.ts';

/** SPEC §5: a node's label is cut at 22 characters, with an ellipsis. */
export const NODE_LABEL_MAX = 22;

/**
 * The label drawn under a node: the name cut at 22 characters (counted as the reader sees them,
 * so a surrogate pair is one character) plus "…". The full name stays in the accessible name.
 */
export function nodeLabel(name: string): string {
  const chars = [...name.trim()];
  return chars.length > NODE_LABEL_MAX ? `${chars.slice(0, NODE_LABEL_MAX).join('')}…` : chars.join('');
}

/** SPEC §3: the share on a link, in the page's number format with "%"; nothing for no share. */
export function shareText(share: number | null, lang?: Lang): string {
  if (share === null || !Number.isFinite(share)) return '';
  return formatPercent(share, Number.isInteger(share) ? 0 : 2, lang);
}

/** SPEC §9: above this many links node sizes vary and nodes keep apart (unless full screen). */
export const GRAPH_OVERLAP_LINKS = 10;

/** SPEC §9: overlap is allowed in full screen or with 10 links or fewer. */
export function overlapAllowed(linkCount: number, fullscreen: boolean): boolean {
  return fullscreen || linkCount <= GRAPH_OVERLAP_LINKS;
}

/** SPEC §9: node sizes vary only above 10 links. */
export function sizesVary(linkCount: number): boolean {
  return linkCount > GRAPH_OVERLAP_LINKS;
}
