/**
 * Nothing waits in line (issue 24): the stock and issuer pages bring their elements' labels and
 * first answers along, so a cold load makes no label call and none of those first calls, and the
 * elements show this visitor's values (masked alike) from the page. One load of each page per
 * access level; the server side is checked in preload.test.ts. The access levels page does so for
 * its requests block, which otherwise showed a loading line in place of the page's plain forms.
 * Every other kind of demo page brings its elements' labels too.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCESS_REQUESTS_PATH } from '../../src/contract/api-paths.ts';
import { PRELOAD_BLOCK_ID, preloadKey } from '../../src/contract/preload.ts';
import { elementsSettled } from '../testing/layout.ts';
import { demoPages, withLang } from '../testing/page-list.ts';
import { isRequestsMarker, requestsSoFar } from '../testing/requests.ts';
import { signInAs, type Audience } from '../testing/session.ts';

/** The page's #fin-preload block as the server sent it (the raw HTML, not the live DOM). */
async function preloadOf(page: Page, url: string): Promise<Record<string, unknown>> {
  const html = await (await page.request.get(url)).text();
  const block = new RegExp(
    `<script type="application/json" id="${PRELOAD_BLOCK_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(block, `${url} has a #${PRELOAD_BLOCK_ID} block`).not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, unknown>;
}

/** The calls the page makes from now on, by path and sorted query. */
function watchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !isRequestsMarker(request.url()))
      calls.push(preloadKey(`${url.pathname}${url.search}`));
  });
  return calls;
}

/** After everything on the page has settled: no label call, no call the page had preloaded. */
async function expectNoPreloadedCall(page: Page, calls: string[], preload: Record<string, unknown>) {
  await requestsSoFar(page);
  expect(calls.filter((call) => call.startsWith('/api/labels/'))).toEqual([]);
  const preloadedPaths = Object.keys(preload).map((key) => key.split('?')[0]);
  expect(calls.filter((call) => preloadedPaths.includes(call.split('?')[0]!))).toEqual([]);
}

/** A number as the elements write it in English (two decimals, narrow spaces between thousands). */
const english = (value: number) => value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

for (const audience of ['anonymous', 'free', 'paid'] as const satisfies readonly Audience[]) {
  test(`${audience}: the stock and issuer pages show their first data with no label call and none of its calls`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const calls = watchCalls(page);

    // The stock page: price dynamics, holders, leaders and the archive from the page.
    const stockUrl = '/stocks/sber/?lang=eng';
    const stockPreload = await preloadOf(page, stockUrl);
    const data = (await (await page.request.get('/stocks/sber/?format=json')).json()) as {
      stockId: number;
      groundId: number;
    };
    const dynamicsPath = `/api/stocks/${data.stockId}/${data.groundId}/price-dynamics/`;
    const dynamics = (await (await page.request.get(dynamicsPath)).json()) as Record<
      string,
      number | string | null
    >;
    expect(stockPreload[preloadKey(dynamicsPath)]).toEqual(dynamics);
    calls.length = 0;
    await page.goto(stockUrl);
    const block = page.locator('fin-price-dynamics');
    for (const [field, value] of Object.entries(dynamics)) {
      if (value === '***') await expect(block.locator(`[data-field="${field}"]`), field).toHaveText('***');
    }
    if (typeof dynamics.last_price === 'number')
      await expect(block.locator('[data-field="last_price"]')).toHaveText(english(dynamics.last_price));
    for (const tag of ['fin-holders', 'fin-leaders', 'fin-archive-table', 'fin-price-dynamics'])
      await expect(page.locator(`${tag} [aria-busy="true"]`), tag).toHaveCount(0);
    await expect(page.locator('fin-holders tbody tr').first()).toBeVisible();
    await expectNoPreloadedCall(page, calls, stockPreload);
    if (audience === 'anonymous') {
      // A later call of a preloaded element is still made, and its failure is said inline with a
      // retry, as without the preload. (On a day when nothing of the sector rose, the page's tab is
      // the losers: the visitor then picks the gainers, preloaded too but called.)
      await page.route('**/api/stocks/get-growing-leaders/*/*/*/', (route) =>
        route.fulfill({ status: 500, json: { error: 'Internal error' } }),
      );
      const leaders = page.locator('fin-leaders');
      const shown = await leaders.getByRole('tab', { selected: true }).textContent();
      await leaders
        .getByRole('tab', { name: shown === 'Top gainers' ? 'Top losers' : 'Top gainers' })
        .click();
      await expect(leaders.locator('.fin-message--error')).toBeVisible();
      await expect(leaders.locator('.fin-message__retry')).toBeVisible();
      expect(calls.filter((call) => call.includes('/get-growing-leaders/'))).toHaveLength(1);
    }

    // The issuer page: the reports' first view, consensus and the related issuers from the page.
    const issuerUrl = '/company/1/?lang=eng';
    const issuerPreload = await preloadOf(page, issuerUrl);
    const multipliersKey = Object.keys(issuerPreload).find((key) => key.endsWith('/multipliers/'))!;
    const multipliers = JSON.stringify(await (await page.request.get(multipliersKey)).json());
    expect(JSON.stringify(issuerPreload[multipliersKey])).toBe(multipliers);
    calls.length = 0;
    await page.goto(issuerUrl);
    const reports = page.locator('fin-issuer-reports');
    for (const section of ['multipliers', 'ifrs', 'consensus_forecasts']) {
      const host = page.locator(`#${section}`).locator('fin-issuer-reports, fin-consensus-forecasts');
      await host.scrollIntoViewIfNeeded();
      await expect(host.locator('table').first(), section).toBeVisible();
      await expect(host.locator('[aria-busy="true"]'), section).toHaveCount(0);
    }
    // The multipliers show masked values exactly when this visitor's answer has them.
    const masked = page.locator('#multipliers fin-issuer-reports td', { hasText: /^\*\*\*$/ });
    if (multipliers.includes('"***"')) await expect(masked.first()).toBeVisible();
    else await expect(masked).toHaveCount(0);
    await expect(reports.first()).toBeVisible();
    await expectNoPreloadedCall(page, calls, issuerPreload);
  });
}

