/**
 * LinksTable (the network graph's table view) in Chromium, mounted alone on a fixture page (bundled
 * with Vite and served through page.route; labels from the reference server): sorting by keyboard
 * with aria-sort, one polite announcement and the focus kept on the heading's button; no sideways
 * page scroll at 320 px; a hostile name shown as text.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { layoutProblems } from '../../../../demo-pages/testing/layout.ts';
import { bundleFixtureScript, openFixturePage } from '../../../widgets/testing/fixture-script.ts';
import { FIXTURE_LINKS, FIXTURE_MAIN, FIXTURE_TAG, HOSTILE_NAME } from './links-table.fixture.ts';

let bundle = '';

test.beforeAll(async () => {
  bundle = await bundleFixtureScript(resolve(import.meta.dirname, 'links-table.fixture.ts'), {
    name: 'LinksTableFixture',
  });
});

async function openFixture(page: Page) {
  const links = JSON.stringify(FIXTURE_LINKS).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  await openFixturePage(
    page,
    '/__links-table-fixture__/',
    `<${FIXTURE_TAG} main-emitent-id="${FIXTURE_MAIN}" caption="Related companies: Sberbank"
      links='${links}'></${FIXTURE_TAG}>`,
    bundle,
  );
  await expect(page.getByRole('columnheader', { name: 'Company', exact: true })).toBeVisible();
}

/** The focused element through the shadow root: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? `${active.localName}:${active.textContent?.trim() ?? ''}` : null;
  });

const firstColumn = (page: Page) =>
  page.locator(FIXTURE_TAG).locator('tbody tr > :first-child').allTextContents();
const shares = (page: Page) => page.locator(FIXTURE_TAG).locator('tbody tr > :last-child').allTextContents();
const announcement = (page: Page) =>
  page.locator(FIXTURE_TAG).locator('[aria-live="polite"][data-announcement]');

test('sorts by keyboard: aria-sort, one polite announcement per sort, the focus stays on the button', async ({
  page,
}) => {
  await openFixture(page);
  const shareHeader = page.getByRole('columnheader', { name: 'Share' });
  // Tab reaches the sort buttons in heading order.
  for (let presses = 0; presses < 10 && (await focused(page)) !== 'button:Share'; presses++)
    await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('button:Share');

  await page.keyboard.press('Enter');
  await expect(shareHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(announcement(page)).toHaveText('Sorted by Share, ascending');
  expect(await shares(page)).toEqual(['9.87%', '40.25%', '45.50%', '100%', '100%', '—no share']);
  expect(await focused(page)).toBe('button:Share');

  await page.keyboard.press('Space');
  await expect(shareHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(announcement(page)).toHaveText('Sorted by Share, descending');
  expect(await shares(page)).toEqual(['100%', '100%', '45.50%', '40.25%', '9.87%', '—no share']);
  expect(await focused(page)).toBe('button:Share');
  // Said once: the only live text about the sort is the table's own announcement.
  const live = await page
    .locator(FIXTURE_TAG)
    .locator('[aria-live]')
    .evaluateAll((regions) => regions.map((region) => region.textContent ?? ''));
  expect(live.filter((text) => text.includes('Sorted by'))).toEqual(['Sorted by Share, descending']);

  await page.keyboard.press('Enter');
  await expect(shareHeader).not.toHaveAttribute('aria-sort');
  await expect(announcement(page)).toHaveText('Default order: own links first');
  expect(await firstColumn(page)).toEqual([
    'DomClick',
    'Evotor',
    HOSTILE_NAME,
    'Moscow Exchange',
    'Contribution to the Future Foundation',
    'Sberbank Real Estate Centre',
  ]);
  expect(await focused(page)).toBe('button:Share');
});

test('fits a 320 px phone without sideways page scroll, and shows a hostile name as text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openFixture(page);
  expect(await layoutProblems(page)).toEqual([]);
  await expect(page.locator(FIXTURE_TAG).getByRole('rowheader', { name: HOSTILE_NAME })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator(FIXTURE_TAG).locator('img').count()).toBe(0);
});
