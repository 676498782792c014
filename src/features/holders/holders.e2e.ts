/**
 * <fin-holders> in Chromium against the reference server: the holders each audience gets (public,
 * never masked) at 1280 and 375 px, a failed load and its retry, and pictures of fixed holders.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import {
  bodyRows,
  FIXTURE_STOCK,
  fixturePage,
  headerFields,
  MOBILE,
  overflow,
  rowTexts,
  SCREENSHOT_SIZES,
} from '../../../demo-pages/testing/stock-page.ts';

test.describe('holders', () => {
  for (const audience of ['anonymous', 'free', 'paid'] as const) {
    test(`${audience}: the stock's holders as the server answers them (public data, never masked)`, async ({
      page,
    }) => {
      await signInAs(page.request, audience);
      const answer = (await (await page.request.get('/api/stocks/get-holders/1/?lang=eng')).json()) as {
        data: Array<{ name: string; share: number; date: string }>;
      };
      expect(answer.data.length).toBeGreaterThan(0);
      await page.goto('/stocks/sber/?lang=eng');
      const table = page.locator('fin-holders');
      await expect(bodyRows(table)).toHaveCount(Math.min(5, answer.data.length));
      expect(await headerFields(table)).toEqual(['name', 'share', 'date']);
      expect(await rowTexts(table)).toEqual(
        answer.data
          .slice(0, 5)
          .map((row) => ({ name: row.name, share: row.share.toFixed(2), date: row.date })),
      );
      await expect(table.locator('tbody')).not.toContainText('***');
      await expect(page.getByRole('region', { name: 'Shareholders' })).toContainText(answer.data[0]!.name);
      await page.setViewportSize(MOBILE);
      await expect.poll(() => headerFields(table)).toEqual(['name', 'share', 'date']);
      expect(await overflow(table)).toBeLessThanOrEqual(0);
    });
  }

  test('a failed load says so and a retry loads the holders', async ({ page }) => {
    let fail = true;
    await page.route('**/api/stocks/get-holders/**', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }) : route.fallback(),
    );
    // Without the page's preload (preload=0), as an old template: the first call is made and fails.
    await page.goto('/stocks/sber/?lang=eng&preload=0');
    const table = page.locator('fin-holders');
    await expect(table.getByRole('alert')).toContainText('Could not load');
    fail = false;
    await table.getByRole('button', { name: 'Retry' }).click();
    await expect(bodyRows(table).first()).toBeVisible();
  });

  test('screenshots of fixed holders at 1280 and 375 px', async ({ page }) => {
    const holders = [
      ['Central Bank of Russia', 50, '30.06.2026'],
      ['Ministry of Finance', 0.3, '30.06.2026'],
      ['Free float', 48.15, '30.06.2026'],
      ['Management and employees', 1.55, '31.03.2026'],
    ] as const;
    await page.route('**/api/stocks/get-holders/**', (route) =>
      route.fulfill({
        json: {
          data: holders.map(([name, share, date]) => ({
            name,
            share,
            'share.numeric': share,
            date,
            'date.numeric': 0,
          })),
          fields: ['name', 'share', 'date'],
          fieldsLabels: {},
        },
      }),
    );
    for (const [name, size] of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await fixturePage(page, {
        data: FIXTURE_STOCK,
        body: '<div style="max-width:990px"><fin-holders></fin-holders></div>',
        tags: ['fin-holders'],
      });
      await expect(bodyRows(page.locator('fin-holders'))).toHaveCount(4);
      await expect(page.locator('fin-holders')).toHaveScreenshot(`holders-${name}.png`, {
        maxDiffPixelRatio: 0.01,
      });
    }
  });
});
