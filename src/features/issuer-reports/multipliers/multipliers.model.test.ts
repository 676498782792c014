import { describe, expect, it } from 'vitest';
import type { MultiplierGroup, MultipliersAnswer } from '../../../contract/company.ts';
import {
  groupHasValues,
  hasMaskedMultiplier,
  hasMultipliers,
  initialPeriod,
  MULTIPLIERS_LIMIT,
  multiplierCell,
  multiplierGroups,
} from './multipliers.model.ts';

function group(id: number, rows: number, value: number | '***' | null = 1.5): MultiplierGroup {
  return {
    group_id: id,
    group_name: `Group ${id}`,
    headers: ['Indicator', '2025'],
    columns: ['name', 'p2025'],
    body: Array.from({ length: rows }, (_, i) => ({ id: `m${i}`, name: `M${i}`, unit: '', p2025: value })),
  };
}

describe('multipliers model', () => {
  it('takes the groups of the period asked for, leaving out empty ones, at most 1000 rows each', () => {
    const answer: MultipliersAnswer = { '1': [group(1, 3), group(2, 0)], '2': [group(1, 1200)] };
    expect(multiplierGroups(answer, 1).map((g) => g.group_id)).toEqual([1]);
    expect(multiplierGroups(answer, 2)[0]?.body).toHaveLength(MULTIPLIERS_LIMIT);
    expect(MULTIPLIERS_LIMIT).toBe(1000);
  });

  it('opens the preferred period when it has groups, else the other one', () => {
    const both: MultipliersAnswer = { '1': [group(1, 2)], '2': [group(1, 2)] };
    expect(initialPeriod(both, 2)).toBe(2);
    expect(initialPeriod(both, 1)).toBe(1);
    expect(initialPeriod({ '1': [group(1, 2)], '2': [] }, 2)).toBe(1);
    expect(hasMultipliers({ '1': [], '2': [group(1, 0)] })).toBe(false);
    expect(hasMultipliers({ '1': [], '2': [group(1, 1)] })).toBe(true);
  });

  it('finds masked values, so the prompt shows only when the server masked something', () => {
    expect(hasMaskedMultiplier([group(1, 2), group(2, 1, '***')])).toBe(true);
    expect(hasMaskedMultiplier([group(1, 2), group(2, 1, null)])).toBe(false);
  });

  it('shows masked values as masked, null as not computed, numbers with 2 decimals or whole when large', () => {
    expect(multiplierCell('***')).toEqual({ kind: 'masked' });
    expect(multiplierCell(null)).toEqual({ kind: 'none' });
    expect(multiplierCell(undefined)).toEqual({ kind: 'none' });
    // A page without a language is Russian: decimal comma (issue 20).
    expect(multiplierCell(-0.48)).toEqual({ kind: 'value', text: '−0,48' });
    expect(multiplierCell(7)).toEqual({ kind: 'value', text: '7,00' });
    expect(multiplierCell(6234567)).toEqual({ kind: 'value', text: '6\u202f234\u202f567' });
  });

  it('calls a group of dashes only empty: no data for a period or an answer without one multiplier', () => {
    expect(groupHasValues(group(1, 2, null))).toBe(false);
    expect(groupHasValues(group(1, 2, '***'))).toBe(true);
    expect(groupHasValues(group(1, 2, 0))).toBe(true);
    const dashes: MultipliersAnswer = {
      '1': [group(1, 2, null)],
      '2': [group(1, 2, null), group(2, 1, null)],
    };
    expect(hasMultipliers(dashes)).toBe(false);
    const annualOnly: MultipliersAnswer = {
      '1': [group(1, 2, null)],
      '2': [group(1, 2, null), group(2, 1, 4)],
    };
    expect(hasMultipliers(annualOnly)).toBe(true);
    expect(initialPeriod(annualOnly, 1)).toBe(2);
  });
});
