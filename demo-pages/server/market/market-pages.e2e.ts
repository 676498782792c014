/**
 * Issue 20 item 9: the bond, index, ETF and watchlist pages look like the stock page. Their tables
 * take the stock page's table class and label style (read from the exchange and dividends tables'
 * shadow roots, not written down here), and every number the page data carries is shown as the stock page shows
 * numbers: thousands separated (SPEC §9) and a real minus sign.
 */
import { expect, test, type Page } from '@playwright/test';
import { pageOfKind, withLang } from '../../testing/page-list.ts';
import { PAID_PHONE, signIn } from '../../testing/session.ts';

const KINDS = ['/bonds/', '/indexes/', '/etf/', '/watchlist/'] as const;
const HYPHEN_MINUS = '-';
const MINUS_SIGN = '\u2212';

type CellStyle = { textAlign: string; fontWeight: string; fontSize: string };

/** The stock page's table class and the style of its row labels and column headings. */
async function stockPageTableLook(page: Page) {
  await page.goto('/stocks/sber/?lang=eng');
  const table = page.locator('fin-exchange-table table');
  await expect(table.locator('tbody th').first()).toBeVisible();
  const styleOf = (cell: string) =>
    table
      .locator(cell)
      .first()
      .evaluate((element): CellStyle => {
        const style = getComputedStyle(element);
        return { textAlign: style.textAlign, fontWeight: style.fontWeight, fontSize: style.fontSize };
      });
  // The exchange table sets its twelve headings a size smaller to fit 1280 px (issue 20); the
  // dividends table shows the data table's own column headings.
  const dividends = page.locator('fin-dividends-table table');
  await expect(dividends.locator('thead th').first()).toBeVisible();
  const columnHeading = await dividends
    .locator('thead th')
    .first()
    .evaluate((element): CellStyle => {
      const style = getComputedStyle(element);
      return { textAlign: style.textAlign, fontWeight: style.fontWeight, fontSize: style.fontSize };
    });
  return {
    classes: ((await table.getAttribute('class')) ?? '').split(/\s+/),
    rowLabel: await styleOf('tbody th'),
    columnHeading,
  };
}

/** A number of the page data and the text of the cell that shows it. */
type Shown = { value: number; text: string };

/** Every number the page's data carries beside the cell that shows it. */
async function shownNumbers(page: Page): Promise<Shown[]> {
  const data = JSON.parse((await page.locator('#fin-page-data').textContent()) ?? '{}') as {
    factsTable?: { data: Array<{ id: string; value: unknown }> };
    nominal?: number;
    accruedInterest?: number | null;
    expenseRatio?: number;
    userStocksWL?: Array<{ count: number; tgId: number; id: number }> | null;
  };
  const shown: Shown[] = [];
  const fact = async (id: string, value: unknown) => {
    if (typeof value !== 'number') return;
    shown.push({ value, text: await page.locator(`[data-fact="${id}"] td`).innerText() });
  };
  for (const row of data.factsTable?.data ?? []) await fact(row.id, row.value);
  await fact('nominal', data.nominal);
  await fact('accrued_interest', data.accruedInterest);
  await fact('expense_ratio', data.expenseRatio);
  for (const row of data.userStocksWL ?? []) {
    const cells = page.locator(`tr[data-stock-id="${row.id}"][data-ground-id="${row.tgId}"] td`);
    shown.push({ value: row.count, text: await cells.nth(3).innerText() });
  }
  return shown;
}

test.describe('market pages take the stock page look', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page.request, PAID_PHONE);
  });

  for (const kind of KINDS) {
    test(`${kind} pages use the stock page's tables, separators and minus sign`, async ({ page }) => {
      const stock = await stockPageTableLook(page);
      expect(stock.classes).toContain('dt-table');
      await page.goto(withLang(await pageOfKind(page, kind), 'eng'));

      const tables = page.locator('main table');
      expect(await tables.count()).toBeGreaterThan(0);
      for (const table of await tables.all()) {
        expect(((await table.getAttribute('class')) ?? '').split(/\s+/)).toContain('dt-table');
      }
      // Facts label their rows, the watchlist its columns: as the stock page's table does.
      const labels = page.locator('main table tbody th, main table thead th');
      expect(await labels.count()).toBeGreaterThan(0);
      for (const label of await labels.all()) {
        const look = await label.evaluate((element): CellStyle & { inHead: boolean; end: boolean } => {
          const style = getComputedStyle(element);
          return {
            textAlign: style.textAlign,
            fontWeight: style.fontWeight,
            fontSize: style.fontSize,
            inHead: element.closest('thead') !== null,
            end: element.classList.contains('dt-end'),
          };
        });
        const expected = look.inHead ? stock.columnHeading : stock.rowLabel;
        // A numeric column's heading sits over its numbers, at the right, as on the stock page.
        expect(look.textAlign).toBe(look.end ? 'right' : expected.textAlign);
        expect(look.fontWeight).toBe(expected.fontWeight);
        expect(look.fontSize).toBe(expected.fontSize);
      }

      const numbers = await shownNumbers(page);
      // Each kind's demo page has a value of four digits or a negative one: the test has teeth.
      expect(numbers.some(({ value }) => Math.abs(value) >= 1000 || value < 0)).toBe(true);
      for (const { value, text } of numbers) {
        if (Math.abs(value) >= 1000) expect(text, `${value}`).toMatch(/\d\u202f\d{3}/);
        if (value < 0) {
          expect(text.startsWith(MINUS_SIGN), `${value} shown as ${text}`).toBe(true);
          expect(text).not.toContain(HYPHEN_MINUS);
        }
      }
    });
  }
});
