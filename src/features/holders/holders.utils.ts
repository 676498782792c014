/** The holders table's mapping (SPEC §7 get-holders): headings and how cells read. */
import { formatNumber } from '../../core/format.ts';

/** Heading label keys (module `market`) of the answer's fields. */
export const HOLDER_FIELD_LABELS: Record<string, string> = {
  name: 'market:name',
  share: 'market:share',
  date: 'market:holder_date',
};

/** The header of a field: our label in the page's language, else the answer's own, else the field. */
export function holderFieldLabel(
  field: string,
  t: (key: string) => string,
  fieldsLabels: Record<string, string>,
) {
  const key = HOLDER_FIELD_LABELS[field];
  const label = key ? t(key) : null;
  return label && !label.startsWith('{{') ? label : (fieldsLabels[field] ?? field);
}

/** A share of the capital in percent (the heading says %): "19.25". */
export function holderShareText(value: unknown): string {
  return typeof value === 'number' ? formatNumber(value) : '—';
}
