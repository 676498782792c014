/**
 * <fin-hints-toggle> and the term hints in Chromium against the reference server (DESIGN §5a,
 * SPEC §6): one switch in the header turns the explanations of every element off and on at once;
 * an anonymous visitor's choice survives a reload by cookie, a signed-in user's a new sign-in by
 * the server (POST /api/user/set-settings/ with sid and settings.settings); a failed save puts
 * the switch back and says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../../demo-pages/testing/session.ts';

const STOCK_PAGE = '/stocks/sber/?lang=eng';
const HINTED = ['fin-exchange-table', 'fin-dividends-table'] as const;

const toggle = (page: Page) => page.locator('header fin-hints-toggle').getByRole('switch', { name: 'Hints' });

/** The number of term hints each hinted element of the page shows. */
async function hintCounts(page: Page): Promise<number[]> {
  return Promise.all(HINTED.map((tag) => page.locator(`${tag} [data-term-hint]`).count()));
}

/** A phone nobody has used yet: a new free user whose settings start from the default. */
const freshPhone = () => `+7901${String(Date.now() % 10_000_000).padStart(7, '0')}`;

test.describe('hints', () => {
  test('anonymous: on by default, one switch hides every element’s hints, the choice survives a reload (cookie)', async ({
    page,
  }) => {
    await page.goto(STOCK_PAGE);
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await hintCounts(page)).every((count) => count > 0)).toBe(true);

    // A hint is a disclosure: its button names the term and opens the explanation.
    const bidAsk = page.locator('fin-exchange-table').getByRole('button', { name: 'What is “Bid / ask”?' });
    await expect(bidAsk).toHaveAttribute('aria-expanded', 'false');
    await bidAsk.click();
    await expect(bidAsk).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('fin-exchange-table .th-text').filter({ visible: true })).toHaveText(
      /best price buyers offer \(bid\)/,
    );

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => hintCounts(page)).toEqual([0, 0]);
    expect((await page.context().cookies()).find((c) => c.name === 'fin_hints')?.value).toBe('0');

    // The server renders the tables with the visitor's choice, and they hydrate it without a warning.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const reloaded = await page.reload();
    expect(await reloaded!.text()).not.toContain('data-term-hint');
    await expect(page.locator('fin-exchange-table th').first()).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
    await expect(page.locator('fin-exchange-table:defined, fin-dividends-table:defined')).toHaveCount(2);
    expect(await hintCounts(page)).toEqual([0, 0]);
    expect(problems).toEqual([]);

    await toggle(page).click();
    await expect.poll(async () => (await hintCounts(page)).every((count) => count > 0)).toBe(true);
    expect((await page.context().cookies()).find((c) => c.name === 'fin_hints')?.value).toBe('1');
  });

  test('the issuer’s multipliers follow the same store: ROE explained by default, no hint with the choice off', async ({
    page,
    baseURL,
  }) => {
    const multipliers = '/test/issuer-reports/1/?sections=multipliers&lang=eng';
    const peHint = page
      .locator('fin-issuer-reports .mult')
      .getByRole('button', { name: 'What is “ROE, %”?' })
      .first();
    await page.goto(multipliers);
    await peHint.click();
    await expect(page.locator('fin-issuer-reports .th-text')).toHaveText(/shareholders’ money/);
    await page.context().addCookies([{ name: 'fin_hints', value: '0', url: baseURL! }]);
    await page.reload();
    await expect(page.locator('fin-issuer-reports .mult-group').first()).toBeVisible();
    await expect(page.locator('fin-issuer-reports .mult tbody th').first()).toBeVisible();
    expect(await page.locator('fin-issuer-reports [data-term-hint]').count()).toBe(0);
  });

  test('signed in: saved on the server with sid, read back after a new sign-in; no cookie involved', async ({
    page,
    browser,
  }) => {
    const phone = freshPhone();
    await signIn(page.request, phone);
    await page.goto(STOCK_PAGE);
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await hintCounts(page)).every((count) => count > 0)).toBe(true);

    const saved = page.waitForRequest((r) => r.url().endsWith('/api/user/set-settings/'));
    await toggle(page).click();
    const body = (await saved).postDataJSON() as { sid: string; settings: { settings: { hints: boolean } } };
    const sid = await page.evaluate(
      () => (JSON.parse(document.getElementById('fin-user')!.textContent!) as { sid: string }).sid,
    );
    expect(body).toEqual({ sid, settings: { settings: { hints: false } } });
    await expect.poll(() => hintCounts(page)).toEqual([0, 0]);
    expect((await page.context().cookies()).some((c) => c.name === 'fin_hints')).toBe(false);

    // Another browser, a new sign-in of the same user: the server's setting, not a default.
    const other = await browser.newContext();
    try {
      const again = await other.newPage();
      await signIn(again.request, phone);
      expect(await (await again.request.get('/api/user/settings/')).json()).toEqual({
        settings: { hints: false },
      });
      const response = await again.goto(STOCK_PAGE);
      // The server rendered the tables with the saved setting too.
      expect(await response!.text()).not.toContain('data-term-hint');
      await expect(again.locator('fin-exchange-table th').first()).toBeVisible();
      await expect(toggle(again)).toHaveAttribute('aria-checked', 'false');
      expect(await hintCounts(again)).toEqual([0, 0]);
    } finally {
      await other.close();
    }
  });

  test('signed in: a failed save puts the switch back and says so beside it', async ({ page }) => {
    await signIn(page.request, freshPhone());
    await page.goto(STOCK_PAGE);
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await hintCounts(page)).every((count) => count > 0)).toBe(true);
    const before = await hintCounts(page);

    await page.route('**/api/user/set-settings/', (route) => route.abort());
    await toggle(page).click();
    await expect(page.locator('header fin-hints-toggle [data-save-failed]')).toHaveText('Not saved');
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    expect(await hintCounts(page)).toEqual(before);
    // The server still holds the old setting.
    expect(await (await page.request.get('/api/user/settings/')).json()).toEqual({
      settings: { hints: true },
    });
  });
});
