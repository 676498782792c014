/** Trading days of the demo exchanges, on top of the product's one calendar (src/contract/calendar.ts). */
import { addDays, dateMs, toIsoDate } from '../../src/contract/calendar.ts';

const DAY_MS = 86_400_000;

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
