/**
 * Calendar arithmetic on ISO dates ('YYYY-MM-DD'), all in UTC so the demo data and the windows
 * computed from it do not depend on the machine's time zone.
 */

const DAY_MS = 86_400_000;

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return toIsoDate(Date.parse(`${value}T00:00:00Z`)) === value;
}

export function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC midnight of the date, in milliseconds. */
export function dateMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

/** UTC midnight of the date, in Unix seconds (the `.numeric` form of dates in the legacy API). */
export function unixSeconds(iso: string): number {
  return dateMs(iso) / 1000;
}

export function todayUtc(nowMs: number): string {
  return toIsoDate(nowMs);
}

export function addDays(iso: string, days: number): string {
  return toIsoDate(dateMs(iso) + days * DAY_MS);
}

/** Calendar months; the day is clamped to the month's length (31 March − 1 month = 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const newYear = Math.floor(total / 12);
  const newMonth = total - newYear * 12; // 0-based
  const lastDay = new Date(Date.UTC(newYear, newMonth + 1, 0)).getUTCDate();
  return toIsoDate(Date.UTC(newYear, newMonth, Math.min(day, lastDay)));
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}

/** The demo exchanges trade Monday to Friday; holidays are not modelled. */
export function isTradingDay(iso: string): boolean {
  const weekday = new Date(dateMs(iso)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The latest trading day on or before the date. */
export function tradingDayOnOrBefore(iso: string): string {
  let day = iso;
  while (!isTradingDay(day)) day = addDays(day, -1);
  return day;
}

/** The earliest trading day on or after the date. */
export function tradingDayOnOrAfter(iso: string): string {
  let day = iso;
  while (!isTradingDay(day)) day = addDays(day, 1);
  return day;
}

/** Every trading day in [from, to], oldest first. */
export function tradingDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = dateMs(from), end = dateMs(to); ms <= end; ms += DAY_MS) {
    const day = toIsoDate(ms);
    if (isTradingDay(day)) days.push(day);
  }
  return days;
}

/** DD.MM.YYYY, the portal's display format (SPEC §9). */
export function displayDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}
