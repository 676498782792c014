/**
 * The date picker's logic (SPEC §4 "Date picker", §5, §9) as pure functions: parsing and
 * formatting in the picker's format, the 6 × 7 Monday-first day grid, decades, limits (min, max,
 * disabledDate), shortcuts, range order and the span cap, keyboard moves, and the localized names.
 * DatePicker.tsx only renders what these return.
 */
import { addMonths as addCalendarMonths, isoFromSeconds, unixSeconds } from '../../contract/calendar.ts';
import { DATE_FORMAT } from '../../contract/calendar.ts';
import { formatDateSeconds, parseDate } from '../../core/dates.ts';
import { BCP47, type Lang } from '../../contract/types.ts';

/**
 * A wall-clock date (and time) as the Unix seconds of the same reading in UTC. Nothing here is
 * converted between time zones, so no offset or daylight-saving change can shift a day.
 */
export type Stamp = number;

export const DAY_SECONDS = 86_400;
/** SPEC §9: at most 6 rows × 7 days, weeks start on Monday. */
export const GRID_WEEKS = 6;
export const WEEK_DAYS = 7;
/** SPEC §9: 10 years per year page. */
export const YEARS_PER_PAGE = 10;
/** SPEC §9: shortcuts of 7 and 30 days back and forward. */
export const SHORTCUT_DAYS = [-30, -7, 7, 30] as const;
/** SPEC §4: the default range separator. */
export const DEFAULT_SEPARATOR = '~';
/** SPEC §5, §9: periodLimitInYears defaults to 10. */
export const DEFAULT_MAX_SPAN_YEARS = 10;
/** SPEC §9: the popup follows scrolling and resizing at most every 200 ms. */
export const REPOSITION_THROTTLE_MS = 200;
/** The format of the intraday picker (with the time panel). */
export const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;
/** The four-digit years the format can show. */
const FIRST_DAY = fromParts(1000, 1, 1);
const LAST_DAY = fromParts(9999, 12, 31);

/** What `disabledDate` is asked about: one calendar day. */
/** The letters of a date format that stand for day, month, year, hour and minute, in this order. */
const PATTERN_TOKENS = 'DMYHm';

/**
 * The format as a reader of the page's language writes it (issue 20): each of D, M, Y, H, m
 * becomes the letter `letters` gives at its place ("ДМГЧм": DD.MM.YYYY → ДД.ММ.ГГГГ, "TMJHm":
 * TT.MM.JJJJ); other characters stay. Letters that are not five give the format unchanged.
 */
export function localizedPattern(format: string, letters: string): string {
  const chars = [...letters];
  if (chars.length !== PATTERN_TOKENS.length) return format;
  return [...format]
    .map((char) => {
      const at = PATTERN_TOKENS.indexOf(char);
      return at < 0 ? char : chars[at]!;
    })
    .join('');
}

export interface CalendarDay {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

export interface DateLimits {
  /** Earliest allowed value (inclusive); null: none. */
  min: Stamp | null;
  /** Latest allowed value (inclusive); null: none. */
  max: Stamp | null;
  /** `true`: the day cannot be chosen (typed or picked). */
  disabledDate?: ((day: CalendarDay) => boolean) | undefined;
}

export const NO_LIMITS: DateLimits = { min: null, max: null };

export function fromParts(year: number, month: number, day: number, hour = 0, minute = 0): Stamp {
  // setUTCFullYear: Date.UTC would read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, 0, 0);
  return date.getTime() / 1000;
}

export function toCalendarDay(stamp: Stamp): CalendarDay {
  const date = new Date(stamp * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: ((date.getUTCDay() + 6) % 7) + 1,
  };
}

/** Hours and minutes of a stamp. */
export function timeOf(stamp: Stamp): { hour: number; minute: number } {
  const seconds = stamp - dayStart(stamp);
  return { hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60) };
}

