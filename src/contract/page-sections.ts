/** The sections of the stock page (SPEC §2 "Left-menu sections"): the ids the server gives its sections and the left menu lists. */

/** SPEC §2 "Left-menu sections" of the stock page, in the SPEC's order: section id → label key. */
export const STOCK_MENU_SECTIONS = [
  'graph',
  'dividends',
  'ifrs',
  'ifrs_fmp',
  'ras',
  'ipo',
  'issuer_profile',
  'other_stocks',
  'price_forecasts',
  'other_bonds',
  'indexes',
  'holders',
  'news',
  'comments',
  'related_issuers',
  // "managers (related and related-to)": two entries, as "IFRS reports (two variants)" are.
  'managers_related',
  'managers_related_to',
  'annual_reports',
  'multipliers',
  'growing_leaders',
  'esg_reports',
  'consensus_forecasts',
] as const;

export type StockMenuSection = (typeof STOCK_MENU_SECTIONS)[number];

/**
 * Sections of the stock page that SPEC §2's menu list does not name: the price dynamics, above the
 * chart (SPEC §1 "price dynamics, price chart…"), and the exchange table, right after the chart.
 * Their labels are `stock:section_<id>`.
 */
export const STOCK_UNLISTED_SECTIONS = ['price_dynamics', 'exchange'] as const;

/**
 * Every section of the stock page that has a menu entry, in page order: SPEC §2's list with the
 * price dynamics before the chart and the exchange table after it. (The menu shows those the page
 * has, so a reader always finds the section in view marked.)
 */
export const STOCK_PAGE_MENU_SECTIONS = [
  'price_dynamics',
  'graph',
  'exchange',
  ...STOCK_MENU_SECTIONS.slice(1),
] as const;

/** The label key that names a stock page section (its heading and its menu entry). */
export function stockSectionLabelKey(id: string): string {
  return (STOCK_UNLISTED_SECTIONS as readonly string[]).includes(id)
    ? `stock:section_${id}`
    : `stock:menu_${id}`;
}

/**
 * The sections of the issuer page (SPEC §2 "Issuer page blocks") in page order: the price-dynamics
 * bar, the reports (IFRS, RAS, FMP), multipliers, analytics comments, quarterly report files,
 * consensus forecasts and related issuers. The ids are the page's `<section id>`s and the menu's.
 */
export const ISSUER_PAGE_MENU_SECTIONS = [
  'price_dynamics',
  'ifrs',
  'ras',
  'ifrs_fmp',
  'multipliers',
  'comments',
  'quarterly_reports',
  'consensus_forecasts',
  'related_issuers',
] as const;

export type IssuerPageSection = (typeof ISSUER_PAGE_MENU_SECTIONS)[number];

const ISSUER_SECTION_LABELS: Record<IssuerPageSection, string> = {
  price_dynamics: 'stock:section_price_dynamics',
  ifrs: 'stock:menu_ifrs',
  ras: 'stock:menu_ras',
  ifrs_fmp: 'stock:menu_ifrs_fmp',
  multipliers: 'stock:menu_multipliers',
  comments: 'issuer:tab_comments',
  quarterly_reports: 'issuer:tab_quarterly',
  consensus_forecasts: 'stock:menu_consensus_forecasts',
  related_issuers: 'stock:menu_related_issuers',
};

/** The label key that names an issuer page section (its heading and its menu entry). */
export function issuerSectionLabelKey(id: IssuerPageSection): string {
  return ISSUER_SECTION_LABELS[id];
}
