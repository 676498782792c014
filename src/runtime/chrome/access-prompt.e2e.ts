/**
 * The log-in and paid-access prompts of the elements against the reference server, in the three
 * access levels (issue 20 item 7): a neutral prompt with the action ("Log in to see 5 more rows"),
 * never a red alert; it takes the place of the control it answers, so nothing around it moves;
 * the anonymous chart says why it has no price axis; a free user's price-dynamics bar shows the
 * last price cleanly; a comment's file shows one control for its state, and no link to a file the
 * user cannot have.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { CompanyCommentsAnswer, CompanyComment } from '../../contract/company.ts';
import type { FinancialReport, LockedClosedData } from '../../contract/reports.ts';
import { signIn, signInAs, loginLinkOf, type Audience } from '../../../demo-pages/testing/session.ts';

const SBER = 1;
/** The error red of `.fin-message--error` (base.css): a prompt is never drawn in it. */
const ERROR_RED = 'rgb(163, 22, 27)';

/** The box of an element in page coordinates (scrolling does not move it). */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x + scrollX, y: rect.y + scrollY, width: rect.width, height: rect.height };
  });
}

/** What a user sees of a prompt: its role, its colour and whether it sits in an error box. */
async function looks(prompt: Locator) {
  return prompt.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      role: element.getAttribute('role'),
      color: style.color,
      inError: element.closest('.fin-message--error, [role="alert"]') !== null,
    };
  });
}

async function expectNeutral(prompt: Locator): Promise<void> {
  const seen = await looks(prompt);
  expect(seen.role === 'status' || seen.role === null, `role ${seen.role}`).toBe(true);
  expect(seen.color).not.toBe(ERROR_RED);
  expect(seen.inError).toBe(false);
}

for (const audience of ['anonymous', 'free'] as const) {
  test(`${audience}: a statement's show more becomes a neutral prompt with the count, in its place`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const report = (await (
      await page.request.get(`/api/company/get-report/msfo/${SBER}/?lang=eng&reportPeriod=2`)
    ).json()) as FinancialReport;
    const locked = report.balance_sheet.closed_data as LockedClosedData;
    expect(locked.locked).toBe(true);
    await page.goto(`/test/issuer-reports/${SBER}/?sections=ifrs&lang=eng`);
    const host = page.locator('fin-issuer-reports');
    const balance = host.locator('[data-statement="balance_sheet"]');
    const next = host.locator('[data-statement="profit_and_loss"]');
    const more = balance.getByRole('button', { name: 'Show more' });
    await expect(more).toBeVisible();
    const table = balance.locator('.dt');
    const before = {
      table: await box(table),
      more: await box(balance.locator('.st-more')),
      next: await box(next),
    };

    await more.click();
    const prompt = balance.locator('.fin-access-prompt');
    const action =
      audience === 'anonymous'
        ? `Log in to see ${locked.count} more rows`
        : `Get paid access to see ${locked.count} more rows`;
    await expect(prompt).toHaveText(action);
    await expect(prompt.getByRole('link', { name: action })).toHaveAttribute(
      'href',
      audience === 'anonymous' ? locked.link : '/profile/access/',
    );
    await expect(prompt.getByRole('link')).toBeFocused();
    await expectNeutral(prompt);
    await expect(balance.getByRole('alert')).toHaveCount(0);
    // Nothing moved: the table, the line where "show more" was, and the next statement.
    expect(await box(table)).toEqual(before.table);
    expect((await box(balance.locator('.st-more'))).y).toBe(before.more.y);
    expect(await box(next)).toEqual(before.next);
  });

  test(`${audience}: an FMP group's show more becomes a neutral prompt with the count; the next group stays`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    await page.goto(`/test/issuer-reports/${SBER}/?sections=fmp&lang=eng`);
    const group = page.locator('fin-issuer-reports .fmp-group[data-group="IS"]');
    const next = page.locator('fin-issuer-reports .fmp-group[data-group="BS"]');
    const more = group.getByRole('button', { name: 'Show more' });
    await expect(more).toBeVisible();
    const report = (await (await page.request.get(`/api/report_fmp/${SBER}/?lang=eng`)).json()) as {
      groups: Array<{ report_line_code: string; closed: { count: number } | null }>;
    };
    const count = report.groups.find((g) => g.report_line_code === 'IS')!.closed!.count;
    const before = { table: await box(group.locator('table')), next: await box(next) };

    await more.click();
    const prompt = group.locator('.fin-access-prompt');
    await expect(prompt).toHaveText(
      audience === 'anonymous'
        ? `Log in to see ${count} more rows`
        : `Get paid access to see ${count} more rows`,
    );
    await expectNeutral(prompt);
    await expect(group.getByRole('alert')).toHaveCount(0);
    expect(await box(group.locator('table'))).toEqual(before.table);
    expect(await box(next)).toEqual(before.next);
  });
}

