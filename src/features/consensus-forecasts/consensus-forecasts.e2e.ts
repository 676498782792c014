/**
 * <fin-consensus-forecasts> in Chromium against the reference server, alone on its test page with
 * the demo issuer's page data (Sberbank, ten forecasts): six a page with an accessible pager, at
 * most thirty, hidden without forecasts, the visibility event 1000 ms after the data loads (on the
 * page's clock), the headings in the page's language and the masked share price by audience.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ConsensusAnswer, ConsensusItem } from '../../contract/company.ts';
import { bodyRows, rowTexts } from '../../../demo-pages/testing/stock-page.ts';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import { endRoutesAfterEachTest } from '../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

const URL_ONLY = '/test/only/fin-consensus-forecasts/';
const CALL = '**/api/company/*/get-emitent-list-of-indexes/**';
const element = (page: Page) => page.locator('fin-consensus-forecasts');
const pager = (page: Page) => element(page).getByRole('navigation');

/** The demo issuer's answer, as the element gets it in `lang`. */
async function demoAnswer(page: Page, lang = 'eng'): Promise<ConsensusAnswer> {
  return (await (
    await page.request.get(`/api/company/1/get-emitent-list-of-indexes/?lang=${lang}`)
  ).json()) as ConsensusAnswer;
}

/** The consensus call answers `items` (built from the real answer) instead. */
async function answerWith(page: Page, items: (real: ConsensusItem[]) => ConsensusItem[]): Promise<void> {
  await page.route(CALL, async (route) => {
    const real = (await (await route.fetch()).json()) as ConsensusAnswer;
    await route.fulfill({ json: { ...real, items: items(real.items) } });
  });
}

