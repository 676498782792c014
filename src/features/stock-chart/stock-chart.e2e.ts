/**
 * <fin-stock-chart> in Chromium against the reference server: what each audience gets (raw
 * answers and the screen), periods and the 206 retry, Today per ground, the ground switch without
 * a reload, the archive following the period, compare limits and alerts, the Excel export rules,
 * the watchlist, and pictures of the chart, the extended chart and compare mode with fixed data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import type { TradingSeries, TradingsRequest } from '../../contract/stocks.ts';
import type { StockPageData } from '../../contract/types.ts';
import { isRequestsMarker, requestsSoFar } from '../../../demo-pages/testing/requests.ts';
import {
  csrfHeaders,
  signIn,
  signInAs,
  PAID_PHONE,
  type Audience,
  loginLinkOf,
} from '../../../demo-pages/testing/session.ts';
import { DEFAULT_DIST_DIR } from '../../../demo-pages/server/shared/paths.ts';
import { amChartsLogoMask } from '../../widgets/chart/testing/branding-mask.ts';
import { endRoutesAfterEachTest } from '../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

const TRADINGS = '/api/stocks/get_tradings/';
const DAY_MS = 86_400_000;

const chart = (page: Page) => page.locator('fin-stock-chart');
const plot = (page: Page) => chart(page).locator('.sc__chart');
const canvasHost = (page: Page) => chart(page).locator('[part~="chart"]');
const periodTab = (page: Page, name: string) =>
  chart(page).getByRole('tablist', { name: 'Chart period' }).getByRole('tab', { name, exact: true });
const viewTab = (page: Page, name: string) =>
  chart(page).getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name, exact: true });
const legendItems = (page: Page) => chart(page).locator('[part~="legend-item"]');
/** The from and to inputs of the date picker (DD.MM.YYYY text, applied on Enter or blur). */
const dateInputs = (page: Page) => chart(page).locator('[part~="date-picker-input"]');
/** Why typed dates were not applied, under the date picker. */
const dateError = (page: Page) => chart(page).locator('[part~="date-picker-error"]');
const capNotice = (page: Page) => chart(page).locator('.sc__date-notice');
/** The chart's alert, shown in the page's message queue (<fin-alerts>), and its text. */
const chartAlert = (page: Page) => page.locator('fin-alerts [data-source="fin-stock-chart"]');
const alertText = (page: Page) => chartAlert(page).locator('[part~="text"]');

/** Types a date into a date input and applies it with Enter, as a user does. */
async function enterDate(input: Locator, date: string): Promise<void> {
  await input.fill(date);
  await input.press('Enter');
}

function failOnPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until nothing loads and the chart has drawn the view the element handed it (the chart
 * reports the points of the view it drew; the element says how many it handed over).
 */
async function settled(page: Page, host: Locator = chart(page)): Promise<void> {
  await expect(host.locator('.sc__body')).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 20_000,
  });
  await expect
    .poll(
      async () => {
        const drawn = await host.locator('[part~="chart"]').getAttribute('data-points');
        return (
          drawn !== null && drawn === (await host.locator('.sc__chart').getAttribute('data-view-points'))
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function openStock(page: Page, path = '/stocks/sber/?lang=eng'): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/** Opens the stock page, asks for the Excel export, and expects `message` with no export request sent. */
async function expectExportRefused(page: Page, message: string): Promise<void> {
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/archive-export/')) exports.push(request.url());
  });
  // Without the page's preload (an older template): the archive call the test answers is made.
  await openStock(page, '/stocks/sber/?lang=eng&preload=0');
  await chart(page).locator('[data-action="export"]').click();
  await expect(alertText(page)).toHaveText(message);
  expect(exports).toEqual([]);
}

function tradingsBody(request: Request): TradingsRequest {
  return request.postDataJSON() as TradingsRequest;
}

const isTradings = (request: Request) => new URL(request.url()).pathname === TRADINGS;

async function pageData(page: Page, path = '/stocks/sber/'): Promise<StockPageData> {
  return (await (await page.request.get(`${path}?format=json&lang=eng`)).json()) as StockPageData;
}

/** DD.MM.YYYY → ms at UTC midnight, and back. */
const ms = (date: string) => Date.UTC(+date.slice(6), +date.slice(3, 5) - 1, +date.slice(0, 2));
const display = (time: number) => new Date(time).toISOString().slice(0, 10).split('-').reverse().join('.');
const monthsBack = (date: string, months: number) => {
  const d = new Date(ms(date));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return display(d.getTime());
};

/**
 * Dark grey pixels in the left strip of the plot, where the value axis writes its labels (the
 * line is coloured, the grid light, so only label text counts).
 */
async function axisInk(page: Page): Promise<number> {
  return canvasHost(page).evaluate((host) => {
    let ink = 0;
    for (const canvas of host.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.clientWidth === 0) continue;
      const ratio = canvas.width / canvas.clientWidth;
      const width = Math.round(44 * ratio);
      const height = Math.round(canvas.height - 40 * ratio);
      if (height <= 0) continue;
      const { data } = context.getImageData(0, 0, width, height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        if (a > 128 && Math.max(r, g, b) - Math.min(r, g, b) < 30 && (r + g + b) / 3 < 150) ink += 1;
      }
    }
    return ink;
  });
}

/**
 * Moves the mouse over the chart at a fraction of its width and height, after scrolling it into
 * view: the chart sits below the page's head, and a point under the viewport's bottom edge would
 * hover nothing. The point is checked to be inside the viewport, so a miss fails here, not later.
 */
