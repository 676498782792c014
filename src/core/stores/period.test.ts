import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
  $period,
  initPeriod,
  periodStore,
  resetPeriod,
  resetPeriods,
  selectPeriod,
  setPeriodDates,
} from './period.ts';
import { isPeriodDateInRange, periodDateBounds, periodWindow, type PeriodId } from '../../contract/period.ts';

afterEach(() => {
  resetPeriods();
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

describe('a period per page-data block (several instruments on one page)', () => {
  it('gives the main block the shared $period and any other block its own', () => {
    expect(periodStore()).toBe($period);
    expect(periodStore('#fin-page-data')).toBe($period);
    expect(periodStore('#second-stock')).toBe(periodStore('#second-stock'));
    expect(periodStore('#second-stock')).not.toBe($period);
  });

  it('keeps two blocks with different last dates apart: neither resets the other', () => {
    initPeriod('30.06.2025');
    initPeriod('27.06.2025', '#second-stock');
    selectPeriod(4);
    selectPeriod(2, '#second-stock');
    // What each chart does on every sync: its block's last date is already set, nothing moves.
    initPeriod('30.06.2025');
    initPeriod('27.06.2025', '#second-stock');
    expect($period.get()).toMatchObject({ id: 4, from: '30.06.2024', lastDate: '30.06.2025' });
    expect(periodStore('#second-stock').get()).toMatchObject({
      id: 2,
      from: '27.03.2025',
      lastDate: '27.06.2025',
    });
    setPeriodDates('01.06.2025', '10.06.2025', 'from', '#second-stock');
    expect($period.get()?.id).toBe(4);
    resetPeriods();
    expect([$period.get(), periodStore('#second-stock').get()]).toEqual([null, null]);
  });
});

describe('only real changes', () => {
  it('a tab that is already the period changes nothing', () => {
    initPeriod('30.06.2025');
    const seen: unknown[] = [];
    const stop = $period.listen((period) => seen.push(period));
    expect(selectPeriod(1)).toBe(false);
    expect(selectPeriod(2)).toBe(true);
    expect(seen).toHaveLength(1);
    stop();
  });

  it('the same dates again are not a change', () => {
    initPeriod('30.06.2025');
    expect(setPeriodDates('01.06.2025', '10.06.2025')).toMatchObject({ ok: true, changed: true });
    expect(setPeriodDates('01.06.2025', '10.06.2025')).toMatchObject({ ok: true, changed: false });
  });
});

describe('dates a user may pick', () => {
  it('go from 1970 to a year after the last date', () => {
    expect(periodDateBounds('30.06.2025')).toEqual({ min: '01.01.1970', max: '30.06.2026' });
    expect(periodDateBounds('')).toEqual({ min: '01.01.1970', max: null });
    expect(isPeriodDateInRange('01.01.1970', '30.06.2025')).toBe(true);
    expect(isPeriodDateInRange('31.12.1969', '30.06.2025')).toBe(false);
    expect(isPeriodDateInRange('30.06.2026', '30.06.2025')).toBe(true);
    expect(isPeriodDateInRange('01.07.2026', '30.06.2025')).toBe(false);
    expect(isPeriodDateInRange('31.02.2025', '30.06.2025')).toBe(false);
  });

  it('refuses a half-typed year (0002 on the way to 2024) without touching the period', () => {
    initPeriod('30.06.2025');
    selectPeriod(2);
    const before = $period.get();
    expect(setPeriodDates('01.01.0002', '30.06.2025', 'from')).toEqual({
      ok: false,
      error: 'date_out_of_range',
    });
    expect(setPeriodDates('01.01.2020', '01.01.0202', 'to')).toEqual({
      ok: false,
      error: 'date_out_of_range',
    });
    expect(setPeriodDates('01.01.2025', '01.01.2099', 'to')).toEqual({
      ok: false,
      error: 'date_out_of_range',
    });
    expect($period.get()).toBe(before);
  });

  it('writes every year with four digits', () => {
    expect(periodWindow(1, '15.03.0999')).toEqual({ from: '15.02.0999', to: '15.03.0999' });
    expect(periodWindow(5, '15.03.0102').from).toBe('15.03.0099');
  });
});
