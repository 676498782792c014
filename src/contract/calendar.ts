/**
 * The one calendar of the product (SPEC §9: DD.MM.YYYY, weeks start on Monday), shared by the
 * elements, the reference server and the demo-data generator. All arithmetic is in UTC on plain
 * calendar days, so a date never shifts with the machine's time zone. Three forms:
 *  - display: 'DD.MM.YYYY', what pages show and what the legacy calls send;
 *  - ISO: 'YYYY-MM-DD', what the database stores (sorts and compares as text);
 *  - epoch: Unix seconds at UTC midnight (the `.numeric` form of dates in the legacy API).
 * Plain code rather than dayjs: the chart period (in every element's runtime chunk) uses it.
 */

export const DATE_FORMAT = 'DD.MM.YYYY';

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** A real calendar date from its parts (month 1–12), as ISO; null for 31.02 and the like. */
function isoOf(year: number, month: number, day: number): string | null {
  const check = new Date(Date.UTC(year, month - 1, day));
  check.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isIsoDate(value: string): boolean {
  const match = ISO.exec(value);
  return match !== null && isoOf(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/** Milliseconds since the epoch → the UTC calendar day, ISO. */
export function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC midnight of the date, in milliseconds. */
export function dateMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

/** UTC midnight of the date, in Unix seconds. */
export function unixSeconds(iso: string): number {
  return dateMs(iso) / 1000;
}

/** Unix seconds → the UTC calendar day, ISO. */
export function isoFromSeconds(seconds: number): string {
  return toIsoDate(seconds * 1000);
}

export function todayUtc(nowMs: number): string {
  return toIsoDate(nowMs);
}

export function addDays(iso: string, days: number): string {
  return toIsoDate(dateMs(iso) + days * DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Calendar months; the day is clamped to the month's length (31 March − 1 month = 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  return isoOf(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)))!;
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}

/** Negative, zero or positive as `a` is before, on or after `b` (ISO dates compare as text). */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** DD.MM.YYYY → ISO, or null when the text is not a real date in that format. */
export function parseDisplayDate(text: string): string | null {
  const match = DISPLAY.exec(text);
  return match ? isoOf(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** ISO → DD.MM.YYYY with a four-digit year (a year before 1000 must not go out as `23.10.11`). */
export function displayDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** DD.MM.YYYY → Unix seconds at UTC midnight, or null when the text is not such a date. */
export function displayDateSeconds(text: string): number | null {
  const iso = parseDisplayDate(text);
  return iso === null ? null : unixSeconds(iso);
}

/** Unix seconds → DD.MM.YYYY (UTC). */
export function displayDateFromSeconds(seconds: number): string {
  return displayDate(isoFromSeconds(seconds));
}

/** A DD.MM.YYYY date `months` later (negative: earlier); null when the text is not a date. */
export function addMonthsToDisplayDate(text: string, months: number): string | null {
  const iso = parseDisplayDate(text);
  return iso === null ? null : displayDate(addMonths(iso, months));
}
