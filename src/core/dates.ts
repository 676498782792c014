/** Date formatting of SPEC §9: DD.MM.YYYY. */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

export const DATE_FORMAT = 'DD.MM.YYYY';

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
