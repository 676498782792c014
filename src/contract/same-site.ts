/**
 * The one rule for where the server may send a browser next (`/login/?back=`): a path on this
 * site, never another host. Browsers drop tabs and line breaks from URLs and read `\` as `/`, so
 * `/%09/evil.example/` would become `//evil.example/` (another site) at navigation time: such
 * characters are refused outright, and what is left is parsed the way a browser parses it.
 */

/** A stand-in origin: only whether the parsed URL stays on it matters. */
const HERE = 'http://same-site.invalid';

/** Control characters (browsers strip tabs and line breaks) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex
const REINTERPRETED = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-site path (`/path?query#hash`, normalised as a browser would) that `value` names, or
 * null when it is not one: absolute URLs, `//host`, `/\host`, schemes, control characters and
 * anything that resolves to another origin.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || REINTERPRETED.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` normalises to `//evil`: written into a page, that is another host again.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** Where to go after signing in: the same-site path given, or the demo index. */
export function safeBack(value: unknown): string {
  return sameSitePath(value) ?? '/';
}
