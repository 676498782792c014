/**
 * The related lists of the stock page (SPEC §3 page data): the issuer's other stocks
 * (`emitentSharesStocksList`), its bonds (`emitentSharesBondsList`) and the indexes holding the
 * stock (`indexesList`), read into links.
 */
import { safeHref } from '../../contract/links.ts';
import type { StockPageData } from '../../contract/types.ts';

export const RELATED_KINDS = ['stocks', 'bonds', 'indexes'] as const;
export type RelatedKind = (typeof RELATED_KINDS)[number];

/** The page-data list and the label (module `stock`) of each kind. */
export const RELATED_SOURCES: Record<
  RelatedKind,
  { field: 'emitentSharesStocksList' | 'emitentSharesBondsList' | 'indexesList'; label: string }
> = {
  stocks: { field: 'emitentSharesStocksList', label: 'stock:menu_other_stocks' },
  bonds: { field: 'emitentSharesBondsList', label: 'stock:menu_other_bonds' },
  indexes: { field: 'indexesList', label: 'stock:menu_indexes' },
};

export function relatedKind(value: unknown): RelatedKind | null {
  return RELATED_KINDS.includes(value as RelatedKind) ? (value as RelatedKind) : null;
}

export interface RelatedItem {
  key: string;
  name: string;
  /** Where the entry links to; null when the list gave no usable address. */
  url: string | null;
  /** What tells the entry apart: a bond's ISIN, an index's code. */
  note: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function relatedItems(
  kind: RelatedKind,
  data: Pick<StockPageData, 'emitentSharesStocksList' | 'emitentSharesBondsList' | 'indexesList'>,
): RelatedItem[] {
  const list = data[RELATED_SOURCES[kind].field];
  return list.flatMap((entry, index) => {
    const name = text(entry.name);
    if (!name) return [];
    const note = kind === 'bonds' ? text(entry.isin) : kind === 'indexes' ? text(entry.code) : null;
    const id = typeof entry.id === 'number' || typeof entry.id === 'string' ? entry.id : index;
    return [{ key: `${kind}-${id}`, name, url: safeHref(entry.url), note }];
  });
}
