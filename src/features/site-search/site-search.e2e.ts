import { expect, test, type Page, type Route } from '@playwright/test';
import { SEARCH_CATEGORIES, type SuggestAnswer } from '../../contract/search.ts';
import { formatNumber } from '../../contract/format.ts';
import type { FinEventDetails } from '../../core/events.ts';
import { PAYLOADS, installTrap, markOf } from '../../../demo-pages/testing/hostile.ts';
import { requestsSoFar } from '../../../demo-pages/testing/requests.ts';
import { csrfHeaders } from '../../../demo-pages/testing/session.ts';
import { AxeTally, runAxe } from '../../../demo-pages/testing/a11y.ts';

const PAGE = '/test/only/fin-site-search/';
const box = (page: Page) => page.locator('fin-site-search');
const input = (page: Page) => box(page).getByRole('combobox');
const isSuggest = (url: string) => new URL(url).pathname.startsWith('/api/suggest/');
const categoryOf = (url: string) => new URL(url).pathname.split('/')[3]!;

/** Every uncaught exception on the page fails the test. */
function failOnPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function labels(page: Page, lang: string): Promise<Record<string, string>> {
  return (await (await page.request.get(`/api/labels/search/?lang=${lang}`)).json()) as Record<
    string,
    string
  >;
}

/** The suggest calls the page made, as `category term`, and those the browser aborted. */
function suggestLog(page: Page) {
  const sent: string[] = [];
  const aborted: string[] = [];
  const describe = (request: { url(): string; postDataJSON(): unknown }) =>
    `${categoryOf(request.url())} ${(request.postDataJSON() as { term: string }).term}`;
  page.on('request', (request) => {
    if (isSuggest(request.url())) sent.push(describe(request));
  });
  page.on('requestfailed', (request) => {
    if (isSuggest(request.url()) && /ABORTED/i.test(request.failure()?.errorText ?? ''))
      aborted.push(describe(request));
  });
  return { sent, aborted };
}

const expectedCalls = (term: string) => SEARCH_CATEGORIES.map((category) => `${category} ${term}`).sort();

/** Answers of one category replaced through the route (the others go to the server). */
async function answerWith(page: Page, answers: Partial<Record<string, Partial<SuggestAnswer> | 500>>) {
  await page.route('**/api/suggest/*/**', async (route: Route) => {
    const answer = answers[categoryOf(route.request().url())];
    if (answer === undefined) return route.fallback();
    if (answer === 500) return route.fulfill({ status: 500, json: { error: 'down' } });
    return route.fulfill({
      json: { items: [], counter_title: '', total: 0, search_error: null, ...answer },
    });
  });
}

