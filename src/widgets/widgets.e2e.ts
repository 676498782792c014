/**
 * The shared widgets in real Chromium, for what happy-dom cannot show: the Fullscreen API inside a
 * shadow root, the cookie restore, the modal <dialog>, the scroll-back animation and a wide table
 * on a phone. The fixture page is bundled here with Vite and served through page.route.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bundleFixtureScript, openFixturePage } from './testing/fixture-script.ts';

const FIXTURE_PATH = '/__widgets-fixture__/';
let bundle = '';

test.beforeAll(async () => {
  bundle = await bundleFixtureScript(resolve(import.meta.dirname, 'widgets.e2e.fixture.tsx'), {
    name: 'WidgetsFixture',
  });
});

async function openFixture(page: Page) {
  await openFixturePage(
    page,
    FIXTURE_PATH,
    `<p id="outside">Page text outside the element</p>
        <widgets-fixture></widgets-fixture>`,
    bundle,
  );
  await expect(page.getByRole('tablist', { name: 'Period' })).toBeVisible();
}

const widgetLog = (page: Page) => page.evaluate(() => window.widgetLog);

/** The focused element, through the fixture's shadow root. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.tagName.toLowerCase()}:${active.textContent?.trim() ?? ''}` : null;
  });

test('tabs: each tab controls the panel, and the panel is named by the active tab', async ({ page }) => {
  await openFixture(page);
  const panel = page.getByRole('tabpanel', { name: '1M' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('tab', { name: '3M' })).toHaveAttribute('aria-controls', 'period-panel');
  await page.getByRole('tab', { name: '3M' }).click();
  await expect(page.getByRole('tabpanel', { name: '3M' })).toHaveText('Period 2');
});

test('tabs: the arrow keys move focus and select in one step', async ({ page }) => {
  await openFixture(page);
  await page.getByRole('tab', { name: '1M' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '3M' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '1M' })).toHaveAttribute('aria-selected', 'false');
  expect(await focusedText(page)).toBe('button:3M');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  expect(await widgetLog(page)).toEqual(['tab:2', 'tab:0']);
});

test('dropdown: a click outside the shadow root closes it; a pick closes it and refocuses the button', async ({
  page,
}) => {
  await openFixture(page);
  const button = page.locator('.fin-dropdown__button');
  await button.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.locator('#outside').click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(button).toHaveText('SPB');
  expect(await focusedText(page)).toBe('button:SPB');

  await button.click();
  await page.getByRole('option', { name: 'NASDAQ' }).click();
  await expect(button).toHaveText('NASDAQ');
  expect(await widgetLog(page)).toEqual(['ground:2', 'ground:3']);
});

test('full screen: native on a target in a shadow root, remembered in the cookie, restored as an overlay', async ({
  page,
  context,
}) => {
  await openFixture(page);
  await page.getByRole('button', { name: 'Full screen' }).click();
  // A toggle button: the name stays, the state is aria-pressed.
  await expect(page.getByRole('button', { name: 'Full screen', pressed: true })).toBeVisible();
  const inNative = await page.evaluate(() => {
    const host = document.querySelector('widgets-fixture')!;
    return {
      document: document.fullscreenElement === host,
      shadow: host.shadowRoot!.fullscreenElement?.className,
    };
  });
  expect(inNative).toEqual({ document: true, shadow: 'graph' });
  expect((await context.cookies()).find((cookie) => cookie.name === 'fin-widgets-fixture')?.value).toBe('1');
  const icon = await page.locator('.fin-fullscreen-button__icon').boundingBox();
  expect(icon?.height).toBe(36);

  // Reload: the Fullscreen API needs a gesture, so the remembered state comes back as the overlay.
  await page.reload();
  const graph = page.locator('.graph');
  await expect(graph).toHaveClass(/fin-fullscreen/);
  const box = await graph.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 1280, height: 900 });
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

  await page.keyboard.press('Escape');
  await expect(graph).not.toHaveClass(/fin-fullscreen/);
  await expect(page.getByRole('button', { name: 'Full screen', pressed: false })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'fin-widgets-fixture')).toBe(false);
  expect(await widgetLog(page)).toEqual(['fullscreen:false']);
});

test('full screen: leaving native full screen from outside updates the button and the cookie', async ({
  page,
  context,
}) => {
  await openFixture(page);
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.getByRole('button', { name: 'Full screen', pressed: true })).toBeVisible();
  // What the browser's own Escape does.
  await page.evaluate(() => document.exitFullscreen());
  await expect(page.getByRole('button', { name: 'Full screen', pressed: false })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'fin-widgets-fixture')).toBe(false);
  expect(await widgetLog(page)).toEqual(['fullscreen:true', 'fullscreen:false']);
});

test('full screen overlay: a modal dialog that keeps Tab inside; Escape first closes a tooltip in it', async ({
  page,
  context,
}) => {
  // The remembered state comes back as the CSS overlay (no Fullscreen API without a gesture).
  await openFixture(page);
  await context.addCookies([{ name: 'fin-widgets-fixture', value: '1', url: page.url() }]);
  await page.reload();
  const overlay = page.getByRole('dialog', { name: 'Related issuers' });
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute('aria-modal', 'true');
  await expect(overlay).toHaveClass(/fin-fullscreen/);

  // Tab from the page start goes into the overlay and then round its two controls only.
  const seen: Array<string | null> = [];
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    seen.push(await focusedText(page));
  }
  expect(new Set(seen)).toEqual(new Set(['button:', 'button:Legend']));
  for (let step = 0; step < 3; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(['button:', 'button:Legend']).toContain(await focusedText(page));
  }
  // Focus moved out by a script comes back in.
  await page.getByRole('tab', { name: '1M' }).evaluate((element) => (element as HTMLElement).focus());
  expect(['button:', 'button:Legend']).toContain(await focusedText(page));

  // A tooltip inside: Escape hides the tooltip and leaves the overlay open; the next one closes it.
  await page.getByRole('button', { name: 'Legend' }).focus();
  const tip = page.getByRole('tooltip', { name: 'Blue: the issuer' });
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.graph')).not.toHaveClass(/fin-fullscreen/);
  await expect(page.getByRole('button', { name: 'Full screen', pressed: false })).toBeVisible();
  // Closed: Tab reaches the page again.
  await page.getByRole('tab', { name: '1M' }).focus();
  expect(await focusedText(page)).toBe('button:1M');
});

test('dialog: modal, keeps Tab inside, Escape closes and focus returns to the opener', async ({ page }) => {
  await openFixture(page);
  const opener = page.getByRole('button', { name: 'Add to watchlist' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Watchlist' });
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 4; step += 1) {
    const inside = await page.evaluate(() => {
      const shadow = document.querySelector('widgets-fixture')!.shadowRoot!;
      const active = shadow.activeElement;
      return active === null || shadow.querySelector('dialog')!.contains(active);
    });
    expect(inside).toBe(true);
    await page.keyboard.press('Tab');
  }
  // The page behind is inert: the opener cannot take focus while the dialog is open.
  await opener.evaluate((element) => (element as HTMLElement).focus());
  expect(await focusedText(page)).not.toBe('button:Add to watchlist');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focusedText(page)).toBe('button:Add to watchlist');

  // A click on the backdrop (here over the page text) closes it too.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect(await focusedText(page)).toBe('button:Add to watchlist');
  await expect.poll(() => widgetLog(page)).toEqual(['dialog:close', 'dialog:close']);
});

test('scroll table: collapsing scrolls back to the table top at 5 px/ms, animated', async ({ page }) => {
  await openFixture(page);
  const table = page.locator('.fin-scroll-table');
  await page.getByRole('button', { name: 'Show more' }).nth(1).click();
  await expect(table.locator('tbody tr')).toHaveCount(30);
  const hide = table.getByRole('button', { name: 'Hide' });
  await hide.scrollIntoViewIfNeeded();
  const before = await page.evaluate(async () => {
    // Let the scroll event of scrollIntoView pass first (scroll events fire on the next frame).
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const top = document.querySelector('widgets-fixture')!.shadowRoot!.querySelector('.fin-scroll-table')!;
    return {
      scrollY: window.scrollY,
      tableTop: Math.round(top.getBoundingClientRect().top + window.scrollY),
    };
  });
  expect(before.scrollY).toBeGreaterThan(before.tableTop + 300);

  // A script click, timed in the page: Playwright's own scrolling into view would mix in.
  await hide.evaluate((element) => {
    const record = { clickedAt: performance.now(), scrolls: [] as Array<{ y: number; at: number }> };
    window.addEventListener('scroll', () =>
      record.scrolls.push({ y: window.scrollY, at: performance.now() }),
    );
    (window as unknown as { record: typeof record }).record = record;
    (element as HTMLElement).click();
  });
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before.tableTop);
  const { clickedAt, scrolls } = await page.evaluate(
    () =>
      (window as unknown as { record: { clickedAt: number; scrolls: Array<{ y: number; at: number }> } })
        .record,
  );
  const distance = before.scrollY - before.tableTop;
  const duration = scrolls.at(-1)!.at - clickedAt;
  test.info().annotations.push({
    type: 'scroll-back',
    description: `${distance} px in ${Math.round(duration)} ms over ${scrolls.length} steps`,
  });
  // Animated, not a jump: positions between start and target. Time-based steps keep the pace at
  // 5 px/ms whatever the frame rate, so it takes distance / 5 ms, give or take a few frames (more
  // on a busy machine).
  expect(scrolls.some(({ y }) => y > before.tableTop && y < before.scrollY)).toBe(true);
  expect(duration).toBeGreaterThan(distance / 5 - 20);
  expect(duration).toBeLessThan(distance / 5 + 600);
  expect(await widgetLog(page)).toEqual(['table:true', 'table:false']);
});

test('scroll table: with prefers-reduced-motion it jumps', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openFixture(page);
  const table = page.locator('.fin-scroll-table');
  await page.getByRole('button', { name: 'Show more' }).nth(1).click();
  const hide = table.getByRole('button', { name: 'Hide' });
  await hide.scrollIntoViewIfNeeded();
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const positions: number[] = [];
    window.addEventListener('scroll', () => positions.push(window.scrollY));
    (window as unknown as { positions: number[] }).positions = positions;
  });
  // A script click: Playwright's own scrolling into view would mix with the positions measured.
  await hide.evaluate((element) => (element as HTMLElement).click());
  await expect
    .poll(() => table.evaluate((element) => Math.abs(Math.round(element.getBoundingClientRect().top))))
    .toBe(0);
  // The jump's scroll event arrives with the next frame; a few frames later it is still the only one
  // (an animated scroll moves the page every frame).
  const positions = () => page.evaluate(() => (window as unknown as { positions: number[] }).positions);
  await expect.poll(positions).toHaveLength(1);
  await page.evaluate(async () => {
    for (let frame = 0; frame < 6; frame++) await new Promise((done) => requestAnimationFrame(done));
  });
  expect(await positions()).toHaveLength(1);
});

test('scroll table on a phone: the wide table scrolls inside its box, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openFixture(page);
  const region = page.getByRole('region', { name: 'Archive' });
  const sizes = await region.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
  }));
  expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
  expect(sizes.pageWidth).toBeLessThanOrEqual(360);
  // Keyboard users can scroll it: the region takes focus and the arrow keys move it.
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});

test('show-more list: 5 entries, then all, with focus kept on the button', async ({ page }) => {
  await openFixture(page);
  const list = page.locator('.fin-show-more__list li');
  await expect(list).toHaveCount(5);
  const more = page.locator('.fin-show-more__toggle');
  await more.click();
  await expect(list).toHaveCount(7);
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  expect(await focusedText(page)).toBe('button:Hide');
});
