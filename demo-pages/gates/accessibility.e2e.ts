/**
 * Accessibility gate (issue 11): axe-core on every kind of demo page (page-list.ts), anonymous
 * and paid, at the desktop and phone widths, and in every state the page's elements open (found
 * by their ARIA state: dropdowns, the calendar, dialogs, the compare field, expanded tables,
 * other views). No critical or serious violation anywhere; every finding, moderate and minor
 * included, is counted by impact and printed (one line per test, summed by a11y-summary.ts).
 *
 * Each open state is checked on one page per audience: the shell's (header menu and search, hints,
 * footer bars, message views: the same markup on every page) on SHELL_KIND, a page's own elements
 * on their page, and on the catalog only the elements that no other page of the list carries set
 * up as the catalog does (every element's states are opened somewhere).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  AxeTally,
  elementsSettled,
  forEachOpenState,
  IMPACTS,
  runAxe,
  type Opener,
} from '../testing/a11y.ts';
import { elementsCarriedAsInCatalog } from '../testing/elements.ts';
import { demoPages, PAGE_KINDS, pageOfKind, withLang } from '../testing/page-list.ts';
import { signInAs, type Audience } from '../testing/session.ts';
import { DESKTOP, MOBILE } from '../testing/stock-page.ts';

const AUDIENCES: Audience[] = ['anonymous', 'paid'];

/** The page kind whose test opens the shell's states (the demo index: no elements of its own). */
const SHELL_KIND = '/';
/** The page of every element: it opens only those no other page carries. */
const CATALOG_KIND = '/elements/';

/**
 * Which openers the open-state test of this kind of page uses: the shell's on SHELL_KIND only,
 * elsewhere the page's own; on the catalog, only the elements that none of the other pages the
 * visitor gets carries set up as the catalog's example is (read from their HTML and the build's
 * manifest, so the list follows the pages and the build).
 */
async function openersOf(
  page: Page,
  kind: (typeof PAGE_KINDS)[number],
): Promise<{ include: (opener: Opener) => boolean; elsewhere: string[] }> {
  if (kind === SHELL_KIND) return { include: () => true, elsewhere: [] };
  if (kind !== CATALOG_KIND) return { include: (opener) => !opener.shell, elsewhere: [] };
  const otherPages = (await demoPages(page)).filter((url) => url !== CATALOG_KIND);
  const carried = await elementsCarriedAsInCatalog(
    page.request,
    otherPages.map((url) => withLang(url, 'eng')),
  );
  return { include: (opener) => !opener.shell && !carried.has(opener.host), elsewhere: [...carried].sort() };
}

function report(tally: AxeTally, title: string, info: TestInfo, extra = ''): void {
  console.log(`${tally.summary(title)}${extra}`);
  info.annotations.push({
    type: 'axe',
    description: JSON.stringify({
      runs: tally.runs,
      ...Object.fromEntries(IMPACTS.map((impact) => [impact, tally.count(impact)])),
    }),
  });
  expect(tally.blocking(), 'critical and serious axe violations').toEqual([]);
}

for (const kind of PAGE_KINDS) {
  for (const audience of AUDIENCES) {
    test(`axe: ${kind} ${audience} at ${DESKTOP.width} and ${MOBILE.width} px`, async ({ page }, info) => {
      // The catalog and the stock page hold every element: an axe run there takes seconds.
      test.setTimeout(90_000);
      await signInAs(page.request, audience);
      const url = withLang(await pageOfKind(page, kind), 'eng');
      const tally = new AxeTally();
      await page.setViewportSize(DESKTOP);
      await page.goto(url);
      await elementsSettled(page);
      tally.add(`${url} ${audience} ${DESKTOP.width}px`, await runAxe(page));
      // The phone width in the same page: the elements re-lay out without a reload.
      await page.setViewportSize(MOBILE);
      await elementsSettled(page);
      tally.add(`${url} ${audience} ${MOBILE.width}px`, await runAxe(page));
      report(tally, `axe ${url} ${audience}`, info);
    });

    test(`axe: ${kind} ${audience}, every open state`, async ({ page }, info) => {
      test.setTimeout(180_000);
      await signInAs(page.request, audience);
      const url = withLang(await pageOfKind(page, kind), 'eng');
      const { include, elsewhere } = await openersOf(page, kind);
      const tally = new AxeTally();
      await page.setViewportSize(DESKTOP);
      await page.goto(url);
      await elementsSettled(page);
      const states = await forEachOpenState(
        page,
        async (state, host) => {
          tally.add(`${url} ${audience} ${state}`, await runAxe(page, host));
        },
        { include },
      );
      const left = elsewhere.length ? `\n  opened on other pages: ${elsewhere.join(', ')}` : '';
      report(
        tally,
        `axe ${url} ${audience} open states`,
        info,
        `\n  opened: ${states.join(', ') || 'none'}${left}`,
      );
    });
  }
}

test('the axe run sees into shadow roots and counts a serious finding there', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main>
    <axe-fixture></axe-fixture></main>
    <script>
      customElements.define('axe-fixture', class extends HTMLElement {
        connectedCallback() {
          // The rise green of SPEC §9 as text on white: 2.5:1, below the 4.5:1 of WCAG AA.
          this.attachShadow({ mode: 'open' }).innerHTML = '<p style="color:#5cb585;background:#fff">+3.45%</p>';
        }
      });
    </script></body></html>`);
  const tally = new AxeTally();
  tally.add('fixture', await runAxe(page));
  expect(tally.count('serious')).toBe(1);
  expect(tally.blocking()[0]).toContain('color-contrast');
});
