/**
 * The hints setting as the page and the server share it (SPEC §6 "Hints setting"): anonymous
 * visitors keep it in a cookie, signed-in users in their settings; the server renders the first
 * view with it and writes it on `<body data-fin-hints>`, where the page's `$hints` starts from.
 */

/** Anonymous visitors' choice: `1` on, `0` off. */
export const HINTS_COOKIE = 'fin_hints';

/** Hints are on until the visitor turns them off. */
export const HINTS_DEFAULT = true;

/** The `<body>` attribute (as `dataset.finHints`) with the choice the page was rendered with: `1` or `0`. */
export const HINTS_PAGE_ATTRIBUTE = 'data-fin-hints';

/** The hints cookie's value (`1`/`0`) as a choice; null when it is not one. */
export function parseHintsValue(value: string | undefined | null): boolean | null {
  return value === '1' ? true : value === '0' ? false : null;
}
