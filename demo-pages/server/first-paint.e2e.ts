/**
 * First paint from the server (issue 24, DESIGN §5b): the stock and issuer pages carry each
 * server-rendered element's first view as declarative shadow DOM. Without JavaScript a visitor
 * reads it; with JavaScript the element hydrates it (the same nodes, no shift, no warning).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs, type Audience } from '../testing/session.ts';
import { observeLayoutShift, layoutShiftOf } from '../testing/layout-shift.ts';
import { elementsSettled } from '../testing/layout.ts';
import type { CompanyCommentsAnswer } from '../../src/contract/company.ts';

const STOCK = '/stocks/sber/?lang=eng';
const ISSUER = '/company/1/?lang=eng';

/** The text of each server-rendered element, as a visitor without scripts sees it. */
async function shadowTexts(page: Page, tags: string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((tag) => [
          tag,
          [...document.querySelectorAll(tag)]
            .map((element) =>
              [...(element.shadowRoot?.childNodes ?? [])]
                .filter((node) => node.nodeName !== 'STYLE')
                .map((node) => node.textContent)
                .join(''),
            )
            .join(' | '),
        ]),
      ),
    tags,
  );
}

/** The texts of the cells (a selector inside `element`'s shadow root) that match `pattern`. */
function cellTexts(page: Page, element: string, cells: string, pattern: RegExp): Promise<string[]> {
  return page.evaluate(
    ([element, cells, source]) =>
      [...(document.querySelector(element)?.shadowRoot?.querySelectorAll(cells) ?? [])]
        .map((cell) => cell.textContent!.trim())
        .filter((text) => new RegExp(source).test(text)),
    [element, cells, pattern.source] as const,
  );
}

/** The exchange table's first row's price cells (dates and tickers do not match): paid values. */
const firstRowPrices = (page: Page) =>
  cellTexts(page, 'fin-exchange-table', 'tbody tr:first-child td', /^[+-]?[\d\s\u00a0]+[.,]\d+%?$/);

/** The figures of the multipliers' tables (the masked `***` does not match). */
const multiplierValues = (page: Page) =>
  cellTexts(
    page,
    'fin-issuer-reports[sections="multipliers"]',
    'tbody td',
    /^[+\-−]?\d[\d\s\u00a0]*([.,]\d+)?%?$/,
  );

