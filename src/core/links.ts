/**
 * Links built from server or page data (table cells, related lists, menus): one check for every
 * `href` we did not write ourselves, so a `javascript:` address never becomes a link.
 */

/** Schemes a link from data may use; an address without a scheme (relative, `#…`, `?…`) is kept too. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Control characters (C0, DEL, C1): never part of an address; the URL parser drops the ASCII ones. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;
const WHITESPACE = /\s/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The address to put in `href`, or null when it must not be a link. The browser's URL parser
 * drops tab and newline anywhere and control characters and spaces at the ends before it reads
 * the scheme, so `"java\nscript:…"` and `"\x01javascript:…"` run script although a plain regular
 * expression sees no scheme. The scheme is therefore read with every control character and
 * whitespace removed (stricter than the browser: `"java script:"` is refused too).
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.replace(CONTROL_CHARACTERS, '').trim();
  if (href === '') return null;
  const scheme = SCHEME.exec(href.replace(WHITESPACE, ''))?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase()) ? href : null;
}
