/**
 * The bond map's "add a point" form (SPEC §3 Added point: duration, yield, pointName): what the
 * user typed, read in the page's number format (a decimal comma in Russian, German and the other
 * comma languages, a dot in English and Chinese — contract/format.ts), and checked field by field.
 * Each refused field gets the `chart` label key of its message, so the form can show it next to
 * the field and focus the first one.
 */
import type { AddedPoint } from '../../contract/chart-widget.ts';
import { decimalSeparator } from '../../contract/format.ts';
import type { Lang } from '../../contract/types.ts';

/** The longest point name, in characters as the reader counts them. */
export const POINT_NAME_MAX = 60;

/** Label keys (module `chart`) of the form's messages. */
export const ADDED_POINT_ERRORS = {
  durationRequired: 'added_point_duration_required',
  durationPositive: 'added_point_duration_positive',
  yieldRequired: 'added_point_yield_required',
  numberInvalid: 'added_point_number_invalid',
  nameRequired: 'added_point_name_required',
  nameTooLong: 'added_point_name_too_long',
} as const;
export type AddedPointError = (typeof ADDED_POINT_ERRORS)[keyof typeof ADDED_POINT_ERRORS];

export interface AddedPointInput {
  duration: string;
  yield: string;
  pointName: string;
}

export type AddedPointErrors = Partial<Record<keyof AddedPointInput, AddedPointError>>;

export type AddedPointCheck = { ok: true; point: AddedPoint } | { ok: false; errors: AddedPointErrors };

/** Spaces people type or paste between digit groups: space, no-break space, narrow no-break space. */
const GROUP_SPACES = /[ \u00a0\u202f]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * A number typed in the language's format, or null: an optional sign (+, -, or the typographic −),
 * digits with spaces between groups, and at most one decimal separator — the language's own. The
 * other separator is refused rather than guessed: "1.250" in German is not 1.25.
 */
export function parseLocalNumber(text: string, lang: Lang): number | null {
  const separator = decimalSeparator(lang);
  const compact = text.trim().replace(GROUP_SPACES, '');
  const match = /^([+\-\u2212]?)(\d*)(?:([.,])(\d*))?$/.exec(compact);
  if (!match) return null;
  const [, sign, whole = '', mark, fraction = ''] = match;
  if (mark !== undefined && mark !== separator) return null;
  if (whole === '' && fraction === '') return null;
  const value = Number(`${sign === '' || sign === '+' ? '' : '-'}${whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** The name as it will be drawn: control characters dropped, runs of spaces made one, trimmed. */
export function normalizePointName(name: string): string {
  return name.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Check the form; every refused field is named with its message's label key. */
export function checkAddedPoint(input: AddedPointInput, lang: Lang): AddedPointCheck {
  const errors: AddedPointErrors = {};

  const duration = parseLocalNumber(input.duration, lang);
  if (input.duration.trim() === '') errors.duration = ADDED_POINT_ERRORS.durationRequired;
  else if (duration === null) errors.duration = ADDED_POINT_ERRORS.numberInvalid;
  else if (!(duration > 0)) errors.duration = ADDED_POINT_ERRORS.durationPositive;

  const yieldPercent = parseLocalNumber(input.yield, lang);
  if (input.yield.trim() === '') errors.yield = ADDED_POINT_ERRORS.yieldRequired;
  else if (yieldPercent === null) errors.yield = ADDED_POINT_ERRORS.numberInvalid;

  const pointName = normalizePointName(input.pointName);
  if (pointName === '') errors.pointName = ADDED_POINT_ERRORS.nameRequired;
  else if ([...pointName].length > POINT_NAME_MAX) errors.pointName = ADDED_POINT_ERRORS.nameTooLong;

  if (duration === null || yieldPercent === null || Object.keys(errors).length > 0)
    return { ok: false, errors };
  return { ok: true, point: { duration, yield: yieldPercent, pointName } };
}
