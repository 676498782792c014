/**
 * Marketing cookies (SPEC §1 shell, §9): the landing address's utm parameters and click ids are
 * written as 5-day cookies only after "allow" in a consent bar whose two answers are equally
 * easy; nothing after "refuse"; the answer can be changed from the page footer.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MARKETING_COOKIE_SECONDS } from '../../contract/shell.ts';

const consentBar = (page: Page) => page.locator('fin-cookie-consent [part~="bar"]');
const marketingCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name.startsWith('fin_mkt_'));
const LANDING = '/?lang=eng&utm_source=newsletter&utm_campaign=spring&gclid=CjwKCA-demo&q=kept';

test('nothing before the answer; after "allow" (on a later page) the landing parameters for 5 days; the footer changes it', async ({
  page,
  context,
}) => {
  await page.goto(LANDING);
  await expect(consentBar(page)).toBeVisible();
  const allow = consentBar(page).getByRole('button', { name: 'Allow' });
  const refuse = consentBar(page).getByRole('button', { name: 'Refuse' });
  // Equally easy: the same size, side by side, both buttons of the same look.
  const [allowBox, refuseBox] = [(await allow.boundingBox())!, (await refuse.boundingBox())!];
  expect(Math.abs(allowBox.width - refuseBox.width)).toBeLessThan(1);
  expect(Math.abs(allowBox.height - refuseBox.height)).toBeLessThan(1);
  expect(await allow.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
    await refuse.evaluate((button) => getComputedStyle(button).backgroundColor),
  );
  // The bar asks; it does not take the focus.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await marketingCookies(context)).toEqual([]);

  // The visitor reads on without answering: the landing parameters wait, still no cookie.
  await page.goto('/search/?lang=eng');
  await expect(consentBar(page)).toBeVisible();
  expect(await marketingCookies(context)).toEqual([]);
  await consentBar(page).getByRole('button', { name: 'Allow' }).click();
  await expect(consentBar(page)).toHaveCount(0);
  const written = await marketingCookies(context);
  expect(Object.fromEntries(written.map((cookie) => [cookie.name, cookie.value]))).toEqual({
    fin_mkt_utm_source: 'newsletter',
    fin_mkt_utm_campaign: 'spring',
    fin_mkt_gclid: 'CjwKCA-demo',
  });
  for (const cookie of written) {
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(MARKETING_COOKIE_SECONDS - 120);
    expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(MARKETING_COOKIE_SECONDS + 1);
  }

  // A later visit remembers the answer: no bar. The footer reopens it, with the focus inside.
  await page.goto('/?lang=eng');
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  await expect(consentBar(page)).toHaveCount(0);
  await settings.click();
  await expect(consentBar(page)).toBeVisible();
  await expect(consentBar(page).getByRole('button', { name: 'Allow' })).toBeFocused();
  await consentBar(page).getByRole('button', { name: 'Refuse' }).click();
  await expect(consentBar(page)).toHaveCount(0);
  await expect(settings).toBeFocused();
  expect(await marketingCookies(context)).toEqual([]);
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'fin_marketing_consent');
  expect(consent?.value).toBe('rejected');
});

test('after "refuse", no marketing cookie, now or on the next ad visit', async ({ page, context }) => {
  await page.goto(LANDING);
  await consentBar(page).getByRole('button', { name: 'Refuse' }).click();
  await expect(consentBar(page)).toHaveCount(0);
  await page.goto('/?lang=eng&utm_source=other&yclid=123');
  await page.waitForFunction(() => customElements.get('fin-cookie-consent'));
  await page.waitForLoadState('networkidle');
  await expect(consentBar(page)).toHaveCount(0);
  expect(await marketingCookies(context)).toEqual([]);
});
