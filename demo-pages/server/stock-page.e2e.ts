/**
 * The stock page's tables, lists and left menu in real Chromium at 1280 and 375 px: column sets
 * per width, show-more and its lock by access level, sorting by mouse and keyboard, leaders tabs,
 * the scroll spy, and switching the trading ground without a reload. The e2e server's data follows
 * today's date, so calls whose answers are screenshotted or compared are fulfilled with fixtures.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MarketStockPageData } from '../../src/core/api/stocks.ts';
import { LANGUAGES } from '../../src/core/types.ts';
import { signInAs, type Audience } from '../testing/session.ts';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 760 };
const MY_TAGS = /fin-(dividends-table|exchange-table|leaders|holders|related-list|left-menu)/;

const dividends = (page: Page) => page.locator('fin-dividends-table');
const exchange = (page: Page) => page.locator('fin-exchange-table');
const leaders = (page: Page) => page.locator('fin-leaders');
const menu = (page: Page) => page.locator('fin-left-menu');
const headerFields = (table: Locator) =>
  table
    .locator('thead th[data-field]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')));
const bodyRows = (table: Locator) => table.locator('tbody tr.dt-row');

/** Errors that name one of this page's tables, lists or menu fail the test (other elements have their own tests). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    if (MY_TAGS.test(`${error.message}\n${error.stack ?? ''}`)) errors.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && MY_TAGS.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function sberData(page: Page): Promise<MarketStockPageData> {
  return (await (await page.request.get('/stocks/sber/?format=json')).json()) as MarketStockPageData;
}

/** Leaders answers with fixed rows (the demo's real ones follow today's prices). */
function leaderRows(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    name: { val: `${prefix} ${i + 1}`, lnk: `/stocks/x${i}/` },
    tiker: `${prefix.slice(0, 3).toUpperCase()}${i}`,
    last: '***',
    'last.numeric': null,
    change: '***',
    'change.numeric': null,
    volume: 1000 * (i + 1),
    'volume.numeric': 1000 * (i + 1),
    date: '20.11.2026',
    'date.numeric': 0,
    class: '',
  }));
}

async function routeLeaders(page: Page): Promise<string[]> {
  const calls: string[] = [];
  const answer = (rows: unknown[], fields: string[]) => ({
    data: rows,
    fields,
    fieldsLabels: {},
    branchId: 1,
    groundId: 1,
    currency: 'RUB',
  });
  await page.route('**/api/stocks/get-growing-leaders/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    calls.push(path);
    const falling = path.endsWith('/2/');
    return route.fulfill({
      json: answer(leaderRows(falling ? 'Faller' : 'Riser', 7), [
        'name',
        'tiker',
        'last',
        'change',
        'volume',
        'date',
      ]),
    });
  });
  await page.route('**/api/stocks/get-capitalization/**', (route) => {
    calls.push(new URL(route.request().url()).pathname);
    return route.fulfill({
      json: answer(leaderRows('Giant', 3), ['name', 'tiker', 'last', 'capitalization', 'date']),
    });
  });
  return calls;
}

