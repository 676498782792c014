/**
 * Where the log-in and get-access prompts of every element go (SPEC §2, §6). A log-in link carries
 * `back=` with the page the visitor is on, so signing in returns them there; an address given by
 * the page (`login-url`, `access-url`) goes through the same link check as any other.
 */
import { safeHref } from '../../contract/links.ts';

export const DEFAULT_LOGIN_URL = '/login/';
/** SPEC §2: the access page. */
export const DEFAULT_ACCESS_URL = '/profile/access/';

/** The current page as a same-site path, for `back=`. */
function currentPath(): string {
  if (typeof location === 'undefined') return '/';
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The log-in address with `back=` (the page's own `back` wins when it sets one). */
export function loginHref(loginUrl: string | undefined = undefined, back = currentPath()): string {
  const base = safeHref(loginUrl) ?? DEFAULT_LOGIN_URL;
  const [path, hash = ''] = base.split('#', 2);
  if (/[?&]back=/.test(path!)) return base;
  const separator = path!.includes('?') ? '&' : '?';
  return `${path}${separator}back=${encodeURIComponent(back)}${hash ? `#${hash}` : ''}`;
}

export function accessHref(accessUrl: string | undefined = undefined): string {
  return safeHref(accessUrl) ?? DEFAULT_ACCESS_URL;
}
