/**
 * The stock page's tables, lists and left menu in real Chromium at 1280 and 375 px: column sets
 * per width, show-more and its lock by access level, sorting by mouse and keyboard, leaders tabs,
 * holders, the scroll spy, landmarks, and switching the trading ground without a reload. The e2e
 * server's data follows today's date: tests against it compare the screen with the server's own
 * answers, and the screenshots are of fixture pages with fixed data (see fixturePage).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MarketStockPageData } from '../../../src/contract/stocks.ts';
import { LANGUAGES } from '../../../src/contract/types.ts';
import { signInAs, type Audience } from '../../testing/session.ts';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 760 };
const PHONES = [320, 375, 414].map((width) => ({ width, height: 760 }));
const PAID_USER = { userAuth: true, userAccessLevel: 1077, userId: 2 };
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

/** Each body row of a data table as field → the text shown (the row's first cell is its th). */
async function rowTexts(table: Locator): Promise<Array<Record<string, string>>> {
  const fields = await headerFields(table);
  return bodyRows(table).evaluateAll(
    (rows, names) =>
      rows.map((row) =>
        Object.fromEntries([...row.children].map((cell, i) => [names[i], cell.textContent?.trim() ?? ''])),
      ),
    fields,
  );
}

/** A number as the tables show it ("1 234.50", "−2.12%", "▲305.00"). */
const shownNumber = (text: string) => Number(text.replace('−', '-').replace(/[^\d.+-]/g, ''));

/** How far a data table is wider than its box (0: it fits). */
const overflow = (element: Locator) =>
  element.evaluate((host) => {
    const box = host.shadowRoot!.querySelector('.dt-scroll')!;
    return box.scrollWidth - box.clientWidth;
  });

/** Waits until every element of the page has loaded and the page height stays put. */
async function layoutSettled(page: Page): Promise<void> {
  await expect(bodyRows(dividends(page)).first()).toBeVisible();
  await expect(bodyRows(page.locator('fin-holders')).first()).toBeVisible();
  await expect(leaders(page).locator('.ld-panel')).not.toHaveAttribute('aria-busy', /./);
  let height = -1;
  await expect
    .poll(async () => {
      const previous = height;
      height = await page.evaluate(() => document.documentElement.scrollHeight);
      return height === previous;
    })
    .toBe(true);
}

/**
 * A page of fixed data at a fixed address (the e2e server's data follows today's date): the page
 * data and user blocks a legacy template would inject, the markup and the element scripts of the
 * build under test; labels and any call not routed by the test come from the reference server.
 */
