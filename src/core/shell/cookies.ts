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

/** Sets a cookie in the page (an effect or an event handler only: never during render). */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = cookieText(name, value, maxAgeSeconds);
}

/** The page's cookie `name`, or null (an effect or an event handler only). */
export function getCookie(name: string): string | null {
  return readCookie(document.cookie, name);
}
