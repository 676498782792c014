/**
 * data-table.harness.tsx as one classic script, in memory. The bench and the browser test put it
 * into a blank page with `page.addScriptTag({ content })`: the widget is measured alone, without
 * the reference server or any element around it.
 */
import { resolve } from 'node:path';
import { bundleFixtureScript } from '../testing/fixture-script.ts';

export function buildDataTableHarness(): Promise<string> {
  return bundleFixtureScript(resolve(import.meta.dirname, 'data-table.harness.tsx'), {
    name: 'FinDataTableHarness',
    minify: true,
  });
}