/** Each `<fin-issuer-reports>` section's text (by its `sections` attribute), as read without scripts. */
function reportTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('fin-issuer-reports')].map((element) => [
        element.getAttribute('sections'),
        [...(element.shadowRoot?.childNodes ?? [])]
          .filter((node) => node.nodeName !== 'STYLE')
          .map((node) => node.textContent)
          .join(''),
      ]),
    ),
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the stock and issuer pages show each element server-rendered, masked per access level', async ({
    page,
  }) => {
    const seen: Record<
      Audience,
      {
        stock: Record<string, string>;
        html: string;
        prices: string[];
        multipliers?: string[];
        issuerHtml?: string;
      }
    > = {} as never;
    for (const audience of ['anonymous', 'free', 'paid'] as const) {
      await page.context().clearCookies();
      await signInAs(page.request, audience);
      const response = await page.goto(STOCK);
      const html = await response!.text();
      const stock = await shadowTexts(page, [
        'fin-price-dynamics',
        'fin-exchange-table',
        'fin-dividends-table',
        'fin-related-list',
      ]);
      seen[audience] = { stock, html, prices: await firstRowPrices(page) };
      // Each server style carries the page's CSP nonce (a strict style-src allows them).
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
      const serverStyles = [...html.matchAll(/<style([^>]*) data-fin-server-style=/g)];
      expect(serverStyles.length).toBeGreaterThan(5);
      for (const [, attributes] of serverStyles) expect(attributes).toBe(` nonce="${nonce}"`);
      // Each element's own words, in the page's language, with no script run.
      expect(stock['fin-exchange-table']).toContain('Moscow Exchange');
      expect(stock['fin-dividends-table']).toContain('Dividend history');
      expect(stock['fin-related-list']).toContain('MOEX Russia Index');
      // The menu is left to the browser (its view depends on the width): without scripts the
      // plain menu of its light DOM shows, as on every page.
      expect(html).not.toMatch(/<fin-menu[^>]*>\s*<template shadowrootmode/);
      await expect(page.locator('fin-menu details').first()).toBeVisible();

      const issuerResponse = await page.goto(ISSUER);
      const issuer = await reportTexts(page);
      // Each section's first view with its data (the preloaded answers), not a loading line: the
      // IFRS table's lines with their values, the multipliers' table, the quarterly files.
      expect(issuer.ifrs, `${audience}: IFRS`).toMatch(/Total assets\s*-?\d[\d\s\u00a0]*\.\d/);
      expect(issuer.ras, `${audience}: RAS`).toMatch(/Total assets\s*-?\d[\d\s\u00a0]*\.\d/);
      expect(issuer.multipliers, `${audience}: multipliers`).toContain('Market capitalisation');
      expect(issuer.quarterly, `${audience}: quarterly`).toContain('Quarterly reports');
      // The analytics comments, each with its title and its provider's text (sanitized on the server).
      const comments = (await (
        await page.request.get('/api/company/1/comments_about/?lang=eng')
      ).json()) as CompanyCommentsAnswer;
      expect(comments.items.length).toBeGreaterThan(0);
      for (const comment of comments.items) expect(issuer.comments).toContain(comment.title);
      const commentsSection = page.locator('fin-issuer-reports[sections="comments"]');
      await expect(commentsSection.locator('.irc-content p').first()).toBeVisible();
      expect(await commentsSection.locator('.irc-content :is(script, img, svg, iframe, style)').count()).toBe(
        0,
      );
      for (const [section, text] of Object.entries(issuer))
        expect(text, `${audience}: ${section}`).not.toContain('Loading');
      // Controls that need scripts are not offered to a browser that runs none, and leave no
      // blank room (with scripts on, their room is kept until the element is defined).
      const ifrs = page.locator('fin-issuer-reports[sections="ifrs"]');
      await expect(ifrs.locator('.an-toolbar')).toBeHidden();
      const heights = (control: string) =>
        ifrs
          .locator(control)
          .evaluateAll((found) => found.map((node) => node.getBoundingClientRect().height));
      expect(await heights('.an-toolbar')).toEqual([0]);
      // The export: a signed-in visitor's plain link works without scripts; the prompt's button does not.
      const prompts = await heights('button.st-export__link');
      if (audience === 'anonymous') expect(prompts.length).toBeGreaterThan(0);
      for (const height of prompts) expect(height, `${audience}: export prompt`).toBe(0);
      await expect(ifrs.getByRole('tab', { name: 'Annual' })).toBeVisible();
      seen[audience].multipliers = await multiplierValues(page);
      seen[audience].issuerHtml = await issuerResponse!.text();
    }
    // The multipliers a paid visitor reads and the others may not are masked for them, in their
    // HTML too (the preload is masked per visitor, as the API's answers are).
    const paidMultipliers = seen.paid.multipliers!;
    // The sections' chunks come with the page: hydration waits for them (the server DOM stays).
    expect(seen.anonymous.issuerHtml).toMatch(
      /<link rel="modulepreload" href="\/dist\/chunks\/StandardViews-[\w-]+\.js"/,
    );
    // The stock chart loads amCharts as its module runs: the page announces it, so its fetch
    // starts with the page's (module-preload.ts).
    expect(seen.anonymous.html).toMatch(
      /<link rel="modulepreload" href="\/dist\/chunks\/amcharts-engine-[\w-]+\.js"/,
    );
    for (const audience of ['anonymous', 'free'] as const) {
      const { multipliers, issuerHtml } = seen[audience];
      expect(multipliers!.length, audience).toBeLessThan(paidMultipliers.length);
      for (const value of new Set(paidMultipliers.filter((value) => !multipliers!.includes(value))))
        expect(issuerHtml, `${audience}: ${value}`).not.toContain(`>${value}<`);
    }
    // The paid visitor's exchange row has prices; the anonymous page's HTML has none of them.
    const paidPrices = seen.paid.prices;
    expect(paidPrices.length).toBeGreaterThan(2);
    expect(seen.anonymous.prices).toEqual([]);
    // A free visitor gets fewer figures than a paid one, and none of the others in the HTML.
    expect(seen.free.prices.length).toBeLessThan(paidPrices.length);
    const paidOnly = paidPrices.filter((price) => !seen.free.prices.includes(price));
    expect(seen.anonymous.stock['fin-exchange-table']).toContain('***');
    for (const price of new Set(paidPrices)) expect(seen.anonymous.html).not.toContain(`>${price}<`);
    for (const price of new Set(paidOnly)) expect(seen.free.html).not.toContain(`>${price}<`);
  });
});

