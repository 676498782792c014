/**
 * <fin-chart> in Chromium on /test/chart/ (price lines with period tabs and the overturn chart,
 * then a bond map), against the demo server's data URL: each SPEC rule as the user meets it.
 * Few page loads, each serving several checks.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ChartRequest, ChartResponse, LinePoint, TabPeriod } from '../../contract/chart-widget.ts';
import { readPdf } from '../../widgets/export/testing/pdf-text.ts';

const DATA_URL = '/api/demo-chart/line/';
const line = (page: Page) => page.locator('fin-chart').first();
const map = (page: Page) => page.locator('fin-chart').nth(1);
const mainChart = (page: Page) => line(page).locator('[part="plot"] .fin-price-chart');
/** amCharts' drawing layers (the watermark is a canvas of our own). */
const AMCHARTS_CANVAS = 'canvas[class*="am5-layer"]';

/** Opens the page, recording every data call of the line chart and its answers. */
async function open(page: Page) {
  const calls: ChartRequest[] = [];
  const answers: ChartResponse[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(DATA_URL))
      calls.push(request.postDataJSON() as ChartRequest);
  });
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && response.url().includes(DATA_URL))
      answers.push((await response.json()) as ChartResponse);
  });
  await page.goto('/test/chart/?lang=eng');
  await expect(mainChart(page)).toHaveAttribute('data-rendered', /\d/);
  return { calls, answers };
}

const from = (chart: Locator) => chart.getByLabel('From', { exact: true });
const to = (chart: Locator) => chart.getByLabel('To', { exact: true });

async function typeDate(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Enter');
}

test('cold chart: built while the first answer is on the way, and that same chart draws the answer', async ({
  page,
}) => {
  // The line chart's first answer waits until the chart is checked (the map's goes through).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(`**${DATA_URL}`, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await page.goto('/test/chart/?lang=eng');
  const chart = line(page);
  await expect(chart.getByText('Loading')).toBeVisible();
  // amCharts is loaded and its Root built out of sight: canvases in the shadow root, no chart shown.
  const canvas = chart.locator(AMCHARTS_CANVAS).first();
  await expect(canvas).toBeAttached();
  await expect(mainChart(page)).toHaveCount(0);
  const warmCanvas = await canvas.elementHandle();
  // The element's box did not grow for it.
  const heightWhileLoading = await chart.evaluate((element) => element.getBoundingClientRect().height);
  expect(heightWhileLoading).toBeLessThan(200);
  release();
  await expect(mainChart(page)).toHaveAttribute('data-rendered', /\d/);
  await expect.poll(() => mainChart(page).getAttribute('data-points').then(Number)).toBeGreaterThan(0);
  // The chart that draws the data is the one built while waiting: its canvas moved into the plot.
  expect(await mainChart(page).evaluate((host, kept) => host.contains(kept), warmCanvas)).toBe(true);
  // Every amCharts canvas of the element belongs to a shown chart (no second, forgotten Root).
  expect(
    await chart.evaluate(
      (element, selector) =>
        [...element.shadowRoot!.querySelectorAll(selector)].filter(
          (item) => !item.closest('.fin-price-chart'),
        ).length,
      AMCHARTS_CANVAS,
    ),
  ).toBe(0);
});

