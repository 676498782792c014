/**
 * The export module in Chromium: each format chosen through the menu, the file read back and
 * compared with the screen (pixel by pixel for SVG, PNG, JPEG; text and page for the PDF), the
 * print frame, the logo switch, the menu's keyboard path, axe and a 320 px screen. The fixture
 * page is built in memory with its lazy chunks (testing/export-fixture.tsx).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runAxe } from '../../../demo-pages/testing/a11y.ts';
import { strictCsp } from '../../../demo-pages/server/pages.ts';
import { buildHarness, HARNESS_ORIGIN, type HarnessBundle } from '../chart/testing/build-harness.ts';
import { CHART_TEXTS, HOSTILE_TEXT } from './testing/drawings.ts';
import { readPdf } from './testing/pdf-text.ts';

const ENTRY = 'export-fixture';
const NONCE = 'export-test-nonce';
/**
 * With one pixel of slack for anti-aliasing and colour within the tolerance (JPEG a little more),
 * about 0.1 % of ink pixels differ from the screen (measured); one dropped pie slice makes about
 * 7 % (the damaged-SVG control below), so these limits catch a lost path or a moved text.
 */
const MAX_DIFFERING_PERCENT = { svg: 2, png: 2, jpeg: 3 };
const TOLERANCE = { svg: 96, png: 96, jpeg: 110 };

let bundle: HarnessBundle;

test.beforeAll(async () => {
  bundle = await buildHarness({ [ENTRY]: resolve(import.meta.dirname, 'testing/export-fixture.tsx') });
});

