import { describe, expect, it } from 'vitest';
import type { FmpReport, FmpRow } from '../../../contract/reports.ts';
import { fmpColumns, fmpFallback, fmpGroupDimension, fmpGroupRows, fmpValueText } from './fmp.model.ts';

const PERIODS = [
  { id: 1, periodNum: 3, ttl: '3 months' },
  { id: 3, periodNum: 9, ttl: '9 months' },
  { id: 4, periodNum: 12, ttl: '12 months' },
];

function row(code: string, line: string, dimension = 'mln RUB'): FmpRow {
  return {
    financial_statement_code: code,
    report_line_code: line,
    report_line_name: line,
    dimension,
    y2025: 1,
  };
}

describe('FMP report model', () => {
  it('gives each group its own rows, in order, by financial_statement_code', () => {
    const data = [row('IS', 'revenue'), row('BS', 'assets'), row('IS', 'costs'), row('CF', 'capex')];
    expect(fmpGroupRows({ data }, { report_line_code: 'IS' }).map((r) => r.report_line_code)).toEqual([
      'revenue',
      'costs',
    ]);
    expect(fmpGroupRows({ data }, { report_line_code: 'XX' })).toEqual([]);
  });

  it('pairs the column keys with their headers', () => {
    expect(
      fmpColumns({ columns: ['report_line_name', 'y2025', 'y2024'], headers: ['Indicator', '9M 2025'] }),
    ).toEqual([
      { field: 'report_line_name', title: 'Indicator' },
      { field: 'y2025', title: '9M 2025' },
      { field: 'y2024', title: 'y2024' },
    ]);
  });

  it('names the unit of a group only when its rows share it', () => {
    expect(fmpGroupDimension([row('IS', 'a'), row('IS', 'b')])).toBe('mln RUB');
    expect(fmpGroupDimension([row('IS', 'a'), row('IS', 'eps', 'RUB')])).toBeNull();
  });

  it('writes millions with one decimal and space thousands; null is not a figure', () => {
    // A page without a language is Russian: decimal comma (issue 20).
    expect(fmpValueText(6106813.3)).toBe('6\u202f106\u202f813,3');
    expect(fmpValueText(-2691869)).toBe('−2\u202f691\u202f869,0');
    expect(fmpValueText(null)).toBeNull();
    expect(fmpValueText('12')).toBeNull();
  });

  const answer = (over: Partial<FmpReport>) =>
    ({ periodId: 4, requestedPeriodId: null, fallback: false, periods: PERIODS, ...over }) as Pick<
      FmpReport,
      'periodId' | 'requestedPeriodId' | 'fallback' | 'periods'
    >;

  it('says when the answer shows another period than the one asked for (SPEC §7 fallback)', () => {
    // The reference server's own fallback.
    expect(fmpFallback(3, answer({ periodId: 4, requestedPeriodId: 3, fallback: true }))).toEqual({
      asked: '9 months',
      shown: '12 months',
    });
    // Another server answered the period empty and the client loaded the latest one.
    expect(fmpFallback(1, answer({ periodId: 4 }))).toEqual({ asked: '3 months', shown: '12 months' });
    // A period the answer does not list is named from the periods shown before, else by its id.
    expect(fmpFallback(2, answer({ periodId: 4 }), [{ id: 2, periodNum: 6, ttl: '6 months' }])).toEqual({
      asked: '6 months',
      shown: '12 months',
    });
    expect(fmpFallback(2, answer({ periodId: 4 }))).toEqual({ asked: '2', shown: '12 months' });
  });

  it('says nothing when the period shown is the one asked for, or none was asked for', () => {
    expect(fmpFallback(3, answer({ periodId: 3, requestedPeriodId: 3 }))).toBeNull();
    expect(fmpFallback(null, answer({ periodId: 4 }))).toBeNull();
  });
});
