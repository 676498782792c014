/** What the network graph widget draws: plain data, no drawing library types. */

export interface GraphNode {
  id: number;
  /** The label drawn on the canvas (already cut, SPEC §5). */
  label: string;
  /** Full accessible name: "Full name, relation, share" (never cut). */
  description: string;
  /** The main issuer (blue) or another (orange). */
  main: boolean;
  /** Radius in CSS px at scale 1. */
  size: number;
  /** The issuer's page, already through the allow-list; null when there is none. */
  href: string | null;
}

export interface GraphEdge {
  id: string;
  from: number;
  to: number;
  /** Drawn at the link's middle: the share (SPEC §3), or empty. */
  label: string;
  /** The link's tooltip: the relation type. */
  title: string;
  /** The relation type's line: colour, dashes, and an arrow at `to` (from holder to held). */
  color: string;
  dashed: boolean;
  arrow: boolean;
}

export interface GraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface Point {
  x: number;
  y: number;
}