async function hoverPlot(page: Page, x: number, y: number): Promise<void> {
  await canvasHost(page).scrollIntoViewIfNeeded();
  const box = (await canvasHost(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  const point = { x: box.x + box.width * x, y: box.y + box.height * y };
  expect(point.x, 'hover point inside the viewport').toBeLessThan(viewport.width);
  expect(point.y, 'hover point inside the viewport').toBeLessThan(viewport.height);
  expect(Math.min(point.x, point.y)).toBeGreaterThan(0);
  await page.mouse.move(point.x, point.y);
}

/** Picks a search result in the compare field (which must be open). */
async function compareWith(page: Page, term: string): Promise<void> {
  const input = chart(page).locator('[part~="compare"] [part~="input"]');
  await input.fill(term);
  await chart(page).locator('[part~="compare"] [part~="option"]').first().click();
}

// ---------------------------------------------------------------------------------------------
// Access per audience (SPEC §6)

const axis: Record<Audience, { valueAxis: string; tooltip: string }> = {
  anonymous: { valueAxis: 'hidden', tooltip: 'none' },
  free: { valueAxis: 'hidden', tooltip: 'name-only' },
  paid: { valueAxis: 'values', tooltip: 'values' },
};

for (const audience of ['anonymous', 'free', 'paid'] as const) {
  test(`${audience}: the y-axis, tooltip and dividend flags follow the access level`, async ({ page }) => {
    const errors = failOnPageErrors(page);
    await signInAs(page.request, audience);
    await openStock(page);
    await expect(plot(page)).toHaveAttribute('data-value-axis', axis[audience].valueAxis);
    await expect(plot(page)).toHaveAttribute('data-tooltip', axis[audience].tooltip);
    const ink = await axisInk(page);
    if (audience === 'paid') expect(ink, 'value-axis labels drawn').toBeGreaterThan(50);
    else expect(ink, 'no value-axis labels').toBeLessThan(5);

    // Three years of Sberbank hold yearly dividends: flags for paid users only.
    const answer = page.waitForResponse((response) => isTradings(response.request()));
    await periodTab(page, '3Y').click();
    const series = (await (await answer).json()) as TradingSeries[];
    await settled(page);
    if (audience === 'paid') {
      expect(series[0]?.events?.some((event) => event.type === 'dividend')).toBe(true);
      await expect(plot(page)).not.toHaveAttribute('data-flags', '0');
    } else {
      expect(series[0]?.events).toBeUndefined();
      await expect(plot(page)).toHaveAttribute('data-flags', '0');
    }

    // Hover: values for paid users, the series name only for free users, nothing for anonymous.
    // The chart sits below the page's head: bring it into the viewport and aim inside it.
    await hoverPlot(page, 0.6, 0.5);
    const readout = canvasHost(page).locator('[part="readout"]');
    if (audience === 'paid') await expect(readout).toContainText(/\d/);
    else if (audience === 'free') await expect(readout).toHaveText('Sberbank (Moscow Exchange)');
    else await expect(readout).toBeHidden();
    expect(errors).toEqual([]);
  });

  test(`${audience}: the extended chart, compare and Excel export per SPEC §6`, async ({ page }) => {
    await signInAs(page.request, audience);
    await openStock(page);

    // Extended chart: anonymous gets it empty with a log-in prompt, free users do not get it.
    if (audience === 'free') {
      await expect(viewTab(page, 'Extended chart')).toHaveCount(0);
    } else {
      const request = page.waitForRequest(isTradings);
      await viewTab(page, 'Extended chart').click();
      expect(tradingsBody(await request).fields).toEqual(['open', 'high', 'low', 'close', 'volume']);
      await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');
      await expect(periodTab(page, 'Today')).toHaveCount(0);
      if (audience === 'anonymous') {
        await expect(chart(page).locator('[data-empty="need_auth"]')).toContainText(
          'Log in to see the extended chart',
        );
      } else {
        await settled(page);
        await expect(plot(page)).toHaveAttribute('data-mode', 'extended');
        expect(Number(await canvasHost(page).getAttribute('data-points'))).toBeGreaterThan(20);
      }
      await viewTab(page, 'Chart').click();
      await expect(periodTab(page, 'Today')).toHaveCount(1); // leaving it brings Today back
    }

    // Compare: log-in prompt, access dialog, or the compare field.
    await chart(page).locator('[data-action="compare"]').click();
    if (audience === 'anonymous') {
      const prompt = chart(page).locator('[data-prompt="compare"]');
      await expect(prompt).toContainText('Log in to compare');
      await expect(prompt.getByRole('link')).toHaveAttribute('href', loginLinkOf(page));
    } else if (audience === 'free') {
      const dialog = chart(page).getByRole('dialog', { name: 'Paid access needed' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Get access' })).toHaveAttribute(
        'href',
        '/profile/access/',
      );
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(chart(page).locator('[part~="compare"] [part~="input"]')).toBeVisible();
    }

    // Excel export: log-in prompt, access dialog, or the file (a month is far below 2500 rows).
    const exportButton = chart(page).locator('[data-action="export"]');
    await expect(exportButton).toBeEnabled();
    if (audience === 'anonymous') {
      await exportButton.click();
      await expect(
        chart(page)
          .locator('[data-prompt="export"]')
          .getByRole('link', { name: 'Log in to export to Excel' }),
      ).toHaveAttribute('href', loginLinkOf(page));
    } else if (audience === 'free') {
      await exportButton.click();
      await expect(chart(page).getByRole('dialog', { name: 'Paid access needed' })).toBeVisible();
    } else {
      const download = page.waitForEvent('download');
      await exportButton.click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^SBER_\d{2}\.\d{2}\.\d{4}-\d{2}\.\d{2}\.\d{4}\.xlsx$/);
    }
  });
}

test('the raw chart answer of anonymous and free sessions carries no price, only 0..100 shapes', async ({
  page,
  playwright,
  baseURL,
}) => {
  const data = await pageData(page);
  const body = {
    date_from: monthsBack(data.excelDefaultEnd, 1),
    date_to: data.excelDefaultEnd,
    stocks_ids: [data.stockId],
    trading_ground_ids: [1],
    fields: ['close'],
  };
  const paid = await playwright.request.newContext({ baseURL });
  await signIn(paid, PAID_PHONE);
  const real = (
    (await (
      await paid.post(TRADINGS, { data: body, headers: await csrfHeaders(paid) })
    ).json()) as TradingSeries[]
  )[0]!;
  await paid.dispose();
  expect(real.scaled).toBeUndefined();
  const closes = real.data.map(([, value]) => value);
  expect(closes.length).toBeGreaterThan(10);

  for (const audience of ['anonymous', 'free'] as const) {
    const context = await playwright.request.newContext({ baseURL });
    await signInAs(context, audience);
    const response = await context.post(TRADINGS, { data: body, headers: await csrfHeaders(context) });
    const text = await response.text();
    const [series] = JSON.parse(text) as TradingSeries[];
    expect(series?.scaled, audience).toBe(true);
    expect(series?.events, audience).toBeUndefined();
    const values = series!.data.map(([, value]) => value);
    expect(Math.min(...values)).toBe(0);
    expect(Math.max(...values)).toBe(100);
    // Not one value is a real close (0 and 100 are the scale's ends), and no fractional close
    // appears anywhere in the text (integers could match digits of the timestamps).
    for (const value of values)
      if (value !== 0 && value !== 100) expect(closes, audience).not.toContain(value);
    for (const close of closes.filter((c) => !Number.isInteger(c)))
      expect(text, `${audience} sees ${close}`).not.toContain(String(close));
    await context.dispose();
  }
});

// ---------------------------------------------------------------------------------------------
// Periods, the 206 retry, Today and the trading ground

test('a period tab reloads the chart and the archive with the same window', async ({ page }) => {
  await signInAs(page.request, 'paid');
  await openStock(page);
  const data = await pageData(page);
  const from = monthsBack(data.excelDefaultEnd, 3);
  const periodEvents = chart(page).evaluate(
    (element) =>
      new Promise((resolve) =>
        element.addEventListener('fin-period-change', (e) => resolve((e as CustomEvent).detail)),
      ),
  );
  // The chart is updated in place: the same host and the same amCharts canvas after the change.
  await canvasHost(page).evaluate((host) => {
    Object.assign(host, { sameChart: true });
    Object.assign(host.querySelector('canvas')!, { sameCanvas: true });
  });
  const tradings = page.waitForRequest(isTradings);
  const archive = page.waitForRequest((request) => request.url().includes('/createTableTradingFullInfo/'));
  await periodTab(page, '3M').click();
  expect(tradingsBody(await tradings)).toMatchObject({
    date_from: from,
    date_to: data.excelDefaultEnd,
    userChangePeriod: true,
  });
  expect((await archive).postDataJSON()).toEqual({ dateFrom: from, dateTo: data.excelDefaultEnd });
  expect(await periodEvents).toEqual({ id: 2, from, to: data.excelDefaultEnd });
  await expect(dateInputs(page).first()).toHaveValue(from);
  await settled(page);
  expect(
    await canvasHost(page).evaluate(
      (host) =>
        'sameChart' in host &&
        host.querySelector('canvas') !== null &&
        'sameCanvas' in host.querySelector('canvas')!,
    ),
  ).toBe(true);

  // The archive view inside the chart and the page's own archive element show the new window.
  await viewTab(page, 'Archive').click();
  const caption = `Trading archive, ${from} – ${data.excelDefaultEnd}`;
  await expect(chart(page).getByRole('heading', { name: caption })).toBeVisible();
  // The page's own element (the chart's archive view is a <fin-archive-table> too, inside the
  // chart) steps aside while the chart shows the archive, and comes back with the chart view.
  const pageArchive = page.locator('.stock-section > fin-archive-table');
  await expect(pageArchive).toBeHidden();
  await viewTab(page, 'Chart').click();
  await expect(pageArchive.getByRole('heading', { name: caption })).toBeVisible();
});

test('one archive on the page in every view of the chart', async ({ page }) => {
  await openStock(page);
  // Every <fin-archive-table> on the page, the chart's own included (CSS locators pierce shadow roots).
  const shownArchives = page.locator('fin-archive-table').filter({ visible: true });
  const tables = page.getByRole('heading', { name: /^Trading archive/ }).filter({ visible: true });
  await expect(shownArchives).toHaveCount(1);
  for (const view of ['Archive', 'Dynamic table', 'Archive', 'Chart', 'Extended chart', 'Archive']) {
    await viewTab(page, view).click();
    await expect(viewTab(page, view)).toHaveAttribute('aria-selected', 'true');
    if (view === 'Archive') await expect(chart(page).locator('fin-archive-table')).toBeVisible();
    await expect(shownArchives).toHaveCount(1);
    await expect(tables).toHaveCount(1);
  }
});

test('custom dates: a start after the end is refused; a window before the listing follows the 206 once', async ({
  page,
}) => {
  const data = await pageData(page, '/stocks/dias/');
  await openStock(page, '/stocks/dias/?lang=eng');
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];
  const requests: TradingsRequest[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) requests.push(tradingsBody(request));
  });

  // An end years before the start of the 1M window: refused, said, nothing sent.
  await enterDate(to, '31.01.2020');
  await expect(dateError(page)).toHaveText('The start date is after the end date');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveValue('31.01.2020');
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');

  // Then the start before it: January 2020, years before the listing. The server answers 206
  // with the last date that has bars, and the chart follows it once.
  await enterDate(from, '01.01.2020');
  await expect.poll(() => requests.length).toBeGreaterThanOrEqual(2);
  await expect(dateError(page)).toHaveCount(0);
  const moved = requests.at(-1)!;
  expect(requests.at(-2)).toMatchObject({
    date_from: '01.01.2020',
    date_to: '31.01.2020',
    getChartIteration: 1,
  });
  expect(moved).toMatchObject({ date_to: data.excelDefaultEnd, getChartIteration: 2 });
  expect((ms(moved.date_to) - ms(moved.date_from)) / DAY_MS).toBe(30);
  await settled(page);
  await expect(from).toHaveValue(moved.date_from);
  await expect(to).toHaveValue(moved.date_to);
  await expect(
    chart(page).getByRole('tablist', { name: 'Chart period' }).locator('[aria-selected="true"]'),
  ).toHaveCount(0);
  await expect(chart(page).locator('[data-empty]')).toHaveCount(0);
  expect(requests).toHaveLength(2);
  // The move is said, with the rule and the dates now shown.
  await expect(capNotice(page)).toHaveText(
    'No trading data from 01.01.2020 to 31.01.2020: showing the same length of time up to the last ' +
      `day with data, ${moved.date_from} to ${moved.date_to}`,
  );
});

