/**
 * The price chart widget in Chromium, through its harness (built in memory here, served by
 * `page.route`: no build step, no server route): pictures of fixed data, the value axis labels,
 * the hover read-out per access level and its snapping, the gapless date axis, narrow screens,
 * updates in place, decimation (pixels compared), and a mount/unmount loop that must not leak.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PriceChartView } from './chart.types.ts';
import {
  buildHarness,
  CHART_HARNESS_ENTRY,
  openHarness,
  type HarnessBundle,
} from './testing/build-harness.ts';
import { AMCHARTS_LOGO_BOX, amChartsLogoMask } from './testing/branding-mask.ts';

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
  // Trading days only: the date axis leaves the weekends out (gapless); flags on the main line.
  line: `({
    mode: 'line',
    series: [{ id: 'sber', name: 'Sberbank [MOEX]', color: '#1d5fbf', data: h.randomWalk({ seed: 1, points: 250, startValue: 280, tradingDays: true }) }],
    flags: [
      { date: h.tradingDayTimes(250)[60], type: 'dividend', text: 'Dividend 34.84 RUB' },
      { date: h.tradingDayTimes(250)[180], type: 'split', text: 'Split 1:10' },
    ],
    valueAxis: 'values', tooltip: 'values', intraday: false,
  })`,
  // Candles and the volume panel on trading days; volumes in millions.
  ohlc: `({
    mode: 'ohlc', series: [], ohlc: h.randomBars(3, 120, undefined, true),
    valueAxis: 'values', tooltip: 'values', intraday: false, millionsSuffix: 'mln',
  })`,
  // Compare mode: two stocks on trading days and an index with a calendar of its own (it starts
  // later and has values on some Saturdays): every date of any series gets its own step.
  compare: `({
    mode: 'line', valueFormat: 'percent',
    series: [0, 1, 2].map((i) => ({
      id: 's' + i, name: ['SBER', 'GAZP', 'IMOEX'][i], color: ['#1d5fbf', '#e8772e', '#2a9d8f'][i],
      data: i < 2
        ? h.randomWalk({ seed: 20 + i, points: 750, startValue: 100, tradingDays: true }).map(([t, v]) => [t, v - 100])
        : h.randomWalk({ seed: 22, points: 700, startValue: 100, start: h.tradingDayTimes(51)[50], tradingDays: true })
            .flatMap(([t, v], k) => new Date(t).getUTCDay() === 5 && k % 4 === 0
              ? [[t, v - 100], [t + 86400000, v - 99.5]]
              : [[t, v - 100]]),
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
  // The 3M period in compare mode on the German page: 63 trading days from Monday 29.09.2025, the
  // index with a calendar of its own (it starts two days later and has values on some Saturdays).
  quarter: `({
    mode: 'line', valueFormat: 'percent', locale: 'de',
    series: [0, 1, 2].map((i) => ({
      id: 's' + i, name: ['SBER', 'GAZP', 'IMOEX'][i], color: ['#1d5fbf', '#e8772e', '#2a9d8f'][i],
      data: i < 2
        ? h.randomWalk({ seed: 30 + i, points: 63, startValue: 100, start: Date.UTC(2025, 8, 29), tradingDays: true }).map(([t, v]) => [t, v - 100])
        : h.randomWalk({ seed: 32, points: 61, startValue: 100, start: Date.UTC(2025, 9, 1), tradingDays: true })
            .flatMap(([t, v], k) => new Date(t).getUTCDay() === 5 && k % 2 === 0
              ? [[t, v - 100], [t + 86400000, v - 99.5]]
              : [[t, v - 100]]),
    })),
    valueAxis: 'values', tooltip: 'values', intraday: false,
  })`,
  // One month of trading days (the 1M period).
  month: `({
    mode: 'line',
    series: [{ id: 'sber', name: 'SBER', color: '#1d5fbf', data: h.randomWalk({ seed: 4, points: 22, startValue: 280, tradingDays: true }) }],
    valueAxis: 'values', tooltip: 'values', intraday: false,
  })`,
} as const;

/** Sizes of the pictures: the desktop chart, and a phone (375 px: the chart is lower, SPEC §9). */
const PICTURE_SIZES: Record<string, { width: number; height: number }> = {
  narrow: { width: 375, height: 650 },
};

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

