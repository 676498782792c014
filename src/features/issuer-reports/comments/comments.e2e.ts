/**
 * The analytics comments section of <fin-issuer-reports> against the reference server (SPEC §3
 * "Comment", §4 "Comment file access", §6 file download, §7 comments_about and
 * create_comments_access_request): what each access level sees and may do with a comment's file,
 * the access request end to end, and provider HTML that carries scripts.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { CompanyComment, CompanyCommentsAnswer } from '../../../contract/company.ts';
import type { Lang } from '../../../contract/types.ts';
import { aftermath, installTrap, markOf, PAYLOADS } from '../../../../demo-pages/testing/hostile.ts';
import { label } from '../../../../demo-pages/testing/faults.ts';
import { CSRF_HEADER, signIn, signInAs } from '../../../../demo-pages/testing/session.ts';
import { endRoutesAfterEachTest } from '../../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

const SECTION = 'fin-issuer-reports';
/** Issuers searched for a comment of the kind a test needs (the demo has 26). */
const ISSUER_IDS = Array.from({ length: 26 }, (_, i) => i + 1);

/** The test page of <fin-issuer-reports sections="comments"> with the issuer's page data (/company/{id}/'s). */
async function openComments(page: Page, emitentId: number, lang: Lang, expectComments = true): Promise<void> {
  await page.goto(`/test/issuer-reports/${emitentId}/?sections=comments&lang=${lang}`);
  if (expectComments) await expect(page.locator(`${SECTION} .irc-comment`).first()).toBeVisible();
}

/** The first issuer with a comment matching `wanted`, as the page's session sees the comments. */
async function findComment(
  page: Page,
  lang: Lang,
  wanted: (comment: CompanyComment, all: CompanyComment[]) => boolean,
): Promise<{ emitentId: number; comment: CompanyComment; all: CompanyComment[] }> {
  for (const emitentId of ISSUER_IDS) {
    const answer = (await (
      await page.request.get(`/api/company/${emitentId}/comments_about/?lang=${lang}`)
    ).json()) as CompanyCommentsAnswer;
    const comment = answer.items.find((item) => wanted(item, answer.items));
    if (comment) return { emitentId, comment, all: answer.items };
  }
  throw new Error('No demo issuer has such a comment');
}

/** A phone no other test signs in with: a new free user, with no access request to any provider yet. */
function freshPhone(testInfo: TestInfo, kind: number): string {
  return `+79${kind}${testInfo.workerIndex % 10}${String(Date.now() % 1e7).padStart(7, '0')}`;
}

const card = (page: Page, commentId: number) => page.locator(`${SECTION} [data-comment-id="${commentId}"]`);

