/**
 * The price chart widget in Chromium, through its harness (built in memory here, served by
 * `page.route`: no build step, no server route): pictures of fixed data, the hover read-out per
 * access level, updates in place, decimation, and a mount/unmount loop that must not leak.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PriceChartView } from './chart.types.ts';
import {
  buildHarness,
  CHART_HARNESS_ENTRY,
  openHarness,
  type HarnessBundle,
} from './testing/build-harness.ts';

// One worker builds the harness once for every test of this file.
test.describe.configure({ mode: 'serial' });

let bundle: HarnessBundle;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  bundle = await buildHarness({ 'chart-harness': CHART_HARNESS_ENTRY });
});

const figure = (page: Page) => page.locator('#chart-host [role="figure"]');
const readout = (page: Page) => page.locator('#chart-host [part="readout"]');

async function openChartPage(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openHarness(page, bundle, 'chart-harness', 'chartHarness');
  return errors;
}

/** Views built in the page from the fixed-seed generators (the data never crosses the wire). */
const VIEWS = {
  line: `({
    mode: 'line',
    series: [{ id: 'sber', name: 'Sberbank [MOEX]', color: '#1d5fbf', data: h.randomWalk({ seed: 1, points: 250, startValue: 280 }) }],
    flags: [
      { date: h.randomWalk({ seed: 1, points: 250 })[60][0], type: 'dividend', text: 'Dividend 34.84 RUB' },
      { date: h.randomWalk({ seed: 1, points: 250 })[180][0], type: 'split', text: 'Split 1:10' },
    ],
    valueAxis: 'values', tooltip: 'values', intraday: false,
  })`,
  ohlc: `({
    mode: 'ohlc', series: [], ohlc: h.randomBars(3, 120),
    valueAxis: 'values', tooltip: 'values', intraday: false, millionsSuffix: 'mln',
  })`,
  compare: `({
    mode: 'line', valueFormat: 'percent',
    series: [0, 1, 2].map((i) => ({
      id: 's' + i, name: ['SBER', 'GAZP', 'IMOEX'][i], color: ['#1d5fbf', '#e8772e', '#2a9d8f'][i],
      data: h.randomWalk({ seed: 20 + i, points: 750, startValue: 100 }).map(([t, v]) => [t, v - 100]),
    })),
    valueAxis: 'values', tooltip: 'values', intraday: false,
  })`,
  intraday: `({
    mode: 'line',
    series: [{ id: 'sber', name: 'SBER', color: '#1d5fbf',
      data: h.randomWalk({ seed: 9, points: 106, stepMs: 300000, start: Date.UTC(2025, 5, 30, 7), startValue: 310 }) }],
    valueAxis: 'values', tooltip: 'values', intraday: true, timeZone: 'Europe/Moscow',
  })`,
  free: `({
    mode: 'line',
    series: [{ id: 'sber', name: 'Sberbank', color: '#1d5fbf', data: h.randomWalk({ seed: 1, points: 250 }).map(([t, v]) => [t, Math.round(v * 10) / 10]) }],
    valueAxis: 'hidden', tooltip: 'name-only', intraday: false,
  })`,
} as const;

async function mount(page: Page, view: string, size = { width: 1000, height: 500 }) {
  return page.evaluate(
    ([expression, s]) => {
      const h = window.chartHarness;
      return h.mount(new Function('h', `return ${expression}`)(h) as PriceChartView, s);
    },
    [view, size] as const,
  );
}

async function update(page: Page, view: string) {
  return page.evaluate((expression) => {
    const h = window.chartHarness;
    return h.update(new Function('h', `return ${expression}`)(h) as PriceChartView);
  }, view);
}

for (const name of Object.keys(VIEWS) as Array<keyof typeof VIEWS>) {
  test(`picture: ${name}`, async ({ page }) => {
    const errors = await openChartPage(page);
    await page.mouse.move(1, 1);
    await mount(page, VIEWS[name]);
    await expect(figure(page)).toHaveAttribute('data-rendered', '1');
    await expect(figure(page)).toHaveScreenshot(`${name}.png`, { maxDiffPixels: 30 });
    expect(errors).toEqual([]);
  });
}

