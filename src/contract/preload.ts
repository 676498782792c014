/**
 * What the server hands the page so the elements' first view needs no request (DESIGN §5b,
 * issue 24): the first answers of the page's own calls and the labels of its language, each in a
 * `<script type="application/json">` block that the server writes and the kit reads once.
 */
import type { Lang, LabelMap } from './types.ts';

/** `{ [preloadKey]: answer }`: an answer exactly as the API gives this visitor (masked alike). */
export const PRELOAD_BLOCK_ID = 'fin-preload';

/** `{ lang, modules: { [module]: LabelMap } }`: the labels the page's elements use. */
export const LABELS_BLOCK_ID = 'fin-labels';

export interface LabelsBlock {
  lang: Lang;
  modules: Record<string, LabelMap>;
}

export type QueryValue = string | number | boolean | null | undefined;

/**
 * The key of one call: its path and its query parameters sorted by name (undefined and null left
 * out, as the client leaves them out), so the server and the element name a call the same way
 * whatever order each builds the query in.
 */
export function preloadKey(path: string, query: Record<string, QueryValue> = {}): string {
  const at = path.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(name, String(value));
  const sorted = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(sorted).toString();
  return `${at < 0 ? path : path.slice(0, at)}${search ? `?${search}` : ''}`;
}