test('a start years before the data: the 10-year cap and the move to the data are said in one message, in the page language', async ({
  page,
}) => {
  const data = await pageData(page);
  await openStock(page, '/stocks/sber/?lang=deu');
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];
  const tradings: TradingsRequest[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) tradings.push(tradingsBody(request));
  });
  await enterDate(from, '01.01.1990');
  // Capped to 10 years (01.01.1990–01.01.2000), no bars then: the 206 moves it to the last data.
  await expect.poll(() => tradings.at(-1)?.getChartIteration).toBe(2);
  const shown = tradings.at(-1)!;
  expect(shown.date_to).toBe(data.excelDefaultEnd);
  await settled(page);
  await expect(from).toHaveValue(shown.date_from);
  await expect(to).toHaveValue(shown.date_to);
  await expect(capNotice(page)).toHaveCount(1);
  await expect(capNotice(page)).toHaveText(
    'Keine Handelsdaten vom 01.01.1990 bis 01.01.2000: angezeigt wird ein gleich langer Zeitraum ' +
      `bis zum letzten Tag mit Daten, vom ${shown.date_from} bis ${shown.date_to}`,
  );
  // Another period: the message of the moved one goes.
  await chart(page)
    .getByRole('tablist', { name: 'Chartzeitraum' })
    .getByRole('tab', { name: '1J', exact: true })
    .click();
  await expect(capNotice(page)).toHaveCount(0);
});

test('a 206 answer moves the dates to the window ending on the given date, keeping the span, and retries once', async ({
  page,
}) => {
  const data = await pageData(page);
  const retryDate = '15.05.2026';
  let answered206 = 0;
  await page.route(`**${TRADINGS}`, async (route) => {
    if (answered206 === 0) {
      answered206 += 1;
      await route.fulfill({
        status: 206,
        contentType: 'application/json',
        body: JSON.stringify({ date: retryDate, 'date.numeric': ms(retryDate) / 1000 }),
      });
    } else await route.continue();
  });
  const requests: TradingsRequest[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) requests.push(tradingsBody(request));
  });
  await openStock(page);
  const first = requests[0]!;
  expect(first).toMatchObject({ date_from: monthsBack(data.excelDefaultEnd, 1), getChartIteration: 1 });
  const span = ms(first.date_to) - ms(first.date_from);
  expect(requests[1]).toMatchObject({
    date_from: display(ms(retryDate) - span),
    date_to: retryDate,
    getChartIteration: 2,
  });
  expect(requests).toHaveLength(2);
});

test('Today shows on ground 1 with intraday points and not on ground 2', async ({ page }) => {
  const data = await pageData(page);
  await openStock(page);
  const request = page.waitForRequest(isTradings);
  await periodTab(page, 'Today').click();
  expect(tradingsBody(await request)).toMatchObject({
    date_from: data.excelDefaultEnd,
    date_to: data.excelDefaultEnd,
  });
  await settled(page);
  await expect(periodTab(page, 'Today')).toHaveAttribute('aria-selected', 'true');
  expect(Number(await canvasHost(page).getAttribute('data-points'))).toBeGreaterThan(50);

  await openStock(page, '/stocks/sber/2/?lang=eng');
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');
  await expect(periodTab(page, 'Today')).toHaveCount(0);
});

test('switching the ground rewrites the address without a reload and reloads the chart for ground 2', async ({
  page,
}) => {
  await openStock(page);
  await periodTab(page, '6M').click();
  await settled(page);
  await page.evaluate(() => Object.assign(window, { __marker: 'kept' }));
  const pageJson = page.waitForRequest((request) => request.url().includes('/stocks/sber/2/?format=json'));
  const tradings = page.waitForRequest(
    (request) => isTradings(request) && tradingsBody(request).trading_ground_ids[0] === 2,
  );
  await chart(page).locator('[part~="ground"] [aria-haspopup="listbox"]').click();
  await chart(page).getByRole('option', { name: 'SPB Exchange' }).click();
  await pageJson;
  const body = tradingsBody(await tradings);
  await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=eng$/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('kept');
  const data = await pageData(page, '/stocks/sber/2/');
  expect(body).toMatchObject({ date_from: monthsBack(data.excelDefaultEnd, 1), stocks_ids: [1] });
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');
  await expect(periodTab(page, 'Today')).toHaveCount(0);
  await expect(legendItems(page).first()).toContainText('SPB Exchange');
});

test('the chart follows a ground picked elsewhere on the page (fin-ground-select)', async ({ page }) => {
  await openStock(page);
  const tradings = page.waitForRequest(
    (request) => isTradings(request) && tradingsBody(request).trading_ground_ids[0] === 2,
  );
  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent('fin-ground-select', { detail: { groundId: 2 }, bubbles: true })),
  );
  await tradings;
  await settled(page);
  await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=eng$/);
  await expect(chart(page).locator('[part~="ground"] [aria-haspopup="listbox"]')).toHaveText('SPB Exchange');
  await expect(periodTab(page, 'Today')).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// Compare (paid)

test('compare: stocks and an index in percent from a common start, colours freed, action 313 once, cancel', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  await openStock(page);
  const logged: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/action_log/')) logged.push(new URL(request.url()).pathname);
  });
  const changes: unknown[] = [];
  await page.exposeFunction('recordCompare', (detail: unknown) => changes.push(detail));
  await chart(page).evaluate((element) =>
    element.addEventListener('fin-compare-change', (e) =>
      (window as unknown as { recordCompare(d: unknown): void }).recordCompare((e as CustomEvent).detail),
    ),
  );
  await chart(page).locator('[data-action="compare"]').click();
  await compareWith(page, 'lkoh');
  await compareWith(page, 'imoex');
  await compareWith(page, 'gazp');
  await expect(legendItems(page)).toHaveCount(4);
  await expect(plot(page)).toHaveAttribute('data-compare', 'true');
  await expect(legendItems(page).locator('[data-field="change"]')).toHaveCount(4);
  await expect(plot(page)).toHaveAttribute('data-value-axis', 'values');
  const swatch = (index: number) =>
    legendItems(page)
      .nth(index)
      .locator('.sc__swatch')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const lkohColour = await swatch(1);
  expect(logged).toEqual(['/cb/current_user/action_log/global/json/313/']);

  // Removing Lukoil frees its colour: the next stock takes it.
  await legendItems(page)
    .nth(1)
    .getByRole('button', { name: /Remove from the comparison/ })
    .click();
  await expect(legendItems(page)).toHaveCount(3);
  await compareWith(page, 'rosn');
  await expect(legendItems(page)).toHaveCount(4);
  expect(await swatch(3)).toBe(lkohColour);
  await compareWith(page, 'rtsi');
  await expect(legendItems(page)).toHaveCount(5);
  expect(logged).toHaveLength(1);

  // Hide and show from the legend.
  const toggle = legendItems(page).first().getByRole('button', { pressed: true });
  await toggle.click();
  await expect(legendItems(page).first().getByRole('button').first()).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // A period change reloads every compared stock in one call with parallel ids.
  const reload = page.waitForRequest(isTradings);
  await periodTab(page, '6M').click();
  expect(tradingsBody(await reload).stocks_ids).toHaveLength(3);

  const single = page.waitForRequest(isTradings);
  await chart(page).locator('[data-action="cancel-compare"]').click();
  expect(tradingsBody(await single).stocks_ids).toEqual([1]);
  await expect(legendItems(page)).toHaveCount(1);
  await expect(plot(page)).not.toHaveAttribute('data-compare', 'true');
  expect(changes.at(-1)).toEqual({ stocks: [], indexes: [] });
  expect(changes[0]).toEqual({ stocks: [{ stockId: 4, tgId: 1 }], indexes: [] });
});

test('compare by keyboard: Enter opens the field with the focus in it, a pick keeps it there, Escape goes back to the button', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  await openStock(page);
  const button = chart(page).locator('[data-action="compare"]');
  const input = chart(page).locator('[part~="compare"] [part~="input"]');
  const options = chart(page).locator('[part~="compare"] [part~="option"]');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(input).toBeFocused();

  // A pick by keyboard: the stock is compared and the focus stays for the next search.
  await page.keyboard.type('lkoh');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(legendItems(page)).toHaveCount(2);
  await expect(input).toBeFocused();

  // Escape first closes the open list, then the field: the focus is back on the button.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('gazp');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Cancelling the comparison takes its button away: the focus goes to the compare button.
  await chart(page).locator('[data-action="cancel-compare"]').focus();
  await page.keyboard.press('Enter');
  await expect(legendItems(page)).toHaveCount(1);
  await expect(button).toBeFocused();
});

/** `/dist/…js` of the compare field's code, loaded on first use (from Vite's manifest, so a renamed file cannot slip by). */
function compareFieldChunks(): Set<string> {
  const distDir = process.env.E2E_DIST_DIR ?? DEFAULT_DIST_DIR;
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const sources = ['src/features/stock-chart/CompareField.tsx', 'elements/fin-compare-search.ts'];
  return new Set(
    sources.map((source) => {
      const chunk = manifest[source];
      if (!chunk) throw new Error(`${source} is not a chunk of the build`);
      return `/dist/${chunk.file}`;
    }),
  );
}