test('typing "sberbank" quickly sends one request per category; a newer term aborts the earlier ones, whose late answers never show', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  const log = suggestLog(page);
  await page.clock.install();
  await page.goto(`${PAGE}?lang=eng`);
  await expect(input(page)).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  // Quick typing: one set of requests, for the whole term, 300 ms after the last key.
  await input(page).pressSequentially('sberbank');
  await page.clock.runFor(299);
  await requestsSoFar(page);
  expect(log.sent).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => [...log.sent].sort()).toEqual(expectedCalls('sberbank'));
  await expect(box(page).getByRole('option').first()).toBeVisible();
  await requestsSoFar(page);
  expect(log.sent).toHaveLength(5);
  // All five have answered (the box is no longer busy) before the next term: one still in flight
  // would be aborted by it, rightly, and counted with the aborted "sber" calls below.
  await expect(input(page)).not.toHaveAttribute('aria-busy', 'true');

  // "sber" is held by the server; "sberb" typed 300 ms later aborts its five calls.
  const held: Route[] = [];
  await page.route('**/api/suggest/*/**', async (route) => {
    if ((route.request().postDataJSON() as { term: string }).term === 'sber') held.push(route);
    else await route.fallback();
  });
  log.sent.length = 0;
  await input(page).fill('sber');
  await page.clock.runFor(300);
  await expect.poll(() => held.length).toBe(5);
  await input(page).press('b');
  await page.clock.runFor(300);
  await expect.poll(() => [...log.aborted].sort()).toEqual(expectedCalls('sber'));
  await expect.poll(() => log.sent.filter((call) => call.endsWith(' sberb')).length).toBe(5);
  const names = box(page).locator('[role="option"] .ss__name');
  await expect(names.first()).toContainText('Sberbank');
  // Categories show as they answer: the whole answer to "sberb" first, then the list to compare.
  await expect(input(page)).not.toHaveAttribute('aria-busy', 'true');
  const shown = await names.allTextContents();
  // The slow earlier answers arrive now (a different list) and change nothing.
  for (const route of held)
    await route
      .fulfill({ json: { items: [], counter_title: '', total: 0, search_error: 'stale' } })
      .catch(() => undefined);
  await requestsSoFar(page);
  await expect(names).toHaveText(shown);
  await expect(input(page)).not.toHaveAttribute('aria-busy', 'true');

  // A choice cancels the search still pending for what was typed since (here announced, not followed).
  await box(page).evaluate((element) => element.setAttribute('events', ''));
  await input(page).press('a');
  await box(page).getByRole('option').first().click();
  await page.clock.runFor(1000);
  await requestsSoFar(page);
  expect(log.sent.filter((call) => call.endsWith(' sberba'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the keyboard path from typing to the entity page, and the remembered tab', async ({ page }) => {
  const errors = failOnPageErrors(page);
  // The pages the box opens answer with a stub: the address is what is checked.
  for (const target of ['**/stocks/sber/', '**/search/?q=*'])
    await page.route(target, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>opened</title>' }),
    );
  await page.goto(`${PAGE}?lang=eng`);
  const field = input(page);
  await field.fill('sberbank');
  // Nothing remembered: the tab of the best match (the stock Sberbank), not bonds, first in SPEC order.
  const selected = box(page).locator('[role="tab"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-tab-id', 'stocks');
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // Tab reaches the clear button, then the tab bar; the arrow keys switch it (and it is remembered).
  await field.press('Tab');
  await expect(box(page).locator('[part="clear"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(selected).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(selected).toHaveAttribute('data-tab-id', 'bonds');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(field).toBeFocused();

  // The remembered tab opens first; the top result above the tabs is still the first option.
  await page.reload();
  await field.fill('sberbank');
  await expect(selected).toHaveAttribute('data-tab-id', 'bonds');
  await field.press('End');
  await field.press('Home');
  const first = box(page).getByRole('option').first();
  await expect(box(page).locator('[part="top-result"] [role="option"]')).toHaveAttribute(
    'id',
    (await first.getAttribute('id'))!,
  );
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first.locator('mark').first()).toHaveText('Sberbank');
  await expect(first.locator('.ss__ticker')).toHaveText('SBER');
  await expect(first.locator('.ss__isin')).toHaveText(/^RU\w{10}$/);
  // Escape closes the list, a second one clears the term.
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.press('Escape');
  await expect(field).toHaveValue('');
  await field.fill('sberbank');
  await expect(selected).toHaveAttribute('data-tab-id', 'bonds');
  await field.press('ArrowDown');
  await field.press('Enter');
  await page.waitForURL('**/stocks/sber/');

  // Back: the term is a recent search, reached with the keyboard and cleared.
  await page.goto(`${PAGE}?lang=eng`);
  await field.focus();
  await field.press('ArrowDown');
  const recent = box(page).locator('[part="recent"] [role="option"]');
  await expect(recent).toHaveText(['sberbank']);
  await field.press('Enter');
  await expect(field).toHaveValue('sberbank');
  await expect(box(page).locator('[role="tab"]')).toHaveCount(5);
  await field.fill('');
  await field.press('ArrowDown');
  await field.press('Tab');
  await expect(box(page).locator('[part="clear-recent"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box(page).locator('[part="recent"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('fin-site-search:recent'))).toBeNull();

  // Enter without a chosen result opens the results page of the term.
  await field.fill('gazprom');
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await field.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === 'gazprom');
  expect(errors).toEqual([]);
});

test('the header search: "sber", ArrowDown, Enter opens the stock SBER (the top result), not a bond that matured', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  await page.goto('/?lang=eng');
  const header = page.locator('header fin-site-search');
  const field = header.getByRole('combobox');
  await field.pressSequentially('sber');
  // The best match above the tabs, and its tab open (nothing is remembered).
  const top = header.locator('[part="top-result"] [role="option"]');
  await expect(top).toHaveAttribute('data-category', 'stocks');
  await expect(top.locator('.ss__ticker')).toHaveText('SBER');
  await expect(header.locator('[role="tab"][aria-selected="true"]')).toHaveAttribute('data-tab-id', 'stocks');
  // SPEC's tab order is kept: bonds still come first in the tab bar.
  await expect(header.locator('[role="tab"]').first()).toHaveAttribute('data-tab-id', 'bonds');
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', (await top.getAttribute('id'))!);
  await field.press('Enter');
  await page.waitForURL('**/stocks/sber/');
  expect(errors).toEqual([]);
});

test('empty and error states, failed calls ignored, hostile names shown as text, events instead of navigation', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  const trap = await installTrap(page);
  const text = await labels(page, 'eng');
  await page.goto(`${PAGE}?lang=eng`);
  const field = input(page);

  await field.fill('zzqx');
  await expect(box(page).locator('[part="empty"]')).toHaveText(text.label_not_found!);
  await expect(box(page).getByRole('tab')).toHaveCount(0);

  const hostile = PAYLOADS.slice(0, 6).map((payload, index) => ({
    id: 100 + index,
    ttl: payload(index),
    ticker: [payload(index + 50)],
    status: 1,
    type: 'bonds',
    url: 'javascript:__pwned(999)',
    isin: payload(index + 80),
    ttl_highlighted: `<img data-xss src=x onerror=__pwned(${index})>`,
    ticker_highlighted: [],
    isin_highlighted: null,
  }));
  await answerWith(page, {
    bonds: { items: hostile as SuggestAnswer['items'], total: 1234, converted_term: 'сбер' },
    stocks: { total: 0, search_error: '<b>Limit</b> reached' },
    indexes: 500,
    etf: 500,
  });
  await field.fill('hostile');
  const options = box(page).getByRole('option');
  await expect(options).toHaveCount(hostile.length);
  await expect(box(page).locator('[role="tab"][data-tab-id="bonds"]')).toHaveText(
    `${text.tab_bonds} (${formatNumber(1234, 0)})`,
  );
  for (const [index] of hostile.entries()) await expect(options.nth(index)).toContainText(markOf(index));
  await expect(box(page).locator('[data-xss]')).toHaveCount(0);
  // The server searched the other keyboard layout too: the box says for what.
  await expect(box(page).locator('[part="converted"]')).toHaveText(
    text.showing_results_for!.replace('{term}', 'сбер'),
  );
  // A result whose address is not allowed opens nothing.
  await options.first().click();
  await requestsSoFar(page);
  expect(new URL(page.url()).pathname).toBe(PAGE);

  await field.click();
  await box(page).locator('[role="tab"][data-tab-id="stocks"]').click();
  await expect(box(page).locator('[part="error"]')).toHaveText('<b>Limit</b> reached');
  // A failed category shows as not found, and nothing stays busy.
  await box(page).locator('[role="tab"][data-tab-id="indexes"]').click();
  await expect(box(page).locator('[part="empty"]')).toHaveText(text.label_not_found!);
  await expect(field).not.toHaveAttribute('aria-busy', 'true');

  // With `events`, a choice is announced instead of followed.
  await page.unrouteAll();
  await box(page).evaluate((element) => {
    element.setAttribute('events', '');
    element.addEventListener('fin-search-select', (event) => {
      (window as unknown as { chosen: unknown }).chosen = (event as CustomEvent).detail;
    });
  });
  await field.fill('sberbank');
  await box(page).locator('[role="tab"][data-tab-id="companies"]').click();
  // The companies tab's first result (the box's first option is the top result, a stock).
  await box(page).locator('[role="tabpanel"] [role="option"]').first().click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { chosen?: unknown }).chosen))
    .toMatchObject({ category: 'companies', term: 'sberbank', item: { id: 1, url: '/company/1/' } });
  const detail = (await page.evaluate(
    () => (window as unknown as { chosen: unknown }).chosen,
  )) as FinEventDetails['fin-search-select'];
  expect(detail.item.ttl).toBe('Sberbank');
  expect(new URL(page.url()).pathname).toBe(PAGE);
  expect(trap.executed).toEqual([]);
  expect(errors).toEqual([]);
});

