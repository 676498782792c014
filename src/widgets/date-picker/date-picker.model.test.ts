import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATE_TIME_FORMAT,
  DAY_SECONDS,
  NO_LIMITS,
  REPOSITION_THROTTLE_MS,
  addMonths,
  calendarGrid,
  calendarNames,
  canNavigate,
  checkRange,
  clampDay,
  createThrottle,
  decadeYears,
  formatValue,
  fromParts,
  isDayDisabled,
  isMonthDisabled,
  isValueAllowed,
  isYearDisabled,
  moveCursor,
  parseValue,
  placePopup,
  rangeEndLimits,
  readStamp,
  shortcuts,
  toCalendarDay,
  todayStamp,
  type DateLimits,
  type Stamp,
} from './date-picker.model.ts';

const FORMAT = 'DD.MM.YYYY';
const d = (text: string): Stamp => {
  const stamp = readStamp(text, text.includes(':') ? DATE_TIME_FORMAT : FORMAT);
  if (stamp === null) throw new Error(`not a date: ${text}`);
  return stamp;
};
const f = (stamp: Stamp) => formatValue(stamp, FORMAT);
const weekends = (day: { weekday: number }) => day.weekday >= 6;

describe('parseValue and formatValue (SPEC §5, §9 DD.MM.YYYY)', () => {
  it('takes only text that parses completely in the format', () => {
    expect(parseValue('15.03.2024', FORMAT)).toEqual({ ok: true, stamp: d('15.03.2024') });
    expect(parseValue(' 15.03.2024 ', FORMAT).ok).toBe(true);
    for (const text of [
      '',
      '1',
      '15.03',
      '15.03.202',
      '1.3.2024',
      '15-03-2024',
      '15.03.2024x',
      '2024-03-15',
      'abc',
    ])
      expect(parseValue(text, FORMAT), text).toEqual({ ok: false, kind: 'invalid' });
  });

  it('refuses days that do not exist, and knows the leap years', () => {
    expect(parseValue('29.02.2024', FORMAT).ok).toBe(true);
    expect(parseValue('29.02.2000', FORMAT).ok).toBe(true);
    expect(parseValue('29.02.2023', FORMAT).ok).toBe(false);
    expect(parseValue('29.02.1900', FORMAT).ok).toBe(false);
    expect(parseValue('31.04.2024', FORMAT).ok).toBe(false);
    expect(parseValue('00.01.2024', FORMAT).ok).toBe(false);
    expect(parseValue('01.13.2024', FORMAT).ok).toBe(false);
  });

  it('keeps to four-digit years', () => {
    expect(parseValue('01.01.0999', FORMAT).ok).toBe(false);
    expect(parseValue('01.01.1000', FORMAT).ok).toBe(true);
    expect(parseValue('31.12.9999', FORMAT).ok).toBe(true);
  });

  it('reads and writes the time with the intraday format', () => {
    const stamp = d('15.03.2024 13:05');
    expect(stamp - d('15.03.2024')).toBe(13 * 3600 + 5 * 60);
    expect(formatValue(stamp, DATE_TIME_FORMAT)).toBe('15.03.2024 13:05');
    expect(parseValue('15.03.2024 24:00', DATE_TIME_FORMAT).ok).toBe(false);
    expect(parseValue('15.03.2024', DATE_TIME_FORMAT).ok).toBe(false);
  });

  it('calls a date outside min/max or on a disabled day unavailable', () => {
    const limits: DateLimits = { min: d('01.03.2024'), max: d('31.03.2024'), disabledDate: weekends };
    expect(parseValue('15.03.2024', FORMAT, limits).ok).toBe(true);
    expect(parseValue('16.03.2024', FORMAT, limits)).toEqual({ ok: false, kind: 'unavailable' }); // Saturday
    expect(parseValue('29.02.2024', FORMAT, limits)).toEqual({ ok: false, kind: 'unavailable' });
    expect(parseValue('01.04.2024', FORMAT, limits)).toEqual({ ok: false, kind: 'unavailable' });
    expect(parseValue('32.03.2024', FORMAT, limits)).toEqual({ ok: false, kind: 'invalid' });
  });

  it('reads caller values leniently: empty or malformed is no value', () => {
    expect(readStamp(null, FORMAT)).toBeNull();
    expect(readStamp('', FORMAT)).toBeNull();
    expect(readStamp('<b>15.03.2024</b>', FORMAT)).toBeNull();
    expect(readStamp('15.03.2024', FORMAT)).toBe(fromParts(2024, 3, 15));
  });

  it('round trip: format(parse(text)) gives the text back for every real date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = [
            String(date.getUTCDate()).padStart(2, '0'),
            String(date.getUTCMonth() + 1).padStart(2, '0'),
            String(date.getUTCFullYear()).padStart(4, '0'),
          ].join('.');
          const parsed = parseValue(text, FORMAT);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(formatValue(parsed.stamp, FORMAT)).toBe(text);
          const withTime = `${text} ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
          const timed = parseValue(withTime, DATE_TIME_FORMAT);
          expect(timed.ok && formatValue(timed.stamp, DATE_TIME_FORMAT)).toBe(withTime);
        },
      ),
    );
  });

  it('round trip: parse(format(day)) gives the day back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: d('01.01.1000') / DAY_SECONDS, max: d('31.12.9999') / DAY_SECONDS }),
        (days) => {
          const stamp = days * DAY_SECONDS;
          expect(parseValue(f(stamp), FORMAT)).toEqual({ ok: true, stamp });
        },
      ),
    );
  });

  it('refuses any text that is not exactly a date of the format', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const parsed = parseValue(text, FORMAT);
        if (parsed.ok) expect(formatValue(parsed.stamp, FORMAT)).toBe(text.trim());
      }),
    );
  });
});

describe('calendarGrid (SPEC §9: 6 rows × 7 days, Monday first)', () => {
  const grid = (text: string) => calendarGrid(d(text)).map(f);

  it('starts on the Monday on or before the 1st and holds 42 days', () => {
    // March 2024 starts on a Friday.
    const march = grid('15.03.2024');
    expect(march).toHaveLength(42);
    expect(march[0]).toBe('26.02.2024');
    expect(march[4]).toBe('01.03.2024');
    expect(march[41]).toBe('07.04.2024');
  });

  it('February of a leap year: 29 days, from Thursday the 1st', () => {
    const february = grid('10.02.2024');
    expect(february[0]).toBe('29.01.2024');
    expect(february.indexOf('29.02.2024')).toBe(31);
    expect(february[32]).toBe('01.03.2024');
    expect(february[41]).toBe('10.03.2024');
  });

  it('a month starting on Monday starts the grid with its 1st (February 2021: 28 days)', () => {
    const february = grid('28.02.2021');
    expect(february[0]).toBe('01.02.2021');
    expect(february[27]).toBe('28.02.2021');
    expect(february[41]).toBe('14.03.2021');
  });

  it('a 31-day month starting on Sunday fills the sixth row (September 2024 has 30, December 2024 ends a row early)', () => {
    const september = grid('01.09.2024');
    expect(september[0]).toBe('26.08.2024');
    expect(september[6]).toBe('01.09.2024');
    expect(september[35]).toBe('30.09.2024');
    const march2026 = grid('01.03.2026'); // 31 days from a Sunday: the most a month needs
    expect(march2026[6]).toBe('01.03.2026');
    expect(march2026[36]).toBe('31.03.2026');
  });

  it('centuries: 2000 is a leap year, 1900 is not', () => {
    expect(grid('01.02.2000')).toContain('29.02.2000');
    expect(grid('01.02.1900')).not.toContain('29.02.1900');
    expect(grid('01.02.1900')).toContain('01.03.1900');
  });

  it('always 42 consecutive days from a Monday, containing the whole month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day) => {
          const days = calendarGrid(fromParts(year, month, day));
          expect(days).toHaveLength(42);
          expect(toCalendarDay(days[0]!).weekday).toBe(1);
          days.forEach((stamp, index) => index > 0 && expect(stamp - days[index - 1]!).toBe(DAY_SECONDS));
          const inMonth = days.filter((stamp) => {
            const date = toCalendarDay(stamp);
            return date.year === year && date.month === month;
          });
          expect(toCalendarDay(inMonth[0]!).day).toBe(1);
          expect(inMonth.length).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
          // The 1st is in the first row.
          expect(days.indexOf(inMonth[0]!)).toBeLessThan(7);
        },
      ),
    );
  });
});

describe('decades (SPEC §9: 10 years per page)', () => {
  it('gives the ten years of the decade', () => {
    expect(decadeYears(2024)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029]);
    expect(decadeYears(2030)[0]).toBe(2030);
    expect(decadeYears(2019)).toHaveLength(10);
    expect(decadeYears(2019).at(-1)).toBe(2019);
  });
});

describe('limits: min, max, disabledDate', () => {
  const limits: DateLimits = { min: d('10.03.2024'), max: d('20.05.2024'), disabledDate: weekends };

  it('disables days outside min/max and the ones disabledDate names', () => {
    expect(isDayDisabled(d('09.03.2024'), limits)).toBe(true);
    expect(isDayDisabled(d('11.03.2024'), limits)).toBe(false);
    expect(isDayDisabled(d('16.03.2024'), limits)).toBe(true); // Saturday
    expect(isDayDisabled(d('20.05.2024'), limits)).toBe(false);
    expect(isDayDisabled(d('21.05.2024'), limits)).toBe(true);
  });

  it('passes disabledDate the calendar day, Monday = 1', () => {
    const seen: unknown[] = [];
    isDayDisabled(d('15.03.2024'), { ...NO_LIMITS, disabledDate: (day) => (seen.push(day), false) });
    expect(seen).toEqual([{ year: 2024, month: 3, day: 15, weekday: 5 }]);
  });

  it('compares values with a time to a min/max with a time', () => {
    const intraday: DateLimits = { min: d('15.03.2024 10:00'), max: d('15.03.2024 18:30') };
    expect(isDayDisabled(d('15.03.2024'), intraday)).toBe(false);
    expect(isValueAllowed(d('15.03.2024 09:59'), intraday)).toBe(false);
    expect(isValueAllowed(d('15.03.2024 10:00'), intraday)).toBe(true);
    expect(isValueAllowed(d('15.03.2024 18:31'), intraday)).toBe(false);
  });

  it('disables months and years with nothing to pick', () => {
    expect(isMonthDisabled(2024, 2, limits)).toBe(true);
    expect(isMonthDisabled(2024, 3, limits)).toBe(false);
    expect(isMonthDisabled(2024, 6, limits)).toBe(true);
    expect(isYearDisabled(2023, limits)).toBe(true);
    expect(isYearDisabled(2024, limits)).toBe(false);
    // Every day refused: the month has nothing either.
    expect(isMonthDisabled(2024, 4, { ...NO_LIMITS, disabledDate: () => true })).toBe(true);
    expect(isMonthDisabled(2024, 4, NO_LIMITS)).toBe(false);
  });

  it('keeps the cursor inside min/max', () => {
    expect(f(clampDay(d('01.01.2024'), limits))).toBe('10.03.2024');
    expect(f(clampDay(d('01.01.2030'), limits))).toBe('20.05.2024');
    expect(f(clampDay(d('01.04.2024'), limits))).toBe('01.04.2024');
    expect(f(clampDay(d('15.03.2024 13:00'), NO_LIMITS))).toBe('15.03.2024');
  });

  it('allows prev/next only towards pages with an allowed day', () => {
    expect(canNavigate('date', d('15.03.2024'), -1, limits)).toBe(false);
    expect(canNavigate('date', d('15.03.2024'), 1, limits)).toBe(true);
    expect(canNavigate('date', d('15.05.2024'), 1, limits)).toBe(false);
    expect(canNavigate('month', d('15.03.2024'), 12, limits)).toBe(false);
    expect(canNavigate('year', d('15.03.2024'), -120, limits)).toBe(false);
    expect(canNavigate('year', d('15.03.2024'), -120, NO_LIMITS)).toBe(true);
    expect(canNavigate('year', d('15.03.1005'), -120, NO_LIMITS)).toBe(false);
  });
});

describe('shortcuts (SPEC §9: 7 and 30 days back and forward)', () => {
  const today = d('15.03.2024');

  it('single mode: the day 30 or 7 days back or forward from today', () => {
    expect(shortcuts(today, NO_LIMITS, false).map(({ days, range }) => [days, range.map(f)])).toEqual([
      [-30, ['14.02.2024', '14.02.2024']],
      [-7, ['08.03.2024', '08.03.2024']],
      [7, ['22.03.2024', '22.03.2024']],
      [30, ['14.04.2024', '14.04.2024']],
    ]);
  });

  it('range mode: from the day back to today, or from today forward', () => {
    expect(shortcuts(today, NO_LIMITS, true).map(({ range }) => range.map(f))).toEqual([
      ['14.02.2024', '15.03.2024'],
      ['08.03.2024', '15.03.2024'],
      ['15.03.2024', '22.03.2024'],
      ['15.03.2024', '14.04.2024'],
    ]);
  });

  it('offers only those landing inside the limits', () => {
    // The usual chart: nothing after the last trading day.
    expect(shortcuts(today, { min: null, max: today }, true).map(({ days }) => days)).toEqual([-30, -7]);
    expect(
      shortcuts(today, { min: d('01.03.2024'), max: d('31.03.2024') }, false).map(({ days }) => days),
    ).toEqual([-7, 7]);
    // 14.04.2024 is a Sunday, 08.03.2024 a Friday.
    expect(shortcuts(today, { ...NO_LIMITS, disabledDate: weekends }, false).map(({ days }) => days)).toEqual(
      [-30, -7, 7],
    );
  });
});

describe('ranges: order and span cap (SPEC §4, §5)', () => {
  it('refuses a start after the end', () => {
    expect(checkRange(d('02.03.2024'), d('01.03.2024'), 10, 'start')).toEqual({
      ok: false,
      kind: 'range_order',
    });
    expect(checkRange(d('01.03.2024'), d('01.03.2024'), 10, 'start')).toEqual({
      ok: true,
      range: [d('01.03.2024'), d('01.03.2024')],
      capped: false,
    });
  });

  it('moves the date the user did not touch when the span is over the cap', () => {
    const start = d('15.03.2010');
    const end = d('16.03.2024');
    const movedStart = checkRange(start, end, 10, 'start');
    expect(movedStart.ok && movedStart.range.map(f)).toEqual(['15.03.2010', '15.03.2020']);
    expect(movedStart.ok && movedStart.capped).toBe(true);
    const movedEnd = checkRange(start, end, 10, 'end');
    expect(movedEnd.ok && movedEnd.range.map(f)).toEqual(['16.03.2014', '16.03.2024']);
  });

  it('takes exactly ten years; a 29 February start caps on 28 February', () => {
    expect(checkRange(d('15.03.2014'), d('15.03.2024'), 10, 'start')).toMatchObject({ capped: false });
    expect(checkRange(d('15.03.2014'), d('16.03.2024'), 10, 'start')).toMatchObject({ capped: true });
    const leap = checkRange(d('29.02.2024'), d('01.01.2040'), 10, 'start');
    expect(leap.ok && leap.range.map(f)).toEqual(['29.02.2024', '28.02.2034']);
    // Moving the start back from a 29 February: 28.02.2083 would leave a year and a day.
    const leapEnd = checkRange(d('01.01.2054'), d('29.02.2084'), 1, 'end');
    expect(leapEnd.ok && leapEnd.range.map(f)).toEqual(['01.03.2083', '29.02.2084']);
  });

  it('0 means no cap', () => {
    expect(checkRange(d('01.01.1900'), d('01.01.2024'), 0, 'end')).toMatchObject({ ok: true, capped: false });
  });

  it('keeps the touched date and never leaves a span over the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: d('01.01.1950') / DAY_SECONDS, max: d('01.01.2100') / DAY_SECONDS }),
        fc.integer({ min: 0, max: 365 * 40 }),
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom('start' as const, 'end' as const),
        (startDay, length, years, moved) => {
          const start = startDay * DAY_SECONDS;
          const end = start + length * DAY_SECONDS;
          const result = checkRange(start, end, years, moved);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const [from, to] = result.range;
          expect(from).toBeLessThanOrEqual(to);
          expect(to).toBeLessThanOrEqual(addMonths(from, years * 12));
          expect(moved === 'start' ? from : to).toBe(moved === 'start' ? start : end);
          expect(result.capped).toBe(from !== start || to !== end);
        },
      ),
    );
  });

  it('while the end is picked: from the start up to the cap and the max', () => {
    const limits = rangeEndLimits(d('15.03.2020'), { min: d('01.01.2010'), max: d('31.12.2035') }, 10);
    expect([limits.min, limits.max].map((stamp) => f(stamp!))).toEqual(['15.03.2020', '15.03.2030']);
    const nearMax = rangeEndLimits(d('15.03.2020'), { min: null, max: d('01.06.2024') }, 10);
    expect(f(nearMax.max!)).toBe('01.06.2024');
    expect(rangeEndLimits(d('15.03.2020'), NO_LIMITS, 0).max).toBeNull();
  });
});

describe('moveCursor (APG date picker keys)', () => {
  const move = (panel: 'date' | 'month' | 'year', from: string, key: string, shift = false) => {
    const next = moveCursor(panel, d(from), key, shift);
    return next === null ? null : f(next);
  };

  it('days: arrows by a day and a week, Home/End to Monday/Sunday, PageUp/PageDown by a month or (Shift) a year', () => {
    expect(move('date', '15.03.2024', 'ArrowLeft')).toBe('14.03.2024');
    expect(move('date', '31.03.2024', 'ArrowRight')).toBe('01.04.2024');
    expect(move('date', '15.03.2024', 'ArrowUp')).toBe('08.03.2024');
    expect(move('date', '29.03.2024', 'ArrowDown')).toBe('05.04.2024');
    expect(move('date', '15.03.2024', 'Home')).toBe('11.03.2024');
    expect(move('date', '15.03.2024', 'End')).toBe('17.03.2024');
    expect(move('date', '11.03.2024', 'Home')).toBe('11.03.2024');
    expect(move('date', '31.03.2024', 'PageUp')).toBe('29.02.2024');
    expect(move('date', '31.01.2023', 'PageDown')).toBe('28.02.2023');
    expect(move('date', '29.02.2024', 'PageDown', true)).toBe('28.02.2025');
    expect(move('date', '15.03.2024', 'PageUp', true)).toBe('15.03.2023');
    expect(move('date', '15.03.2024', 'a')).toBeNull();
  });

  it('months: 3 columns; Home/End to January/December; PageUp/PageDown by a year', () => {
    expect(move('month', '15.03.2024', 'ArrowRight')).toBe('15.04.2024');
    expect(move('month', '15.03.2024', 'ArrowDown')).toBe('15.06.2024');
    expect(move('month', '31.03.2024', 'ArrowUp')).toBe('31.12.2023');
    expect(move('month', '15.03.2024', 'Home')).toBe('15.01.2024');
    expect(move('month', '31.03.2024', 'End')).toBe('31.12.2024');
    expect(move('month', '15.03.2024', 'PageDown')).toBe('15.03.2025');
  });

  it('years: 5 columns; Home/End to the decade ends; PageUp/PageDown by a decade', () => {
    expect(move('year', '15.03.2024', 'ArrowLeft')).toBe('15.03.2023');
    expect(move('year', '15.03.2024', 'ArrowDown')).toBe('15.03.2029');
    expect(move('year', '15.03.2024', 'Home')).toBe('15.03.2020');
    expect(move('year', '29.02.2024', 'End')).toBe('28.02.2029');
    expect(move('year', '15.03.2024', 'PageUp')).toBe('15.03.2014');
  });
});

describe('popup placement and its throttle (SPEC §9: 200 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per 200 ms, with the last call kept', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const throttle = createThrottle(run, REPOSITION_THROTTLE_MS);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    throttle.call();
    throttle.call();
    vi.advanceTimersByTime(199);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(3);
    throttle.call();
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  const viewport = { width: 1280, height: 900 };
  const popup = { width: 260, height: 330 };

  it('goes below the field, left-aligned, offset from the picker box', () => {
    const place = placePopup({ left: 100, top: 200, bottom: 230 }, { left: 90, top: 190 }, popup, viewport);
    expect(place).toEqual({ left: 10, top: 44, above: false });
  });

  it('goes above when it fits only there', () => {
    const place = placePopup({ left: 100, top: 700, bottom: 730 }, { left: 100, top: 700 }, popup, viewport);
    expect(place).toEqual({ left: 0, top: -334, above: true });
    // Not enough room either way: below, where the page can scroll to it.
    expect(
      placePopup({ left: 0, top: 300, bottom: 330 }, { left: 0, top: 300 }, popup, {
        width: 320,
        height: 560,
      }).above,
    ).toBe(false);
  });

  it('shifts left to stay on a 320 px screen', () => {
    const place = placePopup({ left: 150, top: 100, bottom: 130 }, { left: 150, top: 100 }, popup, {
      width: 320,
      height: 640,
    });
    expect(150 + place.left).toBe(320 - 8 - 260);
    expect(150 + place.left + popup.width).toBeLessThanOrEqual(320);
  });
});

describe('calendarNames (Intl, no dayjs locales)', () => {
  it('names months and weekdays in the page language, Monday first', () => {
    const ru = calendarNames('rus');
    expect(ru.months[0]).toBe('январь');
    expect(ru.weekdaysShort[0]).toBe('пн');
    expect(ru.weekdaysShort[6]).toBe('вс');
    expect(ru.monthYear(d('15.03.2024'))).toMatch(/^март 2024/);
    const en = calendarNames('eng');
    expect(en.months[11]).toBe('December');
    expect(en.weekdays[0]).toBe('Monday');
    expect(en.fullDate(d('15.03.2024'))).toBe('Friday, March 15, 2024');
    expect(calendarNames('deu').weekdays[6]).toBe('Sonntag');
    expect(calendarNames('chn').monthYear(d('15.03.2024'))).toBe('2024年3月');
  });

  it('has 12 months and 7 weekdays in each of the ten languages', () => {
    for (const lang of ['rus', 'eng', 'pol', 'ita', 'deu', 'esp', 'chn', 'ukr', 'fra', 'tur'] as const) {
      const names = calendarNames(lang);
      expect(new Set(names.months).size, lang).toBe(12);
      expect(new Set(names.weekdaysShort).size, lang).toBe(7);
    }
  });

  it("today is the browser's calendar day", () => {
    expect(f(todayStamp(new Date(2024, 2, 15, 23, 59)))).toBe('15.03.2024');
    expect(f(todayStamp(new Date(2024, 2, 15, 0, 1)))).toBe('15.03.2024');
  });
});
