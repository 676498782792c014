import { describe, expect, it } from 'vitest';
import type { ConsensusAnswer, ConsensusItem } from '../../contract/company.ts';
import { checkConsensus } from '../../contract/consensus-answer.ts';
import {
  CONSENSUS_LIMIT,
  changeTrend,
  consensusChange,
  consensusHeading,
  consensusValue,
  shownItems,
} from './consensus-forecasts.utils.ts';

const item = (n: number): ConsensusItem => ({
  code: `code_${n}`,
  indexName: `Indicator ${n}`,
  unit: 'mln RUB',
  actual_year: 2024,
  actual_value: 1000 + n,
  forecast_year: 2025,
  forecast_value: 1100,
  forecast_value_next: 1200,
  forecast_min: 900,
  forecast_max: 1300,
  change: 10,
  analysts_count: 7,
  updated: '01.06.2025',
});
const answer = (count: number, labels: Record<string, string> = {}): ConsensusAnswer => ({
  items: Array.from({ length: count }, (_, i) => item(i + 1)),
  labels,
});
const t = (key: string) =>
  ({
    'issuer:consensus_actual': 'Actual {year}',
    'issuer:consensus_forecast': 'Forecast {year}',
    'issuer:indicator': 'Indicator',
  })[key] ?? `{{${key}}}`;

describe('consensus forecasts', () => {
  it('shows at most thirty forecasts (SPEC §9)', () => {
    expect(shownItems(answer(40))).toHaveLength(CONSENSUS_LIMIT);
    expect(shownItems(answer(40)).at(-1)!.indexName).toBe('Indicator 30');
    expect(shownItems(answer(4))).toHaveLength(4);
  });

  it("heads the columns with the answer's labels, else its own with the forecast years", () => {
    expect(consensusHeading('actual_value', answer(1, { actual_value: 'Факт 2024' }), t)).toBe('Факт 2024');
    expect(consensusHeading('actual_value', answer(1), t)).toBe('Actual 2024');
    expect(consensusHeading('forecast_value', answer(1), t)).toBe('Forecast 2025');
    expect(consensusHeading('forecast_value_next', answer(1), t)).toBe('Forecast 2026');
    expect(consensusHeading('indexName', answer(1, { indexName: '  ' }), t)).toBe('Indicator');
  });

  it('writes values with grouped thousands, the masked and missing ones as such, the change signed', () => {
    expect(consensusValue(7981250)).toBe('7\u202f981\u202f250');
    // A page without a language is Russian: decimal comma, a space before % (issue 20).
    expect(consensusValue(12.5)).toBe('12,50');
    expect(consensusValue('***')).toBe('***');
    expect(consensusValue(null)).toBe('—');
    expect(consensusChange(12.5)).toBe('+12,50\u202f%');
    expect(consensusChange(-3)).toBe('−3,00\u202f%');
    expect(changeTrend(-3)).toBe('fall');
    expect(changeTrend('***')).toBeNull();
  });

  it('refuses an answer of another shape, naming the field', () => {
    expect(() => checkConsensus({ items: {}, labels: {} }, '')).toThrow(/items/);
    expect(() => checkConsensus({ items: [{ ...item(1), forecast_value: 'x' }] }, '')).toThrow(
      /items\[0\]\.forecast_value/,
    );
    expect(checkConsensus({ items: [item(1)], labels: { title: 'T', bad: 5 } }, '').labels).toEqual({
      title: 'T',
    });
  });
});
