/**
 * The page's message queue in Chromium (issue 23; SPEC §4 "Shell", §8, §9): `<fin-alerts>` and
 * `<fin-message>` on /test/messages/, whose server injects messages into `#fin-messages` as a
 * legacy page injects its error text. The page's clock is Playwright's, paused from the start:
 * timers run only when a test moves it.
 */
import { expect, test, type Page } from '@playwright/test';

/** What the page's announcer says, in order: `polite|text` or `assertive|text`, one entry per write. */
async function recordAnnouncer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: string[] = [];
    Object.assign(window, { __said: said });
    new MutationObserver((records) => {
      for (const record of records) {
        const region = (record.target as Element).closest?.('#fin-announcer, #fin-announcer-alert');
        if (!region) continue;
        const politeness = region.id === 'fin-announcer' ? 'polite' : 'assertive';
        for (const node of record.addedNodes) said.push(`${politeness}|${node.textContent}`);
        if (record.type === 'characterData') said.push(`${politeness}|${record.target.textContent}`);
      }
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
}

const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said);

async function pauseClock(page: Page): Promise<void> {
  const start = new Date('2026-03-02T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const stack = (page: Page) => page.locator('fin-alerts [part~="message"]');
const texts = (page: Page) => page.locator('fin-alerts [part~="text"]');
const HOSTILE = '<img src=x onerror="window.__xss=1">Payment failed';

function messagesPage(query: string[]): string {
  return `/test/messages/?lang=eng&${query.map((entry) => entry.replace(/^(\w+)=(.*)$/, (_m, k: string, v: string) => `${k}=${encodeURIComponent(v)}`)).join('&')}`;
}

test('alerts hide at 3 s, hover and focus pause them, errors stay; the server error text shows on load; each is said once', async ({
  page,
}) => {
  await recordAnnouncer(page);
  await pauseClock(page);
  await page.goto(
    messagesPage([
      'error=' + HOSTILE,
      'alert=alertGreen:Hovered',
      'alert=alertBlue:Focused',
      'alert=alertGreen:Left alone',
    ]),
  );
  // Newest first; the server's error text (SPEC §8) is an error, shown as text.
  await expect(texts(page)).toHaveText(['Left alone', 'Focused', 'Hovered', HOSTILE]);
  expect(
    await stack(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-type'))),
  ).toEqual(['alertGreen', 'alertBlue', 'alertGreen', 'alertRed']);
  await expect(page.locator('fin-alerts img')).toHaveCount(0);
  expect(await page.evaluate(() => 'xss' in window || '__xss' in window)).toBe(false);
  // The stack is no live region of its own: the announcer says each message.
  await expect(
    page.locator('fin-alerts').locator('[aria-live], [role="alert"], [role="status"]'),
  ).toHaveCount(0);

  await stack(page).filter({ hasText: 'Hovered' }).hover();
  await stack(page).filter({ hasText: 'Focused' }).getByRole('button', { name: 'Close message' }).focus();
  await page.clock.runFor(2_999);
  await expect(texts(page)).toHaveText(['Left alone', 'Focused', 'Hovered', HOSTILE]);
  await page.clock.runFor(1);
  await expect(texts(page)).toHaveText(['Focused', 'Hovered', HOSTILE]);
  await page.clock.runFor(30_000);
  await expect(texts(page)).toHaveText(['Focused', 'Hovered', HOSTILE]);

  // Pointer and focus leave: each goes on with the 3 s it had left; the error stays.
  await page.mouse.move(5, 5);
  await page.getByRole('textbox', { name: 'Name' }).focus();
  await page.clock.runFor(2_999);
  await expect(texts(page)).toHaveText(['Focused', 'Hovered', HOSTILE]);
  await page.clock.runFor(1);
  await expect(texts(page)).toHaveText([HOSTILE]);
  await page.clock.runFor(120_000);
  await expect(texts(page)).toHaveText([HOSTILE]);
  await stack(page).getByRole('button', { name: 'Close message' }).click();
  await expect(stack(page)).toHaveCount(0);

  // Said once each, errors assertively, however often the stack re-rendered.
  expect(await said(page)).toEqual([
    `assertive|${HOSTILE}`,
    'polite|Hovered',
    'polite|Focused',
    'polite|Left alone',
  ]);
});

test('the message banner shows arbitrary messages by type for its timeout, 3000 ms by default', async ({
  page,
}) => {
  await recordAnnouncer(page);
  await pauseClock(page);
  await page.goto(messagesPage([]));
  const banner = page.locator('fin-message [part~="message"]');
  const show = (attributes: Record<string, string>) =>
    page.locator('fin-message').evaluate((element, attributes) => {
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    }, attributes);
  await show({ type: 'alertBlue', timeout: '5000', message: 'Maintenance tonight' });
  await expect(banner).toHaveAttribute('data-type', 'alertBlue');
  await expect(banner.locator('[part~="text"]')).toHaveText('Maintenance tonight');
  // At the top of the viewport, not in the alerts stack.
  expect(await banner.evaluate((item) => item.getBoundingClientRect().top)).toBeLessThan(100);
  await expect(stack(page)).toHaveCount(0);
  await page.clock.runFor(4_999);
  await expect(banner).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(banner).toHaveCount(0);

  await page.locator('fin-message').evaluate((element) => element.removeAttribute('timeout'));
  await show({ type: 'alertYellow', message: 'Prices are delayed' });
  await expect(banner).toHaveAttribute('data-type', 'alertYellow');
  await page.clock.runFor(2_999);
  await expect(banner).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(banner).toHaveCount(0);
  expect(await said(page)).toEqual(['polite|Maintenance tonight', 'polite|Prices are delayed']);
});

test('on a 320 px phone several messages stack above the bottom, off the header, and every control can be scrolled clear of them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await pauseClock(page);
  const long = 'Your request was sent to the provider; the answer comes by e-mail within two working days';
  await page.goto(
    messagesPage([
      'error=The payment service did not answer',
      `alert=alertGreen:${long}`,
      'alert=alertBlue:Prices are delayed by 15 minutes',
      'alert=alertYellow:At most 10 stocks can be compared',
      `alert=alertGreen:${long}`,
    ]),
  );
  await expect(stack(page)).toHaveCount(5);
  const list = page.locator('fin-alerts ul');
  const box = (await list.boundingBox())!;
  const header = (await page.locator('body > header').boundingBox())!;
  // Inside the phone's width, at its bottom, at most 40 % of its height (more messages scroll inside).
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  expect(box.height).toBeLessThanOrEqual(640 * 0.4 + 1);
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The page's last controls, scrolled to the end, sit above the stack and take the click.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const save = page.getByRole('button', { name: 'Save' });
  const saveBox = (await save.boundingBox())!;
  expect(saveBox.y + saveBox.height).toBeLessThanOrEqual((await list.boundingBox())!.y);
  await save.click({ trial: true });
});

test('a page without <fin-alerts> (a partner page) still shows and says its messages', async ({ page }) => {
  await recordAnnouncer(page);
  await pauseClock(page);
  await page.goto(messagesPage(['views=none', 'error=Session expired']));
  await expect(page.locator('fin-alerts, fin-message')).toHaveCount(0);
  const fallback = page.locator('#fin-messages-fallback [part~="message"]');
  await expect(fallback).toHaveAttribute('data-type', 'alertRed');
  await expect(fallback.locator('[part~="text"]')).toHaveText('Session expired');
  await page.clock.runFor(10_000);
  await expect(fallback).toHaveCount(1);
  await fallback.getByRole('button', { name: 'Close message' }).click();
  await expect(fallback).toHaveCount(0);
  expect(await said(page)).toEqual(['assertive|Session expired']);
});
