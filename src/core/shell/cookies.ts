/**
 * Reading and writing the shell's first-party cookies (`document.cookie` text in, `Set-Cookie`-
 * like text out): pure functions, so the expiry each cookie gets is unit-tested.
 */

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The text to assign to `document.cookie`: the value encoded, path /, SameSite=Lax, Max-Age in seconds. */
export function cookieText(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeSeconds)}; Path=/; SameSite=Lax`;
}

/**
 * The page's `document.cookie`, or '' where the page may not have cookies: a document with an
 * opaque origin (a partner's sandboxed iframe, about:blank) throws a SecurityError on reading it,
 * and an element must still start there, as for a visitor who has none.
 */
export function documentCookies(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

/**
 * Sets a cookie in the page (an effect or an event handler only: never during render). Where the
 * page may not keep cookies the choice lasts only as long as the page, like a blocked cookie.
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  writeCookieText(cookieText(name, value, maxAgeSeconds));
}

/** Assigns one cookie text (see `cookieText`) to the page, where the page may keep cookies. */
export function writeCookieText(text: string): void {
  try {
    document.cookie = text;
  } catch {
    // An opaque origin: nothing to keep the cookie in.
  }
}

/** The page's cookie `name`, or null (an effect or an event handler only). */
export function getCookie(name: string): string | null {
  return readCookie(documentCookies(), name);
}
