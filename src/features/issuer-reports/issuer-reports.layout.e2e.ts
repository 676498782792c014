/**
 * The issuer page's report views that the layout gate does not open (it checks each page as it
 * loads): IFRS by quarter, multipliers by quarter and the "Source 1 − Source 2" view, in all ten
 * languages, for the paid reader (every figure shown). At 1280 px every column heading is in view
 * (the gate's rule: no heading behind a sideways scroll); at 375 px a period table shows more
 * than one period beside the line names.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANGUAGES, pageOfKind, withLang } from '../../../demo-pages/testing/page-list.ts';
import { elementsSettled, layoutProblems } from '../../../demo-pages/testing/layout.ts';
import { signInAs } from '../../../demo-pages/testing/session.ts';

const section = (page: Page, id: string): Locator =>
  page.locator(`fin-issuer-reports .ir-section[data-section="${id}"]`);

/** The layout problems once the page has settled (a lazy view gets a short grace, as in the gate). */
async function problems(page: Page): Promise<string[]> {
  await elementsSettled(page);
  let found: string[] = [];
  await expect
    .poll(
      async () => (found = (await layoutProblems(page)).map((p) => `${p.kind} ${p.px}px at ${p.element}`)),
      {
        timeout: 2_000,
      },
    )
    .toEqual([])
    .catch(() => undefined);
  return found;
}

test.beforeEach(async ({ page }) => {
  await signInAs(page.request, 'paid');
});

test('at 1280 px every period of IFRS and multipliers by quarter and of the source difference is in view, in ten languages', async ({
  page,
}) => {
  test.setTimeout(240_000); // ten page loads with four views each on a loaded 2-core machine
  const url = await pageOfKind(page, '/company/');
  const failures: string[] = [];
  for (const lang of LANGUAGES) {
    await page.goto(withLang(url, lang));
    await elementsSettled(page);
    const ifrs = section(page, 'ifrs');
    const note = (view: string, found: string[]) =>
      failures.push(...found.map((p) => `${lang} ${view}: ${p}`));

    // IFRS by quarter: the first tab of the period switch (SPEC §9 period 1).
    await ifrs.locator('.st-periods [role="tab"][data-tab-id="1"]').click();
    await expect(ifrs.locator('.st-report[data-period="1"]')).toBeVisible();
    note('IFRS quarterly', await problems(page));

    // Source 1 − Source 2, by quarter and by year.
    await ifrs.locator('.an-switch__option[data-mode="diff"] input').check();
    await expect(ifrs.locator('[data-statement-diff]').first()).toBeVisible();
    note('IFRS source difference, quarterly', await problems(page));
    await ifrs.locator('.st-periods [role="tab"][data-tab-id="2"]').click();
    await expect(ifrs.locator('.st-report[data-period="2"] [data-statement-diff]').first()).toBeVisible();
    note('IFRS source difference, annual', await problems(page));

    // Multipliers by quarter.
    const multipliers = section(page, 'multipliers');
    await multipliers.locator('.mult [role="tab"][data-tab-id="1"]').click();
    await expect(multipliers.locator('.mult-panel[data-period="1"]')).toBeVisible();
    note('multipliers quarterly', await problems(page));
  }
  expect(failures).toEqual([]);
});

test('at 375 px a period table shows at least two periods beside the line names, in ten languages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const url = await pageOfKind(page, '/company/');
  const shown: string[] = [];
  for (const lang of LANGUAGES) {
    await page.goto(withLang(url, lang));
    await elementsSettled(page);
    const tables = [
      section(page, 'ifrs').locator('[data-statement] .dt-table').first(),
      section(page, 'multipliers').locator('.mult-group .dt-table').first(),
    ];
    for (const table of tables) {
      // Period headings: every heading after the line names' column.
      const periods = await table.locator('thead th:not(.dt-first)').count();
      shown.push(`${lang} ${periods >= 2 ? 'two or more' : periods}`);
    }
  }
  expect(shown).toEqual(LANGUAGES.flatMap((lang) => [`${lang} two or more`, `${lang} two or more`]));
});
