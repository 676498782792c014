/**
 * Accessibility gate (issue 11): axe-core on every kind of demo page (page-list.ts), anonymous
 * and paid, at the desktop and phone widths, and in every state the page's elements open (found
 * by their ARIA state: dropdowns, the calendar, dialogs, the compare field, expanded tables,
 * other views). No critical or serious violation anywhere; every finding, moderate and minor
 * included, is counted by impact and printed (one line per test, summed by a11y-summary.ts).
 */
import { expect, test, type TestInfo } from '@playwright/test';
import { AxeTally, elementsSettled, forEachOpenState, IMPACTS, runAxe } from '../testing/a11y.ts';
import { PAGE_KINDS, pageOfKind, withLang } from '../testing/page-list.ts';
import { signInAs, type Audience } from '../testing/session.ts';
import { DESKTOP, MOBILE } from '../testing/stock-page.ts';

const AUDIENCES: Audience[] = ['anonymous', 'paid'];

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
      const tally = new AxeTally();
      await page.setViewportSize(DESKTOP);
      await page.goto(url);
      await elementsSettled(page);
      const states = await forEachOpenState(page, async (state, host) => {
        tally.add(`${url} ${audience} ${state}`, await runAxe(page, host));
      });
      report(tally, `axe ${url} ${audience} open states`, info, `\n  opened: ${states.join(', ') || 'none'}`);
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
