import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
  $period,
  initPeriod,
  periodWindow,
  resetPeriod,
  selectPeriod,
  setPeriodDates,
  type PeriodId,
} from './period.ts';

afterEach(() => {
  $period.set(null);
  cleanStores($period);
});

describe('periodWindow', () => {
  it('counts 1, 3, 6, 12 and 36 months back from the last date (SPEC §4)', () => {
    const from = (id: PeriodId) => periodWindow(id, '30.06.2025').from;
    expect([1, 2, 3, 4, 5].map((id) => from(id as PeriodId))).toEqual([
      '30.05.2025',
      '30.03.2025',
      '30.12.2024',
      '30.06.2024',
      '30.06.2022',
    ]);
    expect(periodWindow(3, '30.06.2025').to).toBe('30.06.2025');
  });

  it('keeps month ends valid: 31 March minus one month is 28 or 29 February', () => {
    expect(periodWindow(1, '31.03.2025').from).toBe('28.02.2025');
    expect(periodWindow(1, '31.03.2024').from).toBe('29.02.2024');
  });

  it('today is the last date alone (intraday)', () => {
    expect(periodWindow(0, '30.06.2025')).toEqual({ from: '30.06.2025', to: '30.06.2025' });
  });
});

describe('the shared period', () => {
  it('starts at 1M and is not reset by another element with the same last date', () => {
    initPeriod('30.06.2025');
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025', to: '30.06.2025' });
    selectPeriod(4);
    initPeriod('30.06.2025');
    expect($period.get()?.id).toBe(4);
  });

  it('a page with another last date (a ground switch) starts again at 1M', () => {
    initPeriod('30.06.2025');
    selectPeriod(5);
    resetPeriod('27.06.2025');
    expect($period.get()).toMatchObject({
      id: 1,
      from: '27.05.2025',
      to: '27.06.2025',
      lastDate: '27.06.2025',
    });
  });

  it('dates picked by the user make the period null', () => {
    initPeriod('30.06.2025');
    expect(setPeriodDates('01.01.2025', '01.03.2025')).toMatchObject({ ok: true });
    expect($period.get()).toMatchObject({ id: null, from: '01.01.2025', to: '01.03.2025' });
  });

  it('refuses a start after the end and leaves the period as it was', () => {
    initPeriod('30.06.2025');
    expect(setPeriodDates('02.03.2025', '01.03.2025')).toEqual({
      ok: false,
      error: 'graph_period_start_incorrect',
    });
    expect($period.get()?.id).toBe(1);
    expect(setPeriodDates('31.02.2025', '01.03.2025')).toEqual({ ok: false, error: 'invalid_date' });
  });

  it('caps the span at 10 years by moving the date the user did not touch', () => {
    initPeriod('30.06.2025');
    setPeriodDates('01.01.2000', '30.06.2025', 'from');
    expect($period.get()).toMatchObject({ from: '01.01.2000', to: '01.01.2010' });
    setPeriodDates('01.01.2000', '30.06.2025', 'to');
    expect($period.get()).toMatchObject({ from: '30.06.2015', to: '30.06.2025' });
  });
});