/** No part of the section is wider than the viewport (375 px phones included). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.locator(SECTION).evaluate((host) => {
    const limit = document.documentElement.clientWidth;
    return [...host.shadowRoot!.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .map((element) => `${element.localName}.${element.className}`);
  });
  expect(overflow).toEqual([]);
}

for (const lang of ['eng', 'rus'] as const) {
  test.describe(`comments (${lang})`, () => {
    test('anonymous: comment details, and the log-in prompt to request a file shared on request', async ({
      page,
    }) => {
      const { emitentId, comment } = await findComment(
        page,
        lang,
        (c) => c.file_access_kind === 'request' && c.file !== null && c.linked_emitents.length > 0,
      );
      await openComments(page, emitentId, lang);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const item = card(page, comment.id);
        await expect(item.getByRole('heading', { name: comment.title })).toBeVisible();
        await expect(item.locator('.irc-provider')).toHaveText(comment.provider_name);
        await expect(item.locator('time')).toHaveText(comment.date);
        // The language by name in the page's language, and as the content's `lang`.
        const name = new Intl.DisplayNames([lang === 'eng' ? 'en' : 'ru'], { type: 'language' });
        const tag = { rus: 'ru', eng: 'en', deu: 'de', fra: 'fr' }[comment.language]!;
        await expect(item.locator('.irc-language')).toHaveText(name.of(tag)!);
        await expect(item.locator('.irc-content')).toHaveAttribute('lang', tag);
        for (const emitent of comment.linked_emitents)
          await expect(item.getByRole('link', { name: emitent.name, exact: true })).toHaveAttribute(
            'href',
            emitent.url,
          );
        // No link to a file the visitor may not download: one control, the way to log in and
        // request it, which brings the visitor back to the issuer page.
        await expect(item.locator('a.irc-download')).toHaveCount(0);
        const login = label('issuer', 'comment_login_to_request', lang).replace(
          '{provider}',
          comment.provider_name,
        );
        await expect(item.locator('.irc-file').locator('a, button')).toHaveCount(1);
        await expect(item.locator('.irc-file').getByRole('link', { name: login })).toHaveAttribute(
          'href',
          `/login/?back=${encodeURIComponent(`/company/${emitentId}/`)}`,
        );
        await expect(item.locator('button.irc-request')).toHaveCount(0);
        await expectNoOverflow(page);
      }
    });

    test('free user: the access request moves every comment of the provider, reaches the server and survives a reload', async ({
      page,
    }, testInfo) => {
      await signIn(page.request, freshPhone(testInfo, lang === 'eng' ? 1 : 2));
      const { emitentId, comment } = await findComment(
        page,
        lang,
        (c) => c.requestAllowed && c.file !== null,
      );
      const providerId = comment.provider_id;
      await openComments(page, emitentId, lang);
      const ofProvider = page.locator(`${SECTION} .irc-comment`).filter({
        has: page.locator('.irc-provider', { hasText: comment.provider_name }),
      });
      const count = await ofProvider.count();
      expect(count).toBeGreaterThan(0);
      const requestName = label('issuer', 'comment_request_from', lang).replace(
        '{provider}',
        comment.provider_name,
      );
      await expect(ofProvider.getByRole('button', { name: requestName })).toHaveCount(count);

      const item = card(page, comment.id);
      // Everything the page's announcer (its two live regions in the light DOM) says from here on.
      await page.evaluate(() => {
        const said: string[] = [];
        Object.assign(window, { __said: said });
        for (const id of ['fin-announcer', 'fin-announcer-alert'])
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.addedNodes) if (node.textContent) said.push(node.textContent);
          }).observe(document.getElementById(id)!, { childList: true, characterData: true, subtree: true });
      });
      const sent = page.waitForRequest((request) =>
        request.url().includes(`/api/comments/create_comments_access_request/${providerId}/`),
      );
      await item.getByRole('button', { name: requestName }).click();
      const request = await sent;
      expect(request.method()).toBe('GET');
      expect(request.headers()[CSRF_HEADER.toLowerCase()]).toBeTruthy();

      // Every comment of the provider moves at once, to the day of the request; said once.
      const requested = new RegExp(
        `^${label('issuer', 'comment_requested_on', lang).replace('{date}', '\\d{2}\\.\\d{2}\\.\\d{4}')}$`,
      );
      await expect(ofProvider.locator('.irc-state')).toHaveText(Array(count).fill(requested));
      const shown = (await item.locator('.irc-state').textContent())!;
      await expect(ofProvider.locator('button.irc-request')).toHaveCount(0);
      // The comments of other providers keep their own state.
      const others = page.locator(`${SECTION} .irc-comment`).filter({
        hasNot: page.locator('.irc-provider', { hasText: comment.provider_name }),
      });
      await expect(others.locator('.irc-state', { hasText: shown })).toHaveCount(0);
      // The outcome shows once in the page's alerts (a success) and is said once, politely.
      const alert = page.locator('fin-alerts [data-source="fin-issuer-reports"]');
      await expect(alert).toHaveCount(1);
      await expect(alert).toHaveAttribute('data-type', 'alertGreen');
      await expect(alert).toContainText(shown);
      await expect(page.locator('#fin-announcer')).toHaveText(shown);
      expect(await page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toEqual([shown]);
      // Focus went to the state that replaced the button, in the same comment.
      await expect
        .poll(() =>
          page.locator(SECTION).evaluate((host) => {
            const active = host.shadowRoot!.activeElement;
            return active
              ? `${active.className} ${active.closest('[data-comment-id]')?.getAttribute('data-comment-id')}`
              : null;
          }),
        )
        .toBe(`irc-state ${comment.id}`);
      // Nothing to press any more: no request again, no link to the file.
      await expect(item.locator('.irc-file').locator('a, button')).toHaveCount(0);

      // The server holds it: read back through the API, and the page keeps the state after a reload.
      const answer = (await (
        await page.request.get(`/api/company/${emitentId}/comments_about/?lang=${lang}`)
      ).json()) as CompanyCommentsAnswer;
      for (const c of answer.items.filter((c) => c.provider_id === providerId && c.file !== null))
        expect([c.id, c.file_access, c.alert, c.requestExists]).toEqual([
          c.id,
          'request_sent',
          'request_sent',
          true,
        ]);
      await openComments(page, emitentId, lang);
      await expect(card(page, comment.id).locator('.irc-state')).toHaveText(shown);
      await expect(
        page
          .locator(`${SECTION} .irc-comment`)
          .filter({ has: page.locator('.irc-provider', { hasText: comment.provider_name }) })
          .locator('button.irc-request'),
      ).toHaveCount(0);
    });
  });
}

test('free user: a failed access request says so inline and the retry sends it', async ({
  page,
}, testInfo) => {
  await signIn(page.request, freshPhone(testInfo, 3));
  const { emitentId, comment } = await findComment(page, 'eng', (c) => c.requestAllowed && c.file !== null);
  let failures = 1;
  await page.route('**/api/comments/create_comments_access_request/**', (route) =>
    failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'down' } }) : route.fallback(),
  );
  await openComments(page, emitentId, 'eng');
  const item = card(page, comment.id);
  await item.getByRole('button', { name: `Request access from ${comment.provider_name}` }).click();
  const error = item.getByRole('alert');
  await expect(error).toContainText(label('issuer', 'comment_request_failed', 'eng'));
  await error.getByRole('button', { name: label('common', 'retry', 'eng') }).click();
  await expect(item.locator('.irc-state')).toHaveText(/^Requested on \d{2}\.\d{2}\.\d{4}$/);
  await expect(item.getByRole('alert')).toHaveCount(0);
});

test('paid user: an open file of a paid provider downloads with its type and real body', async ({ page }) => {
  await signInAs(page.request, 'paid');
  const { emitentId, comment } = await findComment(
    page,
    'eng',
    (c) => c.file_access_kind === 'paid' && c.file_access === 'open' && c.file !== null,
  );
  await openComments(page, emitentId, 'eng');
  const link = card(page, comment.id).locator('a.irc-download');
  await expect(link).toHaveAttribute('href', comment.cb_file_link!);
  await expect(link).toHaveAttribute('type', comment.mimetype!);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(comment.file);
  const body = await (await import('node:fs/promises')).readFile((await file.path())!);
  // A PDF or an .xlsx (a zip), not an error page.
  expect(['%PDF', 'PK\u0003\u0004']).toContain(body.subarray(0, 4).toString('latin1'));
});

test('an English comment on the Russian page is marked English, as its file is, not with the page language', async ({
  page,
}) => {
  // The demo's comment with a hostile image is written in English only (its file ends in "-eng").
  const { emitentId, comment } = await findComment(page, 'rus', (c) => c.content.includes('Model update.'));
  expect(comment.file).toMatch(/-eng\.\w+$/);
  expect(comment.language).toBe('eng');
  await openComments(page, emitentId, 'rus');
  const item = card(page, comment.id);
  await expect(item.locator('.irc-content')).toHaveAttribute('lang', 'en');
  await expect(item.locator('.irc-title')).toHaveAttribute('lang', 'en');
  await expect(item.locator('.irc-language')).toHaveText(
    new Intl.DisplayNames(['ru'], { type: 'language' }).of('en')!,
  );
});

test('provider HTML with scripts: nothing runs, nothing is injected, the text shows', async ({ page }) => {
  const trap = await installTrap(page);
  // The page's script-src CSP would block a handler anyway, but Chromium reports every `on…=`
  // it parses (even into the sanitizer's inert document) as a violation in the console.
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
      cspErrors.push(message.text());
  });
  const ids = PAYLOADS.map((_, i) => 900 + i);
  // One comment per payload (an unclosed tag of one would swallow the others), on the real answer's first comment.
  await page.route('**/api/company/*/comments_about/**', async (route) => {
    const answer = (await (await route.fetch()).json()) as CompanyCommentsAnswer;
    const first = answer.items[0]!;
    const items = PAYLOADS.map((payload, i) => ({
      ...first,
      id: 10_000 + i,
      content: `<p>Visible text ${i}</p>${payload(ids[i]!)}<a href="javascript:__pwned(999)">link ${i}</a>`,
    }));
    await route.fulfill({ json: { items } });
  });
  await openComments(page, 1, 'eng');
  const contents = page.locator(`${SECTION} .irc-content`);
  await expect(contents).toHaveCount(PAYLOADS.length);
  await expect(contents.first()).toContainText('Visible text 0');
  // The very long one is collapsed behind "show more"; opening it shows the rest.
  const more = page.locator(`${SECTION} .irc-more`);
  await expect(more).toHaveCount(1);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const left = await aftermath(page);
  expect(trap.executed).toEqual([]);
  expect(trap.dialogs).toEqual([]);
  expect(left.injected).toEqual([]);
  expect(left.unsafeLinks).toEqual([]);
  // The plain-text payloads are shown as text.
  for (const i of [0, 4, 10, 11]) expect(left.shown).toContain(ids[i]);
  expect(await contents.locator('script, img, svg, iframe, style, input, math, details, form').count()).toBe(
    0,
  );
  for (let i = 0; i < PAYLOADS.length; i++)
    if ((await contents.nth(i).getByText(`link ${i}`, { exact: true }).count()) > 0)
      await expect(contents.nth(i).getByText(`link ${i}`, { exact: true })).not.toHaveAttribute('href', /./);
  expect(markOf(ids[0]!)).toBe('xss-mark-900');
  expect(cspErrors).toEqual([]);
});

test('under a strict CSP that enforces Trusted Types, the sanitized content renders with no violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener(
      'securitypolicyviolation',
      (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      true,
    );
  });
  // Only the site's scripts and styles, and no string may reach an HTML sink without a policy;
  // DOMPurify's own `dompurify` policy is the one allowed.
  await page.route('**/test/issuer-reports/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'content-security-policy':
          "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; require-trusted-types-for 'script'; trusted-types dompurify",
      },
    });
  });
  await openComments(page, 1, 'eng');
  const content = page.locator(`${SECTION} .irc-content`).first();
  await expect(content.locator('p').first()).toBeVisible();
  // The provider's formatting came through the sanitizer as elements.
  expect(await page.locator(`${SECTION} .irc-content b, ${SECTION} .irc-content li`).count()).toBeGreaterThan(
    0,
  );
  const violations = await page.evaluate(
    () => (window as unknown as { __violations: string[] }).__violations,
  );
  expect(violations.filter((v) => /trusted-types/.test(v))).toEqual([]);
  // The positive control: assigning a string to innerHTML is refused here.
  const refused = await page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return false;
    } catch {
      return true;
    }
  });
  expect(refused).toBe(true);
});

