/**
 * The FMP section of <fin-issuer-reports> against the reference server, in the three access
 * levels: the groups and their five rows, what the raw answer withholds, show more / hide (or the
 * prompt instead), the period select with the SPEC §7 fallback, in English and Russian, at 1280
 * and 375 px.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import type { FmpReport } from '../../../contract/reports.ts';
import { expectPhoneColumns, layoutProblems, laidOut } from '../../../../demo-pages/testing/layout.ts';
import { signInAs } from '../../../../demo-pages/testing/session.ts';
import { endRoutesAfterEachTest } from '../../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

const SBER = 1;
const pageUrl = (lang: string) => `/test/issuer-reports/${SBER}/?sections=fmp&lang=${lang}`;
const isFmpCall = (response: Response, path = `/api/report_fmp/${SBER}/`) =>
  new URL(response.url()).pathname === path;

/** Opens the section and returns the raw FMP answer it received. */
async function openFmp(page: Page, lang = 'eng'): Promise<{ report: FmpReport; body: string }> {
  const answer = page.waitForResponse((response) => isFmpCall(response));
  await page.goto(pageUrl(lang));
  const response = await answer;
  const body = await response.text();
  return { report: JSON.parse(body) as FmpReport, body };
}

const section = (page: Page) => page.locator('fin-issuer-reports .fmp');
const group = (page: Page, code: string) => section(page).locator(`.fmp-group[data-group="${code}"]`);
/** The live line that says when another period is shown than the one asked for. */
const notice = (page: Page) => section(page).locator('.fmp-status');
const bodyRows = (page: Page, code: string) => group(page, code).locator('tbody tr.dt-row');

for (const audience of ['anonymous', 'free'] as const) {
  test(`FMP, ${audience}: five rows a group, the rest withheld from the answer and prompted for`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const { report, body } = await openFmp(page);
    // The raw answer: five rows a group, the withheld lines absent, what they need said.
    expect(report.groups.map((g) => g.report_line_code)).toEqual(['IS', 'BS', 'CF']);
    const need = audience === 'anonymous' ? 'need_auth' : 'need_get_access';
    for (const g of report.groups) {
      expect(report.data.filter((row) => row.financial_statement_code === g.report_line_code)).toHaveLength(
        5,
      );
      expect(g.closed).toMatchObject({ count: g.count - 5, need });
    }
    expect(body).not.toContain('netIncome');

    await expect(group(page, 'IS').getByRole('heading')).toHaveText('Income statement');
    for (const code of ['IS', 'BS', 'CF']) await expect(bodyRows(page, code)).toHaveCount(5);
    await expect(bodyRows(page, 'IS').first().locator('th, td').first()).toHaveText('Revenue');

    // Show more says what is needed, with the count, instead of expanding.
    await group(page, 'BS').getByRole('button', { name: 'Show more' }).click();
    const prompt = group(page, 'BS').locator('.dt-locked [role="status"]');
    const bs = report.groups.find((g) => g.report_line_code === 'BS')!;
    if (audience === 'anonymous') {
      await expect(prompt).toHaveText(`Log in to see ${bs.count - 5} more rows`);
      await expect(prompt.getByRole('link')).toHaveAttribute('href', /^\/login\/\?back=%2Fcompany%2F1%2F$/);
    } else {
      await expect(prompt).toHaveText(`Get paid access to see ${bs.count - 5} more rows`);
      await expect(prompt.getByRole('link')).toHaveAttribute('href', '/profile/access/');
    }
    await expect(bodyRows(page, 'BS')).toHaveCount(5);
  });
}

test('FMP, paid: every row, show more / hide with focus kept, and the period select reloads', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  const { report } = await openFmp(page);
  const is = report.groups.find((g) => g.report_line_code === 'IS')!;
  expect(is.closed).toBeNull();
  await expect(bodyRows(page, 'IS')).toHaveCount(5);

  const toggle = group(page, 'IS').getByRole('button', { name: 'Show more' });
  await toggle.click();
  await expect(bodyRows(page, 'IS')).toHaveCount(is.count);
  await expect(group(page, 'IS').getByRole('button', { name: 'Hide' })).toBeFocused();
  await group(page, 'IS').getByRole('button', { name: 'Hide' }).click();
  await expect(bodyRows(page, 'IS')).toHaveCount(5);
  await expect(group(page, 'IS').getByRole('button', { name: 'Show more' })).toBeFocused();

  // The period select: the shown period is chosen; another one loads its own report.
  const select = section(page).getByRole('button', { name: /^Period / });
  await expect(select).toHaveText(report.periods.find((p) => p.id === report.periodId)!.ttl);
  const twelve = page.waitForResponse((response) => isFmpCall(response, `/api/report_fmp/${SBER}/4/`));
  await select.click();
  await section(page).getByRole('option', { name: '12 months' }).click();
  const annual = (await (await twelve).json()) as FmpReport;
  await expect(section(page).locator('.fmp-groups')).toHaveAttribute('data-period', '4');
  await expect(select).toHaveText('12 months');
  await expect(select).toBeFocused();
  await expect(group(page, 'IS').locator('thead th').nth(1)).toHaveText(annual.headers[1]!);
  const revenue = annual.data.find((row) => row.report_line_code === 'revenue')!;
  const shown = await bodyRows(page, 'IS').first().locator('td').first().textContent();
  expect(Number(shown?.replace('−', '-').replace(/[^\d.-]/g, ''))).toBeCloseTo(
    revenue[annual.columns[1]!] as number,
    1,
  );
  await expect(notice(page)).toHaveText('');
});

test('FMP: a period without data falls back to the latest one and says so (SPEC §7)', async ({ page }) => {
  // A server that answers the asked-for period empty: the section loads the plain call.
  await page.route(`**/api/report_fmp/${SBER}/2/`, async (route) => {
    const response = await route.fetch();
    const report = (await response.json()) as FmpReport;
    await route.fulfill({ response, json: { ...report, data: [], groups: [] } });
  });
  const { report } = await openFmp(page);
  const latest = report.periods.find((p) => p.id === report.periodId)!.ttl;
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/report_fmp/')) calls.push(new URL(request.url()).pathname);
  });
  const select = section(page).getByRole('button', { name: /^Period / });
  await select.click();
  await section(page).getByRole('option', { name: '6 months' }).click();
  await expect(notice(page)).toHaveText(`No data for 6 months, showing ${latest}`);
  expect(calls).toEqual([`/api/report_fmp/${SBER}/2/`, `/api/report_fmp/${SBER}/`]);
  await expect(select).toHaveText(latest);
  await expect(select).toBeFocused();
  await expect(bodyRows(page, 'IS')).toHaveCount(5);
});

test('FMP in Russian at 375 px: labels, figures and the page fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { report } = await openFmp(page, 'rus');
  await expect(group(page, 'IS').getByRole('heading')).toHaveText('Отчёт о прибылях и убытках');
  await expect(section(page).getByRole('button', { name: /^Период / })).toBeVisible();
  // Below 680 px the table pages its columns.
  const head = group(page, 'IS').locator('thead th');
  await expectPhoneColumns(head);
  await expect(head.nth(0)).toHaveText(report.headers[0]!);
  await expect(head.nth(1)).toContainText(report.headers[1]!);
  await expect(group(page, 'IS').getByRole('button', { name: 'Показать ещё' })).toBeVisible();
  await laidOut(page);
  expect(await layoutProblems(page)).toEqual([]);
});
