/**
 * <fin-leaders> in Chromium: tabs by mouse and keyboard with fixed answers, then against the
 * reference server the figures each audience gets, the empty tabs, and pictures of fixed leaders.
 * Tests that route the leaders' answers open the page with `preload=0` (without its preloaded
 * first answers, issue 24), so the element makes the calls they answer.
 */
import { expect, test } from '@playwright/test';
import { leadersPath } from '../../contract/api-paths.ts';
import { ELEMENT_LABEL_MODULES } from '../../../demo-pages/server/templates/label-modules.ts';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import { pageColumnsByKeyboard } from '../../../demo-pages/testing/column-paging.ts';
import {
  bodyRows,
  FIXTURE_STOCK,
  fixturePage,
  leaderRows,
  leaders,
  leadersAnswer,
  menu,
  PAID_USER,
  routeLeaders,
  rowTexts,
  sberData,
  SCREENSHOT_SIZES,
} from '../../../demo-pages/testing/stock-page.ts';

/** A number as the tables show it ("1 234.50", "−2.12%", "▲305.00"). */
const shownNumber = (text: string) => Number(text.replace('−', '-').replace(/[^\d.+-]/g, ''));

test.describe('leaders', () => {
  test('at 375 px every column pages behind arrows (SPEC §4), what the tab is about first, by keyboard', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.setViewportSize({ width: 375, height: 760 });
    const answer = page.waitForResponse((response) => response.url().includes('/get-growing-leaders/'));
    await page.goto('/stocks/sber/?lang=rus&preload=0');
    const { fields } = (await (await answer).json()) as { fields: string[] };
    const block = leaders(page);
    await expect(bodyRows(block).first()).toBeVisible();
    await expect(block.locator('thead .dt-page--next')).toBeVisible();
    const pages = await pageColumnsByKeyboard(block);
    expect(pages.every((shown) => shown[0] === 'name')).toBe(true);
    expect(pages[0]!.slice(0, 3)).toEqual(['name', 'change', 'last']);
    expect(new Set(pages.flat())).toEqual(new Set(fields));
  });

  test('tabs load their own rows for the page branch and ground, by mouse and keyboard', async ({ page }) => {
    const calls = await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng&preload=0');
    const block = leaders(page);
    const names = () => block.locator('tbody tr.dt-row th').allTextContents();
    await expect(block.getByRole('tab', { name: 'Top gainers' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(names).toEqual(['Riser 1', 'Riser 2', 'Riser 3', 'Riser 4', 'Riser 5']);
    const tabs: unknown[] = [];
    await page.exposeFunction('recordTab', (detail: unknown) => tabs.push(detail));
    await page.evaluate(() =>
      document.addEventListener('fin-tab-change', (event) =>
        (window as unknown as { recordTab(d: unknown): void }).recordTab(event.detail),
      ),
    );

    await block.getByRole('tab', { name: 'Capitalization' }).click();
    await expect.poll(names).toEqual(['Giant 1', 'Giant 2', 'Giant 3']);
    await block.getByRole('tab', { name: 'Capitalization' }).press('ArrowLeft');
    await expect(block.getByRole('tab', { name: 'Top losers' })).toBeFocused();
    await expect.poll(names).toEqual(['Faller 1', 'Faller 2', 'Faller 3', 'Faller 4', 'Faller 5']);
    // Seven rows: five until expanded.
    await block.getByRole('button', { name: 'Show more' }).click();
    await expect(block.locator('tbody tr.dt-row')).toHaveCount(7);

    expect(calls).toEqual([
      '/api/stocks/get-growing-leaders/1/1/1/',
      '/api/stocks/get-capitalization/1/1/',
      '/api/stocks/get-growing-leaders/1/1/2/',
    ]);
    expect(tabs).toEqual([{ id: 3 }, { id: 2 }]);
  });
});

const LEADER_TABS = [
  { id: 1, name: 'Top gainers', path: '/api/stocks/get-growing-leaders/1/1/1/' },
  { id: 2, name: 'Top losers', path: '/api/stocks/get-growing-leaders/1/1/2/' },
  { id: 3, name: 'Capitalization', path: '/api/stocks/get-capitalization/1/1/' },
] as const;

test.describe('leaders against the reference server', () => {
  test('paid: each tab shows the real figures the server answers, or says what its emptiness means', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    expect((await sberData(page)).branchId).toBe(1);
    await page.goto('/stocks/sber/?lang=eng');
    const block = leaders(page);
    await expect(page.locator('#growing_leaders-title')).toHaveText('Sector leaders');
    for (const tab of LEADER_TABS) {
      const answer = (await (await page.request.get(tab.path)).json()) as {
        data: Array<Record<string, unknown>>;
      };
      await block.getByRole('tab', { name: tab.name }).click();
      await expect(block.locator('.ld-panel')).toHaveAttribute('data-tab', String(tab.id));
      await expect(block.locator('.ld-panel')).not.toHaveAttribute('aria-busy', /./);
      if (tab.id === 3) expect(answer.data.length, 'the sector has stocks').toBeGreaterThan(0);
      if (answer.data.length === 0) {
        const meaning = tab.id === 1 ? 'rose' : 'fell';
        await expect(block.locator('.ld-panel')).toHaveText(
          `No stock of the sector ${meaning} on the last trading day`,
        );
        continue;
      }
      const rows = await rowTexts(block);
      expect(rows.map((row) => row.name)).toEqual(
        answer.data.slice(0, 5).map((row) => (row.name as { val: string }).val),
      );
      for (const [index, row] of rows.entries()) {
        const sent = answer.data[index]!;
        expect(shownNumber(row.last!)).toBeCloseTo(sent.last as number, 2);
        const field = tab.id === 3 ? 'capitalization' : 'change';
        expect(shownNumber(row[field]!)).toBeCloseTo(sent[field] as number, tab.id === 3 ? 0 : 2);
      }
      await expect(block.locator('tbody')).not.toContainText('***');
      await expect(block.locator('[part="hint"]')).toHaveCount(0);
    }
  });

  const prompts = {
    anonymous: { hint: 'Log in to see prices Log in', lastMasked: true },
    free: { hint: 'All prices are available with paid access Get access', lastMasked: false },
  } as const;
  for (const audience of ['anonymous', 'free'] as const) {
    test(`${audience}: capitalisation and changes come masked with the prompt${audience === 'free' ? ', the last price shown' : ''}`, async ({
      page,
    }) => {
      await signInAs(page.request, audience);
      const answer = (await (await page.request.get(LEADER_TABS[2].path)).json()) as {
        data: Array<Record<string, unknown>>;
      };
      expect(answer.data.length).toBeGreaterThan(0);
      // The server never sends them the paid figures.
      for (const row of answer.data) {
        expect(row.capitalization).toBe('***');
        expect(row.share).toBe('***');
        expect(row.last === '***').toBe(prompts[audience].lastMasked);
      }
      await page.goto('/stocks/sber/?lang=eng');
      const block = leaders(page);
      await block.getByRole('tab', { name: 'Capitalization' }).click();
      await expect(bodyRows(block)).toHaveCount(Math.min(5, answer.data.length));
      for (const row of await rowTexts(block)) {
        expect(row.capitalization).toBe('***');
        if (prompts[audience].lastMasked) expect(row.last).toBe('***');
        else expect(row.last).toMatch(/^\d[\d\u202f]*\.\d+$/);
      }
      await expect(block.locator('[part="hint"]')).toHaveText(prompts[audience].hint);
    });
  }

  test('an empty tab says nothing of the sector rose (or fell), the heading stays neutral', async ({
    page,
  }) => {
    const empty = {
      data: [],
      fields: ['name', 'tiker', 'last', 'change', 'volume', 'date'],
      fieldsLabels: {},
    };
    await page.route('**/api/stocks/get-growing-leaders/**', (route) =>
      route.fulfill({ json: { ...empty, branchId: 1, groundId: 1, currency: 'RUB' } }),
    );
    // Every tab empty: the first one stays open.
    await page.route('**/api/stocks/get-capitalization/**', (route) =>
      route.fulfill({
        json: { ...empty, fields: ['name', 'capitalization'], branchId: 1, groundId: 1, currency: 'RUB' },
      }),
    );
    await page.goto('/stocks/sber/?lang=eng&preload=0');
    const block = leaders(page);
    await expect(block.getByRole('tab', { name: 'Top gainers' })).toHaveAttribute('aria-selected', 'true');
    await expect(block.getByRole('tabpanel')).toHaveText(
      'No stock of the sector rose on the last trading day',
    );
    await block.getByRole('tab', { name: 'Top losers' }).click();
    await expect(block.getByRole('tabpanel')).toHaveText(
      'No stock of the sector fell on the last trading day',
    );
    await expect(page.locator('#growing_leaders-title')).toHaveText('Sector leaders');
    await expect(menu(page).locator('a[data-section="growing_leaders"]')).toHaveText('Sector leaders');
  });

  test('a day when nothing rose opens the first tab with rows; a tab the user picks stays', async ({
    page,
  }) => {
    // Nothing rose; two fell.
    const calls = await routeLeaders(page, { risers: 0, fallers: 2 });
    await page.goto('/stocks/sber/?lang=eng&preload=0');
    const block = leaders(page);
    await expect(block.getByRole('tab', { name: 'Top losers' })).toHaveAttribute('aria-selected', 'true');
    await expect(block.locator('tbody tr.dt-row th')).toHaveText(['Faller 1', 'Faller 2']);
    expect(calls).toEqual([
      '/api/stocks/get-growing-leaders/1/1/1/',
      '/api/stocks/get-growing-leaders/1/1/2/',
    ]);

    // The user's choice holds, empty or not.
    await block.getByRole('tab', { name: 'Top gainers' }).click();
    await expect(block.getByRole('tabpanel')).toHaveText(
      'No stock of the sector rose on the last trading day',
    );
    await expect(block.getByRole('tab', { name: 'Top gainers' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a day when nothing rose, from the server: the losers are painted with the page and hydrated as they are, without a call', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const calls = await routeLeaders(page);
    // The page's preload as the reference server gives it on such a day (stock.preload.ts): the
    // empty gainers, then the losers the element opens next.
    const preload = {
      [leadersPath(1, 1, 1)]: leadersAnswer([]),
      [leadersPath(1, 1, 2)]: leadersAnswer(leaderRows('Faller', 2)),
    };
    const labels = {
      lang: 'eng',
      modules: Object.fromEntries(
        await Promise.all(
          ELEMENT_LABEL_MODULES['fin-leaders']!.map(async (name) => [
            name,
            await (await page.request.get(`/api/labels/${name}/?lang=eng`)).json(),
          ]),
        ),
      ),
    };
    const rendered = await page.request.post('/api/render/', {
      data: { tag: 'fin-leaders', lang: 'eng', pageData: FIXTURE_STOCK, preload },
    });
    expect(rendered.status()).toBe(200);
    const block = (id: string, value: unknown) =>
      `<script type="application/json" id="${id}">${JSON.stringify(value)}</script>`;
    await fixturePage(page, {
      data: FIXTURE_STOCK,
      body:
        block('fin-preload', preload) +
        block('fin-labels', labels) +
        (await rendered.text()) +
        // Runs before the element's module: the server's row, to find again after hydration.
        `<script>window.serverRow = document.querySelector('fin-leaders').shadowRoot.querySelector('tbody tr');</script>`,
      tags: ['fin-leaders'],
    });
    const leadersBlock = leaders(page);
    await expect(page.locator('fin-leaders:not(:defined)')).toHaveCount(0);
    await expect(leadersBlock.getByRole('tab', { name: 'Top losers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(leadersBlock.locator('tbody tr.dt-row th')).toHaveText(['Faller 1', 'Faller 2']);
    expect(
      await page.evaluate(
        "window.serverRow !== null && window.serverRow === document.querySelector('fin-leaders').shadowRoot.querySelector('tbody tr')",
      ),
      'the row the server painted is the row after hydration',
    ).toBe(true);
    expect(calls).toEqual([]);
    expect(problems.filter((text) => /hydrat|recoverable|did not match|mismatch/i.test(text))).toEqual([]);
    // Interactive: the gainers are the visitor's choice, called.
    await leadersBlock.getByRole('tab', { name: 'Top gainers' }).click();
    await expect(leadersBlock.locator('tbody tr.dt-row th').first()).toHaveText('Riser 1');
    expect(calls).toEqual([leadersPath(1, 1, 1)]);
  });

  test('screenshots of fixed leaders at 1280 and 375 px', async ({ page }) => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: 100 + i,
      name: {
        val: ['Sberbank', 'VTB Bank', 'Moscow Exchange', 'Sberbank pref.', 'T-Bank', 'Rosbank', 'MKB'][i],
        lnk: `/stocks/x${i}/`,
      },
      tiker: ['SBER', 'VTBR', 'MOEX', 'SBERP', 'T', 'ROSB', 'CBOM'][i],
      last: [305.12, 0.0243, 212.4, 304.5, 2890, 96.2, 7.45][i],
      'last.numeric': null,
      change: [3.41, 2.9, 2.12, 1.8, 1.05, 0.6, 0.12][i],
      'change.numeric': null,
      volume: 1_200_000 * (7 - i),
      'volume.numeric': 1_200_000 * (7 - i),
      date: '20.11.2026',
      'date.numeric': 0,
      class: 'up',
    }));
    await page.route('**/api/stocks/get-growing-leaders/**', (route) =>
      route.fulfill({
        json: {
          data: rows,
          fields: ['name', 'tiker', 'last', 'change', 'volume', 'date'],
          fieldsLabels: {},
          branchId: 1,
          groundId: 1,
          currency: 'RUB',
        },
      }),
    );
    for (const [name, size] of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await fixturePage(page, {
        data: FIXTURE_STOCK,
        body: '<div style="max-width:990px"><fin-leaders></fin-leaders></div>',
        tags: ['fin-leaders'],
        user: PAID_USER,
      });
      await expect(bodyRows(leaders(page))).toHaveCount(5);
      await expect(leaders(page)).toHaveScreenshot(`leaders-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});
