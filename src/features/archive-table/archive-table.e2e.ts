import { expect, test, type Page, type Request } from '@playwright/test';
import type { TradingFullInfoTable } from '../../contract/stocks.ts';
import { formatNumber } from '../../contract/format.ts';
import { periodWindow } from '../../contract/period.ts';
import type { StockPageData } from '../../contract/types.ts';
import { csrfHeaders, signInAs, type Audience, loginLinkOf } from '../../../demo-pages/testing/session.ts';

const archive = (page: Page) => page.locator('fin-archive-table');
const isArchiveCall = (request: Request) =>
  request.method() === 'POST' && request.url().includes('/createTableTradingFullInfo/');

/** Every uncaught exception on the page fails the test. */
function failOnPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The answer the server gives this session for the body the element sent. */
async function replay(page: Page, request: Request): Promise<TradingFullInfoTable> {
  const response = await page.request.post(request.url(), {
    data: request.postDataJSON(),
    headers: await csrfHeaders(page.request),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TradingFullInfoTable;
}

/** The text of the cells of the first body row, by field. */
async function firstRow(page: Page, fields: string[]): Promise<Record<string, string>> {
  const cells = archive(page).locator('tbody tr').first().locator('th, td');
  const texts = (await cells.allTextContents()).map((text) => text.replace(/\u202f/g, ' '));
  return Object.fromEntries(fields.map((field, index) => [field, texts[index]!]));
}

const price = (value: number, decimals = 2) => formatNumber(value, decimals, 'eng').replace(/\u202f/g, ' ');

for (const audience of ['anonymous', 'free', 'paid'] as const satisfies Audience[]) {
  test(`${audience}: the archive of the 1M period shows what the server sends this session`, async ({
    page,
  }) => {
    const errors = failOnPageErrors(page);
    await signInAs(page.request, audience);
    const pageData = (await (await page.request.get('/stocks/sber/?format=json')).json()) as StockPageData;
    const posted = page.waitForRequest(isArchiveCall);
    // Without the page's preload, so the element makes its call (the raw answer is read from it).
    await page.goto('/stocks/sber/?lang=eng&preload=0');
    const request = await posted;
    const window = periodWindow(1, pageData.excelDefaultEnd);
    expect(request.url()).toContain(`/api/stocks/${pageData.stockId}/1/createTableTradingFullInfo/`);
    expect(request.postDataJSON()).toEqual({ dateFrom: window.from, dateTo: window.to });

    // The raw answer, not the screen: prices are paid-only, the volume is for everyone.
    const raw = await replay(page, request);
    expect(raw.total).toBeGreaterThan(10);
    const [day] = raw.data;
    if (audience === 'paid') {
      expect(typeof day!.close).toBe('number');
      expect(typeof day!['close.no_round']).toBe('number');
    } else {
      expect(raw.data.every((row) => row.close === '***' && row['close.no_round'] === null)).toBe(true);
      expect(raw.data.every((row) => row.avg === '***' && row.value === '***' && row.change === '***')).toBe(
        true,
      );
    }
    expect(typeof day!.volume).toBe('number');

    await expect(archive(page).locator('[part="title"]')).toContainText(`${raw.dateFrom} – ${raw.dateTo}`);
    await expect(archive(page).locator('thead th').first()).toContainText(raw.fieldsLabels.date!);
    // The rows scroll in a box that renders the rows in view: the table says how many there are.
    await expect(archive(page).locator('table')).toHaveAttribute('aria-rowcount', String(raw.total + 1));
    const row = await firstRow(page, raw.fields);
    expect(row.date).toBe(day!.date);
    expect(row.volume).toBe(price(day!.volume, 0));
    const hint = archive(page).locator('[part="hint"]');
    if (audience === 'paid') {
      expect(row.close).toBe(price(day!.close as number));
      const closeCell = archive(page)
        .locator('tbody tr')
        .first()
        .locator('td')
        .nth(raw.fields.indexOf('close') - 1);
      expect(Number((await closeCell.getAttribute('title'))!.replace(/\u202f/g, ''))).toBeCloseTo(
        day!['close.no_round']!,
        6,
      );
      await expect(hint).toHaveCount(0);
    } else {
      expect(row.close).toBe('***');
      expect(row.change).toBe('***');
      await expect(hint.locator('a')).toHaveAttribute(
        'href',
        audience === 'anonymous' ? loginLinkOf(page) : '/profile/access/',
      );
    }
    expect(errors).toEqual([]);
  });
}

test('a period change reloads the archive for the new window', async ({ page }) => {
  const errors = failOnPageErrors(page);
  await signInAs(page.request, 'paid');
  const pageData = (await (await page.request.get('/stocks/sber/?format=json')).json()) as StockPageData;
  await page.goto('/stocks/sber/?lang=eng');
  await expect(archive(page).locator('tbody tr').first()).toBeVisible();

  const reloaded = page.waitForRequest(isArchiveCall);
  // Standalone period (the chart's shared period drives the same store path; see the unit tests).
  await archive(page).evaluate((element) => element.setAttribute('period-id', '3'));
  const request = await reloaded;
  const window = periodWindow(3, pageData.excelDefaultEnd);
  expect(request.postDataJSON()).toEqual({ dateFrom: window.from, dateTo: window.to });
  const raw = await replay(page, request);
  await expect(archive(page).locator('[part="title"]')).toContainText(`${window.from} – ${window.to}`);
  // The rows scroll in a box that renders the rows in view: the table says how many there are.
  await expect(archive(page).locator('table')).toHaveAttribute('aria-rowcount', String(raw.total + 1));
  expect((await firstRow(page, raw.fields)).close).toBe(price(raw.data[0]!.close as number));
  expect(errors).toEqual([]);
});