async function fixturePage(
  page: Page,
  options: { data: unknown; body: string; tags: string[]; user?: unknown },
): Promise<void> {
  const scripts = options.tags
    .map((tag) => `<script type="module" src="/dist/elements/${tag}.js"></script>`)
    .join('');
  await page.route('**/__stock-page-fixture__/', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <script type="application/json" id="fin-page-data">${JSON.stringify(options.data)}</script>
        <script type="application/json" id="fin-user">${JSON.stringify(options.user ?? { userAuth: false })}</script>
        </head><body style="margin:16px;background:#f4f5f8;font-family:sans-serif">${options.body}${scripts}</body></html>`,
    }),
  );
  await page.goto('/__stock-page-fixture__/');
}

/** The page data every fixture shares: sber on the Moscow Exchange, in English. */
const FIXTURE_STOCK = {
  lang: 'eng',
  stockId: 1,
  groundId: 1,
  stringId: 'sber',
  branchId: 1,
  stockInfo: { stock_full_name: 'Sberbank', splits: [] },
  tradingGrounds: [
    { id: 1, text: 'Moscow Exchange' },
    { id: 2, text: 'SPB Exchange' },
  ],
};

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
      ...FIXTURE_STOCK,
      dividendsTable: { data: rows, fields: Object.keys(rows[0]!).filter((f) => f !== 'currency'), total: 9 },
      nearestDividend: rows[0],
    };
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
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
      await expect.poll(() => headerFields(table)).toHaveLength(4);
      expect(await overflow(table), `${width} px`).toBeLessThanOrEqual(0);
    }
    // The narrowest phone may scroll the prices sideways: the exchange name stays in place.
    await page.setViewportSize({ width: 320, height: 760 });
    await expect.poll(() => headerFields(table)).toHaveLength(4);
    const ground = table.locator('tbody tr.dt-row').first().locator('th');
    const before = await ground.boundingBox();
    await table.evaluate((host) => {
      host.shadowRoot!.querySelector('.dt-scroll')!.scrollLeft = 200;
    });
    expect((await ground.boundingBox())!.x).toBeCloseTo(before!.x, 0);
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
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
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

const LEADER_TABS = [
  { id: 1, name: 'Top gainers', path: '/api/stocks/get-growing-leaders/1/1/1/' },
  { id: 2, name: 'Top losers', path: '/api/stocks/get-growing-leaders/1/1/2/' },
  { id: 3, name: 'Capitalization', path: '/api/stocks/get-capitalization/1/1/' },
] as const;

test.describe('leaders against the reference server', () => {
  test('paid: each tab shows the real figures the server answers, or says what its emptiness means', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    expect((await sberData(page)).branchId).toBe(1);
    await page.goto('/stocks/sber/?lang=eng');
    const block = leaders(page);
    await expect(page.locator('#growing_leaders-title')).toHaveText('Sector leaders');
    for (const tab of LEADER_TABS) {
      const answer = (await (await page.request.get(tab.path)).json()) as {
        data: Array<Record<string, unknown>>;
      };
      await block.getByRole('tab', { name: tab.name }).click();
      await expect(block.locator('.ld-panel')).toHaveAttribute('data-tab', String(tab.id));
      await expect(block.locator('.ld-panel')).not.toHaveAttribute('aria-busy', /./);
      if (tab.id === 3) expect(answer.data.length, 'the sector has stocks').toBeGreaterThan(0);
      if (answer.data.length === 0) {
        const meaning = tab.id === 1 ? 'rose' : 'fell';
        await expect(block.locator('.ld-panel')).toHaveText(
          `No stock of the sector ${meaning} on the last trading day`,
        );
        continue;
      }
      const rows = await rowTexts(block);
      expect(rows.map((row) => row.name)).toEqual(
        answer.data.slice(0, 5).map((row) => (row.name as { val: string }).val),
      );
      for (const [index, row] of rows.entries()) {
        const sent = answer.data[index]!;
        expect(shownNumber(row.last!)).toBeCloseTo(sent.last as number, 2);
        const field = tab.id === 3 ? 'capitalization' : 'change';
        expect(shownNumber(row[field]!)).toBeCloseTo(sent[field] as number, tab.id === 3 ? 0 : 2);
      }
      await expect(block.locator('tbody')).not.toContainText('***');
      await expect(block.locator('[part="hint"]')).toHaveCount(0);
    }
  });

  const prompts = {
    anonymous: { hint: 'Log in to see prices Log in', lastMasked: true },
    free: { hint: 'All prices are available with paid access Get access', lastMasked: false },
  } as const;
  for (const audience of ['anonymous', 'free'] as const) {
    test(`${audience}: capitalisation and changes come masked with the prompt${audience === 'free' ? ', the last price shown' : ''}`, async ({
      page,
    }) => {
      await signInAs(page.request, audience);
      const answer = (await (await page.request.get(LEADER_TABS[2].path)).json()) as {
        data: Array<Record<string, unknown>>;
      };
      expect(answer.data.length).toBeGreaterThan(0);
      // The server never sends them the paid figures.
      for (const row of answer.data) {
        expect(row.capitalization).toBe('***');
        expect(row.share).toBe('***');
        expect(row.last === '***').toBe(prompts[audience].lastMasked);
      }
      await page.goto('/stocks/sber/?lang=eng');
      const block = leaders(page);
      await block.getByRole('tab', { name: 'Capitalization' }).click();
      await expect(bodyRows(block)).toHaveCount(Math.min(5, answer.data.length));
      for (const row of await rowTexts(block)) {
        expect(row.capitalization).toBe('***');
        if (prompts[audience].lastMasked) expect(row.last).toBe('***');
        else expect(row.last).toMatch(/^\d[\d\u202f]*\.\d+$/);
      }
      await expect(block.locator('[part="hint"]')).toHaveText(prompts[audience].hint);
    });
  }

  test('an empty tab says nothing of the sector rose (or fell), the heading stays neutral', async ({
    page,
  }) => {
    const empty = {
      data: [],
      fields: ['name', 'tiker', 'last', 'change', 'volume', 'date'],
      fieldsLabels: {},
    };
    await page.route('**/api/stocks/get-growing-leaders/**', (route) =>
      route.fulfill({ json: { ...empty, branchId: 1, groundId: 1, currency: 'RUB' } }),
    );
    await page.goto('/stocks/sber/?lang=eng');
    const block = leaders(page);
    await expect(block.getByRole('tab', { name: 'Top gainers' })).toHaveAttribute('aria-selected', 'true');
    await expect(block.getByRole('tabpanel')).toHaveText(
      'No stock of the sector rose on the last trading day',
    );
    await block.getByRole('tab', { name: 'Top losers' }).click();
    await expect(block.getByRole('tabpanel')).toHaveText(
      'No stock of the sector fell on the last trading day',
    );
    await expect(page.locator('#growing_leaders-title')).toHaveText('Sector leaders');
    await expect(menu(page).locator('a[data-section="growing_leaders"]')).toHaveText('Sector leaders');
  });

  test('screenshots of fixed leaders at 1280 and 375 px', async ({ page }) => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: 100 + i,
      name: {
        val: ['Sberbank', 'VTB Bank', 'Moscow Exchange', 'Sberbank pref.', 'T-Bank', 'Rosbank', 'MKB'][i],
        lnk: `/stocks/x${i}/`,
      },
      tiker: ['SBER', 'VTBR', 'MOEX', 'SBERP', 'T', 'ROSB', 'CBOM'][i],
      last: [305.12, 0.0243, 212.4, 304.5, 2890, 96.2, 7.45][i],
      'last.numeric': null,
      change: [3.41, 2.9, 2.12, 1.8, 1.05, 0.6, 0.12][i],
      'change.numeric': null,
      volume: 1_200_000 * (7 - i),
      'volume.numeric': 1_200_000 * (7 - i),
      date: '20.11.2026',
      'date.numeric': 0,
      class: 'up',
    }));
    await page.route('**/api/stocks/get-growing-leaders/**', (route) =>
      route.fulfill({
        json: {
          data: rows,
          fields: ['name', 'tiker', 'last', 'change', 'volume', 'date'],
          fieldsLabels: {},
          branchId: 1,
          groundId: 1,
          currency: 'RUB',
        },
      }),
    );
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await fixturePage(page, {
        data: FIXTURE_STOCK,
        body: '<div style="max-width:990px"><fin-leaders></fin-leaders></div>',
        tags: ['fin-leaders'],
        user: PAID_USER,
      });
      await expect(bodyRows(leaders(page))).toHaveCount(5);
      await expect(leaders(page)).toHaveScreenshot(`leaders-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});