/**
 * Opens `url` with the module of the element `host` held until a node of its server DOM (`node`
 * in its shadow root) has been marked, then lets it run: whether that node is still the one there
 * once the element is defined and settled (hydrated, not rendered again).
 */
async function keepsServerNode(page: Page, url: string, host: string, node: string): Promise<boolean> {
  const tag = host.replace(/\[.*$/, '');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/dist/elements/${tag}.js`, async (route) => {
    await held;
    await route.continue();
  });
  // The module scripts hold DOMContentLoaded back: the page is read as soon as the node is parsed.
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    ({ host, node }) => {
      const marked = document.querySelector(host)?.shadowRoot?.querySelector(node);
      Object.assign(window, { __marked: marked });
      return Boolean(marked);
    },
    { host, node },
  );
  release();
  await expect(page.locator(`${tag}:not(:defined)`)).toHaveCount(0);
  await elementsSettled(page);
  await page.unroute(`**/dist/elements/${tag}.js`);
  return page.evaluate(
    ({ host, node }) =>
      (window as unknown as { __marked: Element }).__marked ===
      document.querySelector(host)!.shadowRoot!.querySelector(node),
    { host, node },
  );
}

test('with JavaScript the elements hydrate the server DOM: same nodes, no shift, no warning', async ({
  page,
  context,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await observeLayoutShift(context);
  expect(
    await keepsServerNode(page, STOCK, 'fin-exchange-table', 'table'),
    'the table node marked before the module ran is the one after',
  ).toBe(true);
  // Interactive: a sortable header sorts.
  const dateHeader = page.locator('fin-exchange-table th[data-field="date"]');
  await expect(dateHeader).not.toHaveAttribute('aria-sort', /./);
  await dateHeader.locator('button.dt-sort').click();
  await expect(dateHeader).toHaveAttribute('aria-sort', /ascending|descending/);
  // One set of styles: the server's <style> elements became the root's constructed sheets.
  const styles = await page.evaluate(() =>
    ['fin-exchange-table', 'fin-price-dynamics', 'fin-menu'].map((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      return { tag, inline: root.querySelectorAll('style').length, sheets: root.adoptedStyleSheets.length };
    }),
  );
  for (const style of styles) {
    expect(style.inline, style.tag).toBe(0);
    expect(style.sheets, style.tag).toBeGreaterThan(0);
  }
  const shift = await layoutShiftOf(page);
  const fromElements = shift.entries.filter((entry) =>
    entry.sources.some((source) => source.startsWith('fin-')),
  );
  expect(fromElements, 'layout shifts from the elements').toEqual([]);
  // The issuer page's reports hydrate their server view: the sections' views come in chunks of
  // their own, which arrive after the element's module; the server's table stays meanwhile.
  expect(
    await keepsServerNode(page, ISSUER, 'fin-issuer-reports[sections="ifrs"]', 'tbody tr'),
    'the IFRS row marked before the module ran is the one after',
  ).toBe(true);
  expect(
    await keepsServerNode(page, ISSUER, 'fin-issuer-reports[sections="comments"]', '.irc-content p'),
    "a comment's paragraph marked before the module ran is the one after",
  ).toBe(true);
  const issuerShift = await layoutShiftOf(page);
  expect(
    issuerShift.entries.filter((entry) => entry.sources.some((source) => source.startsWith('fin-'))),
    'layout shifts from the issuer page elements',
  ).toEqual([]);
  await expect(page.locator('fin-issuer-reports[sections="ifrs"] .an-toolbar')).toBeVisible();
  // Interactive: the period tabs switch (the quarterly table comes from its call).
  const quarterly = page.locator('fin-issuer-reports[sections="ifrs"] [role="tab"][data-tab-id="1"]');
  await quarterly.click();
  await expect(quarterly).toHaveAttribute('aria-selected', 'true');
  expect(problems.filter((text) => /hydrat|recoverable|did not match|mismatch/i.test(text))).toEqual([]);
});