export function dayStart(stamp: Stamp): Stamp {
  return Math.floor(stamp / DAY_SECONDS) * DAY_SECONDS;
}

export function addDays(stamp: Stamp, days: number): Stamp {
  return stamp + days * DAY_SECONDS;
}

/** The same day `months` later (negative: earlier), clamped to the month's last day; the time is kept. */
export function addMonths(stamp: Stamp, months: number): Stamp {
  const day = dayStart(stamp);
  return unixSeconds(addCalendarMonths(isoFromSeconds(day), months)) + (stamp - day);
}

export function daysInMonth(year: number, month: number): number {
  return toCalendarDay(fromParts(year, month + 1, 0)).day;
}

export function monthStart(stamp: Stamp): Stamp {
  const { year, month } = toCalendarDay(stamp);
  return fromParts(year, month, 1);
}

/** The start of the last day of the stamp's month. */
export function monthEnd(stamp: Stamp): Stamp {
  const { year, month } = toCalendarDay(stamp);
  return fromParts(year, month, daysInMonth(year, month));
}

/** The date panel: 42 days from the Monday on or before the 1st of the stamp's month (SPEC §9). */
export function calendarGrid(stamp: Stamp): Stamp[] {
  const first = monthStart(stamp);
  const start = addDays(first, -(toCalendarDay(first).weekday - 1));
  return Array.from({ length: GRID_WEEKS * WEEK_DAYS }, (_, index) => addDays(start, index));
}

