/**
 * The `<fin-stock-chart>` rows of the chart bench: the element on the reference server's stock
 * page, with the tradings link answered with N synthetic points per requested stock (setup in
 * bench/element-page.ts, shared with `<fin-chart>` and lightweight-charts). The page's user is
 * turned into a paid one in the page (`#fin-user` and the legacy globals), so the chart shows its
 * value axis and read-out as for a paying visitor; the bench server runs in production mode,
 * which has no sign-in shortcut.
 *
 * One series: cold, a fresh page (a fresh element) whose first tradings answer has all the
 * points; the answer reaching the page → the frame that shows it. Ten series: the element opens
 * with one stock and compares others one by one, so its chart exists by then; measured is the
 * period switch in compare mode (the answer → the frame), against lightweight-charts setting the
 * data of a chart it made before.
 */
import type { Browser, Page, Request, Route } from 'playwright-core';
import type { TradingSeries, TradingsRequest } from '../src/contract/stocks.ts';
import { randomWalk } from '../src/widgets/chart/testing/synthetic.ts';
import type { Measurement, Scenario } from './chart-bench.page.ts';
import { hostSize, measuredFrom, openBenchPage, startMeasuring, waitOurChartDrawn } from './element-page.ts';
import type { LightweightRun } from './lightweight-page.ts';

const TRADINGS = '/api/stocks/get_tradings/';
const DAY_MS = 86_400_000;
/** Stocks the compare field finds on the demo server, added for the 10-series case. */
const COMPARED_TERMS = ['lkoh', 'gazp', 'gmkn', 'rosn', 'nvtk', 'mgnt', 'mtss', 'tatn', 'sngs'];
const SETUP_POINTS = 250;
const TAG = 'fin-stock-chart';
const HOST = '[part~="chart"][role="figure"]';

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

const chart = (page: Page) => page.locator(TAG);
const renderedCount = async (page: Page) =>
  Number((await chart(page).locator(HOST).getAttribute('data-rendered')) ?? 0);

async function waitRendered(page: Page, count: number) {
  await page.waitForFunction(
    ([tag, host, n]) =>
      Number(
        document.querySelector(tag)?.shadowRoot?.querySelector(host)?.getAttribute('data-rendered') ?? 0,
      ) >= n,
    [TAG, HOST, count] as const,
    { timeout: 60_000 },
  );
}

/** The request lightweight-charts' page sends for `series` stocks (the answer only reads it). */
function lightweightRequest(series: number): TradingsRequest {
  return {
    stocks_ids: Array.from({ length: series }, (_, index) => 100 + index),
    trading_ground_ids: Array.from({ length: series }, () => 1),
    date_to: '27.11.2026',
  } as TradingsRequest;
}

/** One measured `<fin-stock-chart>` on a fresh page; also what lightweight-charts is to draw for the same case. */
export async function measureElement(
  browser: Browser,
  baseUrl: string,
  scenario: Scenario,
): Promise<{ measured: Measurement; lightweight: LightweightRun }> {
  const switching = scenario.series > 1;
  let points = switching ? SETUP_POINTS : scenario.points;
  const answer = (request: Request) => tradingsAnswer(request.postDataJSON() as TradingsRequest, points);
  const bench = await openBenchPage(browser, baseUrl, {
    dataPath: TRADINGS,
    answer,
    setUp: (page) => page.route(`${baseUrl}/stocks/sber/**`, servePaidPage),
  });
  try {
    const { page } = bench;
    await page.goto(`${baseUrl}/stocks/sber/?lang=eng`);
    if (switching) {
      await waitRendered(page, 1);
      await chart(page).locator('[data-action="compare"]').click();
      for (const term of COMPARED_TERMS.slice(0, scenario.series - 1)) {
        const before = await renderedCount(page);
        await chart(page).locator('[part~="compare"] [part~="input"]').fill(term);
        await chart(page).locator('[part~="compare"] [part~="option"]').first().click();
        await waitRendered(page, before + 1);
      }
      // Let the setup's frames and tasks pass, then switch the period with the measured answer.
      await page.waitForTimeout(300);
      points = scenario.points;
      await startMeasuring(page);
      await chart(page)
        .getByRole('tablist', { name: 'Chart period' })
        .getByRole('tab', { name: '3Y', exact: true })
        .click();
    }
    const total = scenario.series * scenario.points;
    const { drawnAt, drawnPoints } = await waitOurChartDrawn(page, TAG, HOST, total);
    const measured = await measuredFrom(page, drawnAt, drawnPoints);
    const request = lightweightRequest(scenario.series);
    let lightweightPoints = switching ? SETUP_POINTS : scenario.points;
    return {
      measured,
      lightweight: {
        dataPath: TRADINGS,
        body: request,
        answer: () => {
          const json = tradingsAnswer(request, lightweightPoints);
          lightweightPoints = scenario.points;
          return json;
        },
        size: await hostSize(page, TAG, HOST),
        points: total,
        switching,
      },
    };
  } finally {
    await bench.close();
  }
}