/**
 * Pictures are compared exactly (Chromium draws them the same on every run); a missing line, a
 * moved label or a changed colour fails them. The main line alone is about 1 % of a picture's
 * pixels, so a ratio-based tolerance would let a whole series go missing.
 */
const PICTURE_TOLERANCE = { maxDiffPixels: 0 } as const;

const PICTURES = ['line', 'ohlc', 'compare', 'intraday', 'free', 'narrow'] as const;
for (const name of PICTURES) {
  test(`picture: ${name}`, async ({ page }) => {
    const errors = await openChartPage(page);
    await page.mouse.move(1, 1);
    await mount(page, name === 'narrow' ? VIEWS.month : VIEWS[name], PICTURE_SIZES[name]);
    await expect(figure(page)).toHaveAttribute('data-rendered', '1');
    await expect(figure(page)).toHaveScreenshot(`${name}.png`, {
      ...PICTURE_TOLERANCE,
      mask: [await amChartsLogoMask(figure(page))],
    });
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

/** amCharts draws a pointer move on its next frame: wait for two. */
async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The chart's hover layer (amCharts draws the cursor line and marks on layer 30, a canvas of its own). */
async function hoverGeometry(page: Page): Promise<{ lineX: number | null; markX: number | null }> {
  return figure(page).evaluate((host) => {
    const canvas = host.querySelector<HTMLCanvasElement>('canvas.am5-layer-30');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.clientWidth === 0) return { lineX: null, markX: null };
    const ratio = canvas.width / canvas.clientWidth;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    const greyInColumn = new Array<number>(width).fill(0);
    let markSum = 0;
    let markCount = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (data[i + 3]! < 60) continue;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.max(r, g, b) - Math.min(r, g, b) < 24 && r < 128) greyInColumn[x]! += 1;
        else if (b - r > 80) {
          // The mark's coloured ring (the series colour).
          markSum += x;
          markCount += 1;
        }
      }
    }
    const peak = Math.max(...greyInColumn);
    const column = greyInColumn.indexOf(peak);
    return {
      lineX: peak > height / 4 ? (column + 0.5) / ratio : null,
      markX: markCount ? (markSum / markCount + 0.5) / ratio : null,
    };
  });
}

test('hover: the cursor line snaps to the point whose date the read-out shows', async ({ page }) => {
  await openChartPage(page);
  await mount(page, VIEWS.month);
  const box = (await figure(page).boundingBox())!;
  const seen = new Map<number, number>();
  // Across the plot in 17 px steps (days are about 43 px apart): mostly between two days.
  for (let x = box.x + 90; x < box.x + box.width - 12; x += 17) {
    await page.mouse.move(x, box.y + box.height / 2);
    await expect(readout(page)).toBeVisible();
    await nextFrames(page);
    const time = Number(await readout(page).getAttribute('data-time'));
    const { lineX, markX } = await hoverGeometry(page);
    expect(lineX, 'cursor line drawn').not.toBeNull();
    // The line stands on the point (its mark), not under the pointer.
    expect(Math.abs(lineX! - markX!)).toBeLessThanOrEqual(1.5);
    // The read-out's date is that point's date.
    const date = new Date(time).toISOString().slice(0, 10).split('-').reverse().join('.');
    expect((await readout(page).innerText()).split('\n')[0]).toBe(date);
    // One line position per date, whatever the pointer's position between two days.
    if (seen.has(time)) expect(Math.abs(seen.get(time)! - lineX!)).toBeLessThanOrEqual(0.5);
    seen.set(time, lineX!);
  }
  // Gapless daily axis: every trading day one equal step, Friday → Monday as well.
  const dates = [...seen.keys()].sort((a, b) => a - b);
  expect(dates.length).toBeGreaterThan(15);
  const steps = dates.slice(1).map((time, i) => ({
    days: (time - dates[i]!) / 86_400_000,
    px: seen.get(time)! - seen.get(dates[i]!)!,
  }));
  expect(steps.some((step) => step.days === 3)).toBe(true);
  const px = steps.map((step) => step.px);
  expect(Math.max(...px) - Math.min(...px)).toBeLessThanOrEqual(1.5);

  // Candles: the line stands in the middle of the candle the read-out describes.
  await mount(page, VIEWS.ohlc);
  for (const fraction of [0.31, 0.5, 0.77]) {
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 3);
    await expect(readout(page)).toBeVisible();
    await nextFrames(page);
    const { lineX } = await hoverGeometry(page);
    const candle = await figure(page).evaluate((host, x) => {
      // The candle's coloured columns in the price panel around the line (rise, fall, unchanged).
      const canvas = host.querySelector<HTMLCanvasElement>('canvas.am5-layer-0')!;
      const ratio = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d')!;
      const { data, width, height } = context.getImageData(
        0,
        0,
        canvas.width,
        Math.round(canvas.height * 0.7),
      );
      const coloured = (column: number) => {
        for (let y = 0; y < height; y++) {
          const i = (y * width + column) * 4;
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (
            (r === 0x5c && g === 0xb5 && b === 0x85) ||
            (r === 0xe3 && g === 0x1e && b === 0x25) ||
            (r === 0x9b && g === 0xa0 && b === 0xb2)
          )
            return true;
        }
        return false;
      };
      let left = Math.floor(x * ratio);
      let right = left;
      while (left > 0 && coloured(left - 1)) left -= 1;
      while (right < width - 1 && coloured(right + 1)) right += 1;
      return (left + right + 1) / 2 / ratio;
    }, lineX!);
    expect(Math.abs(candle - lineX!)).toBeLessThanOrEqual(1.5);
  }
});