test('hover read-out: date and values for paid users, names only for free users', async ({ page }) => {
  await openChartPage(page);
  await mount(page, VIEWS.compare);
  const box = (await figure(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(readout(page)).toBeVisible();
  const paid = (await readout(page).innerText()).replace(/\u202f/g, ' ');
  expect(paid).toMatch(/^\d\d\.\d\d\.\d{4}\n/);
  expect(paid).toMatch(/SBER: −?\d+\.\d\d%\nGAZP: −?\d+\.\d\d%\nIMOEX: −?\d+\.\d\d%$/);
  await page.mouse.move(1, 1);
  await expect(readout(page)).toBeHidden();

  await mount(page, VIEWS.free);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(readout(page)).toHaveText('Sberbank');

  // OHLC: the bar under the cursor with its volume.
  await mount(page, VIEWS.ohlc);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await expect(readout(page)).toHaveText(
    /^\d\d\.\d\d\.\d{4}O [\d.]+ {2}H [\d.]+ {2}L [\d.]+ {2}C [\d.]+V [\d\u202f]+$/,
  );

  // A hidden series leaves the read-out; `none` shows no read-out at all.
  await mount(page, VIEWS.compare);
  await update(page, VIEWS.compare.replace("id: 's' + i,", "id: 's' + i, visible: i !== 1,"));
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2);
  await expect(readout(page)).toContainText('IMOEX');
  await expect(readout(page)).not.toContainText('GAZP');
  await update(page, VIEWS.compare.replace("tooltip: 'values'", "tooltip: 'none'"));
  await page.mouse.move(box.x + box.width / 2 - 20, box.y + box.height / 2);
  await expect(readout(page)).toBeHidden();
});

test('one amCharts Root is updated in place; 100,000 points are decimated to the pixels', async ({
  page,
}) => {
  const errors = await openChartPage(page);
  const big = `({ mode: 'line', series: [{ id: 'a', name: 'A', color: '#1d5fbf', data: h.randomWalk({ seed: 5, points: 100000 }) }], valueAxis: 'values', tooltip: 'values', intraday: false })`;
  const info = await mount(page, big);
  expect(info.points).toBe(100_000);
  // At most two points per pixel column of a 1000 px chart, plus both ends.
  expect(info.drawnPoints).toBeLessThanOrEqual(2 * 1000 + 2);
  expect(info.drawnPoints).toBeGreaterThan(1000);
  expect(await page.evaluate(() => window.chartHarness.registeredRoots())).toBe(1);

  await update(page, VIEWS.compare);
  await update(page, VIEWS.ohlc);
  await update(page, VIEWS.line);
  await expect(figure(page)).toHaveAttribute('data-rendered', '4');
  expect(await page.evaluate(() => window.chartHarness.registeredRoots())).toBe(1);
  expect(await figure(page).locator('canvas').count()).toBeGreaterThan(0);

  // A narrower chart decimates again to its fewer columns.
  await update(page, big);
  const before = Number(await figure(page).getAttribute('data-drawn-points'));
  await page.evaluate(() => (document.getElementById('chart-host')!.style.width = '500px'));
  await expect
    .poll(async () => Number(await figure(page).getAttribute('data-drawn-points')))
    .toBeLessThan(before * 0.6);
  expect(errors).toEqual([]);
});

test('mounting and unmounting 40 times leaks neither memory, Roots nor canvases', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openChartPage(page);
  const cdp = await page.context().newCDPSession(page);
  const heapAfterGc = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  /** Canvas objects alive in the page's heap, attached or not. */
  const liveCanvases = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'HTMLCanvasElement.prototype' });
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: result.objectId! });
    const { result: count } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId!,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    });
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: '' }).catch(() => undefined);
    return count.value as number;
  };
  const cycle = async (view: string) => {
    await mount(page, view);
    await page.evaluate(() => window.chartHarness.unmountChart());
    // amCharts took its canvases out of the host.
    expect(await page.locator('#chart-host canvas').count()).toBe(0);
    await page.evaluate(() => window.chartHarness.unmount());
  };
  const views = [VIEWS.line, VIEWS.compare, VIEWS.ohlc, VIEWS.free];

  for (let i = 0; i < 5; i++) await cycle(views[i % views.length]!);
  const baseHeap = await heapAfterGc();
  const baseCanvases = await liveCanvases();
  for (let i = 0; i < 40; i++) await cycle(views[i % views.length]!);
  const heap = await heapAfterGc();

  expect(await page.evaluate(() => window.chartHarness.registeredRoots())).toBe(0);
  expect(await liveCanvases()).toBeLessThanOrEqual(baseCanvases);
  // One chart with its data is several MB; 40 leaked ones would be far beyond this bound.
  expect(heap - baseHeap, `heap grew from ${baseHeap} to ${heap} bytes`).toBeLessThan(2_000_000);
  expect(errors).toEqual([]);
});