test('compare: keys typed right after pressing Compare are kept, and the field keeps the focus', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  // The compare field's code is held back (a slow network) until the user has typed.
  const chunks = compareFieldChunks();
  const held = new Set<string>();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => chunks.has(url.pathname),
    async (route) => {
      held.add(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  await openStock(page);
  const button = chart(page).locator('[data-action="compare"]');
  const input = chart(page).locator('[part~="compare"] [part~="input"]');
  await button.click();
  await page.keyboard.type('imoex');
  await expect.poll(() => held.size, "the field's code was held back while typing").toBeGreaterThan(0);
  release();
  await expect(input).toHaveValue('imoex');
  await expect(input).toBeFocused();
  // The field goes on as typed: the term is searched, and the next key lands in it.
  await expect(chart(page).locator('[part~="compare"] [part~="option"]').first()).toContainText(/IMOEX/i);
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('imoe');

  // As a user does it, nothing held: open the field by keyboard and type at once.
  await openStock(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('imoex');
  await expect(input).toHaveValue('imoex');
  await expect(input).toBeFocused();
});

test('compare: the 11th stock gives max_stocks_in_compare, and the alert hides after 3 s', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page.request, 'paid');
  await openStock(page);
  await chart(page).locator('[data-action="compare"]').click();
  const terms = ['lkoh', 'gazp', 'gmkn', 'rosn', 'nvtk', 'mgnt', 'mtss', 'tatn', 'sngs'];
  for (const [index, term] of terms.entries()) {
    await compareWith(page, term);
    await expect(legendItems(page)).toHaveCount(index + 2);
  }
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await compareWith(page, 'vtbr');
  const alert = chartAlert(page);
  await expect(alert.locator('[part~="text"]')).toHaveText('You can compare at most 10 stocks');
  await expect(alert).toHaveAttribute('data-key', 'compare:max_stocks_in_compare');
  await expect(legendItems(page)).toHaveCount(10);
  await expect(alert).toBeHidden({ timeout: 5_000 });
});

// ---------------------------------------------------------------------------------------------
// Excel export (paid) and the watchlist

test('Excel export: above 2500 rows the link waits behind a notice', async ({ page }) => {
  await signInAs(page.request, 'paid');
  await openStock(page);
  const data = await pageData(page);
  const archive = page.waitForResponse((response) => response.url().includes('/createTableTradingFullInfo/'));
  await enterDate(dateInputs(page).first(), monthsBack(data.excelDefaultEnd, 120));
  const total = ((await (await archive).json()) as { total: number }).total;
  expect(total).toBeGreaterThan(2500);
  await settled(page);
  await chart(page).locator('[data-action="export"]').click();
  const notice = chart(page).locator('[data-prompt="export-link"]');
  await expect(notice).toContainText(/The file has [\d\s\u202f]+ rows/);
  const download = page.waitForEvent('download');
  await notice.getByRole('link', { name: 'Download the file' }).click();
  expect((await download).suggestedFilename()).toMatch(/^SBER_.*\.xlsx$/);
});

test('Excel export: access_denied_auth when the page turns it off, nothing sent for an empty archive', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  // The legacy page says the export is off for this user.
  await page.route('**/stocks/sber/?lang=eng', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('"excelExportAccess":true', '"excelExportAccess":false');
    await route.fulfill({ response, body: html });
  });
  await openStock(page);
  await chart(page).locator('[data-action="export"]').click();
  await expect(alertText(page)).toHaveText('Access denied. This feature requires paid access.');

  await page.unroute('**/stocks/sber/?lang=eng');
  await page.route('**/createTableTradingFullInfo/', (route) =>
    route.fulfill({
      json: {
        result: false,
        data: [],
        fields: [],
        fieldsLabels: {},
        total: 0,
        dateFrom: '',
        dateTo: '',
        currency: 'RUB',
      },
    }),
  );
  await expectExportRefused(page, 'There is no trading data to export for this period');
});

test('watchlist: anonymous visitors are asked to log in; a user saves grounds and a quantity', async ({
  page,
}) => {
  await openStock(page);
  await chart(page).locator('[data-action="watchlist"]').click();
  await expect(chart(page).locator('[data-prompt="watchlist"]')).toContainText(
    'Log in to see your watchlist.',
  );

  await signInAs(page.request, 'free');
  await openStock(page, '/stocks/sber/?lang=eng&wl=1');
  await chart(page).locator('[data-action="watchlist"]').click();
  const dialog = chart(page).getByRole('dialog', { name: 'Watchlist' });
  await expect(dialog.getByRole('checkbox', { name: 'SPB Exchange' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'SPB Exchange' }).check();
  await dialog.getByLabel('Quantity').fill('15');
  const saved = page.waitForRequest((request) => request.url().includes('/api/watchlist/addStock/'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ stockId: 1, qnt: 15 });
  expect(((await saved).postDataJSON() as { add: number[] }).add).toContain(2);
  await expect(alertText(page)).toHaveText('The watchlist is saved');
  await expect(dialog).toBeHidden();

  await chart(page).locator('[data-action="watchlist"]').click();
  await expect(dialog.getByRole('checkbox', { name: 'SPB Exchange' })).toBeChecked();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('15');
});

// ---------------------------------------------------------------------------------------------
// State across views, blocks and request chains

const periodTabOf = (host: Locator, name: string) =>
  host.getByRole('tablist', { name: 'Chart period' }).getByRole('tab', { name, exact: true });
const viewTabOf = (host: Locator, name: string) =>
  host.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name, exact: true });
const archiveCaption = (from: string, to: string) => `Trading archive, ${from} – ${to}`;

test('two charts for stocks with different last dates keep their own periods and the page stays responsive', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  await openStock(page);
  const main = await pageData(page);
  // Gazprom's page data, as a stock whose trading stopped a week before the page's.
  const gazp = await pageData(page, '/stocks/gazp/');
  const lastDate = display(ms(main.excelDefaultEnd) - 7 * DAY_MS);
  const second = { ...gazp, excelDefaultEnd: lastDate, excelDefaultStart: monthsBack(lastDate, 1) };
  const tradings: TradingsRequest[] = [];
  const archives: string[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) tradings.push(tradingsBody(request));
    if (request.url().includes('/createTableTradingFullInfo/'))
      archives.push(new URL(request.url()).pathname);
  });
  await page.evaluate((data) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'second-stock';
    block.textContent = JSON.stringify(data);
    const secondChart = document.createElement('fin-stock-chart');
    secondChart.id = 'second-chart';
    secondChart.setAttribute('page-data', '#second-stock');
    const secondArchive = document.createElement('fin-archive-table');
    secondArchive.id = 'second-archive';
    secondArchive.setAttribute('page-data', '#second-stock');
    document.querySelector('main')!.append(block, secondChart, secondArchive);
  }, second);
  const mainChart = page.locator('fin-stock-chart').first();
  const secondChart = page.locator('#second-chart');
  await settled(page, secondChart);

  // Responsive: the page starts a request at once, and only the second chart's first load went
  // out before it (two charts resetting one shared period made an endless loop that froze the page).
  const started = Date.now();
  await requestsSoFar(page);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(tradings).toEqual([
    expect.objectContaining({
      stocks_ids: [gazp.stockId],
      date_from: monthsBack(lastDate, 1),
      date_to: lastDate,
    }),
  ]);
  await expect(periodTabOf(mainChart, '1M')).toHaveAttribute('aria-selected', 'true');
  await expect(periodTabOf(secondChart, '1M')).toHaveAttribute('aria-selected', 'true');

  // A tab of the second chart moves its own period: its chart and its block's archive reload.
  tradings.length = 0;
  archives.length = 0;
  const secondArchive = page.waitForRequest((request) =>
    request.url().includes('/createTableTradingFullInfo/'),
  );
  await periodTabOf(secondChart, '3M').click();
  expect((await secondArchive).postDataJSON()).toEqual({
    dateFrom: monthsBack(lastDate, 3),
    dateTo: lastDate,
  });
  await settled(page, secondChart);
  await expect(
    page
      .locator('#second-archive')
      .getByRole('heading', { name: archiveCaption(monthsBack(lastDate, 3), lastDate) }),
  ).toBeVisible();
  await expect(
    page
      .locator('fin-archive-table')
      .first()
      .getByRole('heading', {
        name: archiveCaption(monthsBack(main.excelDefaultEnd, 1), main.excelDefaultEnd),
      }),
  ).toBeVisible();
  await expect(periodTabOf(mainChart, '1M')).toHaveAttribute('aria-selected', 'true');
  expect(tradings.map((request) => [request.stocks_ids, request.date_from, request.date_to])).toEqual([
    [[gazp.stockId], monthsBack(lastDate, 3), lastDate],
  ]);
  expect(archives).toEqual([`/api/stocks/${gazp.stockId}/1/createTableTradingFullInfo/`]);

  // The archive view of the second chart is its own stock's, for its own period.
  await viewTabOf(secondChart, 'Archive').click();
  await expect(
    secondChart.getByRole('heading', { name: archiveCaption(monthsBack(lastDate, 3), lastDate) }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a 206 naming the very window asked for is retried exactly once, then the chart says no_graph_data', async ({
  page,
}) => {
  const requests: TradingsRequest[] = [];
  await page.route(`**${TRADINGS}`, async (route) => {
    const body = tradingsBody(route.request());
    requests.push(body);
    await route.fulfill({
      status: 206,
      contentType: 'application/json',
      body: JSON.stringify({ date: body.date_to, 'date.numeric': ms(body.date_to) / 1000 }),
    });
  });
  await page.goto('/stocks/sber/?lang=eng');
  await expect(chart(page).locator('[data-empty="no_graph_data"]')).toHaveText('No data for the chart');
  // An endless chain (it made about 50 calls a second) sends the next call as the answer arrives.
  await requestsSoFar(page);
  expect(requests.map((request) => request.getChartIteration)).toEqual([1, 2]);
  expect(requests[1]).toMatchObject({ date_from: requests[0]!.date_from, date_to: requests[0]!.date_to });
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');
});

