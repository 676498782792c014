/**
 * The checks of the FMP, quarterly and multipliers answers: a well-formed answer passes as it came,
 * one of another shape (null, the quarterly call's 206 body, a row that is not an object) fails
 * naming the field, so the issuer sections show a load error with retry instead of crashing.
 */
import { describe, expect, it } from 'vitest';
import { checkMultipliers, emptyMultipliers } from './multipliers-answer.ts';
import { checkFmpReport, checkQuarterlyReports, emptyFmpReport, emptyQuarterlyReports } from './reports.ts';

const fmp = {
  emitent_id: 1,
  periodId: 4,
  requestedPeriodId: null,
  fallback: false,
  periods: [{ id: 4, periodNum: 12, ttl: '12 months' }],
  groups: [{ report_line_code: 'IS', report_line_name: 'Income', count: 7, closed: null }],
  headers: ['Line', '2024'],
  columns: ['report_line_name', 'y2024'],
  data: [
    {
      financial_statement_code: 'IS',
      report_line_code: 'REV',
      report_line_name: 'Revenue',
      dimension: 'mln RUB',
      y2024: 1.5,
    },
  ],
  currency: 'RUB',
  rowsPerGroup: 5,
};

const quarterly = {
  emitent_id: 1,
  items: [
    {
      year: 2025,
      monthArray: {
        '1': { rus: { link: '/f/1.pdf', mimetype: 'application/pdf', name: '1.pdf' }, eng: null },
        '2': null,
        '3': null,
        '4': null,
      },
    },
  ],
  need: null,
  link: null,
  defaultYears: 2,
};

const multipliers = {
  '1': [],
  '2': [
    {
      group_id: 1,
      group_name: 'Valuation',
      headers: ['Name', '2024'],
      columns: ['name', 'p2024'],
      body: [{ id: 'pe', name: 'P/E', unit: '', p2024: '***' }],
    },
  ],
};

describe('issuer section answer checks', () => {
  it('pass well-formed answers as they came', () => {
    expect(checkFmpReport(fmp, '')).toEqual(fmp);
    expect(checkQuarterlyReports(quarterly, '')).toEqual(quarterly);
    expect(checkMultipliers(multipliers, '')).toEqual(multipliers);
  });

  it('reject null and wrong shapes naming the field', () => {
    for (const check of [checkFmpReport, checkQuarterlyReports, checkMultipliers])
      expect(() => check(null, '')).toThrow(/expected an object, got null/);
    expect(() => checkFmpReport({ ...fmp, groups: {} }, '')).toThrow(/^groups: expected/);
    expect(() => checkFmpReport({ ...fmp, data: [null] }, '')).toThrow(/^data\[0\]/);
    // The faults gate's 206 body: a date, no items.
    expect(() => checkQuarterlyReports({ date: '01.01.2001', 'date.numeric': 978307200 }, '')).toThrow(
      /^items: expected/,
    );
    expect(() => checkQuarterlyReports({ ...quarterly, need: 'something' }, '')).toThrow(
      /^need: expected need_auth or need_get_access/,
    );
    expect(() => checkMultipliers({ '2': [{ ...multipliers['2'][0], body: 'x' }] }, '')).toThrow(
      /^2\[0\]\.body: expected/,
    );
  });

  it('read an empty answer as no data', () => {
    expect(emptyFmpReport().groups).toEqual([]);
    expect(emptyQuarterlyReports().items).toEqual([]);
    expect(checkMultipliers({}, '')).toEqual(emptyMultipliers());
  });
});