test.describe('dividends table', () => {
  test('desktop shows the SPEC columns; below 680 px the last day to buy goes and the amount comes second', async ({
    page,
  }) => {
    const errors = watchErrors(page);
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
    await expect.poll(() => headerFields(table)).toEqual(['year', 'summ']);
    // The paging arrows of the full table walk through the other mobile columns.
    const next = table.getByRole('button', { name: 'Next column' });
    const previous = table.getByRole('button', { name: 'Previous column' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'dividends_periods_name']);
    await next.click();
    await next.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'date_of_close_list_dividends']);
    await expect(next).toBeDisabled();
    await previous.click();
    await expect.poll(() => headerFields(table)).toEqual(['year', 'date_of_ex_dividend']);
    expect(errors).toEqual([]);
  });

  const locked: Record<Exclude<Audience, 'paid'>, { text: string; link: string; href: string }> = {
    anonymous: { text: 'You need to log in', link: 'Log in', href: '/login/' },
    free: { text: 'You need to get access', link: 'Get access', href: '/profile/access/' },
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
      const message = table.getByRole('alert');
      await expect(message).toContainText(locked[audience].text);
      await expect(message.getByRole('link', { name: locked[audience].link })).toHaveAttribute(
        'href',
        locked[audience].href,
      );
      await expect(message).toBeFocused();
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
      lang: 'eng',
      stockId: 1,
      groundId: 1,
      stringId: 'sber',
      stockInfo: { stock_full_name: 'Sberbank', splits: [] },
      tradingGrounds: [{ id: 1, text: 'Moscow Exchange' }],
      dividendsTable: { data: rows, fields: Object.keys(rows[0]!).filter((f) => f !== 'currency'), total: 9 },
      nearestDividend: rows[0],
    };
    await page.route('**/__stock-page-fixture__/', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <script type="application/json" id="fin-page-data">${JSON.stringify(data)}</script>
          <script type="application/json" id="fin-user">{"userAuth":false}</script></head>
          <body style="margin:16px;background:#f4f5f8"><fin-dividends-table></fin-dividends-table>
          <script type="module" src="/dist/elements/fin-dividends-table.js"></script></body></html>`,
      }),
    );
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/__stock-page-fixture__/');
      await expect(bodyRows(dividends(page))).toHaveCount(5);
      await expect(dividends(page)).toHaveScreenshot(`dividends-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});

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
    await page.setViewportSize(MOBILE);
    await expect
      .poll(() => headerFields(table))
      .toEqual(['trading_ground', 'last', 'change', 'currency_name']);
  });

  test('a click on another ground switches the page without a reload; Back returns', async ({ page }) => {
    const errors = watchErrors(page);
    const leaderCalls = await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = 'still here'));
    const table = exchange(page);
    const moex = table.locator('a[data-ground-id="1"]');
    const spb = table.locator('a[data-ground-id="2"]');
    await expect(moex).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => leaderCalls).toContain('/api/stocks/get-growing-leaders/1/1/1/');
    let loads = 0;
    page.on('load', () => loads++);

    await spb.click();

    await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=eng$/);
    await expect(spb).toHaveAttribute('aria-current', 'true');
    await expect(moex).not.toHaveAttribute('aria-current', /./);
    await expect(table.locator('tr.ex-row--active a')).toHaveText('SPB Exchange');
    await expect(page.locator('.grounds a[aria-current]')).toHaveAttribute('data-ground-id', '2');
    // Elements that follow the ground reload for it.
    await expect.poll(() => leaderCalls).toContain('/api/stocks/get-growing-leaders/1/2/1/');
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
      'still here',
    );

    await page.goBack();
    await expect(page).toHaveURL(/\/stocks\/sber\/\?lang=eng$/);
    await expect(moex).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.grounds a[aria-current]')).toHaveAttribute('data-ground-id', '1');
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
      'still here',
    );
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the page's own ground links switch without a reload once the elements run", async ({ page }) => {
    const errors = watchErrors(page);
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    await expect(exchange(page).locator('a[data-ground-id="1"]')).toHaveAttribute('aria-current', 'true');
    await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = 'still here'));
    let loads = 0;
    page.on('load', () => loads++);

    await page.locator('.grounds a[data-ground-id="2"]').click();

    await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=eng$/);
    await expect(page.locator('.grounds a[aria-current]')).toHaveAttribute('data-ground-id', '2');
    await expect(exchange(page).locator('a[data-ground-id="2"]')).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
      'still here',
    );
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
  });
});