test('periods: a tab sets the dates, a typed date clears the tab, the 10-year cap, a start after the end', async ({
  page,
}) => {
  const { calls } = await open(page);
  const chart = line(page);
  const periods = JSON.parse((await chart.getAttribute('periods'))!) as TabPeriod[];
  const active = periods.find((period) => period.class.includes('active'))!;
  // The active tab is the default: its dates, asked for with its id.
  await expect(chart.getByRole('tab', { name: active.ttl })).toHaveAttribute('aria-selected', 'true');
  await expect(from(chart)).toHaveValue(active.start_date);
  await expect(to(chart)).toHaveValue(active.end_date);
  expect(calls[0]).toEqual({ periodId: active.id, beginDate: active.start_date, endDate: active.end_date });

  // A tab sets its dates and reloads.
  const threeMonths = periods.find((period) => period.ttl === '3M')!;
  await chart.getByRole('tab', { name: '3M' }).click();
  await expect(from(chart)).toHaveValue(threeMonths.start_date);
  await expect(to(chart)).toHaveValue(threeMonths.end_date);
  await expect
    .poll(() => calls.at(-1))
    .toEqual({
      periodId: threeMonths.id,
      beginDate: threeMonths.start_date,
      endDate: threeMonths.end_date,
    });

  // A typed date: no tab active, the dates asked for as typed (periodId null).
  const typed = `01.${threeMonths.start_date.slice(3)}`;
  await typeDate(from(chart), typed);
  await expect(chart.locator('[role="tab"][aria-selected="true"]')).toHaveCount(0);
  await expect
    .poll(() => calls.at(-1))
    .toEqual({
      periodId: null,
      beginDate: typed,
      endDate: threeMonths.end_date,
    });

  // Over 10 years: the date not typed moves, and the user is told.
  await typeDate(from(chart), '01.01.2000');
  await expect(to(chart)).toHaveValue('01.01.2010');
  await expect(chart.locator('[data-notice="capped"]')).toContainText('10 years');
  await expect
    .poll(() => calls.at(-1))
    .toEqual({ periodId: null, beginDate: '01.01.2000', endDate: '01.01.2010' });

  // A start after the end: graph_period_start_incorrect, and no call.
  const before = calls.length;
  await typeDate(from(chart), '05.05.2015');
  await expect(chart.getByText('The start date is after the end date')).toBeVisible();
  await expect(from(chart)).toBeFocused();
  expect(calls.length).toBe(before);
  await expect(to(chart)).toHaveValue('01.01.2010');
});

type Fit = (x: number) => number;

/** Weighted least squares of y = A + B·x, written out here (not the library the element uses). */
function leastSquares(xs: number[], ys: number[], weights = xs.map(() => 1)): [number, number] {
  let [sw, sx, sy, sxx, sxy] = [0, 0, 0, 0, 0];
  xs.forEach((x, i) => {
    const [w, y] = [weights[i]!, ys[i]!];
    sw += w;
    sx += w * x;
    sy += w * y;
    sxx += w * x * x;
    sxy += w * x * y;
  });
  const b = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
  return [(sy - b * sx) / sw, b];
}

/** The trend SPEC §3 asks for, on x = days since the series' first point + 1. */
function expectedTrend(
  kind: 'linear' | 'logarithmic' | 'exponential',
  data: LinePoint[],
): Map<number, number> {
  const points = data.filter((point): point is [number, number] => point[1] !== null);
  const first = points[0]![0];
  const xs = points.map(([seconds]) => (seconds - first) / 86_400 + 1);
  const ys = points.map(([, value]) => value);
  let fit: Fit;
  if (kind === 'linear') {
    const [a, b] = leastSquares(xs, ys);
    fit = (x) => a + b * x;
  } else if (kind === 'logarithmic') {
    const [a, b] = leastSquares(
      xs.map((x) => Math.log(x)),
      ys,
    );
    fit = (x) => a + b * Math.log(x);
  } else {
    const [lnA, b] = leastSquares(
      xs,
      ys.map((y) => Math.log(y)),
      ys,
    );
    fit = (x) => Math.exp(lnA + b * x);
  }
  return new Map(points.map(([seconds], i) => [seconds * 1000, fit(xs[i]!)]));
}