test('value axis: one unit per axis, and neighbouring labels never read the same (SPEC §6)', async ({
  page,
}) => {
  await openChartPage(page);
  const labels = async () => (await page.evaluate(() => window.chartHarness.axisLabels())).y;
  // A price around 0.7 M moving by 20 000: grid steps of a few thousand.
  await mount(
    page,
    `({ mode: 'line', millionsSuffix: 'mln', valueAxis: 'values', tooltip: 'values', intraday: false,
        series: [{ id: 'a', name: 'A', color: '#1d5fbf',
          data: h.tradingDayTimes(60).map((t, i) => [t, 700000 + 10000 * (1 + Math.sin(i / 6))]) }] })`,
  );
  let y = await labels();
  expect(y.length).toBeGreaterThan(4);
  expect(new Set(y).size).toBe(y.length);
  for (const label of y) expect(label).toMatch(/^0\.\d{3,}\u202fmln$/);
  // Around 100 000 the axis is in millions as a whole, never "99 000.00" next to "0.10 mln".
  await mount(
    page,
    `({ mode: 'line', millionsSuffix: 'mln', valueAxis: 'values', tooltip: 'values', intraday: false,
        series: [{ id: 'a', name: 'A', color: '#1d5fbf',
          data: h.tradingDayTimes(60).map((t, i) => [t, 60000 + 1000 * i]) }] })`,
  );
  y = await labels();
  expect(y.length).toBeGreaterThan(4);
  for (const label of y) expect(label).toMatch(/^0\.\d+\u202fmln$/);
  expect(new Set(y).size).toBe(y.length);
  // Below 100 000 throughout: plain values with space thousands.
  await mount(
    page,
    `({ mode: 'line', valueAxis: 'values', tooltip: 'values', intraday: false,
        series: [{ id: 'a', name: 'A', color: '#1d5fbf',
          data: h.tradingDayTimes(60).map((t, i) => [t, 20000 + 1000 * i]) }] })`,
  );
  y = await labels();
  for (const label of y) expect(label).toMatch(/^\d{2}\u202f\d{3}\.00$/);
});

test('narrow screen (375 px): a lower chart, 2/3 of the screen high, and several date labels for one month (SPEC §9)', async ({
  page,
}) => {
  await openChartPage(page);
  await mount(page, VIEWS.month, { width: 375, height: 650 });
  const box = (await figure(page).boundingBox())!;
  expect(box.width).toBe(375);
  // 4:5 of the width (300 px), but at least 2/3 of the screen's height: the plot fills a phone.
  const screenHeight = page.viewportSize()!.height;
  expect(box.height).toBeCloseTo(Math.min(650, Math.max(300, 0.66 * screenHeight)), 0);
  const { x } = await page.evaluate(() => window.chartHarness.axisLabels());
  expect(x.length).toBeGreaterThanOrEqual(3);
  expect(new Set(x).size).toBe(x.length);
  // The desktop height comes back from 680 px up.
  await page.evaluate(() => (document.getElementById('chart-host')!.style.width = '800px'));
  await expect.poll(async () => (await figure(page).boundingBox())!.height).toBe(650);
});

/** px at least between two date labels: closer, they read as one. */
const DATE_LABEL_GAP_PX = 2;

