/**
 * The analysis views of <fin-issuer-reports> in Chromium against the reference server: the
 * year-over-year figures against the report answer the page got (annual and quarterly), the
 * "Source 1 − Source 2" view against both sources' answers, and the line-history chart: not
 * downloaded before the first click, opened and closed by keyboard with focus back on the line,
 * in English at 1280 px and Russian at 375 px.
 */
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import type { FinancialReport, ReportSection, ReportValue } from '../../../contract/reports.ts';
import { signInAs } from '../../../../demo-pages/testing/session.ts';
import { DESKTOP, MOBILE } from '../../../../demo-pages/testing/stock-page.ts';

/** An issuer with both IFRS sources in the demo data. */
const ISSUER = 1;
const pageUrl = (lang: string) => `/test/issuer-reports/${ISSUER}/?sections=ifrs&lang=${lang}`;
const LAZY_CHUNK = /\/chunks\/LineHistoryDialog-[^/]+\.js$/;

const reportAnswer = (page: Page, apiUrl: 'msfo' | 'msfo2', period: 1 | 2) =>
  page.waitForResponse(
    (response: Response) =>
      response.url().includes(`/get-report/${apiUrl}/${ISSUER}/`) &&
      (period === 2 || response.url().includes('reportPeriod=1')) &&
      response.ok(),
  );

/** A figure as the page shows it ("−1 234.5", "+12.3%", "—") as a number, or null. */
function shown(text: string): number | null {
  const plain = text
    .replace(/[\s\u202f%+]/g, '')
    .replace('−', '-')
    .replace(',', '.');
  return plain === '—' || plain === '' ? null : Number(plain);
}

/** The figure texts of a table's body, row by row (after the line's name). */
function bodyFigures(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr.dt-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].slice(1).map((cell) => cell.textContent ?? '')),
    );
}

/** The column of the same period a year earlier, by the period ids ("2024", "2025-q1"). */
function yearEarlierId(id: string): string {
  const [year, quarter] = id.split('-');
  return quarter ? `${Number(year) - 1}-${quarter}` : String(Number(year) - 1);
}

/** What the YoY view must show for each free line of a section, computed from the answer. */
function expectedYoy(section: ReportSection): (number | null)[][] {
  const ids = section.scroll_head.map((column) => column.id);
  return section.scroll_body.map((values) =>
    ids.map((id, i) => {
      const j = ids.indexOf(yearEarlierId(id));
      const value = values[i] ?? null;
      const base: ReportValue = j < 0 ? null : (values[j] ?? null);
      return value === null || base === null || base === 0 ? null : ((value - base) / Math.abs(base)) * 100;
    }),
  );
}

function expectClose(actual: (number | null)[][], expected: (number | null)[][], digits: number) {
  expect(actual.map((row) => row.length)).toEqual(expected.map((row) => row.length));
  actual.forEach((row, r) =>
    row.forEach((value, c) => {
      const want = expected[r]![c]!;
      if (want === null) expect(value, `row ${r} column ${c}`).toBeNull();
      else expect(value, `row ${r} column ${c}`).toBeCloseTo(want, digits);
    }),
  );
}

