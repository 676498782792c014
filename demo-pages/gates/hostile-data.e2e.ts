/**
 * Gate: hostile data never runs and shows as text (issue 11, "Hostile data"). Every element of the
 * build, alone on its `/test/only/<tag>/` page, gets the XSS corpus (testing/hostile.ts) in the
 * string leaves of its page data, of the menu block (`#fin-menu-data`), of the labels the page
 * brings (`#fin-labels`) and of every API answer it receives (the real answer with its strings
 * replaced), in batches; a search field is typed into so its suggestions come too. Every
 * demo page kind gets the corpus in its query parameters (the server's templates). Nothing may
 * run (`__pwned`, dialogs), no payload may become an element or an unsafe link in any shadow
 * root, and the marks must be shown as text. A positive control proves the trap fires.
 */
import { expect, test, type Page } from '@playwright/test';
import { jsonForScript } from '../server/templates/html.ts';
import { elementCatalogUnderTest, elementsShown, showsNothing } from '../testing/elements.ts';
import { checkIssuerReportsPageData, checkStockPageData } from '../../src/contract/page-data.ts';
import type { LabelsBlock } from '../../src/contract/preload.ts';
import {
  aftermath,
  installTrap,
  markOf,
  PAYLOADS,
  replacePageData,
  replaceStrings,
  type Aftermath,
} from '../testing/hostile.ts';
import { demoPages } from '../testing/page-list.ts';
import { signInAs } from '../testing/session.ts';
import { endRoutesAfterEachTest } from '../testing/routes.ts';

endRoutesAfterEachTest();

// Every page sends a script-src nonce policy, which would block an injected handler on its own. The
// gate holds the elements' own escaping to account, so it looks past the policy: a payload that
// only the policy stopped still counts as run (and the positive control can still fire).
test.use({ bypassCSP: true });

/** Each source's leaves are split in this many batches (leaf i in batch i % BATCHES), one load each. */
const BATCHES = 2;
const PAGE_DATA_BLOCK = /(<script type="application\/json" id="fin-page-data">)([\s\S]*?)(<\/script>)/;
/** The menu block every page carries (`<fin-menu>` reads it): its string leaves get the corpus too. */
const MENU_DATA_BLOCK = /(<script type="application\/json" id="fin-menu-data">)([\s\S]*?)(<\/script>)/;
/** The labels every page brings (as /api/labels/ answers them): their texts get the corpus too. */
const LABELS_BLOCK = /(<script type="application\/json" id="fin-labels">)([\s\S]*?)(<\/script>)/;

/** The payload of a placement: the ids walk through the corpus, so every payload is used. */
const payloadOf = (id: number) => PAYLOADS[id % PAYLOADS.length]!(id);

interface Figures {
  placements: number;
  /** Page-data fields the check refuses hostile text in (kept, so the element renders). */
  refused: Set<string>;
  payloads: Set<number>;
  shown: Set<number>;
  loads: number;
}

function expectClean(after: Aftermath, trap: { executed: number[]; dialogs: string[] }, where: string): void {
  expect(trap.executed, `${where}: payloads that ran`).toEqual([]);
  expect(trap.dialogs, `${where}: dialogs`).toEqual([]);
  expect(after.injected, `${where}: elements a payload created`).toEqual([]);
  expect(after.unsafeLinks, `${where}: links outside the allow-list`).toEqual([]);
}

/**
 * Waits until the element shows something (content or a message), then types into its search
 * fields and waits for the answer to show: suggestions, or a message saying why there are none.
 */
async function settleAndSearch(page: Page, tag: string): Promise<void> {
  await expect
    .poll(async () => (await elementsShown(page, [tag])).filter(showsNothing), { timeout: 20_000 })
    .toEqual([]);
  const host = page.locator(tag);
  for (const field of await host.locator('input[role="combobox"]').all()) {
    if (!(await field.isVisible())) continue;
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/'));
    await field.fill('sber');
    await answered;
    await expect(
      host.locator('[role="option"], .fin-message--error, .fin-message--info').first(),
    ).toBeVisible();
  }
}

/**
 * The element's catalog example (its markup with attributes, from the manifest) with the string
 * leaves of its JSON attributes (a menu's items) replaced in batches; addresses (`/…`) are kept
 * so the element still calls its API.
 */
function hostileExample(
  example: string,
  pick: (leaf: string, index: number) => string | undefined,
): { markup: string; placed: number } {
  let placed = 0;
  const markup = example.replace(/([a-z-]+)='([[{][^']*)'/g, (whole, name: string, json: string) => {
    const hostile = replaceStrings(JSON.parse(json), (leaf, i) =>
      leaf.startsWith('/') ? undefined : pick(leaf, i),
    );
    placed += hostile.placed;
    const text = JSON.stringify(hostile.value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    return `${name}='${text}'`;
  });
  return { markup, placed };
}

const catalog = elementCatalogUnderTest();
const tags = catalog.map((element) => element.tagName);

/** The check of the page data an element's test page carries (its manifest's `pageData`). */
const PAGE_DATA_CHECKS = { stock: checkStockPageData, issuer: checkIssuerReportsPageData } as const;

