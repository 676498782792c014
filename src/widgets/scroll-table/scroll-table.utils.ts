/**
 * Which rows a limited table or list shows (SPEC §4 "Collapsed shows the row limit, expanded
 * shows all"; a limit of 0 or less means no limit).
 */
export function visibleRows<T>(
  rows: readonly T[],
  limit: number,
  expanded: boolean,
): { shown: readonly T[]; collapsible: boolean } {
  const collapsible = limit > 0 && rows.length > limit;
  return { shown: collapsible && !expanded ? rows.slice(0, limit) : rows, collapsible };
}
