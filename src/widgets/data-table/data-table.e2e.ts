/**
 * The data table in real Chromium, where happy-dom cannot tell: keyboard activation of the sort
 * buttons, focus and scrolling after a collapse, the virtual rows against real row heights, the
 * sticky head and the < 680 px layout. The widget runs alone in a blank page (the harness).
 */
import { expect, test, type Page } from '@playwright/test';
import { buildDataTableHarness } from './data-table.harness.build.ts';
import type { HarnessOptions, HarnessTiming, HarnessWindow } from './data-table.harness.tsx';

let script = '';
test.beforeAll(async () => {
  test.setTimeout(120_000);
  script = await buildDataTableHarness();
});

async function mount(page: Page, options: HarnessOptions, pageAround = false): Promise<HarnessTiming> {
  await page.setContent('<!doctype html><html lang="en"><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: script });
  const timing = await page.evaluate(
    (opts) => (window as HarnessWindow).finDataTableHarness!.mount(opts),
    options,
  );
  if (pageAround) {
    // Page content above and below, so the table top can leave the viewport and the page stays scrollable.
    await page.evaluate(() => {
      const above = Object.assign(document.createElement('div'), { textContent: 'Page head' });
      above.style.height = '300px';
      const below = document.createElement('div');
      below.style.height = '2000px';
      document.body.prepend(above);
      document.body.append(below);
    });
  }
  return timing;
}

const events = (page: Page) => page.evaluate(() => (window as HarnessWindow).finDataTableHarness!.events);
const firstCell = (page: Page) => page.locator('tbody tr.dt-row').first().locator('th');

test('sort buttons work from the keyboard: Enter and Space cycle the order', async ({ page }) => {
  await mount(page, { rows: 20 });
  const nameButton = page.locator('thead th[data-field="name"] button');
  const priceHeader = page.locator('thead th[data-field="price"]');
  await nameButton.focus();
  await page.keyboard.press('Tab'); // to the ISIN header button
  await page.keyboard.press('Tab'); // to the price header button
  await expect(priceHeader.locator('button')).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Space');
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
  await page.keyboard.press('Enter');
  await expect(priceHeader).not.toHaveAttribute('aria-sort');
  await expect(firstCell(page)).toHaveText('Stock 00001');
  await expect(priceHeader.locator('button')).toBeFocused();
  expect((await events(page)).map((event) => event.detail)).toEqual([
    { field: 'price', order: 'asc' },
    { field: 'price', order: 'desc' },
    { field: 'price', order: null },
  ]);
});

test('collapsing keeps the focus on the control and scrolls back to the table top', async ({ page }) => {
  await mount(page, { rows: 60, limit: 5 }, true);
  const toggle = page.locator('.dt-more button');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('tbody tr.dt-row')).toHaveCount(60);
  await expect(toggle).toHaveText('Hide');

  await toggle.scrollIntoViewIfNeeded();
  const hostTop = () => page.evaluate(() => document.getElementById('harness')!.getBoundingClientRect().top);
  expect(await hostTop()).toBeLessThan(0);
  await page.keyboard.press('Enter');
  await expect(page.locator('tbody tr.dt-row')).toHaveCount(5);
  await expect(toggle).toHaveText('Show more');
  await expect(toggle).toBeFocused();
  await expect.poll(hostTop).toBeGreaterThanOrEqual(0);
  // Back to the table top, not to the top of the page.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
});

test('with reduced motion the collapse jumps back at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await mount(page, { rows: 60, limit: 5 }, true);
  const toggle = page.locator('.dt-more button');
  await toggle.click();
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(300);
});

test('virtual rows: only the rows in view are in the DOM, and the scrollbar spans all rows', async ({
  page,
}) => {
  const mounted = await mount(page, { rows: 10_000, maxHeight: 400 });
  expect(mounted.tr).toBeLessThan(45);
  const box = page.locator('.dt-scroll');
  const geometry = await box.evaluate((element) => {
    const row = element.querySelector('tbody tr.dt-row')!.getBoundingClientRect().height;
    const head = element.querySelector('thead')!.getBoundingClientRect().height;
    return { row, head, scrollHeight: element.scrollHeight };
  });
  expect(geometry.row).toBeGreaterThan(20);
  expect(Math.abs(geometry.scrollHeight - (geometry.head + 10_000 * geometry.row))).toBeLessThan(
    geometry.row * 2,
  );

  await box.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.locator('tbody tr.dt-row').last().locator('th')).toHaveText('Stock 10000');
  expect(await page.locator('tbody tr.dt-row').count()).toBeLessThan(45);
  // The head stays at the top of the box while the body scrolls.
  const offsets = await box.evaluate((element) => ({
    box: element.getBoundingClientRect().top,
    head: element.querySelector('thead th')!.getBoundingClientRect().top,
  }));
  expect(Math.abs(offsets.head - offsets.box)).toBeLessThan(2);
});

test('below 680 px the columns page with arrows, from 680 px all are shown', async ({ page }) => {
  await mount(page, { rows: 10, width: 420 });
  const headers = page.locator('thead th');
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'isin');
  await page.getByRole('button', { name: 'Next column' }).focus();
  await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'price');
  await expect(page.getByRole('button', { name: 'Previous column' })).toBeEnabled();
  // The fixed first column and the paged one fit the narrow box: no sideways scroll.
  const overflow = await page
    .locator('.dt-scroll')
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);

  await page.evaluate(() => (window as HarnessWindow).finDataTableHarness!.mount({ rows: 10, width: 680 }));
  await expect(headers).toHaveCount(7);
});
