/**
 * Links built from server or page data (table cells, related lists, menus, export links, the
 * log-in and access addresses a page gives): one check for every `href` or navigation we did not
 * write ourselves, so a `javascript:` address never becomes a link. It lives in the contract so
 * every layer (and the page-data check) uses the same list.
 */
import { ValidationError, type Check } from './validate.ts';

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

/** The page-data check of an address field: a refused address names the field (contract/validate.ts). */
export const link: Check<string> = (v, path) => {
  if (typeof v !== 'string') throw new ValidationError(path, 'a string', v);
  const href = safeHref(v);
  if (href === null) throw new ValidationError(path, 'a relative, http(s), mailto or tel address', v);
  return href;
};