test.describe('issuer reports analysis', () => {
  test('YoY change: each figure against the same period a year earlier, annual and quarterly', async ({
    page,
  }) => {
    const annual = reportAnswer(page, 'msfo', 2);
    await page.goto(pageUrl('eng'));
    const report = (await (await annual).json()) as FinancialReport;
    const element = page.locator('fin-issuer-reports');
    const balance = element.locator('[data-statement="balance_sheet"]');
    await expect(balance.locator('tbody tr.dt-row')).toHaveCount(report.balance_sheet.scroll_clmn.length);

    await element.getByRole('radio', { name: 'YoY change, %' }).check();
    await expect(element.getByText('Change against the same period a year earlier')).toBeVisible();
    // The oldest year has no base: its column is empty.
    await expect.poll(async () => (await bodyFigures(balance))[0]?.at(-1)).toBe('—');
    const figures = (await bodyFigures(balance)).map((row) => row.map(shown));
    expectClose(figures, expectedYoy(report.balance_sheet), 1);
    expect(figures.flat().filter((value) => value !== null).length).toBeGreaterThan(0);

    // Quarterly: 2025-q1 against 2024-q1, not against the quarter before.
    const quarterly = reportAnswer(page, 'msfo', 1);
    await element.getByRole('tab', { name: 'Quarterly' }).click();
    const quarters = (await (await quarterly).json()) as FinancialReport;
    const profit = element.locator('[data-statement="profit_and_loss"]');
    await expect(element.locator('[data-period="1"]')).toBeVisible();
    expect(quarters.profit_and_loss.scroll_head[0]!.id).toMatch(/^\d{4}-q[1-4]$/);
    await expect
      .poll(async () => (await bodyFigures(profit)).map((row) => row.map(shown)).length)
      .toBe(quarters.profit_and_loss.scroll_clmn.length);
    // The newest eight quarters on screen; each against its base in the answer, also one off screen.
    const onScreen = (rows: (number | null)[][]) => rows.map((row) => row.slice(0, 8));
    expect(quarters.profit_and_loss.scroll_head.length).toBeGreaterThan(8);
    const quarterYoy = onScreen(expectedYoy(quarters.profit_and_loss));
    expectClose(
      (await bodyFigures(profit)).map((row) => row.map(shown)),
      quarterYoy,
      1,
    );
    expect(quarterYoy.every((row) => row.at(-1) !== null)).toBe(true);

    // Back to values: the reported figures again.
    await element.getByRole('radio', { name: 'Values' }).check();
    expectClose(
      (await bodyFigures(profit)).map((row) => row.map(shown)),
      onScreen(quarters.profit_and_loss.scroll_body),
      2,
    );
  });

  test('Source 1 − Source 2: per shared line and period the difference of the two answers', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.goto(pageUrl('eng'));
    const element = page.locator('fin-issuer-reports');
    await expect(element.locator('[data-statement="balance_sheet"] tbody tr').first()).toBeVisible();
    const first = reportAnswer(page, 'msfo', 2);
    const second = reportAnswer(page, 'msfo2', 2);
    await element.getByRole('radio', { name: 'Source 1 − Source 2' }).check();
    const [s1, s2] = (await Promise.all([(await first).json(), (await second).json()])) as FinancialReport[];
    await expect(
      element.getByText(`Source 1: ${s1!.source.name}. Source 2: ${s2!.source.name}.`).first(),
    ).toBeVisible();

    const diff = element.locator('[data-diff-statement="balance_sheet"]');
    const section1 = s1!.balance_sheet;
    const section2 = s2!.balance_sheet;
    // Every line each source shows (paid: the closed part too), with its values by period id.
    const linesOf = (section: ReportSection) => {
      const byId = new Map<string, { ttl: string; values: Map<string, ReportValue> }>();
      const add = (rows: Pick<ReportSection, 'scroll_clmn' | 'scroll_body'>) =>
        rows.scroll_clmn.forEach((line, i) =>
          byId.set(line.id, {
            ttl: line.ttl,
            values: new Map(
              section.scroll_head.map((column, c) => [column.id, rows.scroll_body[i]?.[c] ?? null]),
            ),
          }),
        );
      const all = [section, ...Object.values(section.sub_rows)];
      if (section.closed_data && !section.closed_data.locked)
        all.push(section.closed_data, ...Object.values(section.closed_data.sub_rows));
      all.forEach(add);
      return byId;
    };
    const lines1 = linesOf(section1);
    const lines2 = linesOf(section2);
    const periods = section1.scroll_head
      .map((c) => c.id)
      .filter((id) => section2.scroll_head.some((c) => c.id === id));
    expect(periods.length).toBeGreaterThan(0);

    const heads = await diff.locator('thead th').allTextContents();
    expect(heads.slice(1).map((text) => text.trim())).toEqual(
      periods.map((id) => section1.scroll_head.find((c) => c.id === id)!.ttl),
    );
    const rows = await diff.locator('tbody tr.dt-row').evaluateAll((trs) =>
      trs.map((tr) => ({
        line: tr.children[0]?.textContent?.trim() ?? '',
        cells: [...tr.children]
          .slice(1)
          .map((cell) => cell.querySelector('.an-diff__value')?.textContent ?? ''),
      })),
    );
    const shared = [...lines1].filter(([id]) => lines2.has(id));
    expect(rows.map((row) => row.line).sort()).toEqual(shared.map(([, line]) => line.ttl).sort());
    for (const row of rows) {
      const [id, line1] = shared.find(([, line]) => line.ttl === row.line)!;
      const line2 = lines2.get(id)!;
      const expected = periods.map((period) => {
        const a = line1.values.get(period) ?? null;
        const b = line2.values.get(period) ?? null;
        return a === null || b === null ? null : a - b;
      });
      expectClose([row.cells.map(shown)], [expected], 1);
    }
    const only1 = [...lines1].filter(([id]) => !lines2.has(id)).map(([, line]) => line.ttl);
    expect(only1.length).toBeGreaterThan(0);
    await expect(diff.locator('[data-only="only1"]')).toHaveText(
      `Only in ${s1!.source.name}: ${only1.join('; ')}`,
    );

    // On a phone the difference tables scroll inside, the page does not widen.
    await page.setViewportSize(MOBILE);
    await expect(diff.locator('tbody tr.dt-row').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(MOBILE.width);
  });

  for (const [lang, size, title, button] of [
    ['eng', DESKTOP, ': history', 'History of '],
    ['rus', MOBILE, ': динамика', 'Динамика: '],
  ] as const) {
    test(`line history (${lang}, ${size.width} px): loaded on the first opening, keyboard in and out`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (LAZY_CHUNK.test(request.url())) chunks.push(request.url());
      });
      const answer = reportAnswer(page, 'msfo', 2);
      await page.goto(pageUrl(lang));
      const report = (await (await answer).json()) as FinancialReport;
      const element = page.locator('fin-issuer-reports');
      const line = report.profit_and_loss.scroll_clmn[0]!;
      // The line's name is a button named for what it does (its group toggle bears the bare name).
      const heading = element
        .locator('[data-statement="profit_and_loss"]')
        .getByRole('button', { name: `${button}${line.ttl}`, exact: true });
      await expect(heading).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(chunks, 'the chart is not downloaded before it is asked for').toEqual([]);

      await heading.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `${line.ttl}${title}` });
      await expect(dialog).toBeVisible();
      expect(chunks).toHaveLength(1);
      await expect(dialog.getByRole('img')).toBeVisible();
      // The text alternative: every period, oldest first, with the answer's figures.
      const values = report.profit_and_loss.scroll_body[0]!;
      const expected = report.profit_and_loss.scroll_head
        .map((column, i) => ({ time: column['date.numeric'], ttl: column.ttl, value: values[i] ?? null }))
        .sort((a, b) => a.time - b.time);
      const table = dialog.locator('table');
      expect(await table.locator('tbody th').allTextContents()).toEqual(expected.map((p) => p.ttl));
      const cells = (await table.locator('tbody td').allTextContents()).map(shown);
      expectClose([cells.map((v) => (Number.isNaN(v) ? null : v))], [expected.map((p) => p.value)], 2);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(heading).toBeFocused();
      // A second opening reuses the chunk.
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(heading).toBeFocused();
      expect(chunks).toHaveLength(1);
    });
  }

  test('the chart that cannot be loaded says so, and a retry opens it', async ({ page }) => {
    let fail = true;
    await page.route(LAZY_CHUNK, (route) => (fail ? route.abort() : route.fallback()));
    const answer = reportAnswer(page, 'msfo', 2);
    await page.goto(pageUrl('eng'));
    const line = ((await (await answer).json()) as FinancialReport).balance_sheet.scroll_clmn[0]!;
    const element = page.locator('fin-issuer-reports');
    await element.getByRole('button', { name: `History of ${line.ttl}`, exact: true }).click();
    const alert = element.getByRole('alert');
    await expect(alert).toContainText('Could not load');
    await expect(alert).toBeInViewport();
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog', { name: `${line.ttl}: history` })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