test('dates typed with the keyboard: nothing is sent before Enter, invalid text is said and never sent; the 10-year cap moves the end', async ({
  page,
}) => {
  await openStock(page);
  const data = await pageData(page);
  const windows: Array<{ from: string; to: string }> = [];
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) {
      const body = tradingsBody(request);
      windows.push({ from: body.date_from, to: body.date_to });
    } else if (request.url().includes('/createTableTradingFullInfo/')) {
      const body = request.postDataJSON() as { dateFrom: string; dateTo: string };
      windows.push({ from: body.dateFrom, to: body.dateTo });
    }
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) statuses.push(response.status());
  });
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];

  // The start date key by key (DD.MM.YYYY): every half-typed state stays in the field, unsent.
  await from.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('01.01.2015', { delay: 30 });
  await expect(from).toHaveValue('01.01.2015');
  await requestsSoFar(page);
  expect(windows).toEqual([]);
  await expect(dateError(page)).toHaveCount(0);
  // Enter applies it; the span is over 10 years, so the end moves (SPEC §5).
  await page.keyboard.press('Enter');
  await expect(to).toHaveValue('01.01.2025');
  await expect(capNotice(page)).toHaveText(
    'The period is limited to 10 years: showing 01.01.2015 to 01.01.2025',
  );
  await settled(page);
  expect(windows.at(-1)).toEqual({ from: '01.01.2015', to: '01.01.2025' });
  const plausible = /^\d{2}\.\d{2}\.(19[7-9]\d|20\d{2})$/;
  for (const window of windows) {
    expect(window.from).toMatch(plausible);
    expect(window.to).toMatch(plausible);
  }
  expect(statuses.filter((status) => status >= 400)).toEqual([]);

  // A year cut short in the end date, then Enter: refused, said, never sent.
  const sent = windows.length;
  await to.click();
  await page.keyboard.press('End');
  for (let key = 0; key < 4; key++) await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await expect(to).toHaveValue('01.01.2');
  await expect(dateError(page)).toHaveCount(0); // typing goes on
  await page.keyboard.press('Enter');
  await expect(dateError(page)).toHaveText('Enter a date as DD.MM.YYYY');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(capNotice(page)).toHaveCount(0);
  // A whole date outside the stock's dates: refused on leaving the field, with the dates allowed.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1969');
  await page.keyboard.press('Tab');
  await expect(dateError(page)).toHaveText(`Enter a date from 01.01.1970 to ${data.excelDefaultEnd}`);
  await requestsSoFar(page);
  expect(windows).toHaveLength(sent);
  expect(statuses.filter((status) => status >= 400)).toEqual([]);
  // Escape in the field brings back the date in effect.
  await to.press('Escape');
  await expect(to).toHaveValue('01.01.2025');
  await expect(dateError(page)).toHaveCount(0);
});

test('custom dates spanning more than 10 years: the date the user did not touch moves (SPEC §5)', async ({
  page,
}) => {
  await openStock(page);
  const data = await pageData(page);
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];
  const notice = capNotice(page);

  // A start 11½ years before the last date: the end moves to 10 years after it.
  let request = page.waitForRequest(isTradings);
  await enterDate(from, '01.06.2015');
  expect(tradingsBody(await request)).toMatchObject({ date_from: '01.06.2015', date_to: '01.06.2025' });
  await expect(to).toHaveValue('01.06.2025');
  await expect(notice).toHaveText('The period is limited to 10 years: showing 01.06.2015 to 01.06.2025');
  await settled(page);

  // Then the end back to the last date: now the start moves to 10 years before it.
  request = page.waitForRequest(isTradings);
  await enterDate(to, data.excelDefaultEnd);
  const tenYearsBack = monthsBack(data.excelDefaultEnd, 120);
  expect(tradingsBody(await request)).toMatchObject({
    date_from: tenYearsBack,
    date_to: data.excelDefaultEnd,
  });
  await expect(from).toHaveValue(tenYearsBack);
  await expect(notice).toHaveText(
    `The period is limited to 10 years: showing ${tenYearsBack} to ${data.excelDefaultEnd}`,
  );
  await settled(page);
  await expect(
    chart(page).getByRole('tablist', { name: 'Chart period' }).locator('[aria-selected="true"]'),
  ).toHaveCount(0);
});

/** The focused element through the shadow roots: its accessible name or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null;
  });

/** DD.MM.YYYY `days` later (negative: earlier). */
const addDays = (date: string, days: number) => display(ms(date) + days * DAY_MS);

test('the calendar picks a window by mouse and by keyboard; the chart and the archive reload with it', async ({
  page,
}) => {
  const errors = failOnPageErrors(page);
  await openStock(page);
  const data = await pageData(page);
  const last = data.excelDefaultEnd;
  const periodEvents: unknown[] = [];
  await page.exposeFunction('recordPeriod', (detail: unknown) => periodEvents.push(detail));
  await chart(page).evaluate((element) =>
    element.addEventListener('fin-period-change', (e) =>
      (window as unknown as { recordPeriod(d: unknown): void }).recordPeriod((e as CustomEvent).detail),
    ),
  );
  const popup = chart(page).locator('[part~="date-picker-popup"]');
  const day = (date: string) => popup.locator(`[data-date="${date}"]`);
  const toggle = chart(page).locator('[part~="date-picker-button"]');
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];
  /** Waits for the chart's and the archive's calls of the next window. */
  const reloads = () => ({
    tradings: page.waitForRequest(isTradings),
    archive: page.waitForRequest((request) => request.url().includes('/createTableTradingFullInfo/')),
  });
  const expectWindow = async (calls: ReturnType<typeof reloads>, start: string, end: string) => {
    expect(tradingsBody(await calls.tradings)).toMatchObject({
      date_from: start,
      date_to: end,
      userChangePeriod: true,
    });
    expect((await calls.archive).postDataJSON()).toEqual({ dateFrom: start, dateTo: end });
    await expect(from).toHaveValue(start);
    await expect(to).toHaveValue(end);
    await expect(
      chart(page).getByRole('tablist', { name: 'Chart period' }).locator('[aria-selected="true"]'),
    ).toHaveCount(0);
    await settled(page);
    await expect(
      page.locator('fin-archive-table').getByRole('heading', { name: archiveCaption(start, end) }),
    ).toBeVisible();
    expect(periodEvents.at(-1)).toEqual({ id: null, from: start, to: end });
  };

  // Mouse: the calendar opens on the start's month; a start, then an end a month later.
  const shown = monthsBack(last, 1);
  const start = `${shown.startsWith('10.') ? '11' : '10'}${shown.slice(2)}`;
  const end = addDays(last, -2);
  await toggle.click();
  await expect(popup).toBeVisible();
  // A popup over the page, not a block pushing the chart down (the widget's styles are in place).
  expect(await popup.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
  await expect(popup.getByText('Choose the start date')).toBeVisible();
  // Nothing after the last trading date; the shortcuts count back from it.
  const shortcuts = popup.locator('.fin-date-picker__shortcut');
  await expect(shortcuts).toHaveText(['Last 30 days', 'Last 7 days']);
  let calls = reloads();
  await day(start).click();
  await expect(popup.getByText('Choose the end date')).toBeVisible();
  // The start's month may end its grid between the end and the day after the last trading date:
  // the last date's own month shows both.
  const dayAfterLast = addDays(last, 1);
  if (!((await day(end).isVisible()) && (await day(dayAfterLast).isVisible())))
    await popup.getByRole('button', { name: 'Next month' }).click();
  await expect(day(dayAfterLast)).toHaveAttribute('aria-disabled', 'true');
  await day(end).click();
  await expect(popup).toBeHidden();
  await expectWindow(calls, start, end);

  // Keyboard: Tab from the end date to the calendar button, Enter; the grid has the start. A month
  // back and a day on for the new start, two weeks on for the end; focus returns to the button.
  await to.focus();
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Choose date');
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  calls = reloads();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowRight');
  const keyStart = addDays(monthsBack(start, 1), 1);
  await expect(day(keyStart)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup.getByText('Choose the end date')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(popup).toBeHidden();
  expect(await focusedName(page)).toBe('Choose date');
  await expectWindow(calls, keyStart, addDays(keyStart, 14));
  expect(periodEvents).toHaveLength(2);
  expect(errors).toEqual([]);
});

test('at 375 px the chart is laid out for a phone: compact controls, the plot 60 % of the screen, one-line legend', async ({
  page,
}, testInfo) => {
  const screen = { width: 375, height: 812 };
  await page.setViewportSize(screen);
  await signInAs(page.request, 'paid');
  await openStock(page, '/stocks/sber/?lang=rus');
  await chart(page).locator('[data-action="compare"]').click();
  await compareWith(page, 'lkoh');
  await compareWith(page, 'imoex');
  await chart(page).locator('[data-action="compare"]').click();
  await expect(legendItems(page)).toHaveCount(3);
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
  await chart(page).evaluate((element) => element.scrollIntoView());

  // The plot is at least 60 % of the screen high, and the controls and the plot fit one screen.
  const element = (await chart(page).boundingBox())!;
  const plotBox = (await canvasHost(page).boundingBox())!;
  expect(plotBox.height).toBeGreaterThanOrEqual(0.6 * screen.height);
  expect(plotBox.y + plotBox.height - element.y).toBeLessThanOrEqual(screen.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);

  // Each legend name on one line (a long one cut with an ellipsis, its full text kept as the
  // title and for screen readers); the figures go under it.
  const names = legendItems(page).locator('.sc__legend-name');
  for (let i = 0; i < 3; i++) {
    const item = (await legendItems(page).nth(i).boundingBox())!;
    expect(item.x + item.width).toBeLessThanOrEqual(screen.width);
    const name = names.nth(i);
    const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await name.boundingBox())!.height, `legend name ${i}`).toBeLessThan(1.5 * lineHeight);
    expect(await name.getAttribute('title')).toBe((await name.textContent())!.trim());
  }
  await expect(names.nth(1)).toHaveText('Лукойл (Московская биржа)');

  // Watchlist and export behind one "more" button: Escape closes it, back on the button.
  const more = chart(page).locator('[part~="more-button"]');
  const exportButton = chart(page).locator('[data-action="export"]');
  await expect(exportButton).toBeHidden();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(exportButton).toBeVisible();
  await expect(chart(page).locator('[data-action="watchlist"]')).toBeVisible();
  const menu = (await chart(page).locator('[part~="more"]').boundingBox())!;
  expect(menu.x).toBeGreaterThanOrEqual(0);
  expect(menu.x + menu.width).toBeLessThanOrEqual(screen.width);
  await testInfo.attach('stock chart at 375 px, more actions open', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await page.keyboard.press('Escape');
  await expect(exportButton).toBeHidden();
  await expect(more).toBeFocused();
  // The desktop keeps the actions in the toolbar, without the "more" button.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(exportButton).toBeVisible();
  await expect(more).toBeHidden();
});

