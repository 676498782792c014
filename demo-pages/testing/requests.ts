/** Checks in browser tests that a page sent nothing more, without waiting for a time. */
import type { Page } from '@playwright/test';

/** The marker's address: the reference server answers /favicon.ico with 204. */
const MARKER = '/favicon.ico?requests-so-far=';
let markers = 0;

/** The marker request of `requestsSoFar`, to leave out of a list of what the page requested. */
export const isRequestsMarker = (url: string): boolean => url.includes(MARKER);

/**
 * Returns once every request the page has started so far has reached the test's listeners: the
 * page starts a marker request and this waits until the test sees it. The browser reports the
 * requests of a page in the order it starts them, so a check that nothing was sent, made after
 * this, sees any request that an answer, an event or a store change had started by then (a
 * retry, a reload loop). A wait for a time (waitForTimeout) guesses instead how long that takes.
 */
export async function requestsSoFar(page: Page): Promise<void> {
  const marker = `${MARKER}${++markers}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => void fetch(url, { cache: 'no-store' }).catch(() => undefined), marker);
  await seen;
}
