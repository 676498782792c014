import { expect, test, type Page } from '@playwright/test';
import { COMPARISON_SEARCH_URLS, type ComparisonSearchAnswer } from '../../contract/search.ts';
import type { FinEventDetails } from '../../core/events.ts';
import { signInAs, loginLinkOf } from '../../../demo-pages/testing/session.ts';

const box = (page: Page) => page.locator('fin-compare-search');
type SeenEvent = { type: string; detail: unknown };

/** Every uncaught exception on the page fails the test. */
function failOnPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The answers of the four search URLs for a term, as the server gives them to anyone. */
async function rawAnswers(page: Page, term: string): Promise<Record<string, ComparisonSearchAnswer>> {
  const entries = await Promise.all(
    Object.entries(COMPARISON_SEARCH_URLS).map(async ([kind, url]) => {
      const response = await page.request.post(
        `${url.replace('%term%', encodeURIComponent(term))}?lang=eng`,
        { data: {} },
      );
      expect(response.status()).toBe(200);
      return [kind, (await response.json()) as ComparisonSearchAnswer] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Results a kind shows: one per trading ground (or one), plus the NAV entry of an ETF. */
function resultCount(kind: string, answer: ComparisonSearchAnswer): number {
  const perGround = answer.response.items.reduce(
    (sum, item) => sum + Math.max(1, item.trading_grounds.length),
    0,
  );
  return perGround + (kind === 'etf' ? answer.response.items.length : 0);
}

test('anonymous visitors get the log-in prompt and free users the access link, not the box', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  const labels = (await (await page.request.get('/api/labels/compare/?lang=eng')).json()) as Record<
    string,
    string
  >;
  await page.goto('/test/only/fin-compare-search/?lang=eng');
  const gate = box(page).locator('[part="gate"] a');
  await expect(gate).toHaveText(labels.need_to_log_in!);
  await expect(gate).toHaveAttribute('href', loginLinkOf(page));
  await expect(box(page).getByRole('combobox')).toHaveCount(0);

  await signInAs(page.request, 'free');
  await page.reload();
  await expect(gate).toHaveText(labels.need_to_get_access!);
  await expect(gate).toHaveAttribute('href', '/profile/access/');
  await expect(box(page).getByRole('combobox')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('paid: 2 characters send nothing, 3 search after 300 ms, the fullest tab is active, a pick fires fin-compare and clear fires fin-compare-cancel', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  await signInAs(page.request, 'paid');
  const raw = await rawAnswers(page, 'sbe');
  const counts = Object.fromEntries(
    Object.entries(raw).map(([kind, answer]) => [kind, resultCount(kind, answer)]),
  );
  const fullest = Object.keys(counts).reduce((best, kind) => (counts[kind]! > counts[best]! ? kind : best));
  // The demo data gives the term results in several kinds, the fullest not being the first tab.
  expect(Object.values(counts).filter((count) => count > 0).length).toBeGreaterThan(1);
  expect(fullest).not.toBe('stocks');

  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/search/'))
      searches.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.clock.install();
  await page.goto('/test/only/fin-compare-search/?lang=eng');
  const input = box(page).getByRole('combobox');
  await expect(input).toBeVisible();
  await page.evaluate(() => {
    const seen: SeenEvent[] = [];
    (window as unknown as { finEvents: SeenEvent[] }).finEvents = seen;
    for (const type of ['fin-compare', 'fin-compare-select', 'fin-compare-cancel'])
      document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
  });
  const events = () => page.evaluate(() => (window as unknown as { finEvents: SeenEvent[] }).finEvents);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await input.pressSequentially('sb');
  await page.clock.runFor(1000);
  await input.press('e');
  await page.clock.runFor(299);
  await page.evaluate(() => null); // a round trip: a request sent by now has been reported
  expect(searches).toEqual([]);
  const sent = page.waitForRequest((request) => request.url().includes('/api/search/'));
  await page.clock.runFor(1);
  await sent;

  await expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(searches.sort()).toEqual(
    Object.values(COMPARISON_SEARCH_URLS)
      .map((url) => `POST ${url.replace('%term%', 'sbe')}`)
      .sort(),
  );
  const tabs = box(page).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(box(page).locator('[role="tab"][aria-selected="true"]')).toHaveAttribute(
    'data-tab-id',
    fullest,
  );
  await expect(box(page).getByRole('option')).toHaveCount(counts[fullest]!);

  // Pick Sberbank on the second ground in the stocks tab, with the keyboard.
  await box(page).locator('[role="tab"][data-tab-id="stocks"]').click();
  const options = box(page).getByRole('option');
  await expect(options).toHaveCount(counts.stocks!);
  const sber = raw.stocks!.response.items.find((item) =>
    item.trading_grounds.some((g) => g['id.numeric'] === 2),
  )!;
  const ground = sber.trading_grounds.find((g) => g['id.numeric'] === 2)!;
  const ids = await options.evaluateAll((elements) =>
    elements.map((element) => `${element.dataset.emissionId}/${element.dataset.groundId}`),
  );
  const position = ids.indexOf(`${sber['id.numeric']}/2`);
  expect(position).toBeGreaterThanOrEqual(0);
  await input.focus();
  for (let step = 0; step <= position; step++) await input.press('ArrowDown');
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(position).getAttribute('id'))!,
  );
  await input.press('Enter');

  const expected: FinEventDetails['fin-compare'] = {
    item: {
      emissionId: sber['id.numeric'],
      emissionName: sber.name,
      emissionNameWithTg: `${sber.name} (${ground.name})`,
      isin: sber.isin,
      ticker: ground.ticker,
      tradingGroundsId: 2,
      tradingGroundsName: ground.name,
      type: 'stocks',
      measure_id: sber['measure_id.numeric'],
    },
  };
  await expect.poll(events).toEqual([{ type: 'fin-compare', detail: expected }]);
  await expect(input).toHaveValue(`${sber.name} (${ground.name})`);
  await expect(input).toHaveAttribute('aria-expanded', 'false');

  await box(page).locator('[part="clear"]').click();
  await expect.poll(events).toEqual([
    { type: 'fin-compare', detail: expected },
    { type: 'fin-compare-cancel', detail: {} },
  ]);
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(box(page).locator('[part="clear"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('paid: "moex" shows the MOEX Russia Index among the first results of the indexes tab', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  await page.goto('/test/only/fin-compare-search/?lang=eng');
  const input = box(page).getByRole('combobox');
  await input.fill('moex');
  await box(page)
    .getByRole('tab', { name: /Indexes/ })
    .click();
  const options = box(page).getByRole('option');
  await expect(options.first()).toBeVisible();
  const firstThree = await options.evaluateAll((elements) =>
    elements.slice(0, 3).map((element) => element.textContent ?? ''),
  );
  expect(firstThree.some((text) => text.includes('MOEX Russia Index'))).toBe(true);
});