/** Records the element's visibility events on `document`, as the page's menu hears them. */
async function recordVisibility(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    Object.assign(window, { __visibility: heard });
    document.addEventListener('fin-section-visibility', (event) => heard.push((event as CustomEvent).detail));
  });
}
/** The page's clock, paused from the start: timers run only when the test moves it. */
async function pauseClock(page: Page): Promise<void> {
  const start = new Date('2026-01-15T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { __visibility: unknown[] }).__visibility);

test('six forecasts a page: the pager says the page, keeps focus, and the second page shows the rest', async ({
  page,
}) => {
  const answer = await demoAnswer(page);
  expect(answer.items.length).toBe(10);
  await page.goto(`${URL_ONLY}?lang=eng`);
  const table = element(page);
  await expect(bodyRows(table)).toHaveCount(6);
  const names = async () => (await rowTexts(table)).map((row) => Object.values(row)[0]);
  expect(await names()).toEqual(answer.items.slice(0, 6).map((item) => `${item.indexName}, ${item.unit}`));
  await expect(pager(page)).toHaveAccessibleName('Pages');
  await expect(pager(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager(page).getByRole('status')).toHaveText('Page 1 of 2');
  await expect(pager(page).getByRole('button', { name: 'Previous page' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // By keyboard: focus on "Next page", Enter: page 2, and focus stays where it was.
  await pager(page).getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(bodyRows(table)).toHaveCount(4);
  expect(await names()).toEqual(answer.items.slice(6).map((item) => `${item.indexName}, ${item.unit}`));
  await expect(pager(page).getByRole('status')).toHaveText('Page 2 of 2');
  await expect(pager(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeFocused();
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // At the end "Next page" does nothing and keeps focus.
  await page.keyboard.press('Enter');
  await expect(pager(page).getByRole('status')).toHaveText('Page 2 of 2');
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeFocused();
  // The table's name says the page too.
  await expect(table.getByRole('table')).toHaveAccessibleName(/Consensus forecasts \(Page 2 of 2\)/);
  await pager(page).getByRole('button', { name: 'Page 1' }).click();
  await expect(bodyRows(table)).toHaveCount(6);
  await expect(pager(page).getByRole('button', { name: 'Page 1' })).toBeFocused();
});

test('at most thirty forecasts: five pages, the last ending with the thirtieth', async ({ page }) => {
  await answerWith(page, (real) =>
    Array.from({ length: 40 }, (_, i) => ({ ...real[i % real.length]!, indexName: `Forecast ${i + 1}` })),
  );
  await page.goto(`${URL_ONLY}?lang=eng`);
  const buttons = pager(page).getByRole('listitem');
  await expect(buttons).toHaveCount(5);
  await pager(page).getByRole('button', { name: 'Page 5' }).click();
  const names = (await rowTexts(element(page))).map((row) => Object.values(row)[0]!.split(',')[0]);
  expect(names).toEqual([
    'Forecast 25',
    'Forecast 26',
    'Forecast 27',
    'Forecast 28',
    'Forecast 29',
    'Forecast 30',
  ]);
});

test('the visibility event fires 1000 ms after the data loads: visible with forecasts', async ({ page }) => {
  await pauseClock(page);
  await recordVisibility(page);
  await page.goto(`${URL_ONLY}?lang=eng`);
  await expect(bodyRows(element(page))).toHaveCount(6);
  await page.clock.runFor(999);
  expect(await heard(page)).toEqual([]);
  await page.clock.runFor(1);
  expect(await heard(page)).toEqual([{ section: 'consensus_forecasts', visible: true }]);
  await expect(element(page)).toBeVisible();
});

test('without forecasts the block hides itself and tells the menu 1000 ms after the data loads', async ({
  page,
}) => {
  await pauseClock(page);
  await recordVisibility(page);
  let answered = false;
  await page.route(CALL, async (route) => {
    const real = (await (await route.fetch()).json()) as ConsensusAnswer;
    await route.fulfill({ json: { ...real, items: [] } });
    answered = true;
  });
  await page.goto(`${URL_ONLY}?lang=eng`);
  await expect.poll(() => answered).toBe(true);
  await expect(element(page)).toBeHidden();
  await expect(element(page)).toHaveAttribute('hidden', '');
  await page.clock.runFor(999);
  expect(await heard(page)).toEqual([]);
  await page.clock.runFor(1);
  expect(await heard(page)).toEqual([{ section: 'consensus_forecasts', visible: false }]);
});

for (const [lang, actual] of [
  ['eng', /^Actual \d{4}$/],
  ['rus', /^Факт \d{4}$/],
  ['chn', /\d{4}/],
] as const) {
  test(`${lang}: headings and indicator names in the page's language`, async ({ page }) => {
    const answer = await demoAnswer(page, lang);
    await page.goto(`${URL_ONLY}?lang=${lang}`);
    const head = element(page).locator('thead th');
    await expect(head.first()).toHaveText(answer.labels.indexName!);
    await expect(head.nth(1)).toHaveText(answer.labels.actual_value!);
    expect(answer.labels.actual_value).toMatch(actual);
    await expect(bodyRows(element(page)).first()).toContainText(answer.items[0]!.indexName);
    await expect(pager(page).getByRole('status')).not.toContainText('{');
  });
}

for (const audience of ['anonymous', 'free', 'paid'] as const) {
  test(`${audience}: the share price forecasts as the server answers them, with the prompt where masked`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const answer = await demoAnswer(page);
    const price = answer.items.findIndex((item) => item.code === 'share_price');
    expect(price).toBeGreaterThanOrEqual(0);
    const masked = answer.items[price]!.forecast_value === '***';
    expect(masked).toBe(audience !== 'paid');
    await page.goto(`${URL_ONLY}?lang=eng`);
    if (price >= 6) await pager(page).getByRole('button', { name: 'Page 2' }).click();
    const row = bodyRows(element(page)).nth(price % 6);
    await expect(row).toContainText(answer.items[price]!.indexName);
    const hint = element(page).locator('[part~="hint"]');
    if (masked) {
      await expect(row).toContainText('***');
      await expect(hint).toContainText(audience === 'anonymous' ? 'Log in' : 'Get access');
    } else {
      await expect(row).not.toContainText('***');
      await expect(hint).toHaveCount(0);
    }
  });
}
