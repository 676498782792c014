/**
 * `$hints`: whether the short explanations of terms (P/E, bid/ask, legal close price …) are shown,
 * one switch for the whole page (DESIGN §5a, SPEC §6 "Hints setting"). Every element that explains
 * a term reads it, so they all appear and disappear at once; none keeps a switch of its own.
 *
 * Anonymous visitors keep the choice in a cookie (default on); signed-in users read it with
 * GET /api/user/settings/ and save it with POST /api/user/set-settings/ (sid, settings.settings).
 * A failed save puts the switch back where it was: the store never claims a state the server
 * does not hold.
 */
import { atom, onMount } from 'nanostores';
import { HINTS_COOKIE, HINTS_DEFAULT, parseHintsValue } from '../../contract/hints.ts';
import { fetchSettings, saveSettings } from '../api/profile.ts';
import { readUser } from '../page-data.ts';
import { documentCookies, setCookie } from '../shell/cookies.ts';
import { $user } from './user.ts';

export { HINTS_COOKIE, HINTS_DEFAULT };
/** The cookie lasts a year, the whole site. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The choice the server rendered the page with (`<body data-fin-hints>`), so the elements hydrate
 * the hints the server showed; without it (a page of another server) the cookie, else the default.
 * Read once, when the store is created, not during a render.
 */
function pageHints(): boolean {
  if (typeof document === 'undefined') return HINTS_DEFAULT;
  return (
    parseHintsValue(document.body?.dataset?.finHints) ?? readHintsCookie(documentCookies()) ?? HINTS_DEFAULT
  );
}

export const $hints = atom<boolean>(pageHints());

/** `loading`: a signed-in user's setting is on its way; `saving`: a change is being stored. */
export type HintsStatus = 'ready' | 'loading' | 'saving';
export const $hintsStatus = atom<HintsStatus>('ready');

export function readHintsCookie(cookies: string): boolean | null {
  const match = /(?:^|;\s*)fin_hints=([01])(?:;|$)/.exec(cookies);
  return parseHintsValue(match?.[1]);
}

function writeHintsCookie(on: boolean): void {
  setCookie(HINTS_COOKIE, on ? '1' : '0', COOKIE_MAX_AGE_S);
}

let loadedFor: number | null | undefined;
let loadController: AbortController | null = null;

/** Reads the choice of whoever is on the page: the cookie, or the server for a signed-in user. */
function follow(user: { userAuth: boolean; userId: number | null }): void {
  const key = user.userAuth ? user.userId : null;
  if (loadedFor === key) return;
  loadedFor = key;
  loadController?.abort();
  loadController = null;
  if (!user.userAuth) {
    $hints.set(readHintsCookie(documentCookies()) ?? HINTS_DEFAULT);
    $hintsStatus.set('ready');
    return;
  }
  const controller = new AbortController();
  loadController = controller;
  $hintsStatus.set('loading');
  fetchSettings(controller.signal)
    .then((answer) => {
      if (loadController === controller) $hints.set(answer.settings.hints);
    })
    // The setting is a convenience: without it the hints stay as they are (default on).
    .catch(() => {})
    .finally(() => {
      if (loadController !== controller) return;
      loadController = null;
      $hintsStatus.set('ready');
    });
}

onMount($hints, () => {
  if (typeof document === 'undefined') return;
  return $user.subscribe((user) => follow(user));
});

/**
 * Turns the hints on or off for the whole page. Resolves true when the choice is kept (cookie or
 * server); false when the server refused it, after the switch went back to where it was.
 */
export async function setHints(on: boolean): Promise<boolean> {
  const before = $hints.get();
  $hints.set(on);
  const user = readUser(document);
  if (!user.userAuth) {
    writeHintsCookie(on);
    return true;
  }
  loadController?.abort(); // a late answer of the first read must not undo the change
  loadController = null;
  $hintsStatus.set('saving');
  try {
    await saveSettings(user.sid ?? '', { hints: on });
    return true;
  } catch {
    $hints.set(before);
    return false;
  } finally {
    $hintsStatus.set('ready');
  }
}

/** Tests: forget whose setting was read. */
export function resetHintsForTests(): void {
  loadedFor = undefined;
  loadController?.abort();
  loadController = null;
  $hints.set(HINTS_DEFAULT);
  $hintsStatus.set('ready');
}
