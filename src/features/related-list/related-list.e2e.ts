/**
 * <fin-related-list> in Chromium: the lists on the stock page (five entries, regions, no
 * navigation landmark), show more and hide with the focus kept, and pictures of fixed long lists.
 */
import { expect, test } from '@playwright/test';
import {
  FIXTURE_STOCK,
  fixturePage,
  sberData,
  watchErrors,
  SCREENSHOT_SIZES,
} from '../../../demo-pages/testing/stock-page.ts';

/** This file's element: errors that name it fail the tests that watch them. */
const MY_TAGS = /fin-related-list/;

/** A stock whose issuer has many bonds and stocks and which many indexes hold (the demo has none with more than 5). */
const LONG_LISTS = {
  ...FIXTURE_STOCK,
  emitentSharesStocksList: Array.from({ length: 6 }, (_, i) => ({
    id: 50 + i,
    name: `Sberbank class ${String.fromCharCode(65 + i)}`,
    url: `/stocks/sber${i}/`,
  })),
  emitentSharesBondsList: Array.from({ length: 7 }, (_, i) => ({
    id: 100 + i,
    isin: `RU000A10${i}XYZ`,
    name: `Sberbank 00${i + 1}R`,
    url: `/bonds/${100 + i}/`,
  })),
  indexesList: Array.from({ length: 6 }, (_, i) => ({
    id: 1 + i,
    code: ['IMOEX', 'RTSI', 'MOEXBC', 'MOEXFN', 'MOEX10', 'MOEXBMI'][i],
    name: [
      'MOEX Russia Index',
      'RTS Index',
      'MOEX Blue Chip Index',
      'MOEX Financials Index',
      'MOEX 10 Index',
      'MOEX Broad Market Index',
    ][i],
    url: `/indexes/${1 + i}/`,
  })),
};

/** The related lists as the stock page places them: each in a section headed by its title. */
const LONG_LISTS_BODY = ['stocks', 'bonds', 'indexes']
  .map(
    (kind) => `<section id="list-${kind}" aria-labelledby="list-${kind}-title" style="max-width:990px">
      <h2 id="list-${kind}-title">${{ stocks: 'Other shares of the issuer', bonds: 'Bonds of the issuer', indexes: 'Indexes including the share' }[kind]}</h2>
      <fin-related-list kind="${kind}"></fin-related-list></section>`,
  )
  .join('');

test.describe('related lists', () => {
  test('on the stock page: five entries at most, each list in a region named by its heading, no navigation landmark', async ({
    page,
  }) => {
    const data = await sberData(page);
    await page.goto('/stocks/sber/?lang=eng');
    for (const [kind, list, heading] of [
      ['bonds', data.emitentSharesBondsList, 'Bonds of the issuer'],
      ['indexes', data.indexesList, 'Indexes including the share'],
    ] as const) {
      const region = page.getByRole('region', { name: heading });
      await expect(region.getByRole('listitem')).toHaveCount(Math.min(5, list.length));
      await expect(region.locator(`fin-related-list[kind="${kind}"]`)).toBeVisible();
    }
    await expect(page.locator('fin-related-list[kind="indexes"] .rl-note').first()).toHaveText(
      data.indexesList[0]!.code,
    );
    // Navigation is the main menu, the language switch, the breadcrumb, the grounds and the section
    // menu: nothing else.
    await expect(page.getByRole('navigation')).toHaveCount(5);
    for (const name of ['Main menu', 'Language', 'Breadcrumb', 'Trading grounds', 'On this page']) {
      await expect(page.getByRole('navigation', { name })).toHaveCount(1);
    }
  });

  test('show more reveals every entry and hide goes back to five, keeping the focus on the button', async ({
    page,
  }) => {
    const errors = watchErrors(page, MY_TAGS);
    await fixturePage(page, { data: LONG_LISTS, body: LONG_LISTS_BODY, tags: ['fin-related-list'] });
    const expanded: unknown[] = [];
    await page.exposeFunction('recordExpand', (detail: unknown) => expanded.push(detail));
    await page.evaluate(() =>
      document.addEventListener('fin-expand-change', (event) =>
        (window as unknown as { recordExpand(d: unknown): void }).recordExpand(event.detail),
      ),
    );
    for (const [kind, count] of [
      ['stocks', 6],
      ['bonds', 7],
      ['indexes', 6],
    ] as const) {
      const list = page.locator(`fin-related-list[kind="${kind}"]`);
      const toggle = list.locator('[part="show-more"]');
      await expect(list.getByRole('listitem')).toHaveCount(5);
      await expect(toggle).toHaveText('Show more');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(list.getByRole('listitem')).toHaveCount(count);
      await expect(toggle).toHaveText('Hide');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toBeFocused();
      await toggle.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(5);
      await expect(toggle).toHaveText('Show more');
      await expect(toggle).toBeFocused();
    }
    expect(expanded).toEqual([
      { expanded: true },
      { expanded: false },
      { expanded: true },
      { expanded: false },
      { expanded: true },
      { expanded: false },
    ]);
    await expect(
      page.getByRole('region', { name: 'Bonds of the issuer' }).getByRole('link', { name: 'Sberbank 001R' }),
    ).toHaveAttribute('href', '/bonds/100/');
    expect(errors).toEqual([]);
  });

  test('on the real page: the indexes holding sber go past five, show more lists them all in the server order', async ({
    page,
  }) => {
    const data = await sberData(page);
    expect(data.indexesList.length).toBeGreaterThan(5);
    await page.goto('/stocks/sber/?lang=eng');
    const list = page.locator('fin-related-list[kind="indexes"]');
    const toggle = list.locator('[part="show-more"]');
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await toggle.click();
    await expect(list.getByRole('listitem')).toHaveCount(data.indexesList.length);
    await expect(list.locator('.rl-note')).toHaveText(data.indexesList.map((index) => String(index.code)));
    await toggle.click();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(toggle).toBeFocused();
  });

  test('screenshots of fixed related lists at 1280 and 375 px', async ({ page }) => {
    for (const [name, size] of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await fixturePage(page, { data: LONG_LISTS, body: LONG_LISTS_BODY, tags: ['fin-related-list'] });
      const bonds = page.locator('#list-bonds');
      await expect(bonds.getByRole('listitem')).toHaveCount(5);
      await expect(bonds).toHaveScreenshot(`related-list-${name}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
});
