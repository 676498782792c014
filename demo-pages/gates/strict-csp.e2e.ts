/**
 * Gate: every element of the build renders under a strict Content-Security-Policy (issue 11 #32):
 * `/test/strict-csp/` serves each element's catalog example with scripts and styles allowed only
 * from the site or with the page's nonce. No violation may be reported, every element shows its
 * content, the chart draws (ink on its canvas) and the chart's lazy views (dynamic table,
 * archive, compare field) are styled. The positive control proves a violation is seen.
 */
import { expect, test, type Page } from '@playwright/test';
import { elementsShown, elementTags, showsNothing } from '../testing/elements.ts';
import { signInAs } from '../testing/session.ts';

const chart = (page: Page) => page.locator('fin-stock-chart');
const viewTab = (page: Page, name: string) =>
  chart(page).getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name, exact: true });

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects the page's CSP violations (events and console reports) from before it loads. */
async function watchViolations(page: Page): Promise<{ console: string[] }> {
  const reports = { console: [] as string[] };
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample }),
      true,
    );
  });
  return reports;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

/** Pixels of the chart's canvases that are drawn (not transparent, not white). */
const chartInk = (page: Page) =>
  chart(page).evaluate((host) => {
    let ink = 0;
    for (const canvas of host.shadowRoot!.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 0 && (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240)) ink += 1;
      }
    }
    return ink;
  });

test('every element renders and the chart draws under a strict CSP, with no violation', async ({ page }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const tags = elementTags();
  const reports = await watchViolations(page);
  await signInAs(page.request, 'paid'); // the compare field is for paid users
  const answer = await page.goto('/test/strict-csp/?lang=eng');
  const policy = answer!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(policy).not.toContain('unsafe-inline');
  // A fresh nonce for each request.
  const again = await page.request.get('/test/strict-csp/?lang=eng');
  expect(again.headers()['content-security-policy']).not.toBe(policy);

  // Every element of the manifest is on the page and shows its content, not a loading or error state.
  // Ten elements and a chart at once: a loaded machine needs longer than one element does.
  await expect
    .poll(async () => (await elementsShown(page, tags)).filter(showsNothing), { timeout: 30_000 })
    .toEqual([]);
  expect((await elementsShown(page, tags)).filter((element) => element.errors > 0)).toEqual([]);
  await expect.poll(() => chartInk(page), { message: 'the chart canvas has ink' }).toBeGreaterThan(500);

  // The lazy views: each is styled (a constructed sheet or a nonced <style>, never a bare one).
  await viewTab(page, 'Dynamic table').click();
  const dynamic = chart(page).locator('[part~="dynamic-table"]');
  await expect(dynamic).toBeVisible();
  const widths = await dynamic.evaluate((table) => ({
    table: table.getBoundingClientRect().width,
    host: (table.getRootNode() as ShadowRoot).host.getBoundingClientRect().width,
  }));
  expect(widths.table, 'the dynamic table fills the chart').toBeGreaterThan(widths.host * 0.9);
  await viewTab(page, 'Archive').click();
  await expect(chart(page).locator('fin-archive-table').locator('tbody tr').first()).toBeVisible();
  await viewTab(page, 'Chart').click();
  await chart(page).locator('[data-action="compare"]').click();
  const input = chart(page).locator('[part~="compare"] [part~="input"]');
  await expect(input).toBeVisible();
  expect(await input.evaluate((field) => field.getBoundingClientRect().height)).toBeGreaterThan(20);

  expect(await violations(page)).toEqual([]);
  expect(reports.console).toEqual([]);

  // Positive control: an inline style and an inline script without the nonce are reported.
  await page.evaluate(() => {
    document.head.append(Object.assign(document.createElement('style'), { textContent: 'body{color:red}' }));
    document.body.append(Object.assign(document.createElement('script'), { textContent: 'window.ran = 1' }));
  });
  await expect
    .poll(async () => (await violations(page)).map((violation) => violation.directive).sort())
    .toEqual(['script-src-elem', 'style-src-elem']);
  expect(await page.evaluate(() => 'ran' in window)).toBe(false);
  console.log(
    `strict CSP: ${tags.length} elements rendered, 0 violations (control: 2 reported), ${Date.now() - started} ms`,
  );
});
