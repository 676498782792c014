/**
 * The check of the consensus forecasts answer (SPEC §3 "Consensus forecast list response", §7
 * get-emitent-list-of-indexes), run by the API layer: an answer of another shape fails with the
 * field named, so <fin-consensus-forecasts> shows a load error with retry instead of crashing.
 */
import type { ConsensusAnswer, ConsensusItem } from './company.ts';
import type { MaskedValue } from './types.ts';
import {
  arrayOf,
  integer,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  type Check,
} from './validate.ts';

const maskedValue: Check<MaskedValue> = (v, path) => (v === '***' ? '***' : nullable(number)(v, path));
const text = optional(string, '');

const item = object<ConsensusItem>({
  code: text,
  indexName: string,
  unit: text,
  actual_year: integer,
  actual_value: maskedValue,
  forecast_year: integer,
  forecast_value: maskedValue,
  forecast_value_next: maskedValue,
  forecast_min: maskedValue,
  forecast_max: maskedValue,
  change: maskedValue,
  analysts_count: integer,
  updated: text,
});

/** Headings that are not text are left out (the element has its own labels for them). */
const labels: Check<Record<string, string>> = optional((v, path) => {
  const source = record(v, path);
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}, {});

export const checkConsensus: Check<ConsensusAnswer> = object<ConsensusAnswer>({
  items: arrayOf(item),
  labels,
});

/** An empty body: no forecasts (the block stays hidden). */
export const emptyConsensus = (): ConsensusAnswer => ({ items: [], labels: {} });
