/**
 * The element path of the chart bench: `<fin-stock-chart>` on the reference server's stock page,
 * with the tradings link answered by `page.route` (N synthetic points per requested stock).
 * The page's user is turned into a paid one in the page (`#fin-user` and the legacy globals), so
 * the chart shows its value axis and read-out as for a paying visitor; the bench server runs in
 * production mode, which has no sign-in shortcut.
 *
 * Measured: the tradings answer of a period switch reaching the page (its `fetch` resolving) →
 * the chart's host marked `data-rendered` for it. That includes parsing the answer, the
 * element's store and React render, and the chart; the mark is set one animation frame after
 * the settled frame, so the figure is an upper bound.
 */
import type { Browser, Page, Route } from 'playwright-core';
import type { TradingSeries, TradingsRequest } from '../src/contract/stocks.ts';
import { randomWalk } from '../src/widgets/chart/testing/synthetic.ts';
import type { Measurement, Scenario } from './chart-bench.page.ts';

const TRADINGS = '/api/stocks/get_tradings/';
const DAY_MS = 86_400_000;
/** Stocks the compare field finds on the demo server, added for the 10-series case. */
const COMPARED_TERMS = ['lkoh', 'gazp', 'gmkn', 'rosn', 'nvtk', 'mgnt', 'mtss', 'tatn', 'sngs'];
const SETUP_POINTS = 250;
const ANSWER_DELAY_MS = 250;

declare global {
  interface Window {
    __benchTradingsAt?: number;
    __benchRenderedAt?: number;
    __benchLongTasks?: Array<[number, number]>;
  }
}

function ddmmyyyyToMs(value: string): number {
  const [day, month, year] = value.split('.').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

/** The tradings answer: `points` daily closes per requested stock, ending on `date_to`. */
function tradingsAnswer(body: TradingsRequest, points: number): TradingSeries[] {
  const end = ddmmyyyyToMs(body.date_to);
  return body.stocks_ids.map((stockId, index) => ({
    field: 'close',
    name: `Stock ${stockId}`,
    data: randomWalk({
      seed: 1000 + index,
      points,
      start: end - (points - 1) * DAY_MS,
      startValue: 100 + 10 * index,
    }),
    color: '#1d5fbf',
    stockId,
    tgId: body.trading_ground_ids[index]!,
    stockName: `Stock ${stockId}`,
    tgName: 'Moscow Exchange',
    ticker: `S${stockId}`,
    currency: 'RUB',
    intraday: false,
  }));
}

/** The page as a paid visitor would get it (the client decides the axis and read-out from this). */
async function servePaidPage(route: Route) {
  const response = await route.fetch();
  const html = (await response.text())
    .replace(/("userAuth":)false/, '$1true')
    .replace(/("userAccessLevel":)\d+/, '$11077')
    .replace('window.userAuth = false;', 'window.userAuth = true;')
    .replace(/window\.userAccessLevel = \d+;/, 'window.userAccessLevel = 1077;');
  await route.fulfill({ response, body: html });
}

const chart = (page: Page) => page.locator('fin-stock-chart');
const host = (page: Page) => chart(page).locator('[part~="chart"][role="figure"]');

async function waitRendered(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const figure = document.querySelector('fin-stock-chart')?.shadowRoot?.querySelector('[role="figure"]');
      return Number(figure?.getAttribute('data-rendered') ?? 0) >= n;
    },
    count,
    { timeout: 60_000 },
  );
}

const renderedCount = async (page: Page) => Number((await host(page).getAttribute('data-rendered')) ?? 0);

/** One measured period switch on a fresh page; `scenario.series` stocks (the main one + compared). */
export async function measureElement(
  browser: Browser,
  baseUrl: string,
  scenario: Scenario,
): Promise<Measurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-GB' });
  const page = await context.newPage();
  let points = SETUP_POINTS;
  await page.route(`${baseUrl}/stocks/sber/**`, servePaidPage);
  await page.route(`${baseUrl}${TRADINGS}`, async (route) => {
    const json = tradingsAnswer(route.request().postDataJSON() as TradingsRequest, points);
    // A network's worth of delay: the answer finds the page idle, as it would on a real site.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    await route.fulfill({ json });
  });
  await page.addInitScript((link) => {
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchOriginal(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, location.href).pathname === link) window.__benchTradingsAt = performance.now();
      return response;
    };
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks!.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
  }, TRADINGS);
  try {
    await page.goto(`${baseUrl}/stocks/sber/?lang=eng`);
    await waitRendered(page, 1);
    if (scenario.series > 1) {
      await chart(page).locator('[data-action="compare"]').click();
      for (const term of COMPARED_TERMS.slice(0, scenario.series - 1)) {
        const before = await renderedCount(page);
        await chart(page).locator('[part~="compare"] [part~="input"]').fill(term);
        await chart(page).locator('[part~="compare"] [part~="option"]').first().click();
        await waitRendered(page, before + 1);
      }
    }
    // Let the setup's frames and tasks pass, then switch the period with the measured answer.
    await page.waitForTimeout(300);
    points = scenario.points;
    const expected = scenario.series * scenario.points;
    await page.evaluate((total) => {
      const figure = document.querySelector('fin-stock-chart')!.shadowRoot!.querySelector('[role="figure"]')!;
      delete window.__benchTradingsAt;
      delete window.__benchRenderedAt;
      // The element may draw its emptied chart while the new window loads: wait for the data.
      new MutationObserver((_changes, observer) => {
        if (Number(figure.getAttribute('data-points')) === total) {
          window.__benchRenderedAt = performance.now();
          observer.disconnect();
        }
      }).observe(figure, { attributes: true, attributeFilter: ['data-rendered'] });
    }, expected);
    await chart(page)
      .getByRole('tablist', { name: 'Chart period' })
      .getByRole('tab', { name: '3Y', exact: true })
      .click();
    await page.waitForFunction(() => window.__benchRenderedAt !== undefined, null, { timeout: 60_000 });
    await page.waitForTimeout(150);
    const result = await page.evaluate(() => {
      const from = window.__benchTradingsAt ?? NaN;
      const tasks = (window.__benchLongTasks ?? []).filter(([start, duration]) => start + duration > from);
      return {
        ms: (window.__benchRenderedAt ?? NaN) - from,
        longestTask: Math.max(0, ...tasks.map(([, duration]) => duration)),
        blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      };
    });
    const drawnPoints = Number(await host(page).getAttribute('data-drawn-points'));
    return { ...result, drawnPoints };
  } finally {
    await context.close();
  }
}
