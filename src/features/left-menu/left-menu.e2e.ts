/**
 * <fin-left-menu> on the stock page in Chromium: the sections in page order, the scroll spy and the
 * mark after a click, the sticky strip on phones, and pictures of the menu at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { elementsSettled } from '../../../demo-pages/testing/a11y.ts';
import {
  bodyRows,
  DESKTOP,
  dividends,
  leaders,
  menu,
  MOBILE,
  routeLeaders,
  watchErrors,
} from '../../../demo-pages/testing/stock-page.ts';

/** This file's element: errors that name it fail the tests that watch them. */
const MY_TAGS = /fin-left-menu/;

/** Waits until every element of the page has loaded and the page height stays put. */
async function layoutSettled(page: Page): Promise<void> {
  await expect(bodyRows(dividends(page)).first()).toBeVisible();
  await expect(bodyRows(page.locator('fin-holders')).first()).toBeVisible();
  await expect(leaders(page).locator('.ld-panel')).not.toHaveAttribute('aria-busy', /./);
  let height = -1;
  await expect
    .poll(async () => {
      const previous = height;
      height = await page.evaluate(() => document.documentElement.scrollHeight);
      return height === previous;
    })
    .toBe(true);
}

test.describe('left menu', () => {
  test('desktop: lists the sections in page order, marks the one in view, scrolls smoothly on a click', async ({
    page,
  }) => {
    const errors = watchErrors(page, MY_TAGS);
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    const links = menu(page).locator('a.lm__link');
    const pageSections = await page
      .locator('section.stock-section')
      .evaluateAll((sections) => sections.map((section) => section.id));
    const listed = () => links.evaluateAll((items) => items.map((item) => item.getAttribute('data-section')));
    // Every section of the page has its entry, in page order. (The menu renders once its labels
    // have arrived.)
    await expect.poll(listed).toEqual(pageSections);
    expect(await listed()).toEqual(
      expect.arrayContaining(['dividends', 'holders', 'other_bonds', 'indexes', 'growing_leaders']),
    );

    // The mark follows the section in view, each in turn (the exchange table, below the chart, too).
    for (const id of ['exchange', 'dividends', 'graph', 'price_dynamics']) {
      await page.evaluate((section) => document.getElementById(section)!.scrollIntoView(), id);
      await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute('data-section', id);
    }
    await expect(menu(page).getByRole('link', { name: 'Trading by exchange' })).toBeVisible();

    await menu(page).getByRole('link', { name: 'Chart' }).click();
    await expect(page).toHaveURL(/#graph$/);
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute('data-section', 'graph');
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById('graph')!.getBoundingClientRect().top)),
      )
      .toBe(16);
    await expect(page.locator('#graph')).toBeFocused();
    // The menu stays in view beside the sections.
    const box = await menu(page).boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(40);
    expect(errors).toEqual([]);
  });

  test('after a click, a scroll by anything but wheel, touch or keys (a script) moves the mark again', async ({
    page,
  }) => {
    await routeLeaders(page);
    await page.goto('/stocks/sber/?lang=eng');
    // Room below the last section, so that any section can reach the top of the window.
    await page.evaluate(() => (document.body.style.paddingBottom = '1500px'));
    await layoutSettled(page);
    const current = menu(page).locator('[aria-current="location"]');
    // A script's scroll to a section, measured once the page stands still for two frames;
    // repeated by the poll until it holds (a jump during the click's smooth scroll may be carried
    // further by what is left of that scroll, which moves the page every frame).
    const scrollToSection = (id: string) =>
      page.evaluate(async (target) => {
        const section = document.getElementById(target)!;
        window.scrollTo({
          top: section.getBoundingClientRect().top + window.scrollY - 16,
          behavior: 'instant',
        });
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let y: number;
        do {
          y = window.scrollY;
          await frame();
          await frame();
        } while (window.scrollY !== y);
        return Math.round(section.getBoundingClientRect().top);
      }, id);

    // Starting while the click's smooth scroll runs.
    await menu(page).getByRole('link', { name: 'Dividends' }).click();
    await expect(current).toHaveAttribute('data-section', 'dividends');
    await expect.poll(() => scrollToSection('indexes')).toBe(16);
    await expect(current).toHaveAttribute('data-section', 'indexes');

    // After the click's scroll has ended.
    await menu(page).getByRole('link', { name: 'Dividends' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById('dividends')!.getBoundingClientRect().top)),
      )
      .toBe(16);
    await expect(current).toHaveAttribute('data-section', 'dividends');
    await expect.poll(() => scrollToSection('holders')).toBe(16);
    await expect(current).toHaveAttribute('data-section', 'holders');
  });

  test('a click on a section that cannot reach the top keeps it marked at the bottom of the page', async ({
    page,
  }) => {
    await routeLeaders(page);
    // A window tall enough that the last sections cannot reach its top (the page's footer made
    // the page end a little lower than the 900 px window allowed).
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.goto('/stocks/sber/?lang=eng');
    await layoutSettled(page);
    const current = menu(page).locator('[aria-current="location"]');
    await page.evaluate(() => {
      const ended = new Promise((resolve) => addEventListener('scrollend', resolve, { once: true }));
      Object.assign(window, { scrollEnded: ended });
    });
    // Indexes, holders and the leaders are all in view at the bottom: the page ends before indexes reach the top.
    await menu(page).getByRole('link', { name: 'Indexes including the share' }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
        ),
      )
      .toBe(true);
    // Past the end of the click's scroll (where the menu's spy takes over again), and the frame
    // in which the spy would measure and the menu show a section it found.
    await page.evaluate(async () => {
      await (window as unknown as { scrollEnded: Promise<unknown> }).scrollEnded;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await expect(current).toHaveAttribute('data-section', 'indexes');
    // Any other scroll hands the mark back to the spy.
    await page.mouse.wheel(0, -300);
    await expect(current).not.toHaveAttribute('data-section', 'indexes');
  });

  test('mobile: a sticky horizontal strip that follows the section in view', async ({ page }) => {
    await routeLeaders(page);
    await page.setViewportSize(MOBILE);
    await page.goto('/stocks/sber/?lang=eng');
    const strip = menu(page).locator('nav');
    await expect(strip).toHaveClass(/lm--compact/);
    const first = await menu(page).locator('a.lm__link').nth(0).boundingBox();
    const second = await menu(page).locator('a.lm__link').nth(1).boundingBox();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x);

    await page.evaluate(() => document.getElementById('other_bonds')!.scrollIntoView());
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
      'data-section',
      'other_bonds',
    );
    // The strip sticks to the top and scrolled sideways to show the current entry.
    const stuck = await menu(page).boundingBox();
    expect(stuck!.y).toBeLessThan(2);
    const current = menu(page).locator('[aria-current="location"]');
    await expect.poll(async () => (await current.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await expect
      .poll(async () => {
        const box = (await current.boundingBox())!;
        return box.x + box.width;
      })
      .toBeLessThanOrEqual(MOBILE.width);
  });

  test('a window resized across 680 px shows the other layout in its first frame at the new width', async ({
    page,
  }) => {
    await routeLeaders(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/?lang=eng');
    await expect(menu(page).locator('nav')).not.toHaveClass(/lm--compact/);
    // Each frame's width and the menu's layout, read in the frame's animation callbacks (after the
    // media queries are evaluated, before style and paint).
    await page.evaluate(`(() => {
      const frames = (window.menuFrames = []);
      const record = () => {
        const nav = document.querySelector('fin-left-menu').shadowRoot.querySelector('nav');
        frames.push({ width: innerWidth, compact: nav.classList.contains('lm--compact') });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    })()`);
    const firstFrameAt = async (narrow: boolean) => {
      let frame: { width: number; compact: boolean } | undefined;
      await expect
        .poll(async () => {
          const frames = (await page.evaluate('window.menuFrames')) as Array<{
            width: number;
            compact: boolean;
          }>;
          frame = frames.find(({ width }) => width < 680 === narrow);
          return frame !== undefined;
        })
        .toBe(true);
      await page.evaluate('window.menuFrames.length = 0');
      return frame!;
    };
    await page.setViewportSize({ width: 660, height: DESKTOP.height });
    expect(await firstFrameAt(true)).toEqual({ width: 660, compact: true });
    await page.setViewportSize({ width: 700, height: DESKTOP.height });
    expect(await firstFrameAt(false)).toEqual({ width: 700, compact: false });
  });

  test('screenshots of the menu at 1280 and 375 px', async ({ page }) => {
    await routeLeaders(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/?lang=eng');
    // At the top of the page the first section, the price dynamics, is the one in view.
    await expect(menu(page).locator('[aria-current="location"]')).toHaveAttribute(
      'data-section',
      'price_dynamics',
    );
    // Every element of the page drawn (the header's site search among them), so nothing above
    // the menu moves it by a fraction of a pixel while the picture is taken.
    await elementsSettled(page);
    await expect(menu(page)).toHaveScreenshot('left-menu-desktop.png', { maxDiffPixelRatio: 0.01 });
    await page.setViewportSize(MOBILE);
    await expect(menu(page).locator('nav')).toHaveClass(/lm--compact/);
    await expect(menu(page)).toHaveScreenshot('left-menu-mobile.png', { maxDiffPixelRatio: 0.01 });
  });
});
