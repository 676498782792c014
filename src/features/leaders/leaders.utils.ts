/**
 * The leaders tables' mapping (SPEC §2 "Leaders tables", §9 tab ids): tabs, the query of a tab,
 * columns per width and how cells read.
 */
import type { CapitalizationRow, LeaderRow, MarketTable } from '../../contract/stocks.ts';
import { formatNumber, formatPercentChange } from '../../core/format.ts';

/** SPEC §9 leaders tab ids. */
export const LEADERS_TABS = { growing: 1, falling: 2, capitalization: 3 } as const;
export type LeadersTabId = (typeof LEADERS_TABS)[keyof typeof LEADERS_TABS];
export const LEADERS_TAB_IDS: readonly LeadersTabId[] = [1, 2, 3];

/** Label keys (module `market`) of the tabs. */
export const LEADERS_TAB_LABELS: Record<LeadersTabId, string> = {
  1: 'market:tab_growing',
  2: 'market:tab_falling',
  3: 'market:tab_capitalization',
};

/**
 * What an empty tab means (label keys, module `stock`): nothing of the stock's sector (branch)
 * rose or fell on its last trading day, or has a capitalisation; of the whole market for branch 0.
 */
export function leadersEmptyKey(tab: LeadersTabId, branchId: number): string {
  const what =
    tab === LEADERS_TABS.growing ? 'growing' : tab === LEADERS_TABS.falling ? 'falling' : 'capitalization';
  return `stock:leaders_empty_${what}${branchId === 0 ? '_market' : ''}`;
}

/** The block's name (its tab list's label): the sector's leaders, or the market's for branch 0. */
export function leadersTitleKey(branchId: number): string {
  return branchId === 0 ? 'stock:leaders_caption' : 'stock:menu_growing_leaders';
}

/** An attribute value as a tab id; anything else is the first tab (growing). */
export function leadersTab(value: unknown): LeadersTabId {
  const id = typeof value === 'string' ? Number(value) : value;
  return LEADERS_TAB_IDS.includes(id as LeadersTabId) ? (id as LeadersTabId) : LEADERS_TABS.growing;
}

export interface LeadersQuery {
  tab: LeadersTabId;
  /** 0 = every branch (a stock without a branch). */
  branchId: number;
  groundId: number;
}

/** The page's branch may be missing or null: the leaders of every branch then (SPEC §7 branchId 0). */
export function leadersBranch(branchId: number | null | undefined): number {
  return typeof branchId === 'number' && Number.isInteger(branchId) && branchId >= 0 ? branchId : 0;
}

export type LeadersTable = MarketTable<LeaderRow> | MarketTable<CapitalizationRow>;

/** Below 680 px: the name fixed, then what the tab is about. */
export function leadersMobileFields(tab: LeadersTabId): string[] {
  return tab === LEADERS_TABS.capitalization
    ? ['name', 'capitalization', 'share']
    : ['name', 'change', 'last'];
}

/** The header of a field: the `market` label (the page's language), else the answer's own. */
export function leadersFieldLabel(
  field: string,
  t: (key: string) => string,
  fieldsLabels: Record<string, string>,
): string {
  const label = t(`market:${field}`);
  return label.startsWith('{{') ? (fieldsLabels[field] ?? label) : label;
}

const INTEGER_FIELDS: ReadonlySet<string> = new Set(['volume', 'capitalization']);
const PERCENT_FIELDS: ReadonlySet<string> = new Set(['change']);
const NUMBER_FIELDS: ReadonlySet<string> = new Set(['last', 'share']);

export function isNumericField(field: string): boolean {
  return INTEGER_FIELDS.has(field) || PERCENT_FIELDS.has(field) || NUMBER_FIELDS.has(field);
}

/** A cell as shown: '***' as the server masked it, numbers with space thousands, the change signed. */
export function leadersCellText(field: string, value: unknown): string | null {
  if (value === '***') return '***';
  if (typeof value !== 'number') return null;
  if (INTEGER_FIELDS.has(field)) return formatNumber(value, 0);
  if (PERCENT_FIELDS.has(field)) return formatPercentChange(value);
  return formatNumber(value);
}
