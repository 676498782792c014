/**
 * Keyboard gate (issue 11): every element of the build's manifest, alone on its test page
 * (`/test/only/<tag>/`), signed in as the paid user (who gets every control): each of its Tab
 * stops is reached by Tab, has an accessible name and shows focus, and Tab leaves the element
 * again (no trap). Every page starts with the skip link, which leads past the page's header.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogFromManifest, MANIFEST_FILE } from '../server/elements-manifest.ts';
import { elementsSettled } from '../testing/a11y.ts';
import { tabThrough } from '../testing/keyboard.ts';
import { PAGE_KINDS, pageOfKind, withLang } from '../testing/page-list.ts';
import { signInAs } from '../testing/session.ts';

const dist = process.env.E2E_DIST_DIR ?? 'dist';
const TAGS = catalogFromManifest(JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8'))).map(
  (element) => element.tagName,
);

test('the manifest lists the elements the keyboard gate walks', () => {
  expect(TAGS.length).toBeGreaterThan(0);
});

for (const tag of TAGS) {
  test(`keyboard: <${tag}>: every control reached by Tab, named, focus shown, no trap`, async ({ page }) => {
    // One key press and one look at the focus per Tab stop: the issuer reports have about 160
    // stops (24 s alone on a quiet machine), more than the default 30 s allows under CI's load.
    test.slow();
    await signInAs(page.request, 'paid');
    await page.goto(`/test/only/${tag}/?lang=eng`);
    await elementsSettled(page);
    const walk = await tabThrough(page, tag);
    expect(walk.pressesToLeave, 'Tab leaves the element').not.toBeNull();
    expect(
      walk.controls.filter((control) => !control.reached).map((c) => c.label),
      'not reached by Tab',
    ).toEqual([]);
    expect(
      walk.controls.filter((control) => !control.name).map((c) => c.label),
      'without a name',
    ).toEqual([]);
    expect(
      walk.controls.filter((control) => !control.focusShows).map((c) => c.label),
      'no focus shown',
    ).toEqual([]);
    console.log(
      `keyboard <${tag}>: ${walk.controls.length} Tab stops, left after ${walk.pressesToLeave} presses`,
    );
  });
}

test('every page kind starts with a skip link that moves focus past the header', async ({ page }) => {
  test.setTimeout(90_000);
  for (const kind of PAGE_KINDS) {
    const url = withLang(await pageOfKind(page, kind), 'eng');
    await page.goto(url);
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip, `${url}: the first Tab stop`).toHaveAttribute('href', /^#/);
    await expect(skip).toBeVisible();
    const target = (await skip.getAttribute('href'))!.slice(1);
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus'), `${url}: focus after the skip link`).toHaveAttribute('id', target);
  }
});

test('the walk fires on a trap, a control without a name and one without a focus ring', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><body><h1>Fixture</h1>
    <kb-fixture></kb-fixture><a href="#after">after</a>
    <script>
      customElements.define('kb-fixture', class extends HTMLElement {
        connectedCallback() {
          const root = this.attachShadow({ mode: 'open' });
          root.innerHTML = '<style>button { outline: none; }</style>' +
            '<button id="first">First</button><button id="nameless"></button><button id="last">Last</button>';
          // The trap: Tab on the last control goes back to the first.
          root.getElementById('last').addEventListener('keydown', (event) => {
            if (event.key === 'Tab' && !event.shiftKey) { event.preventDefault(); root.getElementById('first').focus(); }
          });
        }
      });
    </script></body></html>`);
  const walk = await tabThrough(page, 'kb-fixture', 12);
  expect(walk.pressesToLeave).toBeNull();
  expect(walk.controls.filter((control) => !control.name).map((c) => c.label)).toEqual(['button. ""']);
  expect(walk.controls.every((control) => !control.focusShows)).toBe(true);
});