test('anonymous: the report export button becomes the log-in prompt in its place; the table stays', async ({
  page,
}) => {
  await page.goto(`/test/issuer-reports/${SBER}/?sections=ifrs&lang=eng`);
  const host = page.locator('fin-issuer-reports');
  const first = host.locator('[data-statement]').first();
  await expect(first).toBeVisible();
  const before = await box(first);
  await host.getByRole('button', { name: 'Export to Excel' }).click();
  const prompt = host.locator('.st-export__prompt');
  await expect(prompt.getByRole('link', { name: 'Log in to export to Excel' })).toHaveAttribute(
    'href',
    /^\/login\/\?back=/,
  );
  await expectNeutral(prompt);
  expect(await box(first)).toEqual(before);
});

const chartNote: Record<Audience, string | null> = {
  anonymous: 'Log in to see prices',
  free: 'Get paid access to see prices',
  paid: null,
};

for (const audience of ['anonymous', 'free', 'paid'] as const) {
  test(`${audience}: the stock chart says why it has no price axis`, async ({ page }) => {
    await signInAs(page.request, audience);
    await page.goto('/stocks/sber/?lang=eng');
    const chart = page.locator('fin-stock-chart');
    await expect(chart.locator('.sc__chart')).toHaveAttribute(
      'data-value-axis',
      audience === 'paid' ? 'values' : 'hidden',
    );
    const note = chart.locator('.sc__axis-note');
    const text = chartNote[audience];
    if (text === null) {
      await expect(note).toHaveCount(0);
      return;
    }
    await expect(note).toHaveText(text);
    await expect(note.getByRole('link', { name: text })).toHaveAttribute(
      'href',
      audience === 'anonymous' ? loginLinkOf(page) : '/profile/access/',
    );
    await expectNeutral(note);
  });
}

test("anonymous: compare's log-in prompt covers nothing of the controls and moves neither them nor the chart", async ({
  page,
}) => {
  await page.goto('/stocks/sber/?lang=eng');
  const chart = page.locator('fin-stock-chart');
  const plot = chart.locator('.sc__chart');
  await expect(chart.locator('.sc__body')).toHaveAttribute('data-status', 'ready');
  const compare = chart.locator('[data-action="compare"]');
  const before = { plot: await box(plot), compare: await box(compare) };
  await compare.click();
  const prompt = chart.locator('[data-prompt="compare"]');
  await expect(prompt.getByRole('link', { name: 'Log in to compare' })).toHaveAttribute(
    'href',
    loginLinkOf(page),
  );
  await expectNeutral(prompt.locator('.fin-access-prompt'));
  expect(await box(plot)).toEqual(before.plot);
  expect(await box(compare)).toEqual(before.compare);
});

test("free: the issuer page's price bar shows the last price without a '***' beside it, and one explanation", async ({
  page,
}) => {
  await signInAs(page.request, 'free');
  const data = (await (await page.request.get(`/company/${SBER}/?format=json`)).json()) as {
    priceDynamics: { lastPrice: unknown; deltaLastPrice: unknown };
  };
  // The server's side: the last price is the free user's, the change is not.
  expect(typeof data.priceDynamics.lastPrice).toBe('number');
  expect(data.priceDynamics.deltaLastPrice).toBe('***');
  await page.goto(`/company/${SBER}/?lang=eng`);
  const bar = page.locator('fin-price-dynamics[variant="issuer"]');
  const last = bar.locator('.pd__last');
  await expect(last).toContainText('Last price');
  await expect(last.locator('[data-field="lastPrice"]')).toHaveText(/^\d[\d\u202f ]*\.\d\d$/);
  await expect(last).not.toContainText('***');
  await expect(bar.locator('.pd__hint')).toHaveCount(1);
  await expect(bar.locator('.pd__hint')).toContainText('paid access');
});

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────

