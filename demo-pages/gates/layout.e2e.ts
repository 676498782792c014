/**
 * Layout gate (DESIGN §5): every kind of demo page, in all ten languages, at 320, 375 and 1280 px,
 * for a paid reader (every column and value shown): the page never scrolls sideways, no table
 * header cell and no heading is cut off. Below 1280 px a table may scroll sideways when it says so
 * (a scroll hint); at 1280 px every column heading is in view, hint or not. A kind of page is covered by being in the page list
 * (demo-pages/testing/page-list.ts); each page loads once per language and is resized in place. At
 * every width the elements' text keeps to the type scale (base.css: few font strikes, issue 24).
 */
import { expect, test as base, type Page } from '@playwright/test';
import {
  FIXED_PAGES,
  GATE_WIDTHS,
  LANGUAGES,
  LINKED_KINDS,
  demoPages,
  withLang,
} from '../testing/page-list.ts';
import {
  elementsSettled,
  laidOut,
  layoutProblems,
  offScaleText,
  type LayoutProblem,
} from '../testing/layout.ts';
import { PAID_PHONE, signIn } from '../testing/session.ts';

const HEIGHT = 900;

/** Signed in as the paid reader once per worker (its cookie shared by the worker's tests). */
const test = base.extend<object, { paidState: string }>({
  paidState: [
    async ({ browser }, provide, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await signIn(context.request, PAID_PHONE);
      const file = `${workerInfo.project.outputDir}/layout-paid-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await provide(file);
    },
    { scope: 'worker' },
  ],
  storageState: ({ paidState }, provide) => provide(paidState),
});

/** The problems at one width, once the page has laid out there (re-checked while it settles). */
async function problemsAt(page: Page, width: number): Promise<LayoutProblem[]> {
  if (page.viewportSize()?.width !== width) {
    await page.setViewportSize({ width, height: HEIGHT });
    await laidOut(page);
  }
  let problems = await layoutProblems(page);
  // Late layout (a lazy view, a web font) gets a short grace before the problems count.
  if (problems.length > 0) {
    await expect
      .poll(async () => (problems = await layoutProblems(page)).length, { timeout: 2_000 })
      .toBe(0)
      .catch(() => undefined);
  }
  return problems;
}

/** One line per problem: page, language, width and the offending element. */
const report = (url: string, lang: string, width: number, problems: LayoutProblem[]) =>
  problems.map(
    (problem) => `${url} lang=${lang} ${width}px: ${problem.kind} ${problem.px}px at ${problem.element}`,
  );

test('the detector finds a page that scrolls sideways, a clipped header and a clipped heading', async ({
  page,
}) => {
  await page.goto('/?lang=eng');
  await elementsSettled(page);
  expect(await problemsAt(page, 375)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.id = 'too-wide';
    wide.style.width = '600px';
    wide.style.height = '10px';
    document.body.append(wide);
    // A table in a shadow root, in a scroll box without a hint, and a heading cut by its box.
    const host = document.createElement('div');
    host.id = 'shadow-host';
    host.attachShadow({ mode: 'open' }).innerHTML = `
      <div style="width:100px;overflow-x:auto"><table><thead><tr>
        <th>Short</th><th style="white-space:nowrap">Official close price</th>
      </tr></thead></table></div>
      <div style="width:80px;overflow:hidden"><h2 style="white-space:nowrap">Dividends of Sberbank</h2></div>`;
    document.body.append(host);
  });
  const problems = await layoutProblems(page);
  expect(problems.map(({ kind }) => kind)).toEqual(['page-scroll', 'clipped-header', 'clipped-heading']);
  expect(problems[0]!.px).toBeGreaterThanOrEqual(600 - 375);
  expect(problems[0]!.element).toContain('div#too-wide');
  expect(problems[1]!.element).toBe('div#shadow-host >> th "Official close price"');
  expect(problems[2]!.element).toBe('div#shadow-host >> h2 "Dividends of Sberbank"');

  // A visible "scroll →" hint next to the scroll box excuses the header; a hidden one does not.
  await page.evaluate(() => {
    const box = document.querySelector('#shadow-host')!.shadowRoot!.querySelector('div')!;
    box.insertAdjacentHTML('afterend', '<span data-scroll-hint style="display:none">scroll →</span>');
  });
  expect((await layoutProblems(page)).map(({ kind }) => kind)).toContain('clipped-header');
  await page.evaluate(() => {
    const hint = document
      .querySelector('#shadow-host')!
      .shadowRoot!.querySelector<HTMLElement>('[data-scroll-hint]')!;
    hint.style.display = 'inline';
  });
  expect((await layoutProblems(page)).map(({ kind }) => kind)).toEqual(['page-scroll', 'clipped-heading']);

  // At desktop width the hint excuses nothing: the header behind the sideways scroll is a failure.
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  await laidOut(page);
  const desktop = await layoutProblems(page);
  expect(desktop.map(({ kind }) => kind)).toEqual(['clipped-header', 'clipped-heading']);
  expect(desktop[0]!.element).toBe('div#shadow-host >> th "Official close price"');
});

test("the type-scale detector finds element text off the scale, not the page's own", async ({ page }) => {
  await page.goto('/?lang=eng');
  await elementsSettled(page);
  expect(await offScaleText(page)).toEqual([]);
  await page.evaluate(() => {
    // Off the scale in the page's light DOM (its own design) counts for nothing; in an element it does.
    document.body.insertAdjacentHTML('beforeend', '<p style="font-size:13px">page text</p>');
    const host = document.createElement('fin-scale-probe');
    host.attachShadow({ mode: 'open' }).innerHTML = `
      <style>:host { font-size: 14px }</style>
      <p style="font-size:12px">small</p><p style="font-weight:600">strong</p>
      <button>button text</button><h3>browser heading</h3><b style="font-weight:700">bold</b>`;
    document.body.append(host);
  });
  expect(await offScaleText(page)).toEqual([
    'fin-scale-probe >> button "button text" 13.33px/400',
    'fin-scale-probe >> h3 "browser heading" 16.38px/700',
    'fin-scale-probe >> b "bold" 14px/700',
  ]);
});

// One test per kind of page (in parallel), each in one context: ten loads, three widths per load.
const KINDS = [...FIXED_PAGES, ...LINKED_KINDS];
for (const [index, kind] of KINDS.entries()) {
  test(`layout of ${kind} at ${GATE_WIDTHS.join(', ')} px in ${LANGUAGES.length} languages`, async ({
    page,
  }) => {
    test.setTimeout(180_000); // ten page loads: generous on a loaded 2-core machine
    const url = (await demoPages(page))[index]!;
    const failures: string[] = [];
    let checked = 0;
    // Widths back and forth (1280 → 320, then 320 → 1280): each language loads at the width the
    // last one ended on, so a page is resized twice per language.
    const widths = [...GATE_WIDTHS].sort((a, b) => b - a);
    for (const lang of LANGUAGES) {
      // Module scripts have run by DOMContentLoaded; the elements' data is waited for below.
      await page.goto(withLang(url, lang), { waitUntil: 'domcontentloaded' });
      await elementsSettled(page);
      for (const width of widths) {
        failures.push(...report(url, lang, width, await problemsAt(page, width)));
        // The elements' text keeps to the type scale at every width (media queries change sizes).
        for (const text of await offScaleText(page))
          failures.push(`${url} lang=${lang} ${width}px: off the type scale: ${text}`);
        checked++;
      }
      widths.reverse();
    }
    console.log(`layout ${url}: ${checked} language × width layouts checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
}
