/**
 * The IFRS and RAS sections of <fin-issuer-reports> in Chromium against the reference server, in
 * the three access levels: what the raw answers carry, what each statement table shows against
 * them, the sub-line groups, show more / hide with the contactActionLog 80 / 76 reaching the
 * server, the source tabs by keyboard, the period switch, and the Excel export (prompts, the link
 * with its dates, the real .xlsx), in English and Russian, at 1280 and 375 px.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type {
  FinancialReport,
  LockedClosedData,
  OpenClosedData,
  ReportSection,
} from '../../../contract/reports.ts';
import type { IssuerReportsPageData } from '../../../contract/company.ts';
import { label } from '../../../../demo-pages/testing/faults.ts';
import { expectPhoneColumns } from '../../../../demo-pages/testing/layout.ts';
import { signInAs } from '../../../../demo-pages/testing/session.ts';
import { bodyRows, MOBILE, rowTexts } from '../../../../demo-pages/testing/stock-page.ts';

const SBER = 1;
const pageOf = (sections: string, lang: string) =>
  `/test/issuer-reports/${SBER}/?sections=${sections}&lang=${lang}`;

const element = (page: Page) => page.locator('fin-issuer-reports');
const statement = (page: Page, key: string) => element(page).locator(`[data-statement="${key}"]`);

/** The issuer page's data (its default From / To), as the server gives it to this session. */
async function issuerPageData(page: Page): Promise<IssuerReportsPageData> {
  const response = await page.request.get(`/company/${SBER}/?format=json`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as IssuerReportsPageData;
}

/** The report as the element asks for it: the periods between the page's default From and To, or `range`. */
async function reportOf(
  page: Page,
  apiUrl: string,
  lang: string,
  reportPeriod = 2,
  range?: { from: string; to: string },
): Promise<FinancialReport> {
  let dates = range;
  if (!dates) {
    const data = await issuerPageData(page);
    dates = { from: data.exportDefaultFrom, to: data.exportDefaultTo };
  }
  const response = await page.request.get(
    `/api/company/get-report/${apiUrl}/${SBER}/?lang=${lang}&reportPeriod=${reportPeriod}&from=${dates.from}&to=${dates.to}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as FinancialReport;
}

/** The period headings of a statement table, after the line column's. */
const periodHeadings = async (table: Locator) => (await table.locator('thead th').allTextContents()).slice(1);

/** A shown figure back as a number: the thousands spaces and the typographic minus undone; a dash is null. */
function figure(text: string): number | null {
  if (text === '—') return null;
  return Number(
    text
      .replace(/[\s\u202f]/g, '')
      .replace('−', '-')
      .replace(',', '.'),
  );
}

/** The table's lines as {name, values}, read from the screen. */
async function shownLines(table: Locator): Promise<Array<{ name: string; values: Array<number | null> }>> {
  return (await rowTexts(table)).map(({ line, ...values }) => ({
    name: line ?? '',
    values: Object.keys(values)
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
      .map((key) => figure(values[key]!)),
  }));
}

/** The lines of an answer as the table shows them: a line's unit after its name when it is not the section's. */
const linesOf = (
  rows: {
    scroll_clmn: Array<{ ttl: string }>;
    scroll_body: Array<Array<number | null>>;
    dimensions: string[];
  },
  sectionUnit: string,
) =>
  rows.scroll_clmn.map((line, index) => ({
    name: rows.dimensions[index] === sectionUnit ? line.ttl : `${line.ttl}, ${rows.dimensions[index]}`,
    values: rows.scroll_body[index]!,
  }));

/** The stocks action log entries written after `since` (GET /dev/action-log), newest first. */
async function actionsAfter(page: Page, since: number) {
  const list = (await (await page.request.get('/dev/action-log?scope=stocks&limit=100')).json()) as Array<{
    id: number;
    actionId: number;
    userId: number | null;
  }>;
  return list.filter((entry) => entry.id > since);
}
/** The action ids one user (null: anonymous) logged after `since`: other tests log in parallel. */
async function actionIdsOf(page: Page, since: number, userId: number | null): Promise<number[]> {
  return (await actionsAfter(page, since))
    .filter((entry) => entry.userId === userId)
    .map((entry) => entry.actionId);
}
async function lastActionId(page: Page): Promise<number> {
  return (await actionsAfter(page, 0))[0]?.id ?? 0;
}

async function pageUserId(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      (JSON.parse(document.getElementById('fin-user')?.textContent ?? '{}') as { userId?: number }).userId ??
      null,
  );
}

/** No part of the page is wider than the viewport. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('IFRS and RAS statements', () => {
  test('anonymous (eng): the free lines as answered, groups, the locked closed part with a log-in link, export prompt, 375 px', async ({
    page,
  }) => {
    const report = await reportOf(page, 'msfo', 'eng');
    // The raw answer: no closed line, only its count and what it needs.
    for (const key of ['balance_sheet', 'profit_and_loss', 'cash_flow_statement', 'params'] as const) {
      const closed = report[key].closed_data as LockedClosedData;
      expect(closed, key).toMatchObject({ locked: true, need: 'need_auth' });
      expect(Object.keys(closed).sort(), key).toEqual(['count', 'link', 'locked', 'need']);
    }
    const exported = await page.request.get(
      `/api/company/${SBER}/export/msfo/?from=01.01.2021&to=01.01.2026&reportPeriod=2`,
    );
    expect(exported.status()).toBe(401);

    await page.goto(pageOf('ifrs', 'eng'));
    const host = element(page);
    await expect(host.getByRole('tab', { name: 'IFRS', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(host.getByRole('tab', { name: 'IFRS (data provider)' })).toHaveAttribute(
      'aria-selected',
      'false',
    );

    const balance = statement(page, 'balance_sheet');
    const section = report.balance_sheet;
    await expect(balance.getByRole('heading', { name: section.ttl })).toBeVisible();
    await expect(balance).toContainText(`Unit: ${section.dimension}`);
    await expect(bodyRows(balance)).toHaveCount(section.scroll_clmn.length);
    expect(await balance.locator('thead th').allTextContents()).toEqual([
      'Indicator',
      ...section.scroll_head.map((column) => column.ttl),
    ]);
    expect(await shownLines(balance)).toEqual(linesOf(section, section.dimension));

    // The archive of report files: the quarterly report files block of the issuer's page.
    expect(report.params.archLink).toBe(`/company/${SBER}/#quarterly_reports`);
    await expect(host.getByRole('link', { name: 'Report archive' })).toHaveAttribute(
      'href',
      `/company/${SBER}/#quarterly_reports`,
    );

    // A group: its toggle opens the sub lines under it and keeps the focus.
    const parent = section.scroll_clmn.find((line) => line.sub)!;
    const toggle = balance.getByRole('button', { name: parent.ttl, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toBeFocused();
    const sub = section.sub_rows[parent.id]!;
    const names = (await shownLines(balance)).map((line) => line.name);
    const at = names.indexOf(parent.ttl);
    expect(names.slice(at + 1, at + 1 + sub.scroll_clmn.length)).toEqual(
      sub.scroll_clmn.map((line) => line.ttl),
    );
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bodyRows(balance)).toHaveCount(section.scroll_clmn.length);

    // Show more: in its place the log-in prompt with the withheld count, focused; the 80 log
    // reaches the server.
    const before = await lastActionId(page);
    const more = balance.getByRole('button', { name: 'Show more' });
    await more.click();
    const locked = section.closed_data as LockedClosedData;
    const status = balance.locator('.st-locked');
    const login = status.getByRole('link', { name: `Log in to see ${locked.count} more rows` });
    await expect(login).toHaveAttribute('href', locked.link);
    await expect(login).toBeFocused();
    await expect(bodyRows(balance)).toHaveCount(section.scroll_clmn.length);
    await expect.poll(() => actionIdsOf(page, before, null)).toContain(80);

    // The export asks to log in.
    const exportButton = host.getByRole('button', { name: 'Export to Excel' });
    await exportButton.click();
    const prompt = host.locator('.st-export__prompt');
    await expect(prompt.getByRole('link', { name: 'Log in to export to Excel' })).toHaveAttribute(
      'href',
      /^\/login\/\?back=/,
    );
    await expect(host.getByRole('textbox', { name: 'From' })).toHaveValue(
      (await pageData(page)).exportDefaultFrom,
    );

    // A phone: the table pages its columns and nothing is wider than the screen.
    await page.setViewportSize(MOBILE);
    await expectPhoneColumns(balance.locator('thead th'));
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    // The prompt that took the place of "show more" is still there, on the screen.
    await expect(balance.locator('.st-locked').getByRole('link')).toBeVisible();
  });

  test('free (rus): the RAS statements, the access prompt and the 76 log; export refused', async ({
    page,
  }) => {
    await signInAs(page.request, 'free');
    const report = await reportOf(page, 'rsbu', 'rus');
    expect(report.rsbu_balance && report.rsbu_profit_and_loss && report.report_cash_flow).toBeTruthy();
    for (const key of [
      'balance_sheet',
      'rsbu_balance',
      'rsbu_profit_and_loss',
      'report_cash_flow',
    ] as const) {
      const closed = report[key]!.closed_data as LockedClosedData | null;
      if (closed)
        expect(closed, key).toEqual({
          locked: true,
          count: closed.count,
          need: 'need_get_access',
          link: '/profile/access/',
        });
    }
    const exported = await page.request.get(
      `/api/company/${SBER}/export/rsbu/?from=01.01.2021&to=01.01.2026&reportPeriod=2`,
    );
    expect(exported.status()).toBe(403);

    await page.goto(pageOf('ras', 'rus'));
    const host = element(page);
    const keys = [
      'balance_sheet',
      'profit_and_loss',
      'cash_flow_statement',
      'rsbu_balance',
      'rsbu_profit_and_loss',
      'report_cash_flow',
      'params',
    ] as const;
    await expect(host.locator('[data-statement]')).toHaveCount(keys.length);
    expect(await host.locator('[data-statement] .st-title').allTextContents()).toEqual(
      keys.map((key) => (report[key] as ReportSection).ttl),
    );
    // One source: no source tabs; the period switch is there.
    await expect(host.getByRole('tablist', { name: label('issuer', 'report_source', 'rus') })).toHaveCount(0);
    await expect(host.getByRole('tab', { name: label('issuer', 'period_annual', 'rus') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = statement(page, 'rsbu_profit_and_loss');
    expect(await shownLines(form)).toEqual(
      linesOf(report.rsbu_profit_and_loss!, report.rsbu_profit_and_loss!.dimension),
    );

    const before = await lastActionId(page);
    const userId = await pageUserId(page);
    expect(userId).not.toBeNull();
    await form.getByRole('button', { name: label('widgets', 'show_more', 'rus') }).click();
    const status = form.locator('.st-locked');
    const closed = report.rsbu_profit_and_loss!.closed_data as LockedClosedData;
    await expect(
      status.getByRole('link', {
        name: label('common', 'access_to_see_rows', 'rus').replace('{count}', String(closed.count)),
      }),
    ).toHaveAttribute('href', '/profile/access/');
    await expect.poll(() => actionIdsOf(page, before, userId)).toContain(76);

    // A phone: the statements page their columns, nothing is wider than the screen.
    await page.setViewportSize(MOBILE);
    await expectPhoneColumns(form.locator('thead th'));
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    // A line name that wraps reads from the left edge of its cell, its group's toggle by its first line.
    const wrapped = await form.locator('tbody th .st-line').evaluateAll((lines) =>
      lines
        .map((line) => {
          const name = line.querySelector('.st-line__name')!;
          const box = name.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(name);
          const rows = [...range.getClientRects()];
          return {
            rows: new Set(rows.map((row) => Math.round(row.top))).size,
            indent: Math.max(...rows.map((row) => row.left - box.left)),
            toggle:
              (line.querySelector('.st-line__toggle')?.getBoundingClientRect().top ?? box.top) - box.top,
          };
        })
        .filter((line) => line.rows > 1),
    );
    expect(wrapped.length).toBeGreaterThan(0);
    for (const line of wrapped) {
      expect(line.indent).toBeLessThan(2);
      expect(line.toggle).toBeLessThan(8);
    }

    await host.getByRole('button', { name: label('common', 'export_excel', 'rus') }).click();
    const prompt = host.locator('.st-export__prompt');
    await expect(
      prompt.getByRole('link', { name: label('common', 'access_to_export', 'rus') }),
    ).toHaveAttribute('href', '/profile/access/');
  });

  test('paid (eng): closed lines shown and hidden, the 80 log, source tabs by keyboard, quarters, the real .xlsx', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    const report = await reportOf(page, 'msfo', 'eng');
    const open = report.profit_and_loss.closed_data as OpenClosedData;
    expect(open.locked).toBe(false);
    expect(open.scroll_clmn).toHaveLength(open.count);

    await page.goto(pageOf('ifrs', 'eng'));
    const host = element(page);
    const pl = statement(page, 'profit_and_loss');
    const free = report.profit_and_loss.scroll_clmn.length;
    await expect(bodyRows(pl)).toHaveCount(free);

    const before = await lastActionId(page);
    const userId = await pageUserId(page);
    const more = pl.getByRole('button', { name: 'Show more' });
    await more.click();
    await expect(bodyRows(pl)).toHaveCount(free + open.count);
    const unit = report.profit_and_loss.dimension;
    expect(await shownLines(pl)).toEqual([...linesOf(report.profit_and_loss, unit), ...linesOf(open, unit)]);
    const hide = pl.getByRole('button', { name: 'Hide' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(hide).toBeFocused();
    await expect.poll(() => actionIdsOf(page, before, userId)).toContain(80);
    // Hiding from below the table's top: the page scrolls back to it, the focus stays on the toggle.
    await hide.evaluate((button) => button.scrollIntoView({ block: 'start' }));
    expect(await pl.evaluate((table) => table.getBoundingClientRect().top)).toBeLessThan(0);
    await page.keyboard.press('Enter');
    await expect(bodyRows(pl)).toHaveCount(free);
    await expect(pl.getByRole('button', { name: 'Show more' })).toBeFocused();
    await expect
      .poll(() => pl.evaluate((table) => table.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(0);

    // The second source by keyboard: the tab takes the focus and its report loads.
    const second = await reportOf(page, 'msfo2', 'eng');
    const first = host.getByRole('tab', { name: 'IFRS', exact: true });
    await first.focus();
    const loaded = page.waitForRequest((request) => request.url().includes('/get-report/msfo2/'));
    await page.keyboard.press('ArrowRight');
    await loaded;
    const provider = host.getByRole('tab', { name: 'IFRS (data provider)' });
    await expect(provider).toHaveAttribute('aria-selected', 'true');
    await expect(provider).toBeFocused();
    await expect
      .poll(() => shownLines(statement(page, 'balance_sheet')))
      .toEqual(linesOf(second.balance_sheet, second.balance_sheet.dimension));

    // Quarters.
    const quarterly = await reportOf(page, 'msfo2', 'eng', 1);
    const quarters = page.waitForRequest((request) =>
      /get-report\/msfo2\/.*reportPeriod=1/.test(request.url()),
    );
    await host.getByRole('tab', { name: 'Quarterly' }).click();
    await quarters;
    // The newest eight quarters of the From / To range; the older ones are a page away.
    await expect(statement(page, 'balance_sheet').locator('thead th')).toHaveText([
      'Indicator',
      ...quarterly.balance_sheet.scroll_head.slice(0, 8).map((column) => column.ttl),
    ]);

    // The export: the link of the template with the default dates and the period; a real workbook.
    const data = await pageData(page);
    const link = host.getByRole('link', { name: 'Export to Excel' });
    await expect(link).toHaveAttribute(
      'href',
      `/api/company/${SBER}/export/msfo2/?from=${data.exportDefaultFrom}&to=${data.exportDefaultTo}&reportPeriod=1`,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^sberbank-msfo2-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet(quarterly.balance_sheet.ttl)!;
    expect(sheet).toBeDefined();
    const heading = (sheet.getRow(5).values as unknown[]).slice(1);
    expect(heading.slice(0, 2)).toEqual(['Indicator', 'Unit']);
    // Every quarter since the default start, newest first, as on the screen.
    expect(heading.slice(2, 2 + quarterly.balance_sheet.scroll_head.length)).toEqual(
      quarterly.balance_sheet.scroll_head.map((column) => column.ttl),
    );
    const firstLine = quarterly.balance_sheet.scroll_clmn[0]!;
    expect(sheet.getRow(6).getCell(1).value).toBe(firstLine.ttl);
    expect(sheet.getRow(6).getCell(3).value).toBe(quarterly.balance_sheet.scroll_body[0]![0]);
  });

  test('From / To filter the shown periods and the export; quarters page back past the newest eight', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    const data = await issuerPageData(page);
    await page.goto(pageOf('ifrs', 'eng'));
    const host = element(page);
    const balance = statement(page, 'balance_sheet');
    await expect(bodyRows(balance).first()).toBeVisible();

    // Quarterly: every quarter ending between the default From and To, eight at a time.
    const quarterly = await reportOf(page, 'msfo', 'eng', 1);
    const quarters = quarterly.balance_sheet.scroll_head.map((column) => column.ttl);
    expect(quarters.length).toBeGreaterThan(16);
    await host.getByRole('tab', { name: 'Quarterly' }).click();
    await expect.poll(() => periodHeadings(balance)).toEqual(quarters.slice(0, 8));
    const pager = host.getByRole('group', { name: 'Pages of periods' });
    const earlier = pager.getByRole('button', { name: 'Earlier' });
    const later = pager.getByRole('button', { name: 'Later' });
    await expect(later).toHaveAttribute('aria-disabled', 'true');
    await earlier.click();
    await expect.poll(() => periodHeadings(balance)).toEqual(quarters.slice(8, 16));
    await expect(pager.getByRole('status')).toHaveText(`${quarters[15]} – ${quarters[8]}`);
    // The keyboard: Enter pages on, the focus stays on the button, up to the oldest quarter.
    await earlier.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => periodHeadings(balance)).toEqual(quarters.slice(16, 24));
    await expect(earlier).toHaveAttribute('aria-disabled', 'true');
    await expect(earlier).toBeFocused();
    expect((await periodHeadings(balance)).at(-1)).toBe(quarters.at(-1));
    await later.click();
    await expect.poll(() => periodHeadings(balance)).toEqual(quarters.slice(8, 16));

    // Narrower dates: only the quarters ending between them, no pages; the export takes the same dates.
    const from = host.getByRole('textbox', { name: 'From' });
    const to = host.getByRole('textbox', { name: 'To' });
    await expect(from).toHaveValue(data.exportDefaultFrom);
    await from.fill('01.07.2025');
    await from.press('Enter');
    await to.fill('31.03.2026');
    await to.press('Enter');
    const narrow = await reportOf(page, 'msfo', 'eng', 1, { from: '01.07.2025', to: '31.03.2026' });
    expect(narrow.balance_sheet.scroll_head.map((column) => column.id)).toEqual([
      '2026-q1',
      '2025-q4',
      '2025-q3',
    ]);
    await expect.poll(() => periodHeadings(balance)).toEqual(['Q1 2026', 'Q4 2025', 'Q3 2025']);
    await expect(pager).toHaveCount(0);
    await expect(host.getByRole('link', { name: 'Export to Excel' })).toHaveAttribute(
      'href',
      `/api/company/${SBER}/export/msfo/?from=01.07.2025&to=31.03.2026&reportPeriod=1`,
    );

    // Annual with the same dates: the one year ending between them.
    await host.getByRole('tab', { name: 'Annual' }).click();
    await expect.poll(() => periodHeadings(balance)).toEqual(['2025']);
    await expect(host.getByRole('link', { name: 'Export to Excel' })).toHaveAttribute(
      'href',
      `/api/company/${SBER}/export/msfo/?from=01.07.2025&to=31.03.2026&reportPeriod=2`,
    );
  });

  test('a failed report load says so and a retry loads it', async ({ page }) => {
    let fail = true;
    await page.route('**/api/company/get-report/rsbu/**', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }) : route.fallback(),
    );
    await page.goto(pageOf('ras', 'eng'));
    const host = element(page);
    await expect(host.getByRole('alert')).toContainText(label('common', 'error_load', 'eng'));
    // The period switch and the export stay usable meanwhile.
    await expect(host.getByRole('tab', { name: 'Annual' })).toBeVisible();
    fail = false;
    await host.getByRole('button', { name: label('common', 'retry', 'eng') }).click();
    await expect(bodyRows(statement(page, 'balance_sheet')).first()).toBeVisible();
  });
});

async function pageData(page: Page): Promise<IssuerReportsPageData> {
  return page.evaluate(
    () => JSON.parse(document.getElementById('fin-page-data')?.textContent ?? '{}') as IssuerReportsPageData,
  );
}
