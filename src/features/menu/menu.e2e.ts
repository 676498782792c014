/**
 * <fin-menu> in Chromium, in the header of the demo pages: the disclosure navigation by keyboard
 * at 1280 px, the full panel that holds focus at 375 px, the language menu keeping the address and
 * the ground, the plain links without JavaScript, and the layout and axe with the menu open in
 * all ten languages at 320, 375 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { AxeTally, elementsSettled, runAxe } from '../../../demo-pages/testing/a11y.ts';
import { laidOut, layoutProblems } from '../../../demo-pages/testing/layout.ts';
import { GATE_WIDTHS, LANGUAGES, withLang } from '../../../demo-pages/testing/page-list.ts';
import { DESKTOP, MOBILE, watchErrors } from '../../../demo-pages/testing/stock-page.ts';

const MY_TAGS = /fin-menu/;
const menu = (page: Page) => page.locator('header fin-menu');

/** What has focus, looking into shadow roots: its text, or its tag and aria-label, and where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const host = (active?.getRootNode() as ShadowRoot | Document | undefined) ?? document;
    return {
      text: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim(),
      tag: active?.localName ?? '',
      expanded: active?.getAttribute('aria-expanded') ?? null,
      inMenu: 'host' in host && host.host.localName === 'fin-menu',
      inDialog: !!active?.closest('dialog'),
    };
  });
}

/** Focus on the header's last control before the menu (the log-in link), as Tab would leave it. */
async function focusBeforeMenu(page: Page) {
  await page.locator('.shell-user a').focus();
}