test.describe('holders', () => {
  for (const audience of ['anonymous', 'free', 'paid'] as const) {
    test(`${audience}: the stock's holders as the server answers them (public data, never masked)`, async ({
      page,
    }) => {
      await signInAs(page.request, audience);
      const answer = (await (await page.request.get('/api/stocks/get-holders/1/?lang=eng')).json()) as {
        data: Array<{ name: string; share: number; date: string }>;
      };
      expect(answer.data.length).toBeGreaterThan(0);
      await page.goto('/stocks/sber/?lang=eng');
      const table = page.locator('fin-holders');
      await expect(bodyRows(table)).toHaveCount(Math.min(5, answer.data.length));
      expect(await headerFields(table)).toEqual(['name', 'share', 'date']);
      expect(await rowTexts(table)).toEqual(
        answer.data
          .slice(0, 5)
          .map((row) => ({ name: row.name, share: row.share.toFixed(2), date: row.date })),
      );
      await expect(table.locator('tbody')).not.toContainText('***');
      await expect(page.getByRole('region', { name: 'Shareholders' })).toContainText(answer.data[0]!.name);
      await page.setViewportSize(MOBILE);
      await expect.poll(() => headerFields(table)).toEqual(['name', 'share', 'date']);
      expect(await overflow(table)).toBeLessThanOrEqual(0);
    });
  }

  test('a failed load says so and a retry loads the holders', async ({ page }) => {
    let fail = true;
    await page.route('**/api/stocks/get-holders/**', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }) : route.fallback(),
    );
    await page.goto('/stocks/sber/?lang=eng');
    const table = page.locator('fin-holders');
    await expect(table.getByRole('alert')).toContainText('Could not load');
    fail = false;
    await table.getByRole('button', { name: 'Retry' }).click();
    await expect(bodyRows(table).first()).toBeVisible();
  });

  test('screenshots of fixed holders at 1280 and 375 px', async ({ page }) => {
    const holders = [
      ['Central Bank of Russia', 50, '30.06.2026'],
      ['Ministry of Finance', 0.3, '30.06.2026'],
      ['Free float', 48.15, '30.06.2026'],
      ['Management and employees', 1.55, '31.03.2026'],
    ] as const;
    await page.route('**/api/stocks/get-holders/**', (route) =>
      route.fulfill({
        json: {
          data: holders.map(([name, share, date]) => ({
            name,
            share,
            'share.numeric': share,
            date,
            'date.numeric': 0,
          })),
          fields: ['name', 'share', 'date'],
          fieldsLabels: {},
        },
      }),
    );
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await fixturePage(page, {
        data: FIXTURE_STOCK,
        body: '<div style="max-width:990px"><fin-holders></fin-holders></div>',
        tags: ['fin-holders'],
      });
      await expect(bodyRows(page.locator('fin-holders'))).toHaveCount(4);
      await expect(page.locator('fin-holders')).toHaveScreenshot(`holders-${name}.png`, {
        maxDiffPixelRatio: 0.01,
      });
    }
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
    const listed = () => links.evaluateAll((items) => items.map((item) => item.getAttribute('data-section')));
    // Every listed entry has its section, in page order; the price dynamics and exchange sections are
    // not menu entries. (The menu renders once its labels have arrived.)
    await expect
      .poll(listed)
      .toEqual(pageSections.filter((id) => id !== 'price_dynamics' && id !== 'exchange'));
    expect(await listed()).toEqual(
      expect.arrayContaining(['dividends', 'holders', 'other_bonds', 'indexes', 'growing_leaders']),
    );

    await page.evaluate(() => document.getElementById('dividends')!.scrollIntoView());
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
      'data-section',
      'dividends',
    );

    await menu(page).getByRole('link', { name: 'Chart' }).click();
    await expect(page).toHaveURL(/#graph$/);
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute('data-section', 'graph');
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById('graph')!.getBoundingClientRect().top)),
      )
      .toBe(16);
    await expect(page.locator('#graph')).toBeFocused();
    // The menu stays in view beside the sections.
    const box = await menu(page).boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(40);
    expect(errors).toEqual([]);
  });

  test('after a click, a scroll by anything but wheel, touch or keys (a script) moves the mark again', async ({
    page,
  }) => {
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    // Room below the last section, so that any section can reach the top of the window.
    await page.evaluate(() => (document.body.style.paddingBottom = '1500px'));
    await layoutSettled(page);
    const current = menu(page).locator('[aria-current="location"]');
    // A script's scroll to a section, measured once the page stands still for two frames;
    // repeated by the poll until it holds (a jump during the click's smooth scroll may be carried
    // further by what is left of that scroll, which moves the page every frame).
    const scrollToSection = (id: string) =>
      page.evaluate(async (target) => {
        const section = document.getElementById(target)!;
        window.scrollTo({
          top: section.getBoundingClientRect().top + window.scrollY - 16,
          behavior: 'instant',
        });
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let y: number;
        do {
          y = window.scrollY;
          await frame();
          await frame();
        } while (window.scrollY !== y);
        return Math.round(section.getBoundingClientRect().top);
      }, id);

    // Starting while the click's smooth scroll runs.
    await menu(page).getByRole('link', { name: 'Dividends' }).click();
    await expect(current).toHaveAttribute('data-section', 'dividends');
    await expect.poll(() => scrollToSection('indexes')).toBe(16);
    await expect(current).toHaveAttribute('data-section', 'indexes');

    // After the click's scroll has ended.
    await menu(page).getByRole('link', { name: 'Dividends' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById('dividends')!.getBoundingClientRect().top)),
      )
      .toBe(16);
    await expect(current).toHaveAttribute('data-section', 'dividends');
    await expect.poll(() => scrollToSection('holders')).toBe(16);
    await expect(current).toHaveAttribute('data-section', 'holders');
  });

  test('a click on a section that cannot reach the top keeps it marked at the bottom of the page', async ({
    page,
  }) => {
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    await layoutSettled(page);
    const current = menu(page).locator('[aria-current="location"]');
    await page.evaluate(() => {
      const ended = new Promise((resolve) => addEventListener('scrollend', resolve, { once: true }));
      Object.assign(window, { scrollEnded: ended });
    });
    // Indexes, holders and the leaders are all in view at the bottom: the page ends before indexes reach the top.
    await menu(page).getByRole('link', { name: 'Indexes including the share' }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
        ),
      )
      .toBe(true);
    // Past the end of the click's scroll (where the menu's spy takes over again), and the frame
    // in which the spy would measure and the menu show a section it found.
    await page.evaluate(async () => {
      await (window as unknown as { scrollEnded: Promise<unknown> }).scrollEnded;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await expect(current).toHaveAttribute('data-section', 'indexes');
    // Any other scroll hands the mark back to the spy.
    await page.mouse.wheel(0, -300);
    await expect(current).not.toHaveAttribute('data-section', 'indexes');
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

/** A stock whose issuer has many bonds and stocks and which many indexes hold (the demo has none with more than 5). */
const LONG_LISTS = {
  ...FIXTURE_STOCK,
  emitentSharesStocksList: Array.from({ length: 6 }, (_, i) => ({
    id: 50 + i,
    name: `Sberbank class ${String.fromCharCode(65 + i)}`,
    url: `/stocks/sber${i}/`,
  })),
  emitentSharesBondsList: Array.from({ length: 7 }, (_, i) => ({
    id: 100 + i,
    isin: `RU000A10${i}XYZ`,
    name: `Sberbank 00${i + 1}R`,
    url: `/bonds/${100 + i}/`,
  })),
  indexesList: Array.from({ length: 6 }, (_, i) => ({
    id: 1 + i,
    code: ['IMOEX', 'RTSI', 'MOEXBC', 'MOEXFN', 'MOEX10', 'MOEXBMI'][i],
    name: [
      'MOEX Russia Index',
      'RTS Index',
      'MOEX Blue Chip Index',
      'MOEX Financials Index',
      'MOEX 10 Index',
      'MOEX Broad Market Index',
    ][i],
    url: `/indexes/${1 + i}/`,
  })),
};

/** The related lists as the stock page places them: each in a section headed by its title. */
const LONG_LISTS_BODY = ['stocks', 'bonds', 'indexes']
  .map(
    (kind) => `<section id="list-${kind}" aria-labelledby="list-${kind}-title" style="max-width:990px">
      <h2 id="list-${kind}-title">${{ stocks: 'Other shares of the issuer', bonds: 'Bonds of the issuer', indexes: 'Indexes including the share' }[kind]}</h2>
      <fin-related-list kind="${kind}"></fin-related-list></section>`,
  )
  .join('');

test.describe('related lists', () => {
  test('on the stock page: five entries at most, each list in a region named by its heading, no navigation landmark', async ({
    page,
  }) => {
    const data = await sberData(page);
    await page.goto('/stocks/sber/?lang=eng');
    for (const [kind, list, heading] of [
      ['bonds', data.emitentSharesBondsList, 'Bonds of the issuer'],
      ['indexes', data.indexesList, 'Indexes including the share'],
    ] as const) {
      const region = page.getByRole('region', { name: heading });
      await expect(region.getByRole('listitem')).toHaveCount(Math.min(5, list.length));
      await expect(region.locator(`fin-related-list[kind="${kind}"]`)).toBeVisible();
    }
    await expect(page.locator('fin-related-list[kind="indexes"] .rl-note').first()).toHaveText(
      data.indexesList[0]!.code,
    );
    // Navigation is the language switch, the breadcrumb, the grounds and the section menu: nothing else.
    await expect(page.getByRole('navigation')).toHaveCount(4);
    for (const name of ['Language', 'Breadcrumb', 'Trading grounds', 'On this page']) {
      await expect(page.getByRole('navigation', { name })).toHaveCount(1);
    }
  });

  test('show more reveals every entry and hide goes back to five, keeping the focus on the button', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await fixturePage(page, { data: LONG_LISTS, body: LONG_LISTS_BODY, tags: ['fin-related-list'] });
    const expanded: unknown[] = [];
    await page.exposeFunction('recordExpand', (detail: unknown) => expanded.push(detail));
    await page.evaluate(() =>
      document.addEventListener('fin-expand-change', (event) =>
        (window as unknown as { recordExpand(d: unknown): void }).recordExpand(event.detail),
      ),
    );
    for (const [kind, count] of [
      ['stocks', 6],
      ['bonds', 7],
      ['indexes', 6],
    ] as const) {
      const list = page.locator(`fin-related-list[kind="${kind}"]`);
      const toggle = list.locator('[part="show-more"]');
      await expect(list.getByRole('listitem')).toHaveCount(5);
      await expect(toggle).toHaveText('Show more');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(list.getByRole('listitem')).toHaveCount(count);
      await expect(toggle).toHaveText('Hide');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toBeFocused();
      await toggle.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(5);
      await expect(toggle).toHaveText('Show more');
      await expect(toggle).toBeFocused();
    }
    expect(expanded).toEqual([
      { expanded: true },
      { expanded: false },
      { expanded: true },
      { expanded: false },
      { expanded: true },
      { expanded: false },
    ]);
    await expect(
      page.getByRole('region', { name: 'Bonds of the issuer' }).getByRole('link', { name: 'Sberbank 001R' }),
    ).toHaveAttribute('href', '/bonds/100/');
    expect(errors).toEqual([]);
  });

  test('on the real page: the indexes holding sber go past five, show more lists them all in the server order', async ({
    page,
  }) => {
    const data = await sberData(page);
    expect(data.indexesList.length).toBeGreaterThan(5);
    await page.goto('/stocks/sber/?lang=eng');
    const list = page.locator('fin-related-list[kind="indexes"]');
    const toggle = list.locator('[part="show-more"]');
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await toggle.click();
    await expect(list.getByRole('listitem')).toHaveCount(data.indexesList.length);
    await expect(list.locator('.rl-note')).toHaveText(data.indexesList.map((index) => String(index.code)));
    await toggle.click();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(toggle).toBeFocused();
  });

  test('screenshots of fixed related lists at 1280 and 375 px', async ({ page }) => {
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await fixturePage(page, { data: LONG_LISTS, body: LONG_LISTS_BODY, tags: ['fin-related-list'] });
      const bonds = page.locator('#list-bonds');
      await expect(bonds.getByRole('listitem')).toHaveCount(5);
      await expect(bonds).toHaveScreenshot(`related-list-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});

test('headings and labels come in every language', async ({ page }) => {
  // Ten full stock pages (chart included) in one test.
  test.slow();
  await routeLeaders(page);
  for (const lang of LANGUAGES) {
    const labels = (await (await page.request.get(`/api/labels/stock/?lang=${lang}`)).json()) as Record<
      string,
      string
    >;
    await page.goto(`/stocks/sber/?lang=${lang}`);
    await expect(page.locator('#dividends-title')).toHaveText(labels.menu_dividends!);
    await expect(menu(page).getByRole('link', { name: labels.menu_holders! })).toBeVisible();
    await expect(dividends(page).locator('thead th[data-field="summ"]')).toHaveText(labels.div_summ!);
    await expect(page.locator('#growing_leaders-title')).toHaveText(labels.menu_growing_leaders!);
    for (const element of [
      menu(page),
      dividends(page),
      exchange(page),
      page.locator('fin-holders'),
      leaders(page),
    ]) {
      await expect(element).not.toContainText('{{');
    }
  }
});
