/**
 * <fin-dividends-table> in Chromium against the reference server at 1280 px and on phones: the
 * SPEC columns per width and the mobile column pager, show-more and its lock by access level,
 * sorting by mouse and keyboard, and a picture of a fixed dividend history.
 */
import { expect, test } from '@playwright/test';
import { signInAs, type Audience, loginLinkOf } from '../../../demo-pages/testing/session.ts';
import {
  bodyRows,
  DESKTOP,
  dividends,
  FIXTURE_STOCK,
  fixturePage,
  headerFields,
  MOBILE,
  overflow,
  sberData,
  watchErrors,
  SCREENSHOT_SIZES,
} from '../../../demo-pages/testing/stock-page.ts';

const PHONES = [320, 375, 414].map((width) => ({ width, height: 760 }));
/** This file's element: errors that name it fail the tests that watch them. */
const MY_TAGS = /fin-dividends-table/;

test.describe('dividends table', () => {
  test('desktop shows the SPEC columns; below 680 px the last day to buy goes and the amount comes second', async ({
    page,
  }) => {
    const errors = watchErrors(page, MY_TAGS);
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/?lang=eng');
    const table = dividends(page);
    await expect(bodyRows(table)).toHaveCount(5);
    expect(await headerFields(table)).toEqual([
      'year',
      'dividends_periods_name',
      'last_date_of_purchase',
      'date_of_ex_dividend',
      'date_of_close_list_dividends',
      'summ',
    ]);
    await expect(table.locator('[part="nearest"] dd[data-field="summ"]')).toHaveText(/^\d+\.\d\d\u00a0RUB$/);

    await page.setViewportSize(MOBILE);
    // Year and amount stay; the third column pages through the period and the dates.
    await expect.poll(() => headerFields(table)).toEqual(['year', 'summ', 'dividends_periods_name']);
    const next = table.getByRole('button', { name: 'Next column' });
    const previous = table.getByRole('button', { name: 'Previous column' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'summ', 'date_of_ex_dividend']);
    await next.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'summ', 'date_of_close_list_dividends']);
    await expect(next).toBeDisabled();
    await previous.click();
    await previous.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'summ', 'dividends_periods_name']);
    expect(errors).toEqual([]);
  });

  test('phones of 320, 375 and 414 px: three columns fit the width, "Year" centred on the arrows\' line', async ({
    page,
  }) => {
    await page.goto('/stocks/sber/?lang=eng');
    const table = dividends(page);
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expect.poll(() => headerFields(table), `${size.width} px`).toHaveLength(3);
      expect(await overflow(table), `${size.width} px`).toBeLessThanOrEqual(0);
      // The three columns share the width: none is left with a sliver.
      const widths = await table
        .locator('thead th[data-field]')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
      expect(Math.min(...widths), `${size.width} px`).toBeGreaterThan(size.width * 0.15);
      const year = await table.locator('thead th[data-field="year"] .dt-sort').boundingBox();
      const arrows = await table.locator('thead th[data-field]').nth(2).boundingBox();
      expect(
        Math.abs(year!.y + year!.height / 2 - (arrows!.y + arrows!.height / 2)),
        `${size.width} px`,
      ).toBeLessThan(3);
    }
  });

  const locked: Record<Exclude<Audience, 'paid'>, { action: string; href: string }> = {
    anonymous: { action: 'Log in to see {count} more rows', href: 'login' },
    free: { action: 'Get paid access to see {count} more rows', href: '/profile/access/' },
  };
  for (const audience of ['anonymous', 'free'] as const) {
    test(`${audience}: the history beyond five rows is not sent and show-more explains why`, async ({
      page,
    }) => {
      await signInAs(page.request, audience);
      const data = await sberData(page);
      expect(data.dividendsTable.data).toHaveLength(5);
      expect(data.dividendsTable.total).toBeGreaterThan(5);

      await page.goto('/stocks/sber/?lang=eng');
      const table = dividends(page);
      await table.getByRole('button', { name: 'Show more' }).click();
      // A neutral prompt with the count in the place of show-more, its link focused; no alert.
      const action = locked[audience].action.replace('{count}', String((data.dividendsTable.total ?? 0) - 5));
      const link = table.locator('.dt-locked').getByRole('link', { name: action });
      await expect(link).toHaveAttribute(
        'href',
        locked[audience].href === 'login' ? loginLinkOf(page) : locked[audience].href,
      );
      await expect(link).toBeFocused();
      await expect(table.getByRole('alert')).toHaveCount(0);
      await expect(bodyRows(table)).toHaveCount(5);
    });
  }

  test('paid: show-more expands to the whole history and hide collapses it', async ({ page }) => {
    await signInAs(page.request, 'paid');
    const total = (await sberData(page)).dividendsTable.data.length;
    expect(total).toBeGreaterThan(5);
    await page.goto('/stocks/sber/?lang=eng');
    const table = dividends(page);
    const toggle = table.locator('[part="show-more"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(bodyRows(table)).toHaveCount(total);
    await expect(toggle).toHaveText('Hide');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(bodyRows(table)).toHaveCount(5);
    await expect(table.getByRole('alert')).toHaveCount(0);
  });

  test('sorts by a click and by the keyboard, told by aria-sort', async ({ page }) => {
    await signInAs(page.request, 'paid');
    await page.goto('/stocks/sber/?lang=eng');
    const table = dividends(page);
    const header = table.locator('thead th[data-field="summ"]');
    const amounts = () =>
      bodyRows(table).evaluateAll((rows) =>
        rows.map((row) => Number(row.lastElementChild?.textContent?.replace(/[^\d.]/g, ''))),
      );
    const sorts: unknown[] = [];
    await page.exposeFunction('recordSort', (detail: unknown) => sorts.push(detail));
    await page.evaluate(() =>
      document.addEventListener('fin-sort-change', (event) =>
        (window as unknown as { recordSort(d: unknown): void }).recordSort(event.detail),
      ),
    );

    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await amounts();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = await amounts();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await page.keyboard.press('Space');
    await expect(header).not.toHaveAttribute('aria-sort', /./);
    await expect
      .poll(() => sorts)
      .toEqual([
        { field: 'summ', order: 'asc' },
        { field: 'summ', order: 'desc' },
        { field: 'summ', order: null },
      ]);
  });

  test('screenshot of a fixed dividend history at 1280 and 375 px', async ({ page }) => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      year: 2025 - i,
      dividends_periods_name: `for ${2025 - i}`,
      last_date_of_purchase: `16.07.${2026 - i}`,
      date_of_ex_dividend: `17.07.${2026 - i}`,
      date_of_close_list_dividends: `17.07.${2026 - i}`,
      summ: [34.84, 33.3, 25, 18.7, 16][i],
      currency: 'RUB',
    }));
    const data = {
      ...FIXTURE_STOCK,
      dividendsTable: { data: rows, fields: Object.keys(rows[0]!).filter((f) => f !== 'currency'), total: 9 },
      nearestDividend: rows[0],
    };
    for (const [name, size] of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await fixturePage(page, {
        data,
        body: '<fin-dividends-table></fin-dividends-table>',
        tags: ['fin-dividends-table'],
      });
      await expect(bodyRows(dividends(page))).toHaveCount(5);
      await expect(dividends(page)).toHaveScreenshot(`dividends-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});
