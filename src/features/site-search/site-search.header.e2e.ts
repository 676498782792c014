/**
 * The header's search box does not move the page when <fin-site-search> upgrades the plain no-JS
 * form: the header has the same height and the page's `main` starts at the same place with and
 * without scripts, at 1280 px (the input) and 375 px (the button that opens the full-screen search),
 * and the browser records no layout shift while the element upgrades (with a positive control: a
 * header that grows is seen by the same observer). On a phone the header stays short: from 375 px
 * the brand and the search button share the first row, in every language.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LANGUAGES } from '../../../demo-pages/testing/page-list.ts';

const PAGE = '/login/?lang=eng';
const WIDTHS = [1280, 375, 320];

interface HeaderBox {
  header: number;
  mainTop: number;
  search: { width: number; height: number };
}

function headerBox(page: Page): Promise<HeaderBox> {
  return page.evaluate(() => {
    const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const search = rect('header fin-site-search');
    return {
      header: rect('header').height,
      mainTop: rect('main').top,
      search: { width: search.width, height: search.height },
    };
  });
}

/** Layout shifts the page has had so far, with the elements that moved (PerformanceObserver 'layout-shift'). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { finShifts: typeof shifts }).finShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[])
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.className}`
              : String(node?.nodeName),
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { finShifts: { value: number; sources: string[] }[] }).finShifts);

async function withoutScripts(browser: Browser, width: number): Promise<HeaderBox> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(PAGE);
  await expect(page.locator('header fin-site-search form[role="search"] input')).toBeVisible();
  const box = await headerBox(page);
  await context.close();
  return box;
}

for (const width of WIDTHS) {
  test(`the header's search box moves nothing when it upgrades, at ${width} px`, async ({
    browser,
    page,
  }) => {
    const plain = await withoutScripts(browser, width);
    expect(Number.isInteger(plain.search.height), `no-JS box height ${plain.search.height}`).toBe(true);

    await recordLayoutShifts(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PAGE);
    const upgraded = page.locator('header fin-site-search');
    await expect(
      width < 680
        ? upgraded.getByRole('button', { name: 'Search' })
        : upgraded.getByRole('combobox', { name: 'Name, ticker or ISIN' }),
    ).toBeVisible();
    const after = await headerBox(page);
    expect(after).toEqual(plain);
    // A frame after the upgrade, so the observer has had its chance to report.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await layoutShifts(page)).toEqual([]);

    // Positive control: the same observer sees a header that grows and moves the page down.
    await page.evaluate(() => (document.querySelector('header')!.style.paddingBottom = '40px'));
    await expect.poll(async () => (await layoutShifts(page)).length).toBeGreaterThan(0);
  });
}

test("on a 375 px phone the brand and the search button share the header's first row, in every language", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const lang of LANGUAGES) {
    await page.goto(`/login/?lang=${lang}`);
    const button = page.locator('header fin-site-search').getByRole('button');
    await expect(button, lang).toBeVisible();
    const rows = await page.evaluate(() => {
      const box = (element: Element) => element.getBoundingClientRect();
      const header = box(document.querySelector('.shell-header')!);
      const brand = box(document.querySelector('.shell-brand')!);
      const search = document.querySelector('header fin-site-search')!;
      const open = box(search.shadowRoot!.querySelector('button')!);
      return {
        header,
        brand,
        open,
        paddingEnd: parseFloat(getComputedStyle(document.querySelector('.shell-header')!).paddingRight),
      };
    });
    // One row: the button's box overlaps the brand's line, and it ends inside the header's padding.
    expect(rows.open.top, lang).toBeLessThan(rows.brand.bottom);
    expect(rows.open.bottom, lang).toBeGreaterThan(rows.brand.top);
    expect(rows.open.right, lang).toBeLessThanOrEqual(rows.header.right - rows.paddingEnd + 0.5);
    // Three short rows (brand and search, hints and log-in, menu) where there were four.
    expect(rows.header.height, lang).toBeLessThan(135);
  }
});
