/**
 * The quarterly report files section of <fin-issuer-reports> against the reference server, in the
 * three access levels: links only in paid answers, a real file downloaded, the prompt for the
 * others, 2 years until expanded, a quarter without a filing, in English and Russian, at 1280 and
 * 375 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { QuarterlyReports } from '../../../contract/reports.ts';
import { layoutProblems, laidOut } from '../../../../demo-pages/testing/layout.ts';
import { signInAs } from '../../../../demo-pages/testing/session.ts';

const SBER = 1;

async function openQuarterly(page: Page, lang = 'eng'): Promise<{ answer: QuarterlyReports; body: string }> {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/company/get-report/quarterly/${SBER}/`,
  );
  await page.goto(`/test/issuer-reports/${SBER}/?sections=quarterly&lang=${lang}`);
  const body = await (await response).text();
  return { answer: JSON.parse(body) as QuarterlyReports, body };
}

const section = (page: Page) => page.locator('fin-issuer-reports .qr');
const years = (page: Page) => section(page).locator('tbody tr.dt-row');

for (const audience of ['anonymous', 'free'] as const) {
  test(`quarterly files, ${audience}: no link in the answer, the types and the prompt on screen`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const { answer, body } = await openQuarterly(page);
    expect(answer.need).toBe(audience === 'anonymous' ? 'need_auth' : 'need_get_access');
    expect(body).not.toContain('/api/company/report-file/');

    const prompt = section(page).locator('.qr-prompt');
    if (audience === 'anonymous') {
      await expect(prompt).toHaveText('Log in to download the report files Log in');
      await expect(prompt.getByRole('link')).toHaveAttribute('href', /^\/login\/\?back=/);
    } else {
      await expect(prompt).toHaveText('The report files can be downloaded with paid access Get access');
      await expect(prompt.getByRole('link')).toHaveAttribute('href', '/profile/access/');
    }
    await expect(years(page)).toHaveCount(2);
    await expect(section(page).locator('tbody a')).toHaveCount(0);
    const first = answer.items[0]!;
    await expect(years(page).first().locator('th, td').first()).toHaveText(String(first.year));
    await expect(years(page).first().locator('td').first()).toContainText('Rus. PDF');
  });
}

test('quarterly files, paid: 2 years, show more / hide, a quarter without a filing, a real download', async ({
  page,
}) => {
  await signInAs(page.request, 'paid');
  const { answer } = await openQuarterly(page);
  expect(answer.need).toBeNull();
  await expect(section(page).locator('.qr-prompt')).toHaveCount(0);
  await expect(years(page)).toHaveCount(2);
  await section(page).getByRole('button', { name: 'Show more' }).click();
  await expect(years(page)).toHaveCount(answer.items.length);
  await expect(section(page).getByRole('button', { name: 'Hide' })).toBeFocused();
  await section(page).getByRole('button', { name: 'Hide' }).click();
  await expect(years(page)).toHaveCount(2);

  // A quarter nothing was filed for: a dash that says so.
  const [year, quarter] = answer.items
    .slice(0, 2)
    .flatMap((entry) =>
      (['1', '2', '3', '4'] as const).filter((q) => entry.monthArray[q] === null).map((q) => [entry.year, q]),
    )[0]!;
  const row = years(page).filter({ has: page.getByRole('rowheader', { name: String(year), exact: true }) });
  await expect(row.locator('td').nth(Number(quarter) - 1)).toHaveText(
    `—Q${quarter} ${year}: no report filed`,
  );

  // The first file: a download link named by quarter, language and type, giving the real file.
  const file = answer.items[0]!.monthArray['1']!.rus!;
  const link = section(page).getByRole('link', { name: `Download Q1 ${answer.items[0]!.year}: Rus., PDF` });
  await expect(link).toHaveAttribute('href', file.link!);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(file.name);
  const content = await readFile((await download.path())!);
  expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('quarterly files in Russian at 375 px: labels and the page fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openQuarterly(page, 'rus');
  await expect(section(page).locator('.qr-prompt')).toHaveText('Войдите, чтобы скачать файлы отчётов Войти');
  await expect(years(page)).toHaveCount(2);
  await expect(section(page).getByRole('button', { name: 'Показать ещё' })).toBeVisible();
  await laidOut(page);
  expect(await layoutProblems(page)).toEqual([]);
});