test('date labels stay whole inside the chart, clear of the amCharts logo and of one another, with and without the value axis', async ({
  page,
}) => {
  await openChartPage(page);
  const phone = { width: 375, height: 650 };
  const smallPhone = { width: 320, height: 650 };
  const cases = [
    { view: VIEWS.line, size: { width: 1000, height: 500 }, namesYear: true },
    { view: VIEWS.free, size: { width: 1000, height: 500 } },
    { view: VIEWS.month, size: phone },
    { view: VIEWS.ohlc, size: { width: 1000, height: 500 } },
    // Compare mode over 3 months on phones, also with the chart widget's largest font (A+), and
    // a year of trading days on the smallest phone.
    { view: VIEWS.quarter, size: phone },
    { view: VIEWS.quarter, size: smallPhone },
    { view: VIEWS.quarter.replace("locale: 'de',", "locale: 'de', fontSize: 20,"), size: phone },
    { view: VIEWS.line, size: smallPhone, namesYear: true },
  ];
  for (const { view, size, namesYear } of cases) {
    await mount(page, view, size);
    // The logo box as measured (testing/branding-mask.ts), or where the chart says it is.
    const geometry = await page.evaluate(() => window.chartHarness.dateLabelGeometry());
    expect(geometry.labels.length).toBeGreaterThanOrEqual(3);
    const logo = geometry.logo ?? {
      left: AMCHARTS_LOGO_BOX.left,
      right: AMCHARTS_LOGO_BOX.left + AMCHARTS_LOGO_BOX.width,
      top: geometry.height - AMCHARTS_LOGO_BOX.bottomOffset,
      bottom: geometry.height - AMCHARTS_LOGO_BOX.bottomOffset + AMCHARTS_LOGO_BOX.height,
    };
    for (const label of geometry.labels) {
      const where = `${label.text} at ${JSON.stringify(label)} (logo ${JSON.stringify(logo)})`;
      // Whole: not cut by the chart's edges.
      expect(label.left, where).toBeGreaterThanOrEqual(0);
      expect(label.right, where).toBeLessThanOrEqual(geometry.width);
      expect(label.bottom, where).toBeLessThanOrEqual(geometry.height);
      // Off the logo.
      const overlaps =
        label.left < logo.right &&
        label.right > logo.left &&
        label.top < logo.bottom &&
        label.bottom > logo.top;
      expect(overlaps, where).toBe(false);
    }
    // Clear of one another (a box is the label's text): left to right, each starts a little after
    // the previous one ends.
    const row = [...geometry.labels].sort((a, b) => a.left - b.left);
    const span = (label: (typeof row)[number]) =>
      `${label.text} ${label.left.toFixed(1)}–${label.right.toFixed(1)}`;
    const crowded = row.flatMap((label, i) =>
      i > 0 && label.left < row[i - 1]!.right + DATE_LABEL_GAP_PX
        ? [`${span(row[i - 1]!)} | ${span(label)}`]
        : [],
    );
    expect(crowded, `date labels ${row.map(span).join(', ')} at ${size.width} px`).toEqual([]);
    // A year of months says which year: a crowded first label does not take the year with it.
    if (namesYear)
      expect(
        row.some((label) => /\d{4}/.test(label.text)),
        `a year among ${row.map((label) => label.text).join(', ')} at ${size.width} px`,
      ).toBe(true);
  }
});

