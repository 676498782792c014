import { describe, expect, it } from 'vitest';
import type { TabPeriod } from '../../contract/chart-widget.ts';
import { initialRange, periodLimitYears, tabRange, typedRange } from './chart-widget.period.ts';

const periods: TabPeriod[] = [
  { id: 1, ttl: '1M', class: '', start_date: '27.10.2026', end_date: '27.11.2026' },
  { id: 4, ttl: '1Y', class: 'tab active', start_date: '27.11.2025', end_date: '27.11.2026' },
];

describe('chart widget period (SPEC §3 Tab period, §4, §5)', () => {
  it('starts on the tab whose class has "active", asking with its id', () => {
    expect(initialRange(periods, '2026-11-27')).toEqual({
      periodId: 4,
      beginDate: '27.11.2025',
      endDate: '27.11.2026',
    });
  });

  it('without an active tab: the last year up to today, as typed dates', () => {
    expect(initialRange([{ ...periods[0]!, class: '' }], '2026-02-28')).toEqual({
      periodId: null,
      beginDate: '28.02.2025',
      endDate: '28.02.2026',
    });
  });

  it('a tab sets its own dates', () => {
    expect(tabRange(periods[0]!)).toEqual({ periodId: 1, beginDate: '27.10.2026', endDate: '27.11.2026' });
  });

  it('typed dates make an arbitrary period (no tab)', () => {
    expect(typedRange('01.03.2026', '15.04.2026', 'from')).toEqual({
      ok: true,
      range: { periodId: null, beginDate: '01.03.2026', endDate: '15.04.2026' },
      capped: false,
    });
  });

  it('a start after the end is graph_period_start_incorrect', () => {
    expect(typedRange('16.04.2026', '15.04.2026', 'from')).toEqual({
      ok: false,
      error: 'graph_period_start_incorrect',
    });
    expect(typedRange('31.02.2026', '15.04.2026', 'from')).toEqual({ ok: false, error: 'invalid_date' });
  });

  it('a span over 10 years moves the date the user did not touch', () => {
    expect(typedRange('01.01.2010', '27.11.2026', 'from')).toEqual({
      ok: true,
      range: { periodId: null, beginDate: '01.01.2010', endDate: '01.01.2020' },
      capped: true,
    });
    expect(typedRange('01.01.2010', '27.11.2026', 'to')).toEqual({
      ok: true,
      range: { periodId: null, beginDate: '27.11.2016', endDate: '27.11.2026' },
      capped: true,
    });
    // Exactly 10 years is allowed.
    expect(typedRange('27.11.2016', '27.11.2026', 'from')).toMatchObject({ ok: true, capped: false });
  });

  it('the limit follows period-limit-in-years; nonsense falls back on 10', () => {
    expect(typedRange('01.01.2020', '27.11.2026', 'to', 2)).toMatchObject({
      range: { beginDate: '27.11.2024', endDate: '27.11.2026' },
      capped: true,
    });
    expect(periodLimitYears(undefined)).toBe(10);
    expect(periodLimitYears(-3)).toBe(10);
    expect(periodLimitYears(Number.NaN)).toBe(10);
    expect(periodLimitYears(5)).toBe(5);
  });
});
