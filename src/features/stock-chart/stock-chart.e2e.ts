/**
 * <fin-stock-chart> in Chromium against the reference server: what each audience gets (raw
 * answers and the screen), periods and the 206 retry, Today per ground, the ground switch without
 * a reload, the archive following the period, compare limits and alerts, the Excel export rules,
 * the watchlist, and pictures of the chart, the extended chart and compare mode with fixed data.
 */
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import type { TradingSeries, TradingsRequest } from '../../core/api/stocks.ts';
import type { StockPageData } from '../../core/types.ts';
import { signIn, signInAs, PAID_PHONE, type Audience } from '../../../demo-pages/testing/session.ts';

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
const dateInputs = (page: Page) => chart(page).locator('input[type="date"]');

function failOnPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until nothing loads and the chart has drawn the view the element handed it (the chart
 * reports the points of the view it drew; the element says how many it handed over).
 */
async function settled(page: Page): Promise<void> {
  await expect(chart(page).locator('.sc__body')).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 20_000,
  });
  await expect
    .poll(
      async () => {
        const drawn = await canvasHost(page).getAttribute('data-points');
        return drawn !== null && drawn === (await plot(page).getAttribute('data-view-points'));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function openStock(page: Page, path = '/stocks/sber/?lang=eng'): Promise<void> {
  await page.goto(path);
  await settled(page);
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
    const box = (await canvasHost(page).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
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
      await expect(prompt.getByRole('link')).toHaveAttribute('href', '/login/');
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
      await expect(chart(page).locator('[data-prompt="export"]')).toContainText(
        'Access denied. Log in to continue.',
      );
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
  const real = ((await (await paid.post(TRADINGS, { data: body })).json()) as TradingSeries[])[0]!;
  await paid.dispose();
  expect(real.scaled).toBeUndefined();
  const closes = real.data.map(([, value]) => value);
  expect(closes.length).toBeGreaterThan(10);

  for (const audience of ['anonymous', 'free'] as const) {
    const context = await playwright.request.newContext({ baseURL });
    await signInAs(context, audience);
    const response = await context.post(TRADINGS, { data: body });
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
  await expect(dateInputs(page).first()).toHaveValue(from.split('.').reverse().join('-'));
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
  await expect(page.locator('fin-archive-table').getByRole('heading', { name: caption })).toBeVisible();
});

test('custom dates: a start after the end is refused; a window before the listing follows the 206 once', async ({
  page,
}) => {
  const data = await pageData(page, '/stocks/dias/');
  await openStock(page, '/stocks/dias/?lang=eng');
  const [from, to] = [dateInputs(page).first(), dateInputs(page).last()];

  await from.fill(`${data.excelDefaultEnd.slice(6)}-12-31`);
  await expect(chart(page).locator('[data-error="period"]')).toHaveText(
    'The start date is after the end date',
  );
  await expect(periodTab(page, '1M')).toHaveAttribute('aria-selected', 'true');

  // 2020: years before the listing. The server answers 206 with the last date that has bars.
  const requests: TradingsRequest[] = [];
  page.on('request', (request) => {
    if (isTradings(request)) requests.push(tradingsBody(request));
  });
  await from.fill('2020-01-01');
  await expect.poll(() => requests.length).toBeGreaterThanOrEqual(1);
  await to.fill('2020-01-31');
  await expect.poll(() => requests.length).toBeGreaterThanOrEqual(3);
  const moved = requests.at(-1)!;
  expect(requests.at(-2)).toMatchObject({
    date_from: '01.01.2020',
    date_to: '31.01.2020',
    getChartIteration: 1,
  });
  expect(moved).toMatchObject({ date_to: data.excelDefaultEnd, getChartIteration: 2 });
  expect((ms(moved.date_to) - ms(moved.date_from)) / DAY_MS).toBe(30);
  await settled(page);
  await expect(from).toHaveValue(moved.date_from.split('.').reverse().join('-'));
  await expect(
    chart(page).getByRole('tablist', { name: 'Chart period' }).locator('[aria-selected="true"]'),
  ).toHaveCount(0);
  await expect(chart(page).locator('[data-empty]')).toHaveCount(0);
  expect(requests).toHaveLength(3);
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
  const alert = chart(page).getByRole('alert');
  await expect(alert).toHaveText('You can compare at most 10 stocks');
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
  const tenYearsBack = `${+data.excelDefaultEnd.slice(6) - 10}-${data.excelDefaultEnd.slice(3, 5)}-${data.excelDefaultEnd.slice(0, 2)}`;
  const archive = page.waitForResponse((response) => response.url().includes('/createTableTradingFullInfo/'));
  await dateInputs(page).first().fill(tenYearsBack);
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
  await expect(chart(page).getByRole('alert')).toHaveText(
    'Access denied. This feature requires paid access.',
  );

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
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/archive-export/')) exports.push(request.url());
  });
  await openStock(page);
  await chart(page).locator('[data-action="export"]').click();
  await expect(chart(page).getByRole('alert')).toHaveText(
    'There is no trading data to export for this period',
  );
  expect(exports).toEqual([]);
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
  await expect(chart(page).getByRole('alert')).toHaveText('The watchlist is saved');
  await expect(dialog).toBeHidden();

  await chart(page).locator('[data-action="watchlist"]').click();
  await expect(dialog.getByRole('checkbox', { name: 'SPB Exchange' })).toBeChecked();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('15');
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

async function picture(locator: Locator, name: string): Promise<void> {
  await expect(locator).toHaveScreenshot(name, { maxDiffPixelRatio: 0.02, animations: 'disabled' });
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
