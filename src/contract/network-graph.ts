/**
 * SPEC rules of the network graph that do not depend on the drawing library: the node label cut
 * (§5), the share text on a link (§3), and when nodes may overlap (§9).
 */
import type { RelatedLink } from './company.ts';
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

/**
 * The line of each relation type on the graph and in its legend: stakes are solid lines with an
 * arrow from the holder to the held company, an affiliation (no stake, no direction) is dashed.
 * Stakes differ in hue and lightness (at least 3:1 against white); the affiliation keeps the grey
 * of a plain link.
 */
export const RELATION_LINES: Readonly<
  Record<RelatedLink['rel_type'], { color: string; dashed: boolean; arrow: boolean }>
> = {
  subsidiary: { color: '#1f7a70', dashed: false, arrow: true },
  associate: { color: '#8e44ad', dashed: false, arrow: true },
  investment: { color: '#2c3e50', dashed: false, arrow: true },
  shareholder: { color: '#c0392b', dashed: false, arrow: true },
  affiliate: { color: '#9aa3b2', dashed: true, arrow: false },
};

/** The legend's order of relation types. */
export const RELATION_TYPES = ['shareholder', 'subsidiary', 'associate', 'investment', 'affiliate'] as const;