test('at 375 px the period tabs and the date picker fit the screen, and so does the calendar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openStock(page);
  const width = 375;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const inside = async (locator: Locator, what: string) => {
    const box = (await locator.boundingBox())!;
    expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(width);
  };
  await inside(chart(page).locator('[part~="period"]'), 'period controls');
  await inside(dateInputs(page).first(), 'from');
  await inside(dateInputs(page).last(), 'to');
  const toggle = chart(page).locator('[part~="date-picker-button"]');
  await inside(toggle, 'calendar button');
  // From and To on one line (compact controls), without the '~' their labels make needless.
  const [fromBox, toBox] = [
    (await dateInputs(page).first().boundingBox())!,
    (await dateInputs(page).last().boundingBox())!,
  ];
  expect(Math.abs(toBox.y - fromBox.y)).toBeLessThan(1);
  expect(toBox.x).toBeGreaterThan(fromBox.x + fromBox.width);
  await expect(chart(page).locator('.fin-date-picker__separator')).toBeHidden();
  // The whole date fits in each input (nothing cut off).
  for (const input of [dateInputs(page).first(), dateInputs(page).last()])
    expect(
      await input.evaluate((element: HTMLInputElement) => element.scrollWidth <= element.clientWidth),
    ).toBe(true);
  await toggle.click();
  const popup = chart(page).locator('[part~="date-picker-popup"]');
  await expect(popup).toBeVisible();
  await inside(popup, 'calendar');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});

test('a ground-1 stock without intraday bars shows no Today from the start and never asks for it', async ({
  page,
}) => {
  const requests: TradingsRequest[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) requests.push(tradingsBody(request));
  });
  expect(await pageData(page, '/stocks/dias/')).toMatchObject({ groundId: 1, intradayAvailable: false });
  expect(await pageData(page)).toMatchObject({ groundId: 1, intradayAvailable: true });
  await openStock(page, '/stocks/dias/?lang=eng');
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');
  await expect(periodTab(page, 'Today')).toHaveCount(0);
  await periodTab(page, '3M').click();
  await settled(page);
  await expect(periodTab(page, 'Today')).toHaveCount(0);
  expect(requests.length).toBeGreaterThanOrEqual(2);
  expect(requests.some((request) => request.date_from === request.date_to)).toBe(false);
});

test('the chart is created once: the dynamic table and the archive hide it, coming back shows the same chart updated', async ({
  page,
}) => {
  await openStock(page);
  const data = await pageData(page);
  await canvasHost(page).evaluate((host) => {
    Object.assign(host, { sameChart: true });
    Object.assign(host.querySelector('canvas')!, { sameCanvas: true });
  });
  const rendered = Number(await canvasHost(page).getAttribute('data-rendered'));
  const canvases = await canvasHost(page).locator('canvas').count();

  await viewTab(page, 'Dynamic table').click();
  await expect(canvasHost(page)).toBeHidden();
  await expect(chart(page).getByRole('table')).toBeVisible();
  await viewTab(page, 'Archive').click();
  // A new period while the chart is out of sight: it is updated in place, not rebuilt.
  await periodTab(page, '3M').click();
  await expect(
    chart(page).getByRole('heading', {
      name: archiveCaption(monthsBack(data.excelDefaultEnd, 3), data.excelDefaultEnd),
    }),
  ).toBeVisible();
  await viewTab(page, 'Chart').click();
  await expect(canvasHost(page)).toBeVisible();
  await settled(page);
  expect(
    await canvasHost(page).evaluate(
      (host) => 'sameChart' in host && 'sameCanvas' in (host.querySelector('canvas') ?? {}),
    ),
  ).toBe(true);
  expect(Number(await canvasHost(page).getAttribute('data-rendered'))).toBeGreaterThan(rendered);
  expect(await canvasHost(page).locator('canvas').count()).toBe(canvases);
});

test('cold chart: built out of sight while the labels and the first tradings are on the way, and that chart draws them', async ({
  page,
}) => {
  // A page without its preload (an older template): the labels come by their own calls. They and
  // the tradings wait until the chart is checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const waiting: string[] = [];
  await page.route(/\/api\/(labels\/|stocks\/get_tradings\/)/, async (route) => {
    waiting.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  await page.goto('/stocks/sber/?lang=eng&preload=0');
  // amCharts is loaded and its Root built: canvases in the shadow root, unseen, no chart shown yet.
  const canvas = chart(page).locator('canvas[class*="am5-layer"]').first();
  await expect(canvas).toBeAttached();
  await expect(canvas).toBeHidden();
  await expect(canvasHost(page)).toHaveCount(0);
  await expect.poll(() => waiting).toContain(TRADINGS);
  const warmCanvas = await canvas.elementHandle();
  // It takes no room: the element is as high with it as without it.
  const heights = await canvas.evaluate((kept) => {
    let box = kept as Element;
    while (box.parentNode && !(box.parentNode instanceof ShadowRoot)) box = box.parentNode as Element;
    const host = (box.parentNode as ShadowRoot).host;
    const withIt = host.getBoundingClientRect().height;
    (box as HTMLElement).style.display = 'none';
    const without = host.getBoundingClientRect().height;
    (box as HTMLElement).style.display = '';
    return [withIt, without];
  });
  expect(heights[0]).toBe(heights[1]);
  release();
  await settled(page);
  // The chart that draws the tradings is the one built while waiting, and the only one.
  expect(await canvasHost(page).evaluate((host, kept) => host.contains(kept), warmCanvas)).toBe(true);
  expect(
    await chart(page).evaluate(
      (element) =>
        [...element.shadowRoot!.querySelectorAll('canvas[class*="am5-layer"]')].filter(
          (item) => !item.closest('[part~="chart"]'),
        ).length,
    ),
  ).toBe(0);
});

test('compare: the clear button of the compare field cancels the comparison and reloads the single chart', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  await openStock(page);
  const changes: unknown[] = [];
  await page.exposeFunction('recordCompare', (detail: unknown) => changes.push(detail));
  await chart(page).evaluate((element) =>
    element.addEventListener('fin-compare-change', (e) =>
      (window as unknown as { recordCompare(d: unknown): void }).recordCompare((e as CustomEvent).detail),
    ),
  );
  await chart(page).locator('[data-action="compare"]').click();
  await compareWith(page, 'lkoh');
  await expect(legendItems(page)).toHaveCount(2);
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);
  const single = page.waitForRequest(isTradings);
  await chart(page).locator('[part~="compare"] [part~="clear"]').click();
  expect(tradingsBody(await single).stocks_ids).toEqual([1]);
  await expect(legendItems(page)).toHaveCount(1);
  await expect(plot(page)).not.toHaveAttribute('data-compare', 'true');
  await expect(chart(page).locator('[part~="compare"] [part~="input"]')).toHaveValue('');
  await expect.poll(() => changes.at(-1)).toEqual({ stocks: [], indexes: [] });
  await settled(page);
});

