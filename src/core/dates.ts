/** Dates in a format given at run time (the date picker's); DD.MM.YYYY itself is src/contract/calendar.ts. */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMAT } from '../contract/calendar.ts';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

/** Unix seconds (UTC) → DD.MM.YYYY. */
export function formatDateSeconds(seconds: number, format = DATE_FORMAT): string {
  return dayjs.unix(seconds).utc().format(format);
}

/** DD.MM.YYYY → Unix seconds at UTC midnight, or null when the text is not such a date. */
export function parseDate(text: string, format = DATE_FORMAT): number | null {
  const parsed = dayjs.utc(text, format, true);
  return parsed.isValid() ? parsed.unix() : null;
}

/** dayjs with the UTC and strict-format plugins loaded, for modules that compute with dates. */
export { dayjs };
