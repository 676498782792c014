/**
 * <fin-exchange-table> in Chromium against the reference server: the SPEC columns on desktop and
 * the mobile set, masked prices with the prompt, widths that fit, the direction of the last price,
 * and pictures of a fixed table. (Switching the ground from it is a test of the whole page:
 * demo-pages/server/market/stock-page.e2e.ts.)
 */
import { expect, test } from '@playwright/test';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import { pageColumnsByKeyboard } from '../../../demo-pages/testing/column-paging.ts';
import {
  bodyRows,
  exchange,
  FIXTURE_STOCK,
  fixturePage,
  headerFields,
  MOBILE,
  overflow,
  PAID_USER,
  sberData,
  SCREENSHOT_SIZES,
} from '../../../demo-pages/testing/stock-page.ts';

test.describe('exchange table', () => {
  test('shows the SPEC columns on desktop and the mobile set below 680 px, masked prices with the prompt', async ({
    page,
  }) => {
    await page.goto('/stocks/sber/?lang=eng');
    const table = exchange(page);
    await expect(bodyRows(table)).toHaveCount(2);
    expect(await headerFields(table)).toEqual([
      'trading_ground',
      'date',
      'last',
      'change',
      'buy_sell',
      'open',
      'min',
      'max',
      'avg',
      'legal_close_price',
      'tiker',
      'currency_name',
    ]);
    await expect(table.locator('tbody')).toContainText('***');
    await expect(table.locator('[part="hint"]')).toHaveText('Log in to see prices Log in');
    // Below 680 px the columns page (SPEC §4): the first page starts with the mobile set.
    await page.setViewportSize(MOBILE);
    await expect
      .poll(async () => (await headerFields(table)).slice(0, 4))
      .toEqual(['trading_ground', 'last', 'change', 'currency_name']);
  });

  test('paid: the twelve columns fit 1280 px and the mobile set fits 375 and 414 px; the exchange column stays fixed on 320', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.goto('/stocks/sber/?lang=eng');
    const table = exchange(page);
    await expect(bodyRows(table)).toHaveCount(2);
    await expect(table.locator('tbody')).not.toContainText('***');
    expect(await overflow(table)).toBeLessThanOrEqual(0);
    for (const width of [375, 414]) {
      await page.setViewportSize({ width, height: 760 });
      await expect
        .poll(async () => (await headerFields(table)).slice(0, 4))
        .toEqual(['trading_ground', 'last', 'change', 'currency_name']);
      expect(await overflow(table), `${width} px`).toBeLessThanOrEqual(0);
    }
    // The narrowest phone may scroll the prices sideways: the exchange name stays in place.
    await page.setViewportSize({ width: 320, height: 760 });
    await expect
      .poll(async () => (await headerFields(table)).slice(0, 2))
      .toEqual(['trading_ground', 'last']);
    const ground = table.locator('tbody tr.dt-row').first().locator('th');
    const before = await ground.boundingBox();
    await table.evaluate((host) => {
      host.shadowRoot!.querySelector('.dt-scroll')!.scrollLeft = 200;
    });
    expect((await ground.boundingBox())!.x).toBeCloseTo(before!.x, 0);
  });

  test('at 375 px every column pages behind arrows (SPEC §4), the mobile set first, by keyboard', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.setViewportSize(MOBILE);
    await page.goto('/stocks/sber/?lang=deu');
    const table = exchange(page);
    await expect(bodyRows(table)).toHaveCount(2);
    await expect(table.locator('thead .dt-page--next')).toBeVisible();
    const pages = await pageColumnsByKeyboard(table);
    // The exchange stays; the first page is the mobile set; the pages together show every column.
    expect(pages.every((fields) => fields[0] === 'trading_ground')).toBe(true);
    expect(pages[0]!.slice(0, 4)).toEqual(['trading_ground', 'last', 'change', 'currency_name']);
    expect(new Set(pages.flat())).toEqual(
      new Set([
        'trading_ground',
        'date',
        'last',
        'change',
        'buy_sell',
        'open',
        'min',
        'max',
        'avg',
        'legal_close_price',
        'tiker',
        'currency_name',
      ]),
    );
    // Each page fits: no sideways scroll inside the table.
    expect(await overflow(table)).toBeLessThanOrEqual(0);
  });

  test('paid: the last price tells its direction by an arrow with a text, matching the change sign', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    const data = await sberData(page);
    await page.goto('/stocks/sber/?lang=eng');
    const table = exchange(page);
    await expect(bodyRows(table)).toHaveCount(data.exchangeTable.data.length);
    for (const [index, row] of data.exchangeTable.data.entries()) {
      const last = bodyRows(table).nth(index).locator('td').nth(1);
      const change = row.change as number;
      if (change === 0) {
        await expect(last.getByRole('img')).toHaveCount(0);
        continue;
      }
      await expect(last.getByRole('img')).toHaveAccessibleName(change > 0 ? 'price rose' : 'price fell');
      await expect(last).toHaveText(new RegExp(`^${change > 0 ? '▲' : '▼'}\\d`));
    }
    // Visitors without the change get no direction either (the server leaves the row's class empty).
    await page.context().clearCookies();
    await page.goto('/stocks/sber/?lang=eng');
    await expect(bodyRows(table)).toHaveCount(data.exchangeTable.data.length);
    await expect(table.locator('tbody').getByRole('img')).toHaveCount(0);
  });

  test('screenshots of a fixed exchange table at 1280 and 375 px', async ({ page }) => {
    const row = (id: number, text: string, values: Record<string, unknown>) => ({
      trading_ground: { id, text },
      date: '20.11.2026',
      tiker: 'SBER',
      ...values,
    });
    const data = {
      ...FIXTURE_STOCK,
      exchangeTable: {
        data: [
          row(1, 'Moscow Exchange', {
            currency_name: 'RUB',
            class: 'up',
            last: 1305.12,
            change: 1.25,
            buy_sell: '1305.11 / 1305.13',
            open: 1290.4,
            min: 1288.02,
            max: 1306.5,
            avg: 1299.8,
            legal_close_price: 1305.12,
          }),
          row(2, 'SPB Exchange', {
            currency_name: 'USD',
            class: 'down',
            last: 13.317,
            change: -0.45,
            buy_sell: '13.316 / 13.318',
            open: 13.4,
            min: 13.29,
            max: 13.41,
            avg: 13.35,
            legal_close_price: 13.317,
          }),
        ],
        fields: [
          'trading_ground',
          'date',
          'last',
          'change',
          'buy_sell',
          'open',
          'min',
          'max',
          'avg',
          'legal_close_price',
          'tiker',
          'currency_name',
        ],
      },
    };
    for (const [name, size] of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      // The width of the page's column beside the menu at 1280 px.
      await fixturePage(page, {
        data,
        body: '<div style="max-width:990px"><fin-exchange-table></fin-exchange-table></div>',
        tags: ['fin-exchange-table'],
        user: PAID_USER,
      });
      await expect(bodyRows(exchange(page))).toHaveCount(2);
      await expect(exchange(page)).toHaveScreenshot(`exchange-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});
