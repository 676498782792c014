/**
 * The table of a network graph's links (SPEC §3 "Network graph input"): the accessible alternative
 * to the graph, and what the issuer page shows without JavaScript. One model for the element's
 * "Table" view and the reference server's table, so both list the same rows in the same order.
 */
import type { RelatedLink } from './company.ts';
import { formatPercent } from './format.ts';
import { safeHref } from './links.ts';
import { bcp47Of, type Lang } from './types.ts';

/**
 * The two ends of a link as holder and held. The answer gives each link from its parent's side:
 * a subsidiary, associate or investment is held by the parent, a shareholder holds the parent
 * (e.g. the National Wealth Fund holding 50 % of Sberbank comes as Sberbank's link "shareholder").
 * An affiliate has no stake and no direction (`directed: false`, parent first).
 */
export interface LinkHolding {
  holderId: number;
  holderName: string;
  heldId: number;
  heldName: string;
  directed: boolean;
}

export function linkHolding(link: RelatedLink): LinkHolding {
  const parent = { id: link.parent_emitent_id, name: link.parent_emitent_name };
  const linked = { id: link.emitent_id, name: link.emitent_name };
  const [holder, held] = link.rel_type === 'shareholder' ? [linked, parent] : [parent, linked];
  return {
    holderId: holder.id,
    holderName: holder.name,
    heldId: held.id,
    heldName: held.name,
    directed: link.rel_type !== 'affiliate',
  };
}

/** "Holder → company" for a stake, "A ↔ B" for a link without direction (an affiliate). */
export function holdingText(holding: LinkHolding): string {
  return `${holding.holderName} ${holding.directed ? '→' : '↔'} ${holding.heldName}`;
}

/** The table's columns, in display order. */
export const RELATED_COLUMNS = ['issuer', 'holding', 'relation', 'share'] as const;
export type RelatedColumn = (typeof RELATED_COLUMNS)[number];
export type RelatedSortOrder = 'asc' | 'desc';

/** The `issuer:*` label of each column heading. */
export const RELATED_COLUMN_LABELS: Record<RelatedColumn, string> = {
  issuer: 'issuer:related_col_issuer',
  holding: 'issuer:related_col_holding',
  relation: 'issuer:related_col_relation',
  share: 'issuer:related_col_share',
};

export interface RelatedRow {
  /** The linked company. */
  issuer: string;
  /** Its page, through the one allow-list; null when it has none (or the URL is not safe). */
  href: string | null;
  /** Who holds whom, "holder → company" ("A ↔ B" for an affiliate). */
  holding: string;
  relation: string;
  /** Stake in percent; null = no share (affiliates). */
  share: number | null;
  /** A link of the main issuer itself (rather than one of its group). */
  direct: boolean;
  /** The link the row shows. */
  link: RelatedLink;
}

/** Names and relation types compared as people of the page's language expect. */
export function relatedCollator(lang: string | null | undefined): Intl.Collator {
  return new Intl.Collator(bcp47Of(lang) ?? undefined, { sensitivity: 'base', numeric: true });
}

/** 12.5 → "12.50%", 100 → "100%", "12,50 %" in German (the page's number format); null → null. */
export function formatShare(share: number | null, lang?: Lang): string | null {
  if (share === null || !Number.isFinite(share)) return null;
  return formatPercent(share, Number.isInteger(share) ? 0 : 2, lang);
}

/** The main issuer's name as the links give it (either end of one of its links). */
export function mainIssuerName(links: readonly RelatedLink[], mainEmitentId: number): string | null {
  for (const link of links) {
    if (link.parent_emitent_id === mainEmitentId) return link.parent_emitent_name;
    if (link.emitent_id === mainEmitentId) return link.emitent_name;
  }
  return null;
}

/** Share descending, nulls last (both orders: a missing share is never "the largest"). */
function compareShares(a: number | null, b: number | null, order: RelatedSortOrder): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return order === 'asc' ? a - b : b - a;
}

/**
 * The rows in the default order: the main issuer's own links first, then share descending (no
 * share last), then the linked company's name.
 */
export function relatedRows(
  links: readonly RelatedLink[],
  mainEmitentId: number,
  lang: string | null | undefined,
): RelatedRow[] {
  const collator = relatedCollator(lang);
  const rows = links.map((link): RelatedRow => ({
    issuer: link.emitent_name,
    href: link.url === null ? null : safeHref(link.url),
    holding: holdingText(linkHolding(link)),
    relation: link.rel_type_name,
    share: link.share,
    direct: link.parent_emitent_id === mainEmitentId,
    link,
  }));
  return rows.sort(
    (a, b) =>
      Number(b.direct) - Number(a.direct) ||
      compareShares(a.share, b.share, 'desc') ||
      collator.compare(a.issuer, b.issuer),
  );
}

/**
 * Each row's sort key for `column` (in the rows' order): a number whose ascending order is the
 * column's ascending order — the share itself, or a text's rank among the column's texts by the
 * page language's collation (equal texts share a rank) — and null for no value. A table that sorts
 * numbers stably with nulls last in both orders (the shared DataTable) then sorts as
 * `sortRelatedRows` does.
 */
export function relatedSortKeys(
  rows: readonly RelatedRow[],
  column: RelatedColumn,
  lang: string | null | undefined,
): Array<number | null> {
  if (column === 'share') return rows.map((row) => row.share);
  const collator = relatedCollator(lang);
  const texts = [...new Set(rows.map((row) => row[column]))].sort(collator.compare);
  const ranks = new Map<string, number>();
  texts.forEach((text, index) => {
    const previous = texts[index - 1];
    const rank =
      previous !== undefined && collator.compare(previous, text) === 0 ? ranks.get(previous)! : index;
    ranks.set(text, rank + 1);
  });
  return rows.map((row) => ranks.get(row[column]) ?? null);
}

/**
 * The rows sorted by one column, either way. Stable (equal values keep the given order, normally
 * the default one), names by the page language's collation, no share last in both orders.
 */
export function sortRelatedRows(
  rows: readonly RelatedRow[],
  column: RelatedColumn,
  order: RelatedSortOrder,
  lang: string | null | undefined,
): RelatedRow[] {
  const keys = relatedSortKeys(rows, column, lang);
  const indexes = rows.map((_, index) => index);
  indexes.sort((a, b) => compareShares(keys[a] ?? null, keys[b] ?? null, order) || a - b);
  return indexes.map((index) => rows[index]!);
}

/** `?related_sort=share-desc` ⇄ a column and an order; anything else is the default order (null). */
export function parseRelatedSort(value: unknown): { column: RelatedColumn; order: RelatedSortOrder } | null {
  if (typeof value !== 'string') return null;
  const [column, order] = value.split('-');
  if (!(RELATED_COLUMNS as readonly string[]).includes(column ?? '')) return null;
  if (order !== 'asc' && order !== 'desc') return null;
  return { column: column as RelatedColumn, order };
}
