/**
 * Faults gate (issue 11): every element of the manifest, alone on its test page, has each data
 * call it makes on a normal load answer 500, 404, invalid JSON, an empty body, `null`, a wrong
 * shape, a hang past the client's timeout, a slow answer and a 206 forever, in two languages.
 * After each: no uncaught exception, no loading state left on, an inline message in the page's
 * language (or the view as without the call), a retry that brings the data back. The positive
 * control shows that a broken element fails these checks.
 */
import { expect, test } from '@playwright/test';
import {
  FAULT_KINDS,
  callName,
  discoverCalls,
  discoverLoad,
  faultProblems,
  manifestTags,
  readView,
  routeFault,
  settled,
  type ElementView,
  type FaultKind,
} from '../testing/faults.ts';

const LANGS = ['eng', 'deu'] as const;

for (const tag of manifestTags()) {
  for (const lang of LANGS) {
    test(`${tag} (${lang}): every call's faults give an inline message, a working retry, no crash`, async ({
      page,
    }) => {
      test.setTimeout(240_000); // every call of the element × half the fault kinds, each a page load
      await page.clock.install();
      const url = `/test/only/${tag}/`;
      const { calls, otherCalls } = await discoverLoad(page, `${url}?lang=${lang}`, tag);
      const normal = await readView(page, tag);
      const problems: string[] = [];
      // Each fault in one of the two languages, alternating, so both are checked against the
      // labels and the gate stays within its time.
      const kinds = FAULT_KINDS.filter((_kind, i) => i % LANGS.length === LANGS.indexOf(lang));
      for (const call of calls) {
        for (const kind of kinds) {
          for (const problem of await faultProblems(page, {
            url,
            tag,
            call,
            kind,
            lang,
            normal,
            otherCalls,
            otherDataCalls: calls.length - 1,
          }))
            problems.push(`${callName(call)} ${kind}: ${problem}`);
        }
      }
      console.log(
        `faults ${tag} ${lang}: ${calls.length} call(s) × ${kinds.length} faults = ${calls.length * kinds.length} injected, ${problems.length} failure(s)`,
      );
      expect(problems).toEqual([]);
    });
  }
}

test('on the stock page a fault of one call leaves every element alive: as it was, or saying so', async ({
  page,
}) => {
  test.setTimeout(90_000); // six page loads, each waited for to every element of the stock page
  // Without the page's preload (issue 24), so every element makes its first call and each of those
  // calls is faulted; with it, those first answers come with the page and are not called at all.
  const url = '/stocks/sber/?lang=eng&preload=0';
  const tags = manifestTags();
  const views = async () => {
    const present = await page.evaluate(
      (names) => names.filter((name) => document.querySelector(name)),
      tags,
    );
    const out: Record<string, ElementView | null> = {};
    for (const tag of present) out[tag] = await settled(page, tag);
    return out;
  };
  const calls = await discoverCalls(page, url, 'fin-stock-chart');
  const normal = await views();
  const problems: string[] = [];
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  for (const call of calls) {
    // The kind that used to crash elements into their error boundary (#33).
    const unroute = await routeFault(page, call, 'wrong shape');
    await page.goto(url);
    for (const [tag, view] of Object.entries(await views())) {
      if (!view) problems.push(`${callName(call)}: ${tag} stays loading`);
      else if (view.text !== normal[tag]?.text && !view.errors.some((error) => error.retry) && !view.hidden)
        problems.push(
          `${callName(call)}: ${tag} changed without an error and retry: "${view.text.slice(0, 100)}"`,
        );
    }
    await unroute();
  }
  console.log(`faults on the stock page: ${calls.length} call(s) × 1 fault, ${problems.length} failure(s)`);
  expect(problems).toEqual([]);
  expect(uncaught).toEqual([]);
});

test('positive control: an element that mishandles faults is caught by the same checks', async ({ page }) => {
  await page.clock.install();
  // A deliberately broken <fin-holders>: English text without retry, an uncaught error, and no
  // timeout of its own (a hang stays loading).
  await page.route('**/test/only/fin-holders/*', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="de"><body><fin-holders></fin-holders><script>
        customElements.define('fin-holders', class extends HTMLElement {
          connectedCallback() {
            const root = this.attachShadow({ mode: 'open' });
            root.innerHTML = '<div class="fin-message fin-message--loading" aria-busy="true">…</div>';
            fetch('/api/stocks/get-holders/1/').then((answer) => answer.json()).then((answer) => {
              root.textContent = answer.data.map((row) => row.name).join(', ');
            }).catch((error) => {
              root.innerHTML = '<div class="fin-message fin-message--error"><span>Failed</span></div>';
              queueMicrotask(() => { throw error; });
            });
          }
        });
      </script></body></html>`,
    }),
  );
  const url = '/test/only/fin-holders/';
  const [call] = await discoverCalls(page, `${url}?lang=deu`, 'fin-holders');
  expect(call).toBeDefined();
  const normal = await readView(page, 'fin-holders');
  const found = async (kind: FaultKind) =>
    (await faultProblems(page, { url, tag: 'fin-holders', call: call!, kind, lang: 'deu', normal })).join(
      '\n',
    );
  const failed = await found('wrong shape');
  expect(failed).toContain('error message not in deu: "Failed"');
  expect(failed).toContain('error without a retry');
  expect(failed).toContain('uncaught:');
  expect(await found('hang')).toContain('a loading state stays on');
});