for (const lang of ['eng', 'rus', 'chn', 'deu']) {
  test(`${lang}: the labels and counts at 1280 px in one row of tabs, the full-screen dialog at 375 px, no axe finding`, async ({
    page,
  }) => {
    const errors = failOnPageErrors(page);
    const axe = new AxeTally();
    const text = await labels(page, lang);
    const headers = await csrfHeaders(page.request);
    const counts = await Promise.all(
      SEARCH_CATEGORIES.map(async (category) => {
        const response = await page.request.post(`/api/suggest/${category}/?lang=${lang}`, {
          data: { term: 'sber' },
          headers,
        });
        const answer = (await response.json()) as SuggestAnswer;
        return `${text[`tab_${category}`]} (${formatNumber(answer.total, 0)})`;
      }),
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${PAGE}?lang=${lang}`);
    const field = input(page);
    await expect(field).toHaveAttribute('placeholder', text.placeholder!);
    await field.fill('sber');
    const tabs = box(page).getByRole('tab');
    await expect(tabs).toHaveText(counts);
    // The pop-up's five tabs in one row, none cut off (German wrapped the fifth to a row of its own).
    const tops = await tabs.evaluateAll((list) =>
      list.map((tab) => Math.round(tab.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `tab rows (tops ${tops.join(', ')})`).toBe(1);
    expect(
      await box(page)
        .getByRole('tablist')
        .evaluate((row) => row.scrollWidth - row.clientWidth),
      'tab row overflow',
    ).toBeLessThanOrEqual(0);
    axe.add(`${lang} 1280 results`, await runAxe(page, 'fin-site-search'));

    // Below 680 px: a button opens the search full screen; Escape closes it, focus returns.
    await page.setViewportSize({ width: 375, height: 740 });
    const open = box(page).locator('[part="open"]');
    await expect(open).toHaveText(text.title!);
    await open.click();
    const dialog = box(page).getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('sber');
    const size = await dialog.boundingBox();
    expect(size).toMatchObject({ x: 0, y: 0, width: 375 });
    await expect(box(page).getByRole('option').first()).toBeVisible();
    axe.add(`${lang} 375 full screen`, await runAxe(page, 'fin-site-search'));
    // The focus stays in the dialog.
    for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
    expect(
      await box(page).evaluate((element) => {
        const active = element.shadowRoot?.activeElement;
        return !!active && !!element.shadowRoot?.querySelector('dialog')?.contains(active);
      }),
    ).toBe(true);
    await field.focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    test.info().annotations.push({ type: 'axe', description: axe.summary('site search axe') });
    expect(axe.blocking()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('variant="page" searches the term it is given at once and shows the results view below the box', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  const log = suggestLog(page);
  await page.goto(`${PAGE}?lang=eng`);
  await expect(input(page)).toBeVisible();
  await box(page).evaluate((element) => {
    element.setAttribute('variant', 'page');
    element.setAttribute('term', 'sberbank');
  });
  await expect(input(page)).toHaveValue('sberbank');
  await expect(box(page).getByRole('tab')).toHaveCount(SEARCH_CATEGORIES.length);
  // The results are the page's, not a pop-up of the box.
  await expect(box(page).locator('[part="popup"]')).toHaveCount(0);
  expect([...log.sent].sort()).toEqual(expectedCalls('sberbank'));
  expect(errors).toEqual([]);
});
