/**
 * The registration banner (SPEC §4 Shell, §9): anonymous readers of English pages, once per page
 * view, after 15 s without input, when the pointer leaves the page or past 60 % of the page; the
 * variant by the odd or even second; a banner, not a modal (the focus stays, Escape closes it);
 * closing keeps it away 24 h. The clock is Playwright's: no real waiting.
 */
import { expect, test, type Page } from '@playwright/test';
import { REGISTRATION_CLOSED_SECONDS } from '../../contract/shell.ts';
import { signInAs } from '../../../demo-pages/testing/session.ts';

// A visitor without the test suite's "already closed" cookies (playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const bar = (page: Page) => page.locator('fin-registration-banner [part~="bar"]');
const EVEN_TITLE = 'A free account shows you more';
const ODD_TITLE = 'Keep an eye on your stocks';

/** The page's clock stands still at 10:00:01 from before the page loads; only runFor moves it. */
async function stillClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
  await page.clock.pauseAt(new Date('2026-03-02T10:00:01'));
}

/** The page with its banner watching (rendered, its announcer in the page), the wall clock then set to `at`. */
async function openWatched(page: Page, url: string, at: string): Promise<void> {
  await stillClock(page);
  await page.goto(url);
  await expect(page.locator('#fin-announcer')).toBeAttached();
  await page.waitForFunction(() =>
    Boolean(document.querySelector('fin-registration-banner')?.shadowRoot?.firstElementChild),
  );
  await page.clock.setSystemTime(new Date(at));
}

test('after 15 s without input, not before; the even variant; Escape closes it for 24 h, the focus stays', async ({
  page,
}) => {
  await openWatched(page, '/?lang=eng', '2026-03-02T10:00:31');
  // The reader moves through the page with the keyboard: the skip link has the focus.
  await page.keyboard.press('Tab');
  const reading = page.locator(':focus');
  await expect(reading).toHaveClass(/skip-link/);
  // Each input starts the 15 s over: the banner shows 15 s after the last one, at 10:00:56.
  await page.clock.runFor(10_000);
  await page.mouse.move(200, 300);
  await page.clock.runFor(14_900);
  await expect(bar(page)).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(bar(page)).toBeVisible();
  await expect(bar(page)).toContainText(EVEN_TITLE);
  await expect(bar(page).getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/login/');
  // A banner, not a modal: the reader keeps the focus, nothing of the page is inert.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('skip-link'))).toBe(true);
  await expect(page.locator('#fin-announcer')).toContainText(EVEN_TITLE);
  // The page keeps room for it below its last content.
  const room = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(room).toBeGreaterThanOrEqual((await bar(page).boundingBox())!.height - 1);

  await page.keyboard.press('Escape');
  await expect(bar(page)).toHaveCount(0);
  const closed = (await page.context().cookies()).find((cookie) => cookie.name === 'fin_registration_closed');
  expect(closed, 'closing sets the cookie').toBeDefined();
  expect(closed!.expires - Date.now() / 1000).toBeGreaterThan(REGISTRATION_CLOSED_SECONDS - 120);
  expect(closed!.expires - Date.now() / 1000).toBeLessThanOrEqual(REGISTRATION_CLOSED_SECONDS + 1);
  // Once per page view: idle again, nothing.
  await page.clock.runFor(40_000);
  await expect(bar(page)).toHaveCount(0);

  // Within the 24 h, not again (a new page view, idle and leaving the page).
  await page.reload();
  await expect(page.locator('fin-registration-banner')).toBeAttached();
  await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
  await page.clock.runFor(40_000);
  await expect(bar(page)).toHaveCount(0);
});

test('when the pointer leaves the page, at once; the odd variant; shown once', async ({ page }) => {
  await openWatched(page, '/?lang=eng', '2026-03-02T10:00:31');
  await page.mouse.move(300, 200);
  await expect(bar(page)).toHaveCount(0);
  // The pointer goes out of the window (toward the tabs): the page gets a mouseout with no target.
  await page.mouse.move(300, -20);
  await expect(bar(page)).toBeVisible();
  await expect(bar(page)).toContainText(ODD_TITLE);
  await bar(page).getByRole('button', { name: 'Close the sign-up offer' }).click();
  await expect(bar(page)).toHaveCount(0);
  await page.mouse.move(300, 200);
  await page.mouse.move(300, -20);
  await page.clock.runFor(20_000);
  await expect(bar(page)).toHaveCount(0);
});

test('past 60 % of the page, at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await openWatched(page, '/stocks/sber/?lang=eng', '2026-03-02T10:00:40');
  const share = () => page.evaluate(() => (scrollY + innerHeight) / document.documentElement.scrollHeight);
  await page.mouse.wheel(0, 300);
  await expect.poll(share).toBeLessThan(0.6);
  await expect(bar(page)).toHaveCount(0);
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight * 0.62));
  await expect.poll(share).toBeGreaterThan(0.6);
  await expect(bar(page)).toBeVisible();
});

test('not on a Russian page, not for a signed-in reader', async ({ page }) => {
  await stillClock(page);
  await page.goto('/?lang=rus');
  await expect(page.locator('fin-registration-banner')).toBeAttached();
  await page.waitForFunction(() => customElements.get('fin-registration-banner'));
  await page.mouse.move(300, -20);
  await page.clock.runFor(20_000);
  await expect(bar(page)).toHaveCount(0);

  await signInAs(page.request, 'free');
  await page.goto('/?lang=eng');
  await page.waitForFunction(() => customElements.get('fin-registration-banner'));
  await expect(page.locator('[data-fin-user]')).toBeVisible();
  await page.mouse.move(300, 200);
  await page.mouse.move(300, -20);
  await page.clock.runFor(20_000);
  await expect(bar(page)).toHaveCount(0);
});