test.describe('leaders', () => {
  test('tabs load their own rows for the page branch and ground, by mouse and keyboard', async ({ page }) => {
    const calls = await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    const block = leaders(page);
    const names = () => block.locator('tbody tr.dt-row th').allTextContents();
    await expect(block.getByRole('tab', { name: 'Top gainers' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(names).toEqual(['Riser 1', 'Riser 2', 'Riser 3', 'Riser 4', 'Riser 5']);
    const tabs: unknown[] = [];
    await page.exposeFunction('recordTab', (detail: unknown) => tabs.push(detail));
    await page.evaluate(() =>
      document.addEventListener('fin-tab-change', (event) =>
        (window as unknown as { recordTab(d: unknown): void }).recordTab(event.detail),
      ),
    );

    await block.getByRole('tab', { name: 'Capitalization' }).click();
    await expect.poll(names).toEqual(['Giant 1', 'Giant 2', 'Giant 3']);
    await block.getByRole('tab', { name: 'Capitalization' }).press('ArrowLeft');
    await expect(block.getByRole('tab', { name: 'Top losers' })).toBeFocused();
    await expect.poll(names).toEqual(['Faller 1', 'Faller 2', 'Faller 3', 'Faller 4', 'Faller 5']);
    // Seven rows: five until expanded.
    await block.getByRole('button', { name: 'Show more' }).click();
    await expect(block.locator('tbody tr.dt-row')).toHaveCount(7);

    expect(calls).toEqual([
      '/api/stocks/get-growing-leaders/1/1/1/',
      '/api/stocks/get-capitalization/1/1/',
      '/api/stocks/get-growing-leaders/1/1/2/',
    ]);
    expect(tabs).toEqual([{ id: 3 }, { id: 2 }]);
  });
});

test.describe('left menu', () => {
  test('desktop: lists the sections in page order, marks the one in view, scrolls smoothly on a click', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    const links = menu(page).locator('a.lm__link');
    const pageSections = await page
      .locator('section.stock-section')
      .evaluateAll((sections) => sections.map((section) => section.id));
    const listed = await links.evaluateAll((items) => items.map((item) => item.getAttribute('data-section')));
    // Every listed entry has its section, in page order; the price dynamics and exchange sections are not menu entries.
    expect(listed).toEqual(pageSections.filter((id) => id !== 'price_dynamics' && id !== 'exchange'));
    expect(listed).toEqual(
      expect.arrayContaining(['dividends', 'holders', 'other_bonds', 'indexes', 'growing_leaders']),
    );

    await page.evaluate(() => document.getElementById('holders')!.scrollIntoView());
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute('data-section', 'holders');

    await menu(page).getByRole('link', { name: 'Dividends' }).click();
    await expect(page).toHaveURL(/#dividends$/);
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
      'data-section',
      'dividends',
    );
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById('dividends')!.getBoundingClientRect().top)),
      )
      .toBe(16);
    await expect(page.locator('#dividends')).toBeFocused();
    // The menu stays in view beside the sections.
    const box = await menu(page).boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(40);
    expect(errors).toEqual([]);
  });

  test('mobile: a sticky horizontal strip that follows the section in view', async ({ page }) => {
    await routeLeaders(page);
    await page.setViewportSize(MOBILE);
    await page.goto('/stocks/sber/?lang=eng');
    const strip = menu(page).locator('nav');
    await expect(strip).toHaveClass(/lm--compact/);
    const first = await menu(page).locator('a.lm__link').nth(0).boundingBox();
    const second = await menu(page).locator('a.lm__link').nth(1).boundingBox();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x);

    await page.evaluate(() => document.getElementById('other_bonds')!.scrollIntoView());
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
      'data-section',
      'other_bonds',
    );
    // The strip sticks to the top and scrolled sideways to show the current entry.
    const stuck = await menu(page).boundingBox();
    expect(stuck!.y).toBeLessThan(2);
    const current = menu(page).locator('[aria-current="location"]');
    await expect.poll(async () => (await current.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await expect
      .poll(async () => {
        const box = (await current.boundingBox())!;
        return box.x + box.width;
      })
      .toBeLessThanOrEqual(MOBILE.width);
  });

  test('screenshots of the menu at 1280 and 375 px', async ({ page }) => {
    await routeLeaders(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/?lang=eng');
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute('data-section', 'graph');
    await expect(menu(page)).toHaveScreenshot('left-menu-desktop.png', { maxDiffPixelRatio: 0.01 });
    await page.setViewportSize(MOBILE);
    await expect(menu(page).locator('nav')).toHaveClass(/lm--compact/);
    await expect(menu(page)).toHaveScreenshot('left-menu-mobile.png', { maxDiffPixelRatio: 0.01 });
  });
});

test('related lists show five entries until expanded and headings and labels come in every language', async ({
  page,
}) => {
  // Ten full stock pages (chart included) in one test.
  test.slow();
  await routeLeaders(page);
  const data = await sberData(page);
  await page.goto('/stocks/sber/?lang=eng');
  const bonds = page.locator('fin-related-list[kind="bonds"]');
  await expect(bonds.locator('a.rl-link')).toHaveCount(Math.min(5, data.emitentSharesBondsList.length));
  if (data.emitentSharesBondsList.length > 5) {
    await bonds.getByRole('button', { name: 'Show more' }).click();
    await expect(bonds.locator('a.rl-link')).toHaveCount(data.emitentSharesBondsList.length);
  }
  await expect(page.locator('fin-related-list[kind="indexes"] .rl-note').first()).toHaveText(
    data.indexesList[0]!.code,
  );

  for (const lang of LANGUAGES) {
    const labels = (await (await page.request.get(`/api/labels/stock/?lang=${lang}`)).json()) as Record<
      string,
      string
    >;
    await page.goto(`/stocks/sber/?lang=${lang}`);
    await expect(page.locator('#dividends-title')).toHaveText(labels.menu_dividends!);
    await expect(menu(page).getByRole('link', { name: labels.menu_holders! })).toBeVisible();
    await expect(dividends(page).locator('thead th[data-field="summ"]')).toHaveText(labels.div_summ!);
    for (const element of [menu(page), dividends(page), exchange(page), page.locator('fin-holders')]) {
      await expect(element).not.toContainText('{{');
    }
  }
});