async function openFixture(page: Page, query = '', strict = false) {
  await page.route(`${HARNESS_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === `/${ENTRY}.html`) {
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        headers: strict ? { 'Content-Security-Policy': strictCsp(NONCE) } : {},
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${strict ? `<meta property="csp-nonce" nonce="${NONCE}">` : ''}</head>
<body><export-fixture></export-fixture><script type="module" nonce="${NONCE}" src="/${ENTRY}.js"></script></body></html>`,
      });
    }
    const file = bundle.files.get(url.pathname);
    return file
      ? route.fulfill({ status: 200, contentType: file.type, body: Buffer.from(file.body) })
      : route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${HARNESS_ORIGIN}/${ENTRY}.html${query}`);
  await expect.poll(() => page.evaluate(() => window.exportFixture?.ready)).toBe(true);
}

const menuButton = (page: Page, target: 'chart' | 'graph') =>
  page.locator(`.menu-${target} [aria-haspopup="menu"]`);

/** Chooses `format` in the target's menu and gives the downloaded file. */
async function exportFile(page: Page, target: 'chart' | 'graph', itemName: string) {
  await menuButton(page, target).click();
  const downloading = page.waitForEvent('download');
  await page.locator(`.menu-${target}`).getByRole('menuitem', { name: itemName, exact: true }).click();
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  await expect(menuButton(page, target)).not.toHaveAttribute('aria-busy', 'true');
  return { name: download.suggestedFilename(), bytes };
}

const compare = (page: Page, target: 'chart' | 'graph', bytes: Buffer, type: string, tolerance: number) =>
  page.evaluate(([t, b, ty, tol]) => window.exportFixture.compare(t, b, ty, tol), [
    target,
    bytes.toString('base64'),
    type,
    tolerance,
  ] as const);

function parseSvg(page: Page, svg: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const all = [...doc.querySelectorAll('*')];
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      viewBox: doc.documentElement.getAttribute('viewBox'),
      paths: doc.querySelectorAll('path').length,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent ?? ''),
      active: all.filter((el) => ['image', 'script', 'foreignObject', 'iframe', 'img'].includes(el.localName))
        .length,
      handlers: all.flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
      ),
    };
  }, svg);
}

test('SVG: vector paths and live text (title, names, several scripts), nothing active, and it looks like the screen', async ({
  page,
}, testInfo) => {
  await openFixture(page);
  for (const target of ['chart', 'graph'] as const) {
    const { name, bytes } = await exportFile(page, target, 'SVG vector image');
    expect(name).toBe(`${target}_ related_issuers.svg`);
    const svg = bytes.toString('utf8');
    const parsed = await parseSvg(page, svg);
    expect(parsed.error).toBeNull();
    expect(parsed.viewBox).toMatch(/^0 0 480 (296|336)$/);
    expect(parsed.paths).toBeGreaterThan(5);
    expect(parsed.active).toBe(0);
    expect(parsed.handlers).toEqual([]);
    expect(parsed.texts).toContain('Related issuers: Ünal Çelik, Łódź, Straße, Київ, İğdır');
    expect(parsed.texts).toContain(HOSTILE_TEXT);
    if (target === 'chart') for (const text of CHART_TEXTS) expect(parsed.texts).toContain(text);
    else
      expect(parsed.texts).toEqual(expect.arrayContaining(['ПАО Сбербанк', '中国石油', 'Ünal Çelik A.Ş.']));
    const result = await compare(page, target, bytes, 'image/svg+xml', TOLERANCE.svg);
    testInfo.annotations.push({
      type: `svg ${target}`,
      description: `${result.differing.toFixed(1)} % of ${result.ink} ink pixels differ`,
    });
    expect(result.differing).toBeLessThan(MAX_DIFFERING_PERCENT.svg);

    if (target === 'graph') {
      // The export borrowed vis-network's drawing for a moment: the screen still draws after it.
      expect(await page.evaluate(() => window.exportFixture.redrawGraph())).toBeGreaterThan(result.ink / 2);
    }
    if (target === 'chart') {
      // Positive control: the same file with the pie's orange slice dropped must fail the comparison.
      const damaged = svg.replace(/<path d="[^"]*" fill="#f08c00"\/>/, '');
      expect(damaged).not.toBe(svg);
      const broken = await compare(page, target, Buffer.from(damaged), 'image/svg+xml', TOLERANCE.svg);
      testInfo.annotations.push({
        type: 'svg control',
        description: `${broken.differing.toFixed(1)} % without one slice`,
      });
      expect(broken.differing).toBeGreaterThan(MAX_DIFFERING_PERCENT.svg);
    }
  }
});

test('PNG and JPEG: twice the screen density on white, and they look like the screen', async ({
  page,
}, testInfo) => {
  await openFixture(page);
  for (const target of ['chart', 'graph'] as const) {
    for (const [format, type, label] of [
      ['png', 'image/png', 'PNG image'],
      ['jpeg', 'image/jpeg', 'JPEG image'],
    ] as const) {
      const { name, bytes } = await exportFile(page, target, label);
      expect(name).toBe(`${target}_ related_issuers.${format === 'png' ? 'png' : 'jpg'}`);
      const size = await page.evaluate(
        async ([b, t]) => {
          const bitmap = await createImageBitmap(
            new Blob([Uint8Array.from(atob(b), (c) => c.charCodeAt(0))], { type: t }),
          );
          return [bitmap.width, bitmap.height];
        },
        [bytes.toString('base64'), type] as const,
      );
      expect(size[0]).toBe(960);
      const result = await compare(page, target, bytes, type, TOLERANCE[format]);
      testInfo.annotations.push({
        type: `${format} ${target}`,
        description: `${result.differing.toFixed(1)} % of ${result.ink} ink pixels differ`,
      });
      expect(result.differing).toBeLessThan(MAX_DIFFERING_PERCENT[format]);
    }
  }
});

test('PDF: the title and names are text (Latin, Cyrillic; Chinese with its font), no pictures, the page fits', async ({
  page,
}) => {
  await openFixture(page);
  const { name, bytes } = await exportFile(page, 'graph', 'PDF document');
  expect(name).toBe('graph_ related_issuers.pdf');
  const pdf = readPdf(bytes);
  const text = pdf.texts.join('');
  expect(text).toContain('Related issuers: Ünal Çelik, Łódź, Straße, Київ, İğdır');
  expect(text).toContain('ПАО Сбербанк');
  expect(pdf.hasImage).toBe(false);
  expect(pdf.pages).toBe(1);
  expect(pdf.pageSize[0]).toBe(480 + 48);
  expect(pdf.pageSize[1]).toBeGreaterThan(300);
  // A Chinese name on an English page is text too: the CJK font comes with it.
  expect(text).toContain('中国石油');
  expect(pdf.fontNames.some((font) => /Noto/i.test(font))).toBe(true);

  await page.goto('about:blank');
  await openFixture(page, '?lang=chn');
  const chinese = readPdf((await exportFile(page, 'chart', 'PDF document')).bytes);
  const chineseText = chinese.texts.join('');
  expect(chineseText).toContain('关联公司：中国石油天然气');
  expect(chineseText).toContain('中国石油');
  expect(chineseText).toContain('Газпром нефть');
  expect(chinese.hasImage).toBe(false);
  expect(chinese.fontNames.some((font) => /Noto/i.test(font))).toBe(true);
  expect(await page.evaluate(() => window.exportFixture.errors)).toEqual([]);
});

test('logo: on adds it to every format, off leaves it out', async ({ page }) => {
  await openFixture(page);
  const files = async () => ({
    svg: (await exportFile(page, 'chart', 'SVG vector image')).bytes.toString('utf8'),
    png: (await exportFile(page, 'chart', 'PNG image')).bytes,
    jpeg: (await exportFile(page, 'chart', 'JPEG image')).bytes,
    pdf: readPdf((await exportFile(page, 'chart', 'PDF document')).bytes).texts.join(''),
  });
  const off = await files();
  await page.getByLabel('Show logo').check();
  const on = await files();
  expect(off.svg).not.toContain('>fin-elements</text>');
  expect(on.svg).toContain('>fin-elements</text>');
  expect(off.pdf).not.toContain('fin-elements');
  expect(on.pdf).toContain('fin-elements');
  for (const [format, type] of [
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ] as const) {
    const [without, withLogo] = await Promise.all(
      [off[format], on[format]].map((bytes) =>
        page.evaluate(([b, t]) => window.exportFixture.logoPixels(b, t), [
          bytes.toString('base64'),
          type,
        ] as const),
      ),
    );
    expect(withLogo! - without!, `${format}: ink pixels the logo adds`).toBeGreaterThan(1500);
  }
});

test('print: a frame with the SVG and its nonced style under a strict CSP, printed, then removed', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openFixture(page, '', true);
  await menuButton(page, 'graph').click();
  await page.getByRole('menuitem', { name: 'Print' }).last().click();
  await expect.poll(() => page.evaluate(() => window.exportFixture.printCalls.length)).toBe(1);
  const [call] = await page.evaluate(() => window.exportFixture.printCalls);
  expect(call!.svgCount).toBe(1);
  expect(call!.texts).toContain('Related issuers: Ünal Çelik, Łódź, Straße, Київ, İğdır');
  expect(call!.texts).toContain('ПАО Сбербанк');
  expect(call!.styleNonce).toBe(NONCE);
  expect(call!.frameInDocument).toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => window.exportFixture.errors)).toEqual([]);
});

test('menu: keyboard path, focus back to the button, axe on the open menu, fits a 320 px screen', async ({
  page,
}) => {
  await openFixture(page);
  const button = menuButton(page, 'chart');
  const focused = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('role') === 'menuitem'
        ? active.textContent
        : active?.getAttribute('aria-haspopup')
          ? 'button'
          : active?.localName;
    });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = page.locator('.menu-chart').getByRole('menuitem');
  await expect(items).toHaveText(['Print', 'PNG image', 'JPEG image', 'PDF document', 'SVG vector image']);
  expect(await focused()).toBe('Print');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('PNG image');
  await page.keyboard.press('End');
  expect(await focused()).toBe('SVG vector image');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('Print');
  await page.keyboard.press('ArrowUp');
  expect(await focused()).toBe('SVG vector image');
  await page.keyboard.press('Home');
  expect(await focused()).toBe('Print');

  const axe = await runAxe(page, 'export-fixture');
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await focused()).toBe('button');

  // ArrowDown opens too; choosing with Enter closes, gives focus back and makes the file.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloading).suggestedFilename()).toMatch(/\.png$/);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await focused()).toBe('button');

  // Tab closes the menu and moves on.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // 320 px: the menu stays on screen with its button at the end of a toolbar and at its start.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const placement of ['flex-end', 'flex-start']) {
    await page.evaluate((justify) => {
      const toolbar = document
        .querySelector('export-fixture')!
        .shadowRoot!.querySelector<HTMLElement>('.toolbar')!;
      toolbar.style.justifyContent = justify;
    }, placement);
    for (const target of ['chart', 'graph'] as const) {
      await menuButton(page, target).click();
      const box = await page.locator(`.menu-${target} [role="menu"]`).boundingBox();
      expect(box!.x, `${target} menu, button at ${placement}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${target} menu, button at ${placement}`).toBeLessThanOrEqual(320);
      await page.keyboard.press('Escape');
    }
  }
});