for (const audience of ['free', 'paid'] as const satisfies readonly Audience[]) {
  test(`${audience}: the access levels page shows its requests block from the page, never a loading line`, async ({
    page,
  }) => {
    await signInAs(page.request, audience);
    const url = '/profile/access/?lang=eng';
    const preload = await preloadOf(page, url);
    expect(Object.keys(preload)).toEqual([preloadKey(ACCESS_REQUESTS_PATH)]);
    // Its calls never answer: the block can only show its forms from the page.
    await page.route(/\/api\/(labels\/|profile\/pa\/requests\/)/, () => {});
    // Every state the block's shadow root shows, from the upgrade on (a loading line would shrink it).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __blockStates: string[] }).__blockStates = seen;
      const look = () => {
        const root = document.querySelector('fin-access-requests')?.shadowRoot;
        if (!root) return;
        if (root.querySelector('.fin-message--loading')) seen.push('loading');
        if (root.querySelector('form')) seen.push('forms');
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true });
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init) {
        const root = attach.call(this, init);
        new MutationObserver(look).observe(root, { subtree: true, childList: true });
        return root;
      };
    });
    const calls = watchCalls(page);
    await page.goto(url);
    await expect(
      page
        .locator('fin-access-requests section.access-requests')
        .getByRole('button', { name: 'Send request' }),
    ).toBeVisible();
    await expectNoPreloadedCall(page, calls, preload);
    const states = await page.evaluate(
      () => (window as unknown as { __blockStates: string[] }).__blockStates,
    );
    expect(states).toContain('forms');
    expect(states).not.toContain('loading');
  });
}

test("every kind of demo page brings its elements' labels: no element calls for them", async ({ page }) => {
  test.setTimeout(60_000);
  // Paid: the support page and the watchlist show their elements to a signed-in visitor.
  await signInAs(page.request, 'paid');
  const urls = await demoPages(page);
  const labelCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/labels/')) labelCalls.push(`${page.url()} → ${url.pathname}`);
  });
  for (const url of urls) {
    await page.goto(withLang(url, 'deu'));
    await elementsSettled(page);
    await requestsSoFar(page);
  }
  expect(labelCalls).toEqual([]);
  // A legacy template without the blocks (?preload=0): the elements call for their labels.
  await page.goto('/search/?lang=deu&preload=0');
  await elementsSettled(page);
  await requestsSoFar(page);
  expect(labelCalls.length).toBeGreaterThan(0);
});
