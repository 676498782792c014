/**
 * The download-app offer (SPEC §4 Shell): only for signed-in visitors on Android, iOS or Huawei
 * devices (user agent), with the store of the device; closing it hides it for good (cookie).
 */
import { expect, test, type Page } from '@playwright/test';
import { APP_BANNER_CLOSED_SECONDS } from '../../contract/shell.ts';
import { signInAs } from '../../../demo-pages/testing/session.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const offer = (page: Page) => page.locator('fin-app-banner [part~="bar"]');

/** The page with the offer's element defined, its labels in, its decision made. */
async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('fin-app-banner'));
  await page.waitForLoadState('networkidle');
}

test.describe('on an Android phone', () => {
  test.use({ userAgent: ANDROID, viewport: { width: 375, height: 700 } });

  test('not for an anonymous visitor; for a signed-in one with the Google Play link; closed for good', async ({
    page,
  }) => {
    await openSettled(page, '/?lang=eng');
    await expect(offer(page)).toHaveCount(0);

    await signInAs(page.request, 'free');
    await openSettled(page, '/?lang=eng');
    await expect(offer(page)).toBeVisible();
    const link = offer(page).getByRole('link', { name: 'Get it on Google Play' });
    await expect(link).toHaveAttribute('href', /^https:\/\/play\.google\.com\/store\/apps\/details\?id=/);
    await offer(page).getByRole('button', { name: 'Close the app offer' }).click();
    await expect(offer(page)).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'fin_app_banner_closed');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(APP_BANNER_CLOSED_SECONDS - 120);

    await openSettled(page, '/?lang=deu');
    await expect(offer(page)).toHaveCount(0);
  });
});

test('not on a desktop, signed in', async ({ page }) => {
  await signInAs(page.request, 'paid');
  await openSettled(page, '/?lang=eng');
  await expect(page.locator('[data-fin-user]')).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
});
