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
