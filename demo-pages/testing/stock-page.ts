/**
 * What the browser tests of the stock page's tables, lists and left menu share (each feature's
 * `*.e2e.ts` and the page's own `stock-page.e2e.ts`): the window sizes, the elements and their data
 * tables, fixture pages of fixed data, the stock's page data, fixed leaders answers and a console
 * watch for one's own elements. The e2e server's data follows today's date: tests against it
 * compare the screen with the server's own answers, and screenshots are of fixture pages with fixed
 * data (see fixturePage).
 */
import type { Locator, Page } from '@playwright/test';
import { leadersPath } from '../../src/contract/api-paths.ts';
import type { MarketStockPageData } from '../../src/contract/stocks.ts';

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 760 };
/** The two widths of every screenshot test: the desktop page and a phone. */
export const SCREENSHOT_SIZES = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;
export const PAID_USER = { userAuth: true, userAccessLevel: 1077, userId: 2 };

export const dividends = (page: Page) => page.locator('fin-dividends-table');
export const exchange = (page: Page) => page.locator('fin-exchange-table');
export const leaders = (page: Page) => page.locator('fin-leaders');
export const menu = (page: Page) => page.locator('fin-left-menu');
export const headerFields = (table: Locator) =>
  table
    .locator('thead th[data-field]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')));
export const bodyRows = (table: Locator) => table.locator('tbody tr.dt-row');

/** Each body row of a data table as field → the text shown (the row's first cell is its th). */
export async function rowTexts(table: Locator): Promise<Array<Record<string, string>>> {
  const fields = await headerFields(table);
  return bodyRows(table).evaluateAll(
    (rows, names) =>
      rows.map((row) =>
        Object.fromEntries([...row.children].map((cell, i) => [names[i], cell.textContent?.trim() ?? ''])),
      ),
    fields,
  );
}

/** How far a data table is wider than its box (0: it fits). */
export const overflow = (element: Locator) =>
  element.evaluate((host) => {
    const box = host.shadowRoot!.querySelector('.dt-scroll')!;
    return box.scrollWidth - box.clientWidth;
  });

/**
 * A page of fixed data at a fixed address (the e2e server's data follows today's date): the page
 * data and user blocks a legacy template would inject, the markup and the element scripts of the
 * build under test; labels and any call not routed by the test come from the reference server.
 */
export async function fixturePage(
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
export const FIXTURE_STOCK = {
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

/**
 * Collects the page's errors that name one of `tags` (e.g. /fin-holders/), for a test to expect
 * none: each test file watches its own elements, the others have their own tests.
 */
export function watchErrors(page: Page, tags: RegExp): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    if (tags.test(`${error.message}\n${error.stack ?? ''}`)) errors.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && tags.test(message.text())) errors.push(message.text());
  });
  return errors;
}

export async function sberData(page: Page): Promise<MarketStockPageData> {
  return (await (await page.request.get('/stocks/sber/?format=json')).json()) as MarketStockPageData;
}

/** Leaders answers with fixed rows (the demo's real ones follow today's prices). */
export function leaderRows(prefix: string, count: number) {
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

const LEADER_FIELDS = ['name', 'tiker', 'last', 'change', 'volume', 'date'];
const GIANT_FIELDS = ['name', 'tiker', 'last', 'capitalization', 'date'];

/** A leaders (or capitalisation) answer of FIXTURE_STOCK's branch and ground with these rows. */
export function leadersAnswer(rows: unknown[], fields = LEADER_FIELDS) {
  return { data: rows, fields, fieldsLabels: {}, branchId: 1, groundId: 1, currency: 'RUB' };
}

/**
 * Whether anything of the demo stock's sector rose on the demo's last day (the server's own answer
 * to `<fin-leaders>`' first tab, branch and ground 1). The demo data follow the calendar: on a day
 * when nothing rose, the element opens its next tab (SPEC), whose table has another length.
 */
export async function sectorRoseToday(page: Page): Promise<boolean> {
  const response = await page.request.get(leadersPath(1, 1, 1));
  const answer = (await response.json()) as { data: unknown[] };
  return answer.data.length > 0;
}

/**
 * Answers the leaders' calls with fixed rows: seven risers, seven fallers (a growing-leaders path
 * ending in /2/) and three giants by capitalisation, or the counts given. Returns the paths
 * called, in order.
 */
export async function routeLeaders(
  page: Page,
  counts: { risers?: number; fallers?: number; giants?: number } = {},
): Promise<string[]> {
  const { risers = 7, fallers = 7, giants = 3 } = counts;
  const calls: string[] = [];
  await page.route('**/api/stocks/get-growing-leaders/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    calls.push(path);
    const falling = path.endsWith('/2/');
    return route.fulfill({
      json: leadersAnswer(falling ? leaderRows('Faller', fallers) : leaderRows('Riser', risers)),
    });
  });
  await page.route('**/api/stocks/get-capitalization/**', (route) => {
    calls.push(new URL(route.request().url()).pathname);
    return route.fulfill({ json: leadersAnswer(leaderRows('Giant', giants), GIANT_FIELDS) });
  });
  return calls;
}