test('compare: an index whose data fails is removed and only logged; an instrument without data says null_compare_data', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await openStock(page);
  await chart(page).locator('[data-action="compare"]').click();
  await compareWith(page, 'imoex');
  await expect(legendItems(page)).toHaveCount(2);
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);

  // The index call of the new window fails: the index leaves the legend, nothing is shown.
  await page.route('**/api/indexes/*/getGraphicData/', (route) =>
    route.fulfill({ status: 500, json: { error: 'index data unavailable' } }),
  );
  await periodTab(page, '3M').click();
  await expect(legendItems(page)).toHaveCount(1);
  await settled(page);
  await expect(chartAlert(page)).toHaveCount(0);
  expect(logged.some((text) => text.includes('compared indexes not loaded'))).toBe(true);
  await page.unroute('**/api/indexes/*/getGraphicData/');

  // A window of 2020: Diasoft was listed years later, so it has nothing to compare there.
  await enterDate(dateInputs(page).first(), '01.01.2020');
  await settled(page);
  await enterDate(dateInputs(page).last(), '31.01.2020');
  await settled(page);
  await compareWith(page, 'dias');
  const alert = chartAlert(page);
  await expect(alert.locator('[part~="text"]')).toHaveText('No data to compare for the selected period');
  await expect(alert).toHaveAttribute('data-key', 'compare:null_compare_data');
  await expect(legendItems(page)).toHaveCount(1);
});

test('compare: the 11th index gives max_indexes_in_compare', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page.request, 'paid');
  await openStock(page);
  await chart(page).locator('[data-action="compare"]').click();
  const terms = [
    'imoex',
    'rtsi',
    'moexbc',
    'moexog',
    'moexfn',
    'moexmm',
    'moextl',
    'moextn',
    'moexeu',
    'rgbi',
  ];
  for (const [index, term] of terms.entries()) {
    await compareWith(page, term);
    await expect(legendItems(page)).toHaveCount(index + 2);
  }
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await compareWith(page, 'spx');
  const alert = chartAlert(page);
  await expect(alert.locator('[part~="text"]')).toHaveText('You can compare at most 10 indexes');
  await expect(alert).toHaveAttribute('data-key', 'compare:max_indexes_in_compare');
  await expect(legendItems(page)).toHaveCount(11);
});

for (const audience of ['anonymous', 'free', 'paid'] as const) {
  test(`${audience}: split flags on the chart for paid users only (SPEC §6)`, async ({ page }) => {
    await signInAs(page.request, audience);
    const data = await pageData(page, '/stocks/gmkn/');
    const split = data.stockInfo.splits[0]!;
    await openStock(page, '/stocks/gmkn/?lang=eng');
    const [from, to] = [display(ms(split.date) - 30 * DAY_MS), display(ms(split.date) + 30 * DAY_MS)];
    await enterDate(dateInputs(page).first(), from);
    await settled(page);
    const answer = page.waitForResponse(
      (response) => isTradings(response.request()) && tradingsBody(response.request()).date_to === to,
    );
    await enterDate(dateInputs(page).last(), to);
    const series = (await (await answer).json()) as TradingSeries[];
    await settled(page);
    if (audience === 'paid') {
      const split = series[0]?.events?.find((event) => event.type === 'split');
      expect(split?.text).toMatch(/1:100|100/);
      expect(Number(await plot(page).getAttribute('data-flags'))).toBe(series[0]!.events!.length);
    } else {
      expect(series[0]?.events).toBeUndefined();
      await expect(plot(page)).toHaveAttribute('data-flags', '0');
    }
  });
}

test('Excel export: a failed archive load says so instead of "no trading data to export"', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  await page.route('**/createTableTradingFullInfo/', (route) =>
    route.fulfill({ status: 500, json: { error: 'archive unavailable' } }),
  );
  await expectExportRefused(
    page,
    'The trading archive for this period could not be loaded, so there is nothing to export yet. Try again.',
  );
});

interface PageLeaks {
  timers: number;
  longTimers: number;
  listeners: number;
}

/** What the leak check measured around a loop of mounting and unmounting <fin-stock-chart>. */
interface LeakReport {
  /** Timers and listeners of the page before any chart (its stores and alerts) was there. */
  bare: PageLeaks;
  /** Just after the last chart left with its alert showing. */
  justLeft: PageLeaks;
  /** Once the stores' delayed unmounts have run. */
  left: PageLeaks;
  /** Heap and live canvases after the warm-up and after the loop. */
  base: { heap: number; canvases: number };
  after: { heap: number; canvases: number };
  /** What a ground event asked the server for once every chart had left. */
  requests: string[];
  errors: string[];
}

/**
 * Mounts and unmounts <fin-stock-chart> `cycles` times after `warmUp` cycles, each time using the
 * chart, its views, the compare field, a period change in flight and an alert showing when it
 * leaves, and measures what stays. The page's clock is Playwright's: the compare field's search
 * debounce and the stores' delayed unmounts are fast-forwarded instead of waited for.
 * `keepCharts` is the positive control: a page hook keeps every chart (with its amCharts Root,
 * stores and listeners) alive in a closed shadow root instead of letting it go.
 */
async function mountUnmountLoop(
  page: Page,
  { warmUp, cycles, keepCharts = false }: { warmUp: number; cycles: number; keepCharts?: boolean },
): Promise<LeakReport> {
  await signInAs(page.request, 'paid');
  // Before the page's first script, so the timers counted below are the clock's.
  await page.clock.install();
  // Pending timers and window/document listeners of the page, counted from the first script on.
  await page.addInitScript(() => {
    /** Pending timers by id: their delay in ms. */
    const timers = new Map<number, number>();
    const setT = window.setTimeout.bind(window);
    const clearT = window.clearTimeout.bind(window);
    const setI = window.setInterval.bind(window);
    const clearI = window.clearInterval.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id: number = setT(() => {
        timers.delete(id);
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...args);
      }, ms);
      timers.set(id, ms ?? 0);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) timers.delete(id);
      clearT(id);
    }) as typeof window.clearTimeout;
    window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id: number = setI(handler, ms, ...args);
      timers.set(id, Infinity);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      if (id !== undefined) timers.delete(id);
      clearI(id);
    }) as typeof window.clearInterval;
    // Listeners the elements' code puts on window and document (not the test tool's), less the
    // one React adds once for the document's life (selectionchange).
    let listeners = 0;
    const counted = (type: string) =>
      type !== 'selectionchange' && (new Error().stack ?? '').includes('/dist/');
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      target.addEventListener = (...args: Parameters<EventTarget['addEventListener']>) => {
        if (counted(args[0])) listeners += 1;
        add(...args);
      };
      target.removeEventListener = (...args: Parameters<EventTarget['removeEventListener']>) => {
        if (counted(args[0])) listeners -= 1;
        remove(...args);
      };
    }
    Object.assign(window, {
      finLeaks: () => ({
        timers: timers.size,
        // Alerts (3 s), call timeouts, intervals: the stores' own unmount delays are 1 s.
        longTimers: [...timers.values()].filter((ms) => ms >= 2000).length,
        listeners,
      }),
    });
  });
  // An empty archive: the export says so in an alert (a 3 s timer) instead of downloading.
  await page.route('**/createTableTradingFullInfo/', (route) =>
    route.fulfill({
      json: {
        result: false,
        data: [],
        fields: [],
        fieldsLabels: {},
        total: 0,
        dateFrom: '',
        dateTo: '',
        currency: 'RUB',
      },
    }),
  );
  // The page without its chart: the module loads, nothing has mounted yet.
  await page.route('**/test/only/fin-stock-chart/?lang=eng', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<fin-stock-chart></fin-stock-chart>', '');
    await route.fulfill({ response, body: html });
  });
  const errors = failOnPageErrors(page);
  await page.goto('/test/only/fin-stock-chart/?lang=eng');
  await page.waitForFunction(() => customElements.get('fin-stock-chart') !== undefined);
  const cdp = await page.context().newCDPSession(page);
  const heapAfterGc = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const liveCanvases = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const objectGroup = 'fin-leak-check';
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'HTMLCanvasElement.prototype',
      objectGroup,
    });
    const { objects } = await cdp.send('Runtime.queryObjects', {
      prototypeObjectId: result.objectId!,
      objectGroup,
    });
    const { result: count } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId!,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    });
    // The list holds every canvas it found: let it go, or the next count sees them all again.
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup });
    return count.value as number;
  };
  const leaks = () => page.evaluate(() => (window as unknown as { finLeaks(): PageLeaks }).finLeaks());
  /**
   * Nothing on the page, and the stores' delayed unmounts have run (1 s each, chained up to three
   * deep: the archive store lets the block's stores go, the ground store lets the page data go).
   */
  const idle = async () => {
    await expect(chart(page)).toHaveCount(0);
    await page.clock.runFor(3500);
  };
  const mount = () =>
    page.evaluate(() => document.querySelector('main')!.append(document.createElement('fin-stock-chart')));
  const unmount = () =>
    page.evaluate((keep) => {
      const element = document.querySelector('fin-stock-chart')!;
      if (!keep) return element.remove();
      // The leak: the chart stays connected, out of the test's sight.
      const holder = document.body.appendChild(document.createElement('div'));
      holder.attachShadow({ mode: 'closed' }).append(element);
    }, keepCharts);

  const cycle = async (i: number) => {
    await mount();
    await settled(page);
    await viewTab(page, 'Dynamic table').click();
    await viewTab(page, 'Archive').click();
    await expect(chart(page).getByText('No data for the period')).toBeVisible();
    await viewTab(page, 'Chart').click();
    await chart(page).locator('[data-action="compare"]').click();
    await chart(page)
      .locator('[part~="compare"] [part~="input"]')
      .fill(i % 2 === 0 ? 'lkoh' : 'imoex');
    await page.clock.runFor(300); // the search debounce
    await chart(page).locator('[part~="compare"] [part~="option"]').first().click();
    await expect(legendItems(page)).toHaveCount(2);
    // A period change in flight and an alert showing when the element leaves.
    await periodTab(page, i % 2 === 0 ? '6M' : '1Y').click();
    await chart(page).locator('[data-action="export"]').click();
    await expect(chartAlert(page)).toBeVisible();
    await unmount();
  };

  const bare = await leaks();
  // Warm-up: labels, searches and the engine's caches fill during the first cycles.
  for (let i = 0; i < warmUp; i++) await cycle(i);
  await idle();
  const base = { heap: await heapAfterGc(), canvases: await liveCanvases() };
  for (let i = 0; i < cycles; i++) await cycle(i);
  const justLeft = await leaks();
  await idle();
  const left = await leaks();
  const after = { heap: await heapAfterGc(), canvases: await liveCanvases() };

  // A ground event: a chart still subscribed would load for it.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!isRequestsMarker(request.url())) requests.push(request.url());
  });
  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent('fin-ground-select', { detail: { groundId: 2 }, bubbles: true })),
  );
  await requestsSoFar(page);
  return { bare, justLeft, left, base, after, requests, errors };
}

