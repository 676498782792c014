/**
 * Gate: every address an element links or navigates to passes the one link allow-list
 * (contract/links.ts: relative, http, https, mailto, tel), issue 11 #26 and #34. Page data gives
 * the chart's Excel export a hostile address; pages give every element that takes `login-url` /
 * `access-url` (from the manifest) hostile ones. Nothing runs, no link leaves the allow-list.
 */
import { expect, test } from '@playwright/test';
import { elementCatalogUnderTest } from '../testing/elements.ts';
import { aftermath, installTrap } from '../testing/hostile.ts';
import { pageOfKind } from '../testing/page-list.ts';
import { signInAs } from '../testing/session.ts';
import { endRoutesAfterEachTest } from '../testing/routes.ts';

endRoutesAfterEachTest();

/**
 * Addresses that must never become a link or a navigation; `id` is what `__pwned` reports. The
 * unit tests of contract/links.ts try many more spellings; these are the ones a page may carry.
 */
const LINK_VARIANTS: ReadonlyArray<(id: number) => string> = [
  (id) => `javascript:__pwned(${id})`,
  (id) => `JaVaScRiPt:__pwned(${id})`,
  (id) => `\tjava\nscript:__pwned(${id})`,
  (id) => `data:text/html,<script>parent.__pwned(${id})</script>`,
  (id) => `vbscript:msgbox(${id})`,
  (id) => `&#106;avascript:__pwned(${id})`,
  () => `//evil.example/export.xlsx`,
];

const PAGE_DATA_BLOCK = /(<script type="application\/json" id="fin-page-data">)([\s\S]*?)(<\/script>)/;

/** The variants in two halves, two tests that run side by side (ten chart loads are slow on 2 cores). */
const HALVES = [LINK_VARIANTS.slice(0, 4), LINK_VARIANTS.slice(4)].map((variants, half) =>
  variants.map((variant, i) => [half * 4 + i, variant] as const),
);

for (const [half, variants] of HALVES.entries()) {
  test(`a hostile archiveExportLink never runs on the chart's Excel export (#26), variants ${half * 4 + 1}–${half * 4 + variants.length}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const trap = await installTrap(page);
    await page.route('**/evil.example/**', (route) => route.abort());
    await signInAs(page.request, 'paid');
    let link = '';
    await page.route('**/test/only/fin-stock-chart/**', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.text()).replace(
        PAGE_DATA_BLOCK,
        (_, open: string, json: string, close: string) => {
          const data = { ...JSON.parse(json), archiveExportLink: link, excelExportAccess: true };
          return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response: answer, body });
    });
    let offered = 0;
    for (const [id, variant] of variants) {
      link = variant(id);
      await page.goto('/test/only/fin-stock-chart/?lang=eng');
      const chart = page.locator('fin-stock-chart');
      await expect(chart.locator('[part~="legend-item"]').first()).toBeVisible();
      // A refused address offers no export; an allowed one (`//evil…` is https) exports as usual.
      const exportButton = chart.locator('[data-action="export"]');
      if (await exportButton.count()) {
        offered += 1;
        await expect(exportButton).toBeEnabled();
        await exportButton.click();
        const large = chart.locator('[data-prompt="export-link"] a');
        if (await large.count()) await large.click();
      }
      const after = await aftermath(page).catch(() => null); // `//evil…` navigated away
      if (after) expect(after.unsafeLinks, JSON.stringify(link)).toEqual([]);
      expect(trap.executed, JSON.stringify(link)).toEqual([]);
    }
    expect(trap.dialogs).toEqual([]);
    // Entity-encoded schemes are plain relative addresses in a DOM href (nothing decodes them).
    expect(offered, 'only the allowed addresses offer the export').toBe(half === 0 ? 0 : 2);
  });
}

test('hostile login-url and access-url never become links, on every element that takes them (#34)', async ({
  page,
}) => {
  const trap = await installTrap(page);
  const elements = elementCatalogUnderTest().filter((element) =>
    element.attributes.some((attribute) => attribute.name === 'login-url' || attribute.name === 'access-url'),
  );
  expect(elements.length).toBeGreaterThan(0);
  // Every such element on one page, each with its catalog example; the variants rotate over two loads.
  let load = 0;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const first = elements[0]!.tagName;
  await page.route(`**/test/only/${first}/**`, async (route) => {
    const answer = await route.fetch();
    const markup = elements
      .map((element, i) => {
        const id = load * 100 + i;
        const variant = LINK_VARIANTS[(load * elements.length + i) % LINK_VARIANTS.length]!(id);
        const example = element.example.replace(
          `<${element.tagName}`,
          `<${element.tagName} login-url="${escape(variant)}" access-url="${escape(variant)}"`,
        );
        return `${example}<script type="module" src="/dist/elements/${element.tagName}.js"></script>`;
      })
      .join('');
    const body = (await answer.text()).replace(`<${first}></${first}>`, () => markup);
    await route.fulfill({ response: answer, body });
  });
  let accessLinks = 0;
  for (load = 0; load < 2; load += 1) {
    await page.goto(`/test/only/${first}/?lang=eng`);
    // An anonymous visitor is shown log-in links (masked values, locked tables).
    const links = page.locator('a[href^="/login/"], a[href^="/profile/access/"]');
    await expect(links.first()).toBeAttached();
    accessLinks += await links.count();
    expect((await aftermath(page)).unsafeLinks).toEqual([]);
  }
  expect(trap.executed).toEqual([]);
  console.log(
    `login-url/access-url: ${elements.length} elements × 2 loads, ${accessLinks} log-in and access links, 0 unsafe`,
  );
});

/**
 * Every in-page link (an address of this page with a fragment: `#x`, or `/company/1/#x` on
 * /company/1/) in the light DOM and in every element's shadow root points at something there: an
 * element with that id (or an `<a name>`) in the document, or in the link's own shadow root, whose
 * element handles the jump itself. Empty fragments and `#top` are the top of the page (HTML).
 */
for (const kind of ['/stocks/', '/company/'] as const) {
  test(`every in-page link's target exists on the ${kind} page, light DOM and shadow roots`, async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.goto(await pageOfKind(page, kind));
    await page.waitForLoadState('networkidle');
    // The report sections link the archive of report files once their report is there.
    if (kind === '/company/')
      await expect(page.locator('fin-issuer-reports .st-archive a').first()).toBeVisible();
    const found = await page.evaluate(() => {
      const here = new URL(location.href);
      const links: Array<{ where: string; href: string; ok: boolean }> = [];
      const walk = (root: Document | ShadowRoot, where: string) => {
        for (const node of root.querySelectorAll('*')) {
          if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) {
            const url = new URL(node.getAttribute('href')!, here);
            const samePage =
              url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
            if (samePage && url.hash.length > 1 && url.hash !== '#top') {
              const id = decodeURIComponent(url.hash.slice(1));
              const own = node.getRootNode() as Document | ShadowRoot;
              const ok =
                document.getElementById(id) !== null ||
                document.getElementsByName(id).length > 0 ||
                own.getElementById(id) !== null;
              links.push({ where, href: node.getAttribute('href')!, ok });
            }
          }
          if (node.shadowRoot) walk(node.shadowRoot, node.localName);
        }
      };
      walk(document, 'light DOM');
      return links;
    });
    expect(found.length, 'the page has in-page links').toBeGreaterThan(0);
    expect(found.filter((link) => !link.ok).map((link) => `${link.where}: ${link.href}`)).toEqual([]);
  });
}