test('trends, legend, A-/A+, overturn chart, delete points and undo', async ({ page }) => {
  // One page load for all of these: longer than one check, shorter than seven loads.
  test.setTimeout(90_000);
  const { answers } = await open(page);
  const chart = line(page);
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  const answer = answers[0]!;
  const [main, second] = answer.series as Array<{ field: string; name: string; data: LinePoint[] }>;
  const counts = [main!, second!].map((series) => series.data.filter(([, value]) => value !== null).length);
  const [n1, n2] = counts as [number, number];
  const drawnPoints = () => mainChart(page).getAttribute('data-points').then(Number);
  await expect.poll(drawnPoints).toBe(n1 + n2);

  // The chart is a named figure; its data is one click away as a table.
  await expect(mainChart(page)).toHaveAttribute('role', 'figure');
  await expect(mainChart(page)).toHaveAttribute('aria-label', 'Closing prices (synthetic demo data)');
  await chart.getByText("The chart's data as a table").click();
  const rows = chart.locator('[part="data-table"] tbody tr');
  await expect(rows).toHaveCount(n1);

  // Each trend: a line per visible series, its values those computed here.
  const select = chart.getByLabel('Trend');
  for (const kind of ['linear', 'logarithmic', 'exponential'] as const) {
    await select.selectOption(kind);
    await expect.poll(drawnPoints).toBe(2 * (n1 + n2));
    const expected = expectedTrend(kind, main!.data);
    const shown = await chart
      .locator('[part="data-table"] tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          Number(tr.getAttribute('data-time')),
          Number(tr.querySelector('[data-trend]')?.getAttribute('data-trend')),
        ]),
      );
    expect(shown).toHaveLength(n1);
    for (const [time, value] of shown)
      expect(Math.abs(value! - expected.get(time!)!)).toBeLessThan(1e-6 * Math.abs(value!) + 1e-9);
  }
  await select.selectOption('linear');

  // Legend: hide the second series (its trend goes too), then remove it.
  const secondItem = chart.locator(`[part="legend"] li[data-field="${second!.field}"]`);
  const toggle = secondItem.getByRole('button', { name: second!.name, exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(drawnPoints).toBe(n1 + n2 + n1);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(drawnPoints).toBe(2 * (n1 + n2));
  await expect(chart.locator('[part="legend"] li').first().locator('.fcw-swatch')).toHaveCSS(
    'background-color',
    'rgb(29, 95, 191)',
  );
  await secondItem.getByRole('button', { name: `Remove from the chart: ${second!.name}` }).click();
  await expect(secondItem).toHaveCount(0);
  await expect.poll(drawnPoints).toBe(2 * n1);
  await select.selectOption('not_selected');
  await expect.poll(drawnPoints).toBe(n1);

  // A- / A+: 1 px per step, bounded.
  const view = chart.locator('.fcw-view');
  await expect(view).toHaveAttribute('data-font-size', '12');
  await chart.getByRole('button', { name: 'Larger text' }).click();
  await expect(view).toHaveAttribute('data-font-size', '13');
  await expect(chart.locator('[part="legend"]')).toHaveCSS('font-size', '13px');
  const smaller = chart.getByRole('button', { name: 'Smaller text' });
  for (let size = 13; size > 9; size--) await smaller.click();
  await expect(view).toHaveAttribute('data-font-size', '9');
  await expect(smaller).toBeDisabled();

  // The overturn chart below: 200 px, drawn.
  const overturn = chart.locator('[part="overturn"] .fin-price-chart');
  await expect(overturn).toHaveAttribute('data-rendered', /\d/);
  expect((await overturn.boundingBox())!.height).toBe(200);

  // Delete points: two by keyboard in the table, one by a click on the chart; remove; undo.
  await chart.getByRole('button', { name: 'Delete points' }).click();
  const boxes = chart.locator('[part="data-table"] tbody input[type="checkbox"]');
  await boxes.nth(0).focus();
  await page.keyboard.press('Space');
  await boxes.nth(1).focus();
  await page.keyboard.press('Space');
  await expect(chart.locator('[data-selected]')).toHaveAttribute('data-selected', '2');
  await mainChart(page).scrollIntoViewIfNeeded();
  const plot = (await mainChart(page).boundingBox())!;
  await page.mouse.move(plot.x + plot.width * 0.6, plot.y + plot.height / 2);
  await page.mouse.move(plot.x + plot.width * 0.6 + 2, plot.y + plot.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(chart.locator('[data-selected]')).toHaveAttribute('data-selected', '3');
  await chart.getByRole('button', { name: 'Remove the selected points' }).click();
  await expect(rows).toHaveCount(n1 - 3);
  await expect.poll(drawnPoints).toBe(n1 - 3);
  await chart.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(n1);
  await expect.poll(drawnPoints).toBe(n1);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('bond map: every point labelled where there is room, no two labels overlap, labels toggle, an added point', async ({
  page,
}) => {
  await page.goto('/test/chart/?lang=eng');
  const chart = map(page);
  const host = chart.locator('.fin-map-chart');
  await expect(host).toHaveAttribute('data-rendered', /\d/);
  const labels = async () => JSON.parse((await host.getAttribute('data-labels')) ?? '[]') as Box[];
  const placed = await labels();
  expect(placed.length).toBeGreaterThan(10);
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++)
      expect(overlaps(placed[i]!, placed[j]!), `${placed[i]!.text} / ${placed[j]!.text}`).toBe(false);

  const toggle = chart.getByLabel('Point labels');
  await toggle.uncheck();
  await expect.poll(labels).toEqual([]);
  await toggle.check();
  await expect.poll(async () => (await labels()).length).toBe(placed.length);

  // The form checks its input, then adds the point with its label.
  await chart.getByRole('button', { name: 'Add a point' }).click();
  await expect(chart.locator('[data-error="duration"]')).toBeVisible();
  await expect(chart.getByLabel('Duration, years', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await chart.getByLabel('Duration, years', { exact: true }).fill('7.5');
  await chart.getByLabel('Yield', { exact: true }).fill('19.25');
  await chart.getByLabel('Point name').fill('My bond');
  await chart.getByRole('button', { name: 'Add a point' }).click();
  await expect.poll(async () => (await labels()).map((label) => label.text)).toContain('My bond');
  await expect(chart.locator('[data-error]')).toHaveCount(0);
  await chart.getByText("The chart's data as a table").click();
  await expect(chart.locator('[part="data-table"] tbody tr', { hasText: 'My bond' })).toContainText('19.25');
});

test('exports: print, PNG, JPEG, PDF and SVG of the chart, with the title and the logo', async ({ page }) => {
  await page.addInitScript(() => {
    // The print dialog is recorded instead of opened: the frame's print() is replaced.
    const printed: Array<{ svg: number; texts: string[] }> = [];
    (window as unknown as { printed: typeof printed }).printed = printed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLIFrameElement && node.contentWindow)
            node.contentWindow.print = () => {
              const doc = node.contentDocument!;
              printed.push({
                svg: doc.querySelectorAll('svg').length,
                texts: [...doc.querySelectorAll('text')].map((text) => text.textContent ?? ''),
              });
            };
    }).observe(document, { childList: true, subtree: true });
  });
  await open(page);
  const chart = line(page);
  const title = 'Closing prices (synthetic demo data)';
  const choose = async (item: string) => {
    await chart.getByRole('button', { name: 'Export' }).click();
    await chart.getByRole('menuitem', { name: item }).click();
  };
  const download = async (item: string) => {
    const downloading = page.waitForEvent('download');
    await choose(item);
    const file = await downloading;
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  };

  const svg = await download('SVG');
  expect(svg.name).toBe('chart.svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      paths: doc.querySelectorAll('path').length,
      images: doc.querySelectorAll('image').length,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent ?? ''),
    };
  }, svg.bytes.toString('utf8'));
  expect(parsed.error).toBeNull();
  expect(parsed.images).toBe(0);
  expect(parsed.paths).toBeGreaterThan(20);
  expect(parsed.texts).toContain(title);
  // The axes' labels are live text (months of the date axis, prices).
  expect(parsed.texts.some((text) => /^\d{3}\.00$/.test(text))).toBe(true);
  // The logo's wordmark (show-logo is on).
  expect(parsed.texts).toContain('fin-elements');

  const pdf = await download('PDF');
  expect(pdf.name).toBe('chart.pdf');
  const facts = readPdf(pdf.bytes);
  expect(facts.texts.join('')).toContain(title);
  expect(facts.hasImage).toBe(false);

  for (const [item, magic] of [
    ['PNG', [0x89, 0x50, 0x4e, 0x47]],
    ['JPEG', [0xff, 0xd8, 0xff]],
  ] as const) {
    const file = await download(item);
    expect(file.name).toBe(item === 'PNG' ? 'chart.png' : 'chart.jpg');
    expect([...file.bytes.subarray(0, magic.length)]).toEqual([...magic]);
    expect(file.bytes.length).toBeGreaterThan(10_000);
  }

  await choose('Print');
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { printed: Array<{ svg: number; texts: string[] }> }).printed,
      ),
    )
    .toEqual([expect.objectContaining({ svg: 1, texts: expect.arrayContaining([title, 'fin-elements']) })]);
});