test('an empty answer says there are no comments; a malformed one is a load error with retry', async ({
  page,
}) => {
  let body = '';
  await page.route('**/api/company/*/comments_about/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await openComments(page, 1, 'eng', false);
  await expect(page.locator(SECTION)).toContainText(label('issuer', 'no_comments', 'eng'));
  body = '{"items": [{"id": "x"}]}';
  await openComments(page, 1, 'eng', false);
  const error = page.locator(SECTION).getByRole('alert');
  await expect(error).toContainText(label('common', 'error_load', 'eng'));
  body = '{"items": []}';
  await error.getByRole('button', { name: label('common', 'retry', 'eng') }).click();
  await expect(page.locator(SECTION)).toContainText(label('issuer', 'no_comments', 'eng'));
});

test('the sanitizer loads with the comments section only; a failed load is an error with retry', async ({
  page,
}) => {
  // The section's chunk holds its sanitizer (DOMPurify), so the server and the hydrating browser
  // render the content alike (CommentsSection.tsx).
  const SECTION_CHUNK = /\/chunks\/CommentsSection-[^/]+\.js$/;
  const loads: string[] = [];
  page.on('request', (request) => {
    if (SECTION_CHUNK.test(request.url())) loads.push(request.url());
  });
  await page.goto('/test/issuer-reports/1/?sections=multipliers&lang=eng');
  await expect(page.locator('fin-issuer-reports [data-section="multipliers"] table').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads).toEqual([]);

  let failures = 1;
  await page.route(SECTION_CHUNK, (route) => (failures-- > 0 ? route.abort() : route.fallback()));
  await openComments(page, 1, 'eng', false);
  const error = page.locator(SECTION).getByRole('alert');
  await expect(error).toContainText(label('common', 'error_load', 'eng'));
  await error.getByRole('button', { name: label('common', 'retry', 'eng') }).click();
  await expect(page.locator(`${SECTION} .irc-content`).first()).not.toBeEmpty();
  expect(loads.length).toBe(2);
  // DOMPurify came with it (its Trusted Types policy's name).
  expect(await (await page.request.get(loads[1]!)).text()).toContain('dompurify');
});
