/**
 * Issue 20, "the page's language everywhere", in Chromium against the reference server: the
 * issuer page's statement lines are named in the page's language (no English line names on the
 * German or Russian page), and numbers follow the page's language (decimal comma and narrow
 * no-break space thousands on German and Russian pages) on the stock page's price dynamics and
 * exchange table and in the issuer reports.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { REPORT_LINES } from '../data/issuers.ts';
import { bodyRows, exchange, rowTexts } from '../testing/stock-page.ts';
import { signInAs } from '../testing/session.ts';

const SBERBANK = '/company/1/';
/** Line names that are the same word in English and in the tested languages. */
const SAME_IN_EVERY_LANGUAGE = new Set(['EBITDA']);
const ENGLISH_LINE_NAMES = new Set(
  REPORT_LINES.map((line) => line.nameEng).filter((name) => !SAME_IN_EVERY_LANGUAGE.has(name)),
);

/** A number as a German or Russian page writes it: 1 234 567,89 with U+202F and U+2212. */
const COMMA_NUMBER = /^[+\u2212]?\d{1,3}(\u202f\d{3})*(,\d+)?$/;
/** A change in percent on a German or Russian page: "+1,50 %" (narrow no-break space before %). */
const COMMA_PERCENT = /^[+\u2212]?\d{1,3}(\u202f\d{3})*,\d{2}\u202f%$/;

const statements = (page: Page) => page.locator('fin-issuer-reports [data-statement]');

/** The line names and figures of the statement tables the issuer page shows. */
async function shownStatements(page: Page): Promise<{ names: string[]; figures: string[] }> {
  const tables = statements(page);
  await expect(tables.first().locator('tbody tr.dt-row').first()).toBeVisible();
  const rows = await tables.locator('tbody tr.dt-row').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('th')?.textContent?.trim() ?? '',
      figures: [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
    })),
  );
  return { names: rows.map((row) => row.name), figures: rows.flatMap((row) => row.figures) };
}

for (const lang of ['deu', 'rus'] as const) {
  test(`${lang}: the issuer page names its statement lines in the page's language, numbers in its format`, async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.goto(`${SBERBANK}?lang=${lang}`);
    const { names, figures } = await shownStatements(page);
    expect(names.length).toBeGreaterThan(5);
    // A line name may carry its unit after a comma ("…, RUB"): the name is what comes before.
    const english = names.filter(
      (name) => ENGLISH_LINE_NAMES.has(name) || ENGLISH_LINE_NAMES.has(name.replace(/, [^,]+$/, '')),
    );
    expect(english).toEqual([]);
    expect(names.filter((name) => name.includes('(EN)'))).toEqual([]);
    expect(names).toContain(lang === 'deu' ? 'Summe Aktiva' : 'Активы, всего');

    const numbers = figures.filter((text) => text !== '—' && text !== '***' && text !== '');
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((text) => !COMMA_NUMBER.test(text))).toEqual([]);
    expect(numbers.some((text) => text.includes(','))).toBe(true);
    expect(numbers.some((text) => text.includes('\u202f'))).toBe(true);
  });

  test(`${lang}: the stock page writes prices and changes in the page's number format`, async ({ page }) => {
    await signInAs(page.request, 'paid');
    await page.goto(`/stocks/sber/?lang=${lang}`);
    const last = page.locator('fin-price-dynamics [data-field="last_price"]');
    await expect(last).toHaveText(/\d/);
    expect(await last.innerText()).toMatch(/^\d{1,3}(\u202f\d{3})*,\d{2}$/);
    // The windows' changes: "+1,50 %".
    const deltas = await page
      .locator('fin-price-dynamics [data-field^="delta_last_price_"]')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.filter((text) => text !== '—' && !COMMA_PERCENT.test(text))).toEqual([]);

    const table: Locator = exchange(page);
    await expect(bodyRows(table).first()).toBeVisible();
    const rows = await rowTexts(table);
    for (const row of rows) {
      // The arrow in front tells the direction of the change.
      expect(row.last, JSON.stringify(row)).toMatch(/^[▲▼]?\d{1,3}(\u202f\d{3})*,\d{2,}$/);
      expect(row.change, JSON.stringify(row)).toMatch(COMMA_PERCENT);
      // Bid / ask: "3,303 / 3,305".
      if (row.buy_sell && row.buy_sell !== '—')
        expect(row.buy_sell, JSON.stringify(row)).toMatch(/^[\d\u202f]+,\d+ \/ [\d\u202f]+,\d+$/);
    }
  });
}

test('eng: the same pages keep the English format (decimal point)', async ({ page }) => {
  await signInAs(page.request, 'paid');
  await page.goto('/stocks/sber/?lang=eng');
  const last = page.locator('fin-price-dynamics [data-field="last_price"]');
  await expect(last).toHaveText(/\d/);
  expect(await last.innerText()).toMatch(/^\d{1,3}(\u202f\d{3})*\.\d{2}$/);
});
