/**
 * The data table in real Chromium, where happy-dom cannot tell: keyboard activation of the sort
 * buttons, focus and scrolling after a collapse, the virtual rows against real row heights, the
 * sticky head and the < 680 px layout. The widget runs alone in a blank page (the harness).
 */
import { expect, test, type Page } from '@playwright/test';
import { focusedElement } from '../testing/focus.ts';
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
  const next = page.getByRole('button', { name: 'Next column' });
  await next.focus();
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

test('at 375 px the column arrows keep the focus while paging, say the column shown and are big enough', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await mount(page, { rows: 10 });
  const headers = page.locator('thead th');
  const status = page.getByRole('status');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'isin');
  await page.getByRole('button', { name: 'Next column' }).focus();

  await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'price');
  expect(await focusedElement(page)).toBe('button:Next column');
  await expect(status).toHaveText('Column 3 of 7: Price');
  // A second Enter pages again: the focus did not fall to the page.
  await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'change');
  expect(await focusedElement(page)).toBe('button:Next column');
  await expect(status).toHaveText('Column 4 of 7: Change, %');

  // To the last column: the arrow turns unavailable but keeps the focus.
  for (let step = 0; step < 3; step++) await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'note');
  await expect(page.getByRole('button', { name: 'Next column' })).toBeDisabled();
  expect(await focusedElement(page)).toBe('button:Next column');
  await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'note');
  // Back with Shift+Tab to the previous arrow (the arrows come before the heading, as they sit above it).
  await page.keyboard.press('Shift+Tab');
  expect(await focusedElement(page)).toBe('button:Previous column');
  await page.keyboard.press('Enter');
  await expect(headers.nth(1)).toHaveAttribute('data-field', 'date');
  expect(await focusedElement(page)).toBe('button:Previous column');
  await expect(status).toHaveText('Column 6 of 7: Date');

  // WCAG 2.5.8: at least 24 × 24 CSS px, and a touch a few px above or beside the box still hits it.
  for (const name of ['Previous column', 'Next column']) {
    const button = page.getByRole('button', { name });
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    const hits = await button.evaluate((element, { x, y }) => {
      const root = element.getRootNode() as ShadowRoot;
      return [
        [x + 1, y - 4],
        [x - 3, y + 12],
      ].every(([left, top]) => root.elementFromPoint(left!, top!) === element);
    }, box);
    expect(hits).toBe(true);
  }
  const overflow = await page
    .locator('.dt-scroll')
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test('the fixed first column stays in place while a wide table scrolls sideways', async ({ page }) => {
  // One unbreakable ISIN-like value makes the table wider than its 700 px box.
  const wideRow = {
    name: 'Wide',
    isin: `W${'0'.repeat(70)}`,
    price: 1,
    change: 1,
    volume: 1,
    date: '',
    note: '',
  };
  await mount(page, { rows: 30, width: 700, fixedFirstColumn: true, rowNumbers: true, leadRows: [wideRow] });
  const box = page.locator('.dt-scroll');
  const wide = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(wide).toBeGreaterThan(150);
  const positions = () =>
    page.evaluate(() => {
      const root = document.getElementById('harness')!.shadowRoot!;
      const x = (selector: string) => Math.round(root.querySelector(selector)!.getBoundingClientRect().left);
      return {
        headFirst: x('thead th[data-field="name"]'),
        bodyFirst: x('tbody tr.dt-row th'),
        number: x('tbody tr.dt-row td.dt-num'),
        isin: x('thead th[data-field="isin"]'),
      };
    });
  const before = await positions();
  await box.evaluate((element) => element.scrollTo({ left: 150 }));
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBe(150);
  const after = await positions();
  // The row number and the first column stay; the others move under them.
  expect(after.headFirst).toBe(before.headFirst);
  expect(after.bodyFirst).toBe(before.bodyFirst);
  expect(after.number).toBe(before.number);
  expect(after.isin).toBe(before.isin - 150);
  // And they are painted over the columns passing under them, not under.
  const onTop = await page.evaluate(() => {
    const root = document.getElementById('harness')!.shadowRoot!;
    const cell = root.querySelector('tbody tr.dt-row th')!;
    const rect = cell.getBoundingClientRect();
    const hit = root.elementFromPoint(rect.right - 4, rect.top + rect.height / 2);
    return hit === cell || cell.contains(hit);
  });
  expect(onTop).toBe(true);
});

const TIP_ROWS = [
  {
    name: { val: 'Tipped', info: 'Ordinary shares, first issue' },
    isin: 'RU0009029540',
    price: { val: '301,50', tooltip: 'Price at the close of trading' },
    change: 1,
    volume: 1,
    date: '01.02.2025',
    note: `Placement note: ${'coupon and offer details '.repeat(5)}end`,
  },
];

test('tooltips: hover shows, the pointer may move onto them, Escape hides; focus shows; not clipped', async ({
  page,
}) => {
  // The page's timers are Playwright's: the hide delay (200 ms after the pointer leaves) runs on
  // the test's word, so a busy machine cannot stretch the way across the gap past it.
  await page.clock.install();
  await mount(page, { rows: 5, leadRows: TIP_ROWS, maxHeight: 200 });
  const trigger = page.locator('button.fin-tip__trigger', { hasText: '301,50' });
  const tip = page.getByRole('tooltip', { name: 'Price at the close of trading' });
  await expect(tip).toBeHidden();

  await trigger.hover();
  await expect(tip).toBeVisible();
  // Onto the tooltip itself, across the gap: it stays (WCAG 1.4.13 hoverable), also once the
  // hide delay has passed.
  const tipBox = (await tip.boundingBox())!;
  const triggerBox = (await trigger.boundingBox())!;
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.move(triggerBox.x + 5, triggerBox.y + triggerBox.height + 3, { steps: 2 });
  await page.mouse.move(tipBox.x + 10, tipBox.y + tipBox.height / 2, { steps: 3 });
  await page.clock.runFor(400);
  await expect(tip).toBeVisible();
  // Escape hides it (dismissible) while the pointer is still on it.
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  // The pointer leaves: its hide timer runs out before the keyboard part.
  await page.mouse.move(600, 600);
  await page.clock.runFor(400);
  await page.clock.resume();

  // Keyboard: Tab to the value shows it; the accessible description is the tooltip text.
  await trigger.focus();
  await expect(tip).toBeVisible();
  await expect(trigger).toHaveAccessibleDescription('Price at the close of trading');
  // Inside the 200 px scroll box, yet drawn whole and on top (fixed, not clipped by the box).
  const box = (await page.locator('.dt-scroll').boundingBox())!;
  const shown = (await tip.boundingBox())!;
  expect(shown.y).toBeGreaterThan(0);
  const onTop = await tip.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const root = element.getRootNode() as ShadowRoot;
    const hit = root.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit === element || element.contains(hit);
  });
  expect(onTop).toBe(true);
  expect(shown.width).toBeGreaterThan(40);
  expect(box.height).toBeLessThanOrEqual(201);
  await page.keyboard.press('Tab'); // to the next control: the tooltip goes
  await expect(tip).toBeHidden();

  // The info mark is a button named by its text; the cut note shows its full text from the keyboard.
  const info = page.getByRole('button', { name: 'Ordinary shares, first issue' });
  await info.focus();
  await expect(page.getByRole('tooltip', { name: 'Ordinary shares, first issue' })).toBeVisible();
  const cut = page.locator('button.fin-tip__trigger', { hasText: 'Placement note: coupon' });
  await cut.focus();
  await expect(page.getByRole('tooltip', { name: /end$/ })).toBeVisible();
  await expect(cut).toHaveText(/…$/);
});
