/**
 * SPEC §4 "Full-screen state is remembered in a cookie named after the element": the cookie
 * `<tag>=1` while full screen, removed when left. Site-wide (path /) so every page with the same
 * element opens the same way.
 */

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readFullscreenCookie(cookieName: string, cookies = document.cookie): boolean {
  const prefix = `${encodeURIComponent(cookieName)}=`;
  return cookies
    .split(';')
    .map((entry) => entry.trim())
    .some((entry) => entry.startsWith(prefix) && entry.slice(prefix.length) === '1');
}

export function writeFullscreenCookie(cookieName: string, fullscreen: boolean): void {
  const name = encodeURIComponent(cookieName);
  document.cookie = fullscreen
    ? `${name}=1; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    : `${name}=; path=/; max-age=0; SameSite=Lax`;
}

/** Class put on the target in the CSS full-screen mode (a fixed overlay over the page). */
export const CSS_FULLSCREEN_CLASS = 'fin-fullscreen';
