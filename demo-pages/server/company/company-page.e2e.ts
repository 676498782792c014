/**
 * The issuer page (/company/{id}/) in Chromium against the reference server: its sections in SPEC
 * order with the issuer menu listing each of them (and only them), the compact menu strip at 375
 * px, the consensus block with its paging, the menu entry that follows the consensus visibility
 * event, no raw-JSON links, for the three audiences and in English, Russian and Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ConsensusAnswer } from '../../../src/contract/company.ts';
import { ISSUER_PAGE_MENU_SECTIONS } from '../../../src/contract/page-sections.ts';
import { LABELS } from '../../data/labels.ts';
import { elementsSettled } from '../../testing/layout.ts';
import { MOBILE } from '../../testing/stock-page.ts';
import { signInAs } from '../../testing/session.ts';
import { endRoutesAfterEachTest } from '../../testing/routes.ts';

endRoutesAfterEachTest();

const SBERBANK = '/company/1/';
// Sberbank has every section of the issuer page: all of them, in the contract's (SPEC §2) order.
const SECTIONS = [...ISSUER_PAGE_MENU_SECTIONS];
const menu = (page: Page) => page.locator('fin-left-menu');
const menuLinks = (page: Page) => menu(page).locator('a[data-section]');
const consensus = (page: Page) => page.locator('fin-consensus-forecasts');

/** The page's sections in document order, with their headings. */
const sections = (page: Page) =>
  page
    .locator('main section[id]')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ id: node.id, title: node.querySelector('h2')?.textContent?.trim() ?? '' })),
    );

for (const [audience, lang] of [
  ['anonymous', 'eng'],
  ['free', 'rus'],
  ['paid', 'chn'],
] as const) {
  test(`${audience}, ${lang}: sections in SPEC order, a menu entry for each, no raw-JSON links`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    await page.goto(`${SBERBANK}?lang=${lang}`);
    const shown = await sections(page);
    expect(shown.map((section) => section.id)).toEqual(SECTIONS);
    // The menu lists the sections the page has, in page order, titled as their headings.
    await expect(menuLinks(page)).toHaveCount(SECTIONS.length);
    const entries = await menuLinks(page).evaluateAll((links) =>
      links.map((link) => ({ id: link.getAttribute('data-section'), title: link.textContent?.trim() })),
    );
    expect(entries).toEqual(shown.map(({ id, title }) => ({ id, title })));
    expect(entries.find((entry) => entry.id === 'consensus_forecasts')?.title).toBe(
      LABELS.stock!.menu_consensus_forecasts![lang],
    );
    // A click scrolls to the section and marks its entry (the scroll spy is the stock page's).
    if (audience === 'anonymous') {
      // Once the sections below have loaded: a shorter page ends the click's scroll at the bottom,
      // where the last section (comments) is the current one (seen on a loaded CI machine).
      await elementsSettled(page);
      await menuLinks(page).filter({ hasText: LABELS.stock!.menu_consensus_forecasts![lang] }).click();
      await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
        'data-section',
        'consensus_forecasts',
      );
    }
    // The elements show their data: the consensus table in the page's language.
    const answer = (await (
      await page.request.get(`/api/company/1/get-emitent-list-of-indexes/?lang=${lang}`)
    ).json()) as ConsensusAnswer;
    await expect(consensus(page).locator('thead th').first()).toHaveText(answer.labels.indexName!);
    await expect(consensus(page).locator('tbody tr.dt-row')).toHaveCount(6);
    // No link of the page opens an API answer (raw JSON) any more; file downloads stay links.
    const apiLinks = await page
      .locator('a[href*="/api/"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    // One link of each kind (the same address but for its ids) is enough to tell.
    const kinds = new Map(apiLinks.map((href) => [href.replace(/\d+/g, 'N'), href]));
    for (const href of kinds.values()) {
      const answer = await page.request.get(href);
      expect(answer.headers()['content-type'], href).not.toMatch(/json/);
    }
  });
}

test('at 375 px the menu is the compact strip above the sections, and still lists each', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto(`${SBERBANK}?lang=eng`);
  await expect(menuLinks(page)).toHaveCount(SECTIONS.length);
  await expect(menu(page).locator('nav')).toHaveClass(/lm--compact/);
  const [strip, first] = await Promise.all([
    menu(page).boundingBox(),
    page.locator('#price_dynamics').boundingBox(),
  ]);
  expect(strip!.y + strip!.height).toBeLessThanOrEqual(first!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  // The consensus pager works at this width too.
  await consensus(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(consensus(page).locator('tbody tr.dt-row')).toHaveCount(4);
});

test('without consensus forecasts the block and its menu entry go 1000 ms after the data loads', async ({
  page,
}) => {
  const start = new Date('2026-01-15T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  let answered = false;
  await page.route('**/api/company/1/get-emitent-list-of-indexes/**', async (route) => {
    const real = (await (await route.fetch()).json()) as ConsensusAnswer;
    await route.fulfill({ json: { ...real, items: [] } });
    answered = true;
  });
  // The page as a template without the preload gives it: the element calls, and gets the routed answer.
  await page.goto(`${SBERBANK}?lang=eng&preload=0`);
  await expect.poll(() => answered).toBe(true);
  await expect(consensus(page)).toBeHidden();
  await expect(page.locator('#consensus_forecasts')).toBeHidden();
  // Until the event the entry stays (SPEC §9: the menu learns it 1000 ms after the data loads).
  await page.clock.runFor(999);
  await expect(menuLinks(page)).toHaveCount(SECTIONS.length);
  await page.clock.runFor(1);
  await expect(menuLinks(page)).toHaveCount(SECTIONS.length - 1);
  await expect(menu(page).locator('[data-section="consensus_forecasts"]')).toHaveCount(0);
});

test('an issuer without consensus coverage has no such section and no menu entry', async ({ page }) => {
  await page.goto('/company/12/?lang=eng');
  await expect(menuLinks(page).first()).toBeVisible();
  const ids = (await sections(page)).map((section) => section.id);
  expect(ids).not.toContain('consensus_forecasts');
  const entries = await menuLinks(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('data-section')),
  );
  expect(entries).toEqual(ids);
});
