/** From the links answer (SPEC §3 "Network graph input") to what the graph draws. */
import type { RelatedLink } from '../../contract/company.ts';
import type { Lang } from '../../contract/types.ts';
import { safeHref } from '../../contract/links.ts';
import { nodeLabel, RELATION_LINES, shareText } from '../../contract/network-graph.ts';
import { linkHolding } from '../../contract/related-links.ts';
// The pure modules of the widget (not its index): the bench builds graphs in Node.
import { nodeSizes } from '../../widgets/network-graph/graph.options.ts';
import type { GraphData, GraphNode } from '../../widgets/network-graph/graph.types.ts';

/** "Full name, relation, share": the accessible name and the announcement of a node (never cut). */
export function nodeDescription(name: string, relation: string, share: number | null, lang?: Lang): string {
  return [name, relation, shareText(share, lang)].filter((part) => part.trim() !== '').join(', ');
}

/**
 * Nodes for the main issuer and every issuer the links name (either end), edges from the holder
 * to the held company (a shareholder's link points at the issuer it holds; an affiliate's has no
 * arrow) with the share as label, the relation type as tooltip and the type's line.
 */
export function buildGraph(
  links: readonly RelatedLink[],
  mainEmitentId: number,
  mainName?: string,
  /** The page's language: shares in its number format ("12,5 %" on a German page). */
  lang?: Lang,
): GraphData {
  const names = new Map<number, string>();
  const inbound = new Map<number, RelatedLink>();
  for (const link of links) {
    if (!names.has(link.parent_emitent_id) && link.parent_emitent_name)
      names.set(link.parent_emitent_id, link.parent_emitent_name);
    names.set(link.emitent_id, link.emitent_name);
    if (!inbound.has(link.emitent_id)) inbound.set(link.emitent_id, link);
  }
  if (mainName) names.set(mainEmitentId, mainName);
  const ids = [mainEmitentId, ...[...names.keys()].filter((id) => id !== mainEmitentId)];
  const edges = links.map((link, index) => {
    const holding = linkHolding(link);
    const line = RELATION_LINES[link.rel_type] ?? RELATION_LINES.affiliate;
    return {
      id: `${link.parent_emitent_id}>${link.emitent_id}#${index}`,
      from: holding.holderId,
      to: holding.heldId,
      label: shareText(link.share, lang),
      title: link.rel_type_name,
      color: line.color,
      dashed: line.dashed,
      arrow: holding.directed && line.arrow,
    };
  });
  const sizes = nodeSizes(ids, edges);
  const nodes: GraphNode[] = ids.map((id) => {
    const name = names.get(id) ?? String(id);
    const link = id === mainEmitentId ? undefined : inbound.get(id);
    return {
      id,
      label: nodeLabel(name),
      description: link ? nodeDescription(name, link.rel_type_name, link.share, lang) : name,
      main: id === mainEmitentId,
      size: sizes.get(id) ?? 14,
      href: safeHref(link?.url ?? null),
    };
  });
  return { nodes, edges };
}
