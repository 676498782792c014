/**
 * The multipliers section of <fin-issuer-reports> against the reference server, in the three
 * access levels: what the raw answer masks, '***' with the prompt on screen, the quarterly /
 * annual switch, 2 multipliers a group until expanded, in English and Russian, at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import type { MultipliersAnswer } from '../../../contract/company.ts';
import { layoutProblems, laidOut } from '../../../../demo-pages/testing/layout.ts';
import { signInAs } from '../../../../demo-pages/testing/session.ts';

const SBER = 1;

async function openMultipliers(page: Page, lang = 'eng'): Promise<MultipliersAnswer> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/company/${SBER}/multipliers/`,
  );
  await page.goto(`/test/issuer-reports/${SBER}/?sections=multipliers&lang=${lang}`);
  return (await (await answer).json()) as MultipliersAnswer;
}

const section = (page: Page) => page.locator('fin-issuer-reports .mult');
const group = (page: Page, id: number) => section(page).locator(`.mult-group[data-group="${id}"]`);
const bodyRows = (page: Page, id: number) => group(page, id).locator('tbody tr.dt-row');
const hint = (page: Page) => section(page).locator('[part="hint"]');

const PROMPTS = {
  anonymous: { text: 'Log in to see the market multipliers Log in', href: /^\/login\/\?back=/ },
  free: {
    text: 'Market multipliers are available with paid access Get access',
    href: /^\/profile\/access\/$/,
  },
} as const;

for (const audience of ['anonymous', 'free'] as const) {
  test(`multipliers, ${audience}: market values masked in the answer, '***' and the prompt on screen`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const answer = await openMultipliers(page);
    for (const period of ['1', '2'] as const) {
      const valuation = answer[period][0]!;
      for (const row of valuation.body)
        for (const column of valuation.columns.slice(1))
          expect(row[column], `${row.id} ${column}`).toBe('***');
    }

    // Annual opens (the page's default), 2 multipliers a group.
    await expect(section(page).getByRole('tab', { name: 'Annual' })).toHaveAttribute('aria-selected', 'true');
    for (const g of answer['2']) await expect(bodyRows(page, g.group_id)).toHaveCount(2);
    await expect(bodyRows(page, 1).first().locator('td').first()).toHaveText('***');
    await expect(hint(page)).toHaveText(PROMPTS[audience].text);
    await expect(hint(page).getByRole('link')).toHaveAttribute('href', PROMPTS[audience].href);
    // Ratios from the reports alone are for everyone.
    const roe = answer['2'][1]!.body[0]!;
    await expect(bodyRows(page, 2).first().locator('td').first()).toHaveText(
      (roe[answer['2'][1]!.columns[1]!] as number).toFixed(2),
    );
  });
}

test('multipliers, paid: figures, the quarterly switch, show more / hide', async ({ page }) => {
  await signInAs(page.request, 'paid');
  const answer = await openMultipliers(page);
  await expect(bodyRows(page, 1)).toHaveCount(2);
  await expect(hint(page)).toHaveCount(0);
  await expect(section(page).locator('.mult-panel')).not.toContainText('***');

  await section(page).getByRole('tab', { name: 'Quarterly' }).click();
  await expect(section(page).getByRole('tabpanel')).toHaveAttribute('data-period', '1');
  const quarterly = answer['1'][0]!;
  await expect(group(page, 1).locator('thead th').nth(1)).toHaveText(quarterly.headers[1]!);
  const pe = quarterly.body.find((row) => row.id === 'pe')!;
  expect(typeof pe[quarterly.columns[1]!]).toBe('number');

  // 2 until expanded, then every multiplier of the group.
  const more = group(page, 1).getByRole('button', { name: 'Show more' });
  await more.click();
  await expect(bodyRows(page, 1)).toHaveCount(quarterly.body.length);
  await expect(bodyRows(page, 1).nth(2).locator('th, td').first()).toHaveText(pe.name);
  await expect(bodyRows(page, 1).nth(2).locator('td').first()).toHaveText(
    (pe[quarterly.columns[1]!] as number).toFixed(2),
  );
  await expect(group(page, 1).getByRole('button', { name: 'Hide' })).toBeFocused();
  await group(page, 1).getByRole('button', { name: 'Hide' }).click();
  await expect(bodyRows(page, 1)).toHaveCount(2);
});

test('multipliers in Russian at 375 px: labels and the page fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const answer = await openMultipliers(page, 'rus');
  await expect(section(page).getByRole('tab', { name: 'Год' })).toHaveAttribute('aria-selected', 'true');
  await expect(group(page, 1).getByRole('heading')).toHaveText(answer['2'][0]!.group_name);
  await expect(hint(page)).toHaveText('Войдите, чтобы увидеть рыночные мультипликаторы Войти');
  await laidOut(page);
  expect(await layoutProblems(page)).toEqual([]);
});

test('multipliers of an issuer without prices (Diasoft): the valuation group says "no data", not a table of dashes', async ({
  page,
}) => {
  const DIASOFT = 26;
  const answering = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/company/${DIASOFT}/multipliers/`,
  );
  await page.goto(`/test/issuer-reports/${DIASOFT}/?sections=multipliers&lang=eng`);
  const answer = (await (await answering).json()) as MultipliersAnswer;
  const valuation = answer['2'].find((entry) => entry.group_id === 1)!;
  // The answer: not one valuation multiplier (no prices before the listing); the ratios are there.
  expect(valuation.body.every((row) => valuation.columns.slice(1).every((key) => row[key] === null))).toBe(
    true,
  );
  const none = group(page, 1);
  await expect(none.getByRole('heading', { name: valuation.group_name })).toBeVisible();
  await expect(none).toContainText('No data');
  await expect(none.locator('table')).toHaveCount(0);
  // A group with values is a table as before.
  await expect(bodyRows(page, 2)).toHaveCount(2);
  await expect(group(page, 2)).not.toContainText('No data');
});
