/**
 * The bottom ad strip (SPEC §2 Shell, §9): shown 3 s after load, marked as an ad, the page given
 * room for it so the last content stays reachable, closed for a day by a cookie.
 */
import { expect, test, type Page } from '@playwright/test';
import { AD_CLOSED_SECONDS } from '../../contract/shell.ts';

// A visitor who has not closed the strip (playwright.config.ts closes it for the other tests); the
// registration banner, which reading to the end would show too, stays closed here.
test.use({
  storageState: {
    cookies: [
      {
        name: 'fin_registration_closed',
        value: '1',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  },
});

const strip = (page: Page) => page.locator('fin-ad-strip [part~="bar"]');

test('after 3 s, not before; the page keeps room below its last content; closed for a day', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
  // The clock stands still while the page loads: only runFor moves it.
  await page.clock.pauseAt(new Date('2026-03-02T10:00:01'));
  await page.goto('/?lang=eng');
  await page.waitForFunction(() => customElements.get('fin-ad-strip'));
  await page.clock.runFor(2_500);
  await expect(strip(page)).toHaveCount(0);
  await page.clock.runFor(600);
  await expect(strip(page)).toBeVisible();
  await expect(strip(page).locator('[part~="ad-mark"]')).toHaveText('Ad · demo');
  await expect(strip(page)).toHaveAccessibleName('Advertisement');

  // Scrolled to the end, the page's last content ends above the strip.
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const stripTop = (await strip(page).boundingBox())!.y;
  const lastContentBottom = await page.evaluate(() => {
    const last = [...document.querySelectorAll('#content *')].at(-1)!;
    return last.getBoundingClientRect().bottom;
  });
  expect(lastContentBottom).toBeLessThanOrEqual(stripTop);
  const room = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(room).toBeCloseTo((await strip(page).boundingBox())!.height, 0);

  await strip(page).getByRole('button', { name: 'Close the advertisement' }).click();
  await expect(strip(page)).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'fin_ad_closed');
  expect(cookie, 'closing sets the cookie').toBeDefined();
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(AD_CLOSED_SECONDS - 120);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(AD_CLOSED_SECONDS + 1);

  await page.reload();
  await page.waitForFunction(() => customElements.get('fin-ad-strip'));
  await page.clock.runFor(10_000);
  await expect(strip(page)).toHaveCount(0);
});