test.describe('fin-menu', () => {
  test('1280 px: Tab, Enter and Space open a section, Escape returns to its button, a click outside closes, aria-current marks the page', async ({
    page,
  }) => {
    const errors = watchErrors(page, MY_TAGS);
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/2/?lang=eng');
    await expect(menu(page).locator('.menu-bar')).toBeVisible();
    const stocks = menu(page).getByRole('button', { name: 'Stocks' });
    const stocksPanel = menu(page).locator(`#${await stocks.getAttribute('aria-controls')}`);

    // Tab reaches the first section's button; Enter opens it, Tab goes into its links.
    await focusBeforeMenu(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ text: 'Stocks', inMenu: true, expanded: 'false' });
    await page.keyboard.press('Enter');
    await expect(stocks).toHaveAttribute('aria-expanded', 'true');
    await expect(stocksPanel).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', inMenu: true });

    // The page shown (Sberbank, on ground 2) is marked in its section, and the section too.
    await expect(stocksPanel.locator('[aria-current="page"]')).toHaveText('Sberbank');
    await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1);
    await expect(stocks).toHaveAttribute('data-active', 'true');

    // Escape closes it and focus goes back to its button.
    await page.keyboard.press('Escape');
    await expect(stocksPanel).toBeHidden();
    expect(await focused(page)).toMatchObject({ text: 'Stocks', expanded: 'false' });

    // Space opens it; Tab moves on to the next section's button past the links; Space opens that one
    // and closes the first (one section open at a time).
    await page.keyboard.press(' ');
    await expect(stocksPanel).toBeVisible();
    const links = await stocksPanel.locator('a').count();
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ text: 'Bonds', expanded: 'false' });
    await page.keyboard.press(' ');
    await expect(menu(page).getByRole('button', { name: 'Bonds' })).toHaveAttribute('aria-expanded', 'true');
    await expect(stocksPanel).toBeHidden();

    // A click outside closes it.
    await page.locator('h1').click();
    await expect(menu(page).locator('[part~="panel"]:visible')).toHaveCount(0);

    // A plain entry is the current page where it leads.
    await page.goto('/watchlist/?lang=eng');
    await expect(menu(page).getByRole('link', { name: 'Watchlist' })).toHaveAttribute('aria-current', 'page');
    expect(errors).toEqual([]);
  });

  test('375 px: one button opens a full panel that holds focus; Escape and the close button return focus to it', async ({
    page,
  }) => {
    const errors = watchErrors(page, MY_TAGS);
    await page.setViewportSize(MOBILE);
    await page.goto('/stocks/sber/?lang=eng');
    const opener = menu(page).locator('[part~="menu-button"]');
    const dialog = menu(page).locator('dialog');
    await expect(opener).toBeVisible();
    await expect(menu(page).locator('.menu-bar')).toHaveCount(0);

    await focusBeforeMenu(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ text: 'Menu', inMenu: true });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // The full panel: the whole viewport.
    const box = (await dialog.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, MOBILE.width, MOBILE.height]);
    // The languages are inside it, the current one marked.
    await expect(dialog.locator('a[hreflang]')).toHaveCount(10);
    await expect(dialog.locator('a[hreflang="en"]')).toHaveAttribute('aria-current', 'true');

    // Tab and Shift+Tab, past the end of the panel's shown controls each way: focus never reaches
    // the page behind.
    const stops = await dialog.evaluate(
      (element) =>
        [...element.querySelectorAll('button, a[href]')].filter((node) => node.getClientRects().length > 0)
          .length,
    );
    const outside: string[] = [];
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 2; i++) {
        await page.keyboard.press(key);
        const at = await focused(page);
        // Between the last control and the first, focus may rest on the browser's own UI (body).
        if (!at.inDialog && at.tag !== 'body') outside.push(`${key} ${i}: ${at.tag} "${at.text}"`);
      }
    }
    expect(outside).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await focused(page)).toMatchObject({ text: 'Menu', inMenu: true });

    // Space opens it again; a section is a disclosure inside; the close button closes the panel.
    await page.keyboard.press(' ');
    await expect(dialog).toBeVisible();
    const stocks = dialog.getByRole('button', { name: 'Stocks' });
    await stocks.click();
    await expect(stocks).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.locator('[aria-current="page"]')).toHaveText('Sberbank');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await focused(page)).toMatchObject({ text: 'Menu', inMenu: true });
    expect(errors).toEqual([]);
  });

  test('the language menu keeps the address, the ground and the query, and leads to the page in that language', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/stocks/sber/2/?lang=eng');
    const languages = menu(page).getByRole('navigation', { name: 'Language' });
    const button = languages.getByRole('button');
    await expect(button).toHaveText(/English/);
    await button.click();
    const hrefs = await languages
      .locator('a[hreflang]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(LANGUAGES.map((lang) => `/stocks/sber/2/?lang=${lang}`));
    await languages.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=deu$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(menu(page).getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
    await expect(page.locator('.grounds a[aria-current]')).toHaveAttribute('data-ground-id', '2');

    // An address the page pushed after it loaded (as the search page does with its term) is kept too.
    await page.goto('/watchlist/?lang=deu');
    await page.evaluate(() => history.pushState(null, '', '/watchlist/?view=compact&lang=deu'));
    await menu(page).getByRole('navigation', { name: 'Sprache' }).getByRole('button').click();
    await menu(page).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/watchlist\/\?view=compact&lang=eng$/);
  });

  test('without JavaScript the menu and language links still work', async ({ browser }, info) => {
    const context = await browser.newContext({
      baseURL: info.project.use.baseURL,
      javaScriptEnabled: false,
      viewport: MOBILE,
    });
    const page = await context.newPage();
    await page.goto('/stocks/sber/2/?lang=eng');
    const header = page.locator('header fin-menu');
    await header.locator('summary', { hasText: 'Menu' }).click();
    await header.getByRole('link', { name: 'Watchlist' }).click();
    await expect(page).toHaveURL(/\/watchlist\/$/);
    await page.goto('/stocks/sber/2/?lang=eng');
    await header.locator('summary', { hasText: 'English' }).click();
    await header.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/stocks\/sber\/2\/\?lang=deu$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('layout and axe with the menu open: ten languages at 320, 375 and 1280 px, nothing wider than the page', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    const tally = new AxeTally();
    // The header is the same on every page: one light page carries it.
    for (const url of ['/watchlist/']) {
      for (const lang of LANGUAGES) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(withLang(url, lang), { waitUntil: 'domcontentloaded' });
        await elementsSettled(page);
        for (const width of [...GATE_WIDTHS].sort((a, b) => b - a)) {
          await page.setViewportSize({ width, height: 900 });
          await laidOut(page);
          const where = `${url} ${lang} ${width}px`;
          for (const problem of await layoutProblems(page))
            failures.push(`${where} closed: ${problem.kind} ${problem.px}px at ${problem.element}`);
          for (const { name: state, open } of menuStates(page, width)) {
            await open();
            await laidOut(page);
            for (const problem of await layoutProblems(page))
              failures.push(`${where} ${state}: ${problem.kind} ${problem.px}px at ${problem.element}`);
            failures.push(...(await outOfView(page)).map((what) => `${where} ${state}: ${what} out of view`));
            // axe in English and one more script (CJK), each layout once.
            if (lang === 'eng' || lang === 'chn')
              tally.add(`${where} ${state}`, await runAxe(page, 'header'));
            await page.keyboard.press('Escape');
          }
        }
      }
    }
    console.warn(tally.summary('axe fin-menu open'));
    expect(failures).toEqual([]);
    expect(tally.blocking(), 'critical and serious axe violations').toEqual([]);
  });
});

/**
 * The menu's open states at a width, each with how to open it (Escape closes each): on wide screens
 * the widest section and the languages, on phones the panel with every section expanded.
 */
function menuStates(page: Page, width: number): Array<{ name: string; open: () => Promise<void> }> {
  const root = menu(page);
  if (width >= 680)
    return [
      { name: 'stocks open', open: () => root.locator('.menu-nav [part~="button"]').first().click() },
      { name: 'languages open', open: () => root.locator('[part~="language-button"]').click() },
    ];
  return [
    {
      name: 'panel open',
      open: async () => {
        await root.locator('[part~="menu-button"]').click();
        const closed = root.locator('dialog [aria-expanded="false"]');
        while ((await closed.count()) > 0) await closed.first().click();
      },
    },
  ];
}

/** Every shown link or button of the menu (and its panel) that reaches past the viewport's sides. */
function outOfView(page: Page): Promise<string[]> {
  return menu(page).evaluate((host) => {
    const width = document.documentElement.clientWidth;
    return [...host.shadowRoot!.querySelectorAll('a, button, [part~="panel"], dialog')]
      .filter((node) => node.getClientRects().length > 0)
      .filter((node) => {
        const rect = node.getBoundingClientRect();
        return rect.left < -0.5 || rect.right > width + 0.5;
      })
      .map((node) => `${node.localName} "${(node.textContent ?? '').trim().slice(0, 30)}"`);
  });
}
