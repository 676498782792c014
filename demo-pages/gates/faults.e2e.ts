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
  faultProblems,
  manifestTags,
  readView,
} from '../testing/faults.ts';

const LANGS = ['eng', 'deu'] as const;

for (const tag of manifestTags()) {
  for (const lang of LANGS) {
    test(`${tag} (${lang}): every call's faults give an inline message, a working retry, no crash`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.clock.install();
      const url = `/test/only/${tag}/`;
      const calls = await discoverCalls(page, `${url}?lang=${lang}`, tag);
      const normal = await readView(page, tag);
      const problems: string[] = [];
      // Each fault in one of the two languages, alternating, so both are checked against the
      // labels and the gate stays within its time.
      const kinds = FAULT_KINDS.filter((_kind, i) => i % LANGS.length === LANGS.indexOf(lang));
      for (const call of calls) {
        for (const kind of kinds) {
          for (const problem of await faultProblems(page, { url, tag, call, kind, lang, normal }))
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
