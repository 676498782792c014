/**
 * Label lookup (SPEC §8): keys are `module:key`; a missing label shows as `{{module:key}}` so a
 * gap is visible, never silently blank. `show_labels` in the page URL asks the server for keys
 * instead of texts (for the people who edit labels).
 */
import type { LabelMap } from '../contract/types.ts';

export type LabelsByModule = Record<string, LabelMap | undefined>;

export function splitKey(key: string): [module: string, name: string] {
  const at = key.indexOf(':');
  return at < 0 ? ['common', key] : [key.slice(0, at), key.slice(at + 1)];
}

export function lookupLabel(labels: LabelsByModule, key: string): string {
  const [module, name] = splitKey(key);
  const text = labels[module]?.[name];
  return typeof text === 'string' && text !== '' ? text : `{{${key}}}`;
}

/** `show_labels` present in the query (any value but 0/false) switches the mode on. */
export function showLabelsMode(search: string = globalThis.location?.search ?? ''): boolean {
  const value = new URLSearchParams(search).get('show_labels');
  return value !== null && value !== '0' && value !== 'false';
}