test('decimation looks the same: full and M4 lines drawn on canvases of the plot size', async ({ page }) => {
  await openChartPage(page);
  // Each case draws the full series and its decimated points (device-pixel columns of a plot
  // `width` px wide starting `offset` px into the canvas, on the gapless date axis' scale) on two
  // white canvases and compares them pixel by pixel.
  const results = await page.evaluate(() => {
    const h = window.chartHarness;
    const { decimateLine, axisDates, dateScale } = h.decimation;
    const height = 470;
    const cases = [
      {
        name: '100,000 daily points, main line',
        series: [h.randomWalk({ seed: 5, points: 100_000 })],
        lineWidth: 2,
        width: 914,
        offset: 70.4,
      },
      {
        name: '10 years of trading days on a phone',
        series: [h.randomWalk({ seed: 3, points: 2_500, tradingDays: true })],
        lineWidth: 2,
        width: 280,
        offset: 41,
      },
      {
        name: '20,000 five-minute points, compared line',
        series: [h.randomWalk({ seed: 9, points: 20_000, stepMs: 300_000 })],
        lineWidth: 1.5,
        width: 914,
        offset: 0.5,
      },
    ];
    return cases.map(({ name, series, lineWidth, width, offset }) => {
      const scale = dateScale(axisDates(series), 86_400_000, 0);
      const values = series.flat().map(([, value]) => value);
      const min = Math.min(...values);
      const max = Math.max(...values);
      const canvasWidth = Math.ceil(offset + width) + 4;
      let drawn = 0;
      const draw = (decimated: boolean) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvasWidth;
        canvas.height = height;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvasWidth, height);
        Object.assign(context, { lineWidth, lineJoin: 'round', strokeStyle: '#1d5fbf' });
        for (const points of series) {
          const shown = decimated
            ? decimateLine(points, { position: scale.position, width, offset })
            : points;
          if (decimated) drawn += shown.length;
          context.beginPath();
          shown.forEach(([time, value], i) => {
            const x = offset + scale.position(time) * width;
            const y = height - 5 - ((value - min) / (max - min)) * (height - 10);
            if (i) context.lineTo(x, y);
            else context.moveTo(x, y);
          });
          context.stroke();
        }
        return context.getImageData(0, 0, canvasWidth, height).data;
      };
      const full = draw(false);
      const reduced = draw(true);
      /** A pixel the line covers by more than a third. */
      const inked = (data: Uint8ClampedArray, i: number) =>
        765 - data[i]! - data[i + 1]! - data[i + 2]! > 255;
      const inkedNear = (data: Uint8ClampedArray, x: number, y: number) => {
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++) {
            const nx = x + dx;
            const ny = y + dy;
            if (
              nx >= 0 &&
              ny >= 0 &&
              nx < canvasWidth &&
              ny < height &&
              inked(data, (ny * canvasWidth + nx) * 4)
            )
              return true;
          }
        return false;
      };
      let line = 0;
      let differing = 0;
      let strayed = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < canvasWidth; x++) {
          const i = (y * canvasWidth + x) * 4;
          // Every pixel either line touches, antialiased edge included.
          if (full[i] !== 255 || full[i + 2] !== 255 || reduced[i] !== 255 || reduced[i + 2] !== 255)
            line += 1;
          const difference = Math.max(...[0, 1, 2].map((c) => Math.abs(full[i + c]! - reduced[i + c]!)));
          // A quarter of the full intensity: visibly different, not a shade of antialiasing.
          if (difference > 64) differing += 1;
          if ((inked(full, i) && !inkedNear(reduced, x, y)) || (inked(reduced, i) && !inkedNear(full, x, y)))
            strayed += 1;
        }
      }
      const points = series.reduce((sum, points) => sum + points.length, 0);
      return { name, points, drawn, columns: Math.ceil(width) + 1, line, differing, strayed };
    });
  });
  for (const result of results) {
    test.info().annotations.push({
      type: 'decimation',
      description: `${result.name}: ${result.drawn} of ${result.points} points drawn; ${result.differing} of ${result.line} pixels differ by ≥ 25 %`,
    });
    // Far fewer points: four per pixel column at most.
    expect(result.drawn, result.name).toBeLessThanOrEqual(4 * result.columns);
    expect(result.drawn, result.name).toBeLessThan(result.points / 2);
    // No pixel of either line is more than 1 px away from the other line.
    expect(result.strayed, result.name).toBe(0);
    // What differs is the antialiased edge of dense zigzags: 1.4–2.9 % of the pixels the lines
    // touch differ by a quarter of the intensity or more (measured), none away from the line.
    expect(
      result.differing / result.line,
      `${result.name}: ${result.differing} of ${result.line}`,
    ).toBeLessThan(0.035);
  }
});

test('one amCharts Root is updated in place; 100,000 points are decimated to the pixels', async ({
  page,
}) => {
  const errors = await openChartPage(page);
  const big = `({ mode: 'line', series: [{ id: 'a', name: 'A', color: '#1d5fbf', data: h.randomWalk({ seed: 5, points: 100000 }) }], valueAxis: 'values', tooltip: 'values', intraday: false })`;
  const info = await mount(page, big);
  expect(info.points).toBe(100_000);
  // M4: at most four points per pixel column of the plot (under 1000 px wide).
  expect(info.drawnPoints).toBeLessThanOrEqual(4 * 1000);
  expect(info.drawnPoints).toBeGreaterThan(2 * 800);
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
