/**
 * SPEC §2 "Left-menu sections" of the stock page, in the SPEC's order, written out for the tests
 * (never taken from the code they check): "IFRS reports (two variants)" and "managers (related and
 * related-to)" are two entries each.
 */
export const SPEC_STOCK_MENU_ORDER = [
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
  'managers_related',
  'managers_related_to',
  'annual_reports',
  'multipliers',
  'growing_leaders',
  'esg_reports',
  'consensus_forecasts',
] as const;
