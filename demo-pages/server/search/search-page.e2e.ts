/**
 * The /search/ page without scripts (the server form, tabs and pager links), in three languages
 * at a desktop and a phone width. The shared gates (layout, axe, hostile data) cover the page as
 * one of the demo pages; this checks what a visitor does on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { SEARCH_PAGE_SIZE } from '../../../src/contract/search.ts';

/** Labels of the search module in a language, as the page shows them. */
async function searchLabels(page: Page, lang: string): Promise<Record<string, string>> {
  const response = await page.request.get(`/api/labels/search/?lang=${lang}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, string>;
}

/** The bond search answers more than one page (the demo has over 20 bonds of the state). */
const TERM = 'ОФЗ';

test.describe('search page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One test a language, each at both widths.
  for (const lang of ['eng', 'rus', 'chn'])
    test(`the form searches, tabs and pager links page through the results (${lang}) at 1280 and 375 px`, async ({
      page,
    }) => {
      const t = await searchLabels(page, lang);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/search/?lang=${lang}`);
        const form = page.locator('main form[role="search"]');
        await form.locator('input[name="q"]').fill(TERM);
        await form.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(/\/search\/\?q=/);

        // The first tab with results is active: bonds, with a heading of the range shown.
        const main = page.locator('main');
        await expect(main.locator('[data-tab="bonds"][aria-current="page"]')).toBeVisible();
        const heading = main.locator('h2#search-results-heading');
        const total = Number(
          (await main.locator('[data-tab="bonds"]').textContent())!.match(/\((\d+)\)/)![1],
        );
        expect(total).toBeGreaterThan(SEARCH_PAGE_SIZE);
        const range = (from: number, to: number) =>
          t
            .results_range!.replace('{from}', String(from))
            .replace('{to}', String(to))
            .replace('{total}', String(total));
        await expect(heading).toHaveText(`${t.tab_bonds}: ${range(1, SEARCH_PAGE_SIZE)}`);
        const rows = main.locator('tr[data-search-item^="bonds:"]');
        await expect(rows).toHaveCount(SEARCH_PAGE_SIZE);
        const firstPage = await rows.locator('a').allTextContents();

        // The pager: a link per page, the current one marked, "previous" off on the first.
        const pager = main.getByRole('navigation', { name: t.pager });
        await expect(pager.getByRole('link', { name: t.page_n!.replace('{page}', '1') })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(pager.locator('.pager-off')).toHaveText(t.page_prev!);
        await pager.getByRole('link', { name: t.page_next }).click();
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect(heading).toHaveText(`${t.tab_bonds}: ${range(SEARCH_PAGE_SIZE + 1, total)}`);
        await expect(rows).toHaveCount(total - SEARCH_PAGE_SIZE);
        const secondPage = await rows.locator('a').allTextContents();
        expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
        await pager.getByRole('link', { name: t.page_prev }).click();
        await expect(rows.locator('a')).toHaveText(firstPage);

        // A tab link starts that tab at its first page.
        await expect(main.locator('a[data-tab="bonds"]')).not.toHaveAttribute('href', /page=/);
      }
    });

  test('a term typed in the other keyboard layout finds the same, and says so', async ({ page }) => {
    const t = await searchLabels(page, 'eng');
    await page.goto(`/search/?q=${encodeURIComponent('ыиук')}&tab=stocks&lang=eng`);
    await expect(page.locator('main tbody a[href="/stocks/sber/"]')).toBeVisible();
    await expect(page.locator('main [data-converted-term]')).toHaveText(
      t.showing_results_for!.replace('{term}', 'sber'),
    );
  });
});