const ISSUER_IDS = Array.from({ length: 26 }, (_, i) => i + 1);

async function findComment(
  page: Page,
  wanted: (comment: CompanyComment) => boolean,
): Promise<{ emitentId: number; comment: CompanyComment }> {
  for (const emitentId of ISSUER_IDS) {
    const answer = (await (
      await page.request.get(`/api/company/${emitentId}/comments_about/?lang=eng`)
    ).json()) as CompanyCommentsAnswer;
    const comment = answer.items.find(wanted);
    if (comment) return { emitentId, comment };
  }
  throw new Error('No demo issuer has such a comment');
}

const fileOf = (page: Page, commentId: number) =>
  page.locator(`fin-issuer-reports [data-comment-id="${commentId}"] .irc-file`);

/** The controls of a comment's file: its links and buttons. */
const controls = (file: Locator) => file.locator('a, button');

async function openComments(page: Page, emitentId: number): Promise<void> {
  await page.goto(`/test/issuer-reports/${emitentId}/?sections=comments&lang=eng`);
  await expect(page.locator('fin-issuer-reports .irc-comment').first()).toBeVisible();
}

/** A phone no other test uses: a new free user without any access request. */
function freshPhone(testInfo: TestInfo): string {
  return `+795${testInfo.workerIndex % 10}${String(Date.now() % 1e7).padStart(7, '0')}`;
}

test('comments, free: "Request access from <provider>" says its reach first, then "Requested on <date>", one control each', async ({
  page,
}, testInfo) => {
  await signIn(page.request, freshPhone(testInfo));
  const { emitentId, comment } = await findComment(page, (c) => c.requestAllowed && c.file !== null);
  await openComments(page, emitentId);
  const file = fileOf(page, comment.id);
  const request = `Request access from ${comment.provider_name}`;
  // Before: one control, the request, with what it does said beside it; no link to the file.
  await expect(controls(file)).toHaveCount(1);
  const button = file.getByRole('button', { name: request });
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleDescription(
    `The request goes to ${comment.provider_name} and covers all of its files shared on request.`,
  );
  await expect(file.locator('[href*="/api/comments/file/"]')).toHaveCount(0);

  await button.click();
  // After: no control, the day it was requested (the server's day, as the list says after a reload).
  const state = file.locator('.irc-state');
  await expect(state).toHaveText(/^Requested on \d{2}\.\d{2}\.\d{4}$/);
  await expect(controls(file)).toHaveCount(0);
  const shown = await state.textContent();
  await openComments(page, emitentId);
  await expect(fileOf(page, comment.id).locator('.irc-state')).toHaveText(shown!);
  await expect(controls(fileOf(page, comment.id))).toHaveCount(0);
});

test('comments, paid: an open file has one control, "Download", with the file link', async ({ page }) => {
  await signInAs(page.request, 'paid');
  const { emitentId, comment } = await findComment(
    page,
    (c) => c.file_access_kind === 'paid' && c.file_access === 'open' && c.file !== null,
  );
  await openComments(page, emitentId);
  const file = fileOf(page, comment.id);
  await expect(controls(file)).toHaveCount(1);
  await expect(
    file.getByRole('link', { name: new RegExp(`^Download ${comment.file!.replace('.', '\\.')}`) }),
  ).toHaveAttribute('href', comment.cb_file_link!);
});

for (const audience of ['anonymous', 'free'] as const) {
  test(`comments, ${audience}: a file the user cannot have has no download link, one neutral prompt`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const { emitentId, comment } = await findComment(
      page,
      (c) => c.file_access_kind === 'paid' && c.file_access === 'denied' && c.file !== null,
    );
    expect(comment.cb_file_link).toBeNull();
    await openComments(page, emitentId);
    const file = fileOf(page, comment.id);
    await expect(file.locator('[href*="/api/comments/file/"], [download]')).toHaveCount(0);
    await expect(controls(file)).toHaveCount(1);
    const action =
      audience === 'anonymous' ? 'Log in to download the file' : 'Get paid access to download the file';
    await expect(file.getByRole('link', { name: action })).toHaveAttribute(
      'href',
      audience === 'anonymous' ? /^\/login\/\?back=/ : '/profile/access/',
    );
    await expectNeutral(file.locator('.fin-access-prompt'));
  });
}