/** The year panel: the ten years of the stamp's decade (2020–2029). */
export function decadeYears(year: number): number[] {
  const first = Math.floor(year / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  return Array.from({ length: YEARS_PER_PAGE }, (_, index) => first + index);
}

/** Today's date in the browser's time zone, as a stamp. */
export function todayStamp(now = new Date()): Stamp {
  return fromParts(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

// --- Limits -------------------------------------------------------------------------------------

/** The first and last day a value may fall on. */
function dayBounds(limits: DateLimits): [Stamp, Stamp] {
  return [
    Math.max(FIRST_DAY, limits.min === null ? FIRST_DAY : dayStart(limits.min)),
    Math.min(LAST_DAY, limits.max === null ? LAST_DAY : dayStart(limits.max)),
  ];
}

/** A day that cannot be picked: outside min/max or refused by disabledDate. */
export function isDayDisabled(day: Stamp, limits: DateLimits): boolean {
  const [first, last] = dayBounds(limits);
  const start = dayStart(day);
  if (start < first || start > last) return true;
  return limits.disabledDate?.(toCalendarDay(start)) ?? false;
}

/** A value (with its time) that may be applied. */
export function isValueAllowed(stamp: Stamp, limits: DateLimits): boolean {
  if (limits.min !== null && stamp < limits.min) return false;
  if (limits.max !== null && stamp > limits.max) return false;
  return !isDayDisabled(stamp, limits);
}

/** Whether any day from `first` to `last` (day starts, inclusive) can be picked. */
function anyDayAllowed(first: Stamp, last: Stamp, limits: DateLimits): boolean {
  const [low, high] = dayBounds(limits);
  const from = Math.max(first, low);
  const to = Math.min(last, high);
  if (from > to) return false;
  if (!limits.disabledDate) return true;
  for (let day = from; day <= to; day += DAY_SECONDS) if (!isDayDisabled(day, limits)) return true;
  return false;
}

/** A month of the month panel with no day to pick. */
export function isMonthDisabled(year: number, month: number, limits: DateLimits): boolean {
  const first = fromParts(year, month, 1);
  return !anyDayAllowed(first, monthEnd(first), limits);
}

/** A year of the year panel with no day to pick. */
export function isYearDisabled(year: number, limits: DateLimits): boolean {
  return !anyDayAllowed(fromParts(year, 1, 1), fromParts(year, 12, 31), limits);
}

/** Keeps the keyboard cursor (a day) inside min/max, so it never wanders into months with nothing to pick. */
export function clampDay(stamp: Stamp, limits: DateLimits): Stamp {
  const [first, last] = dayBounds(limits);
  return Math.min(Math.max(dayStart(stamp), first), last);
}

export type Panel = 'date' | 'month' | 'year';

/** The first and last day a panel shows around the cursor: its month, year or decade. */
function panelSpan(panel: Panel, cursor: Stamp): [Stamp, Stamp] {
  const { year } = toCalendarDay(cursor);
  if (panel === 'date') return [monthStart(cursor), monthEnd(cursor)];
  if (panel === 'month') return [fromParts(year, 1, 1), fromParts(year, 12, 31)];
  const years = decadeYears(year);
  return [fromParts(years[0]!, 1, 1), fromParts(years[years.length - 1]!, 12, 31)];
}

/** Whether prev/next (`months` away) leads to a page that still holds an allowed day. */
export function canNavigate(panel: Panel, cursor: Stamp, months: number, limits: DateLimits): boolean {
  const [first, last] = panelSpan(panel, addMonths(cursor, months));
  const [low, high] = dayBounds(limits);
  return last >= low && first <= high;
}

/** The months prev/next move on each panel: a month (or a year with the double arrows), a year, a decade. */
export function navigationStep(panel: Panel, big = false): number {
  if (panel === 'date') return big ? 12 : 1;
  return panel === 'month' ? 12 : 12 * YEARS_PER_PAGE;
}

/**
 * Where a key moves the cursor (WAI-ARIA APG date picker dialog): arrows by a day and a week,
 * Home/End to the week's Monday/Sunday, PageUp/PageDown by a month (with Shift a year); on the
 * month and year panels the same keys move by months and years. null: not a navigation key.
 */
export function moveCursor(panel: Panel, cursor: Stamp, key: string, shift = false): Stamp | null {
  const { weekday, month, year } = toCalendarDay(cursor);
  if (panel === 'date') {
    switch (key) {
      case 'ArrowLeft':
        return addDays(cursor, -1);
      case 'ArrowRight':
        return addDays(cursor, 1);
      case 'ArrowUp':
        return addDays(cursor, -WEEK_DAYS);
      case 'ArrowDown':
        return addDays(cursor, WEEK_DAYS);
      case 'Home':
        return addDays(cursor, 1 - weekday);
      case 'End':
        return addDays(cursor, WEEK_DAYS - weekday);
      case 'PageUp':
        return addMonths(cursor, shift ? -12 : -1);
      case 'PageDown':
        return addMonths(cursor, shift ? 12 : 1);
      default:
        return null;
    }
  }
  // Month panel: 3 columns; year panel: 5 columns. One step is a month or a year.
  const unit = panel === 'month' ? 1 : 12;
  const columns = panel === 'month' ? MONTH_COLUMNS : YEAR_COLUMNS;
  const indexInPage = panel === 'month' ? month - 1 : year - decadeYears(year)[0]!;
  const pageSize = panel === 'month' ? 12 : YEARS_PER_PAGE;
  switch (key) {
    case 'ArrowLeft':
      return addMonths(cursor, -unit);
    case 'ArrowRight':
      return addMonths(cursor, unit);
    case 'ArrowUp':
      return addMonths(cursor, -unit * columns);
    case 'ArrowDown':
      return addMonths(cursor, unit * columns);
    case 'Home':
      return addMonths(cursor, -unit * indexInPage);
    case 'End':
      return addMonths(cursor, unit * (pageSize - 1 - indexInPage));
    case 'PageUp':
      return addMonths(cursor, -unit * pageSize);
    case 'PageDown':
      return addMonths(cursor, unit * pageSize);
    default:
      return null;
  }
}

export const MONTH_COLUMNS = 3;
export const YEAR_COLUMNS = 5;

// --- Text ---------------------------------------------------------------------------------------

export type DateInputErrorKind = 'invalid' | 'unavailable' | 'range_order';

export type ParseResult = { ok: true; stamp: Stamp } | { ok: false; kind: 'invalid' | 'unavailable' };

/**
 * Typed text → a value (SPEC §5): it must parse completely in the format (strictly: 1.2.2024 or
 * 31.04.2024 do not) and not fall on a disabled date or outside min/max.
 */
export function parseValue(text: string, format: string, limits: DateLimits = NO_LIMITS): ParseResult {
  const stamp = parseDate(text.trim(), format);
  if (stamp === null || stamp < FIRST_DAY || stamp >= LAST_DAY + DAY_SECONDS)
    return { ok: false, kind: 'invalid' };
  return isValueAllowed(stamp, limits) ? { ok: true, stamp } : { ok: false, kind: 'unavailable' };
}

export function formatValue(stamp: Stamp, format: string): string {
  return formatDateSeconds(stamp, format);
}

/**
 * A value given as text by the caller (value, min, max, today), or null when empty or not a date.
 * A plain DD.MM.YYYY is taken in any format (midnight of that day for the intraday picker).
 */
export function readStamp(text: string | null | undefined, format: string): Stamp | null {
  if (!text) return null;
  return parseDate(text, format) ?? (format === DATE_FORMAT ? null : parseDate(text, DATE_FORMAT));
}

// --- Ranges -------------------------------------------------------------------------------------

export type RangeField = 'start' | 'end';

export type RangeResult =
  { ok: true; range: [Stamp, Stamp]; capped: boolean } | { ok: false; kind: 'range_order' };

/**
 * SPEC §5: start <= end, otherwise refused. SPEC §4: a span over `maxSpanYears` moves the date
 * the user did not touch (`moved` is the one they did); `capped` tells the caller to say so.
 */
export function checkRange(start: Stamp, end: Stamp, maxSpanYears: number, moved: RangeField): RangeResult {
  if (start > end) return { ok: false, kind: 'range_order' };
  if (!(maxSpanYears > 0) || !Number.isFinite(maxSpanYears))
    return { ok: true, range: [start, end], capped: false };
  const months = Math.round(maxSpanYears * 12);
  if (end <= addMonths(start, months)) return { ok: true, range: [start, end], capped: false };
  if (moved === 'start') return { ok: true, range: [start, addMonths(start, months)], capped: true };
  // Back from a 29 February the months land on the 28th, and a span from there runs one day past the
  // cap (28.02.2083 + 1 year = 28.02.2084 < 29.02.2084): start the next day instead.
  const back = addMonths(end, -months);
  return { ok: true, range: [addMonths(back, months) < end ? addDays(back, 1) : back, end], capped: true };
}

/** While the end of a range is picked: days from the start up to the span cap. */
export function rangeEndLimits(start: Stamp, limits: DateLimits, maxSpanYears: number): DateLimits {
  const capped = maxSpanYears > 0 && Number.isFinite(maxSpanYears);
  const spanMax = capped ? addMonths(start, Math.round(maxSpanYears * 12)) : null;
  const max = [limits.max, spanMax].filter((stamp): stamp is Stamp => stamp !== null);
  return {
    min: limits.min === null ? start : Math.max(limits.min, start),
    max: max.length ? Math.min(...max) : null,
    disabledDate: limits.disabledDate,
  };
}

export interface Shortcut {
  /** Negative: back. */
  days: number;
  /** Single mode: [date, date]; range mode: [start, end]. */
  range: [Stamp, Stamp];
}

/**
 * SPEC §9 shortcuts, counted from `today`: one date 7 or 30 days back or forward, or in range mode
 * the span from that date to today. Offered only where the dates land inside the limits.
 */
export function shortcuts(today: Stamp, limits: DateLimits, range: boolean): Shortcut[] {
  const day = dayStart(today);
  return SHORTCUT_DAYS.map((days): Shortcut => {
    const other = addDays(day, days);
    const ends: [Stamp, Stamp] = range ? (days < 0 ? [other, day] : [day, other]) : [other, other];
    return { days, range: ends };
  }).filter(({ range: [start, end] }) => isValueAllowed(start, limits) && isValueAllowed(end, limits));
}

// --- Popup --------------------------------------------------------------------------------------

/** Runs `run` at most once per `ms`: at once, then once more at the end of the wait if called again. */
export function createThrottle(run: () => void, ms: number): { call(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const wake = () => {
    if (pending) {
      pending = false;
      run();
      timer = setTimeout(wake, ms);
    } else {
      timer = null;
    }
  };
  return {
    call() {
      if (timer !== null) {
        pending = true;
        return;
      }
      run();
      timer = setTimeout(wake, ms);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = false;
    },
  };
}

export interface PopupPlacement {
  /** Offsets from the picker's box, px. */
  left: number;
  top: number;
  above: boolean;
}

const VIEWPORT_MARGIN = 8;
const POPUP_GAP = 4;

/**
 * Where the popup goes, all in viewport px: below the field, or above it when it fits only there
 * (fitting nowhere, below: the page can scroll to it); shifted left so it stays on a narrow screen.
 */
export function placePopup(
  field: { left: number; top: number; bottom: number },
  box: { left: number; top: number },
  popup: { width: number; height: number },
  viewport: { width: number; height: number },
): PopupPlacement {
  const needed = popup.height + POPUP_GAP;
  const above = needed > viewport.height - field.bottom && needed <= field.top;
  const maxLeft = viewport.width - VIEWPORT_MARGIN - popup.width;
  const left = Math.max(VIEWPORT_MARGIN, Math.min(field.left, maxLeft));
  const top = above ? field.top - POPUP_GAP - popup.height : field.bottom + POPUP_GAP;
  return { left: left - box.left, top: top - box.top, above };
}

// --- Names --------------------------------------------------------------------------------------

export interface CalendarNames {
  /** Month names standing alone (январь), January first. */
  months: string[];
  monthsShort: string[];
  /** Monday first. */
  weekdaysShort: string[];
  weekdays: string[];
  /** "March 2024" in the page's language. */
  monthYear(stamp: Stamp): string;
  /** "Friday, 15 March 2024": the accessible name of a day. */
  fullDate(stamp: Stamp): string;
}

const namesCache = new Map<Lang, CalendarNames>();

/** Month and weekday names from Intl for the page language (no dayjs locale files). */
export function calendarNames(lang: Lang): CalendarNames {
  const cached = namesCache.get(lang);
  if (cached) return cached;
  const locale = BCP47[lang];
  const formatter = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  const long = formatter({ month: 'long' });
  const short = formatter({ month: 'short' });
  const weekdayShort = formatter({ weekday: 'short' });
  const weekdayLong = formatter({ weekday: 'long' });
  const monthYear = formatter({ month: 'long', year: 'numeric' });
  const fullDate = formatter({ dateStyle: 'full' });
  const at = (stamp: Stamp) => new Date(stamp * 1000);
  const monthStamps = Array.from({ length: 12 }, (_, index) => fromParts(2024, index + 1, 1));
  // 1 January 2024 is a Monday.
  const weekStamps = Array.from({ length: WEEK_DAYS }, (_, index) => fromParts(2024, 1, 1 + index));
  const names: CalendarNames = {
    months: monthStamps.map((stamp) => long.format(at(stamp))),
    monthsShort: monthStamps.map((stamp) => short.format(at(stamp))),
    weekdaysShort: weekStamps.map((stamp) => weekdayShort.format(at(stamp))),
    weekdays: weekStamps.map((stamp) => weekdayLong.format(at(stamp))),
    monthYear: (stamp) => monthYear.format(at(stamp)),
    fullDate: (stamp) => fullDate.format(at(stamp)),
  };
  namesCache.set(lang, names);
  return names;
}