test.describe('search page with JavaScript', () => {
  // One test a language, each at both widths.
  for (const lang of ['eng', 'rus', 'chn'])
    test(`<fin-site-search variant="page"> shows the results in tabs and pages them, focus on the results heading (${lang}) at 1280 and 375 px`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const t = await searchLabels(page, lang);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/search/?q=${encodeURIComponent(TERM)}&lang=${lang}`);
        const results = page.locator('main fin-site-search [part="results"]');
        const heading = results.getByRole('heading', { level: 2 });
        /** The heading of a page of bonds: the range label with the numbers put in. */
        const headingOf = (from: number, to: number) =>
          new RegExp(
            `^${t.tab_bonds}: ${t
              .results_range!.replace('{from}', String(from))
              .replace('{to}', String(to))
              .replace('{total}', '\\d+')}$`,
          );
        await expect(heading).toHaveText(headingOf(1, SEARCH_PAGE_SIZE));
        // The server's own results are hidden inside the element: one set of results shows.
        await expect(page.locator('main tr[data-search-item]').first()).toBeHidden();
        await expect(results.getByRole('tab', { name: new RegExp(`^${t.tab_bonds} \\(`) })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        const totalOfBonds = async () =>
          Number(
            (await results
              .getByRole('tab', { name: new RegExp(`^${t.tab_bonds} \\(`) })
              .textContent())!.match(/\((\d+)\)/)![1],
          );
        const names = results.locator('.ssr-name');
        await expect(names).toHaveCount(SEARCH_PAGE_SIZE);
        const firstPage = await names.allTextContents();

        const pager = results.getByRole('navigation', { name: t.pager });
        await pager.getByRole('link', { name: t.page_next }).click();
        await expect(heading).toHaveText(headingOf(SEARCH_PAGE_SIZE + 1, await totalOfBonds()));
        await expect(heading).toBeFocused();
        await expect(pager.getByRole('link', { name: t.page_n!.replace('{page}', '2') })).toHaveAttribute(
          'aria-current',
          'page',
        );
        const secondPage = await names.allTextContents();
        expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
        // By keyboard: the link of page 1, then Enter.
        await pager.getByRole('link', { name: t.page_n!.replace('{page}', '1') }).focus();
        await page.keyboard.press('Enter');
        await expect(names).toHaveText(firstPage);
        await expect(heading).toBeFocused();
      }
      expect(errors).toEqual([]);
    });
});

test.describe('search page address', () => {
  test('a term under 3 characters shows a hint, not a blank page', async ({ page }) => {
    const t = await searchLabels(page, 'eng');
    for (const q of ['sb', '']) {
      await page.goto(`/search/?q=${q}&lang=eng`);
      await expect(page.locator('main fin-site-search [part="hint"]')).toHaveText(t.term_too_short!);
    }
    // Typing a short term on the page says the same.
    await page.goto(`/search/?q=${encodeURIComponent(TERM)}&lang=eng`);
    const results = page.locator('main fin-site-search');
    await expect(results.locator('[part="results"]')).toBeVisible();
    await results.getByRole('combobox').fill('ОФ');
    await expect(results.locator('[part="hint"]')).toHaveText(t.term_too_short!);
  });

  test('the tab and the results page are in the address: reload and Back keep them', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const t = await searchLabels(page, 'eng');
    const results = page.locator('main fin-site-search [part="results"]');
    const selectedTab = results.locator('[role="tab"][aria-selected="true"]');
    const heading = results.getByRole('heading', { level: 2 });
    const current = results.getByRole('navigation', { name: t.pager }).locator('[aria-current="page"]');
    const params = () => Object.fromEntries(new URL(page.url()).searchParams);

    // A page of bonds.
    await page.goto(`/search/?q=${encodeURIComponent(TERM)}&lang=eng`);
    await expect(selectedTab).toHaveAttribute('data-tab-id', 'bonds');
    await expect.poll(params).toEqual({ q: TERM, lang: 'eng', tab: 'bonds' });
    await results.getByRole('navigation', { name: t.pager }).getByRole('link', { name: t.page_next }).click();
    await expect(current).toHaveText('2');
    await expect.poll(params).toEqual({ q: TERM, lang: 'eng', tab: 'bonds', page: '2' });
    // The pager says 2 before the second page's rows have come: wait for them before reading.
    await expect(results).not.toHaveAttribute('aria-busy', 'true');
    await expect(results.locator('.ssr-name')).not.toHaveCount(0);
    const secondPage = await results.locator('.ssr-name').allTextContents();
    await page.reload();
    await expect(current).toHaveText('2');
    await expect(heading).toHaveText(new RegExp(`^${t.tab_bonds}: 21`));
    await expect(results.locator('.ssr-name')).toHaveText(secondPage);
    await page.goBack();
    await expect(current).toHaveText('1');
    await expect.poll(params).toEqual({ q: TERM, lang: 'eng', tab: 'bonds' });
    await page.goForward();
    await expect(current).toHaveText('2');

    // Another tab: "sber" opens the best match's (stocks); the ETF tab is a new entry.
    await page.goto('/search/?q=sber&lang=eng');
    await expect(selectedTab).toHaveAttribute('data-tab-id', 'stocks');
    await expect.poll(params).toEqual({ q: 'sber', lang: 'eng', tab: 'stocks' });
    await results.locator('[role="tab"][data-tab-id="etf"]').click();
    await expect.poll(params).toEqual({ q: 'sber', lang: 'eng', tab: 'etf' });
    await page.reload();
    await expect(selectedTab).toHaveAttribute('data-tab-id', 'etf');
    await expect(results.locator('[data-search-item^="etf:"]').first()).toBeVisible();
    await page.goBack();
    await expect(selectedTab).toHaveAttribute('data-tab-id', 'stocks');
    await expect(results.locator('[data-search-item^="stocks:"]').first()).toBeVisible();
    await page.goBack();
    await expect.poll(params).toEqual({ q: TERM, lang: 'eng', tab: 'bonds', page: '2' });
    await expect(current).toHaveText('2');
    expect(errors).toEqual([]);
  });
});

test('the header of every page carries the site search, and its plain form works without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?lang=eng');
  const form = page.locator('header fin-site-search form[role="search"]');
  await form.locator('input[name="q"]').fill('сбер');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/search\/\?q=%D1%81%D0%B1%D0%B5%D1%80/);
  await expect(page.locator('main tr[data-search-item] a').first()).toBeVisible();
  await context.close();
});