/** 30 charts with their data, stores and searches left behind would be far beyond this bound. */
const LEAKED_HEAP_BYTES = 2_000_000;

test('mounting and unmounting <fin-stock-chart> 30 times leaks neither memory, canvases, timers nor listeners', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { bare, justLeft, left, base, after, requests, errors } = await mountUnmountLoop(page, {
    warmUp: 8,
    cycles: 30,
  });
  // Just after the last chart left with its alert showing: no alert or call timer runs on.
  expect(justLeft.longTimers, 'alert and call timers').toBeLessThanOrEqual(bare.longTimers);
  expect(left.timers, 'pending timers').toBeLessThanOrEqual(bare.timers);
  expect(left.listeners, 'window and document listeners').toBeLessThanOrEqual(bare.listeners);
  expect(after.canvases).toBeLessThanOrEqual(base.canvases);
  expect(after.heap - base.heap, `heap grew from ${base.heap} to ${after.heap} bytes`).toBeLessThan(
    LEAKED_HEAP_BYTES,
  );
  // Nothing is still subscribed: a ground event finds no chart to load for it.
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
});

test('the leak check fires on charts that are never let go (positive control)', async ({ page }) => {
  test.setTimeout(120_000);
  const { bare, justLeft, left, base, after, requests } = await mountUnmountLoop(page, {
    warmUp: 2,
    cycles: 4,
    keepCharts: true,
  });
  // Each check of the test above finds the charts kept alive.
  expect(justLeft.longTimers, 'alert timers').toBeGreaterThan(bare.longTimers);
  expect(left.listeners, 'window and document listeners').toBeGreaterThan(bare.listeners);
  expect(after.canvases, 'live canvases').toBeGreaterThan(base.canvases);
  expect(after.heap - base.heap, `heap grew from ${base.heap} to ${after.heap} bytes`).toBeGreaterThan(
    LEAKED_HEAP_BYTES,
  );
  expect(requests.length, 'loads for the ground event').toBeGreaterThan(0);
});

// ---------------------------------------------------------------------------------------------
// Pictures with fixed data (the calls are answered with fixtures; only the chart is captured)

function fixedWalk(seed: number, points: number, startValue: number): Array<[number, number]> {
  let state = seed;
  let value = startValue;
  const out: Array<[number, number]> = [];
  let time = Date.UTC(2025, 0, 6);
  while (out.length < points) {
    const day = new Date(time).getUTCDay();
    if (day !== 0 && day !== 6) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      value = Math.max(1, value * (1 + (state / 2_147_483_648 - 0.5) * 0.04));
      out.push([time, Math.round(value * 100) / 100]);
    }
    time += DAY_MS;
  }
  return out;
}

function fixtureSeries(stockId: number, tgId: number, field: TradingSeries['field']): TradingSeries {
  const closes = fixedWalk(stockId * 7 + 1, 120, 100 + stockId * 20);
  const data: Array<[number, number]> = closes.map(([time, close], i) => {
    const open = i === 0 ? close : closes[i - 1]![1];
    const values = {
      open,
      close,
      high: Math.max(open, close) * 1.01,
      low: Math.min(open, close) * 0.99,
      volume: 1_000_000 + ((i * 7919) % 50) * 40_000,
    };
    return [time, Math.round(values[field] * 100) / 100];
  });
  return {
    field,
    name: `Stock ${stockId}`,
    data,
    color: '#000',
    stockId,
    tgId,
    stockName: `Stock ${stockId}`,
    tgName: 'Moscow Exchange',
    ticker: `S${stockId}`,
    currency: 'RUB',
    intraday: false,
    events:
      field === 'close' && stockId === 1
        ? [
            { type: 'dividend', date: closes[40]![0], text: 'Dividend 33.30 RUB' },
            { type: 'split', date: closes[90]![0], text: 'Split 1:10' },
          ]
        : [],
  };
}

async function fixtures(page: Page): Promise<void> {
  await page.route(`**${TRADINGS}`, (route) => {
    const body = route.request().postDataJSON() as TradingsRequest;
    const fields = body.fields ?? ['close'];
    return route.fulfill({
      json: body.stocks_ids.flatMap((stockId, i) =>
        fields.map((field) => fixtureSeries(stockId, body.trading_ground_ids[i]!, field)),
      ),
    });
  });
  await page.route('**/api/indexes/*/getCompareGraphicData/', (route) => {
    const id = (route.request().postDataJSON() as { index_id: number }).index_id;
    return route.fulfill({
      json: {
        index_id: id,
        name: 'MOEX Russia Index',
        code: 'IMOEX',
        graph_data: fixedWalk(id + 99, 110, 3000).map(([time, value]) => ({
          'date.numeric': time / 1000 + (40 * DAY_MS) / 1000,
          value,
          date: display(time),
        })),
      },
    });
  });
}

/**
 * Compared exactly, as the chart widget's own pictures (chart.e2e.ts): the lines are a few percent
 * of a picture's pixels, so any tolerance by ratio would pass with a series missing. Only the
 * amCharts logo, which fades in 3 s after the chart is made, is left out.
 */
async function picture(locator: Locator, name: string): Promise<void> {
  await expect(locator).toHaveScreenshot(name, {
    maxDiffPixels: 0,
    animations: 'disabled',
    mask: [await amChartsLogoMask(locator)],
  });
}

test('pictures: the chart with flags, the extended chart and compare mode (fixed data)', async ({ page }) => {
  await signInAs(page.request, 'paid');
  await fixtures(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/stocks/sber/?lang=eng');
  // A fixed width, so the pictures do not depend on the page template's columns.
  await page.addStyleTag({
    content: 'fin-stock-chart { width: 800px !important; max-width: none !important; }',
  });
  await settled(page);
  await page.mouse.move(0, 0);
  await picture(canvasHost(page), 'stock-chart-line.png');

  await viewTab(page, 'Extended chart').click();
  await settled(page);
  await picture(canvasHost(page), 'stock-chart-extended.png');

  await viewTab(page, 'Chart').click();
  await settled(page);
  await chart(page).locator('[data-action="compare"]').click();
  await compareWith(page, 'gazp');
  await compareWith(page, 'imoex');
  await expect(legendItems(page)).toHaveCount(3);
  await expect(legendItems(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
  await page.mouse.move(0, 0);
  await picture(canvasHost(page), 'stock-chart-compare.png');
});
