/**
 * The consensus table's logic, free of React (SPEC §3 "Consensus forecast list response", §9):
 * at most 30 forecasts, 6 a page; headings from the answer's labels, else the element's own.
 */
import type { ConsensusAnswer, ConsensusItem } from '../../contract/company.ts';
import type { MaskedValue } from '../../contract/types.ts';
import { formatNumber, formatPercentChange } from '../../core/format.ts';

/** SPEC §9: the consensus table shows 6 forecasts a page, 30 at most. */
export const CONSENSUS_PAGE_SIZE = 6;
export const CONSENSUS_LIMIT = 30;
/** SPEC §9: the menu learns whether the block shows this long after its data loads. */
export const CONSENSUS_VISIBILITY_DELAY_MS = 1000;
/** The section id of the block on an issuer page (the menu entry it shows or hides). */
export const CONSENSUS_SECTION_ID = 'consensus_forecasts';

/** The columns, in order: the answer's label key for each. */
export const CONSENSUS_FIELDS = [
  'indexName',
  'actual_value',
  'forecast_value',
  'forecast_value_next',
  'forecast_min',
  'forecast_max',
  'change',
  'analysts_count',
  'updated',
] as const satisfies ReadonlyArray<keyof ConsensusItem>;
export type ConsensusField = (typeof CONSENSUS_FIELDS)[number];

/** The forecasts the table shows: the first 30 (SPEC §9 limit). */
export function shownItems(answer: ConsensusAnswer): ConsensusItem[] {
  return answer.items.slice(0, CONSENSUS_LIMIT);
}

/**
 * The heading of a column: the answer's label (in the page's language, with its years), else the
 * element's label with the years of the first forecast.
 */
export function consensusHeading(
  field: ConsensusField,
  answer: ConsensusAnswer,
  t: (key: string) => string,
): string {
  const given = answer.labels[field]?.trim();
  if (given) return given;
  const year = answer.items[0]?.actual_year;
  const withYear = (key: string, offset: number) =>
    t(key).replace('{year}', year === undefined ? '' : String(year + offset));
  switch (field) {
    case 'indexName':
      return t('issuer:indicator');
    case 'actual_value':
      return withYear('issuer:consensus_actual', 0);
    case 'forecast_value':
      return withYear('issuer:consensus_forecast', 1);
    case 'forecast_value_next':
      return withYear('issuer:consensus_forecast', 2);
    case 'forecast_min':
      return t('issuer:consensus_min');
    case 'forecast_max':
      return t('issuer:consensus_max');
    case 'change':
      return t('issuer:consensus_change');
    case 'analysts_count':
      return t('issuer:consensus_analysts');
    case 'updated':
      return t('issuer:consensus_updated');
  }
}

/** A value as the table shows it: grouped thousands, masked `***` as is, a missing one as a dash. */
export function consensusValue(value: MaskedValue): string {
  if (value === null) return '—';
  if (value === '***') return '***';
  return formatNumber(value, Number.isInteger(value) ? 0 : 2);
}

/** The change against the actual value, with its sign (+12.50%). */
export function consensusChange(value: MaskedValue): string {
  if (value === null || value === '***') return consensusValue(value);
  return formatPercentChange(value);
}

/** rise / fall / unchanged, for the change's colour (told by its sign too). */
export function changeTrend(value: MaskedValue): 'rise' | 'fall' | 'unchanged' | null {
  if (typeof value !== 'number') return null;
  return value > 0 ? 'rise' : value < 0 ? 'fall' : 'unchanged';
}