for (const [tagIndex, { tagName: tag, example, pageData }] of catalog.entries()) {
  test(`${tag}: hostile text in page data and API answers never runs and shows as text`, async ({ page }) => {
    const started = Date.now();
    test.setTimeout(60_000);
    const trap = await installTrap(page);
    // A paid user sees the most text: full tables, unmasked values, the compare search.
    await signInAs(page.request, 'paid');
    const figures: Figures = {
      placements: 0,
      refused: new Set(),
      payloads: new Set(),
      shown: new Set(),
      loads: 0,
    };
    // Ids of this element's placements: a range of its own, so a report names the element.
    let nextId = (tagIndex + 1) * 100_000;
    const place = () => {
      const id = nextId++;
      figures.payloads.add(id % PAYLOADS.length);
      return payloadOf(id);
    };
    // Page-data ids follow the leaf's index (the check may ask for the same leaves again).
    let loadBase = 0;
    // Each load replaces one batch of the leaves of every source at once.
    let batch = 0;
    const inBatch = (index: number) => index % BATCHES === batch;

    await page.route(`**/test/only/${tag}/**`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.text())
        .replace(PAGE_DATA_BLOCK, (_, open: string, json: string, close: string) => {
          const hostile = replacePageData(JSON.parse(json), PAGE_DATA_CHECKS[pageData], (_leaf, i) => {
            if (!inBatch(i)) return undefined;
            figures.payloads.add((loadBase + i) % PAYLOADS.length);
            return payloadOf(loadBase + i);
          });
          hostile.refused.forEach((path) => figures.refused.add(path));
          figures.placements += hostile.placed;
          return `${open}${jsonForScript(hostile.value)}${close}`;
        })
        .replace(MENU_DATA_BLOCK, (_, open: string, json: string, close: string) => {
          const hostile = replaceStrings(JSON.parse(json), (_leaf, i) => (inBatch(i) ? place() : undefined));
          figures.placements += hostile.placed;
          return `${open}${jsonForScript(hostile.value)}${close}`;
        })
        .replace(LABELS_BLOCK, (_, open: string, json: string, close: string) => {
          const block = JSON.parse(json) as LabelsBlock;
          const hostile = replaceStrings(block.modules, (_leaf, i) => (inBatch(i) ? place() : undefined));
          figures.placements += hostile.placed;
          return `${open}${jsonForScript({ ...block, modules: hostile.value })}${close}`;
        })
        .replace(`<${tag}></${tag}>`, () => {
          const hostile = hostileExample(example, (_leaf, i) => (inBatch(i) ? place() : undefined));
          figures.placements += hostile.placed;
          return hostile.markup;
        });
      await route.fulfill({ response: answer, body });
    });
    await page.route('**/api/**', async (route) => {
      const answer = await route.fetch();
      if (!/json/.test(answer.headers()['content-type'] ?? '')) return route.fulfill({ response: answer });
      const hostile = replaceStrings(await answer.json(), (_leaf, i) => (inBatch(i) ? place() : undefined));
      figures.placements += hostile.placed;
      return route.fulfill({ response: answer, body: JSON.stringify(hostile.value) });
    });

    for (batch = 0; batch < BATCHES; batch += 1) {
      loadBase = nextId + 50_000;
      await page.goto(`/test/only/${tag}/?lang=eng`);
      figures.loads += 1;
      await settleAndSearch(page, tag);
      const after = await aftermath(page);
      expectClean(after, trap, `${tag}, batch ${batch + 1}/${BATCHES}`);
      after.shown.forEach((id) => figures.shown.add(id));
    }
    // Text shows as text: marks of this element's placements are on screen.
    expect(figures.shown.size, `${tag}: placements shown as text`).toBeGreaterThan(0);
    console.log(
      `hostile data ${tag}: ${figures.payloads.size} payloads, ${figures.placements} placements in ${figures.loads} loads, ` +
        `${figures.shown.size} shown as text, page-data fields refused by the check: ${[...figures.refused].join(' ') || 'none'}, executed ${trap.executed.length}, ${Date.now() - started} ms`,
    );
  });
}

/**
 * Query parameters the server's templates or the elements read, plus one nobody reads (a page
 * may refuse some with its 400 page, which must show them as text too).
 */
const QUERY_PARAMETERS = ['q', 'back', 'lang', 'term', 'kind', 'page', 'tab', 'period', 'ground', 'x'];

test("the server's pages show hostile query parameters as text and never run them", async ({ page }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const trap = await installTrap(page);
  const pages = await demoPages(page);
  let id = 900_000;
  let placements = 0;
  let shown = 0;
  // Every parameter at once on each kind, then the search page with its query alone (shown in its field).
  const loads = [
    ...pages.map((url) => [url, QUERY_PARAMETERS] as const),
    [pages.find((url) => url.startsWith('/search/'))!, ['q']] as const,
  ];
  for (const [url, names] of loads) {
    const address = new URL(url, 'http://x');
    for (const name of names) address.searchParams.set(name, payloadOf(id++));
    placements += names.length;
    await page.goto(`${address.pathname}${address.search}`);
    const after = await aftermath(page);
    expectClean(after, trap, `${address.pathname}?${names.join('&')}`);
    shown += after.shown.length;
  }
  // The search page shows its query: the mark of `q=` is there as text (or as the field's value).
  expect(shown).toBeGreaterThan(0);
  console.log(
    `hostile query parameters: ${pages.length} page kinds × ${QUERY_PARAMETERS.length} parameters (+ q alone) = ${placements} placements, ` +
      `${shown} shown as text, executed ${trap.executed.length}, ${Date.now() - started} ms`,
  );
});

test('positive control: the trap and the look into shadow roots see a payload that is run as markup', async ({
  page,
}) => {
  const trap = await installTrap(page);
  await page.goto(`/test/only/${tags[0]}/?lang=eng`);
  await page.evaluate(
    ([tag, markup]) => {
      const box = document.createElement('div');
      box.innerHTML = markup!;
      document.querySelector(tag!)!.shadowRoot!.append(box);
    },
    [tags[0], payloadOf(0)],
  );
  await expect.poll(() => trap.executed).toEqual([0]);
  const after = await aftermath(page);
  expect(after.injected).toEqual([`img in ${tags[0]}`]);
  expect(after.shown).toContain(0);
  expect(markOf(0)).toBe('xss-mark-0');
});
