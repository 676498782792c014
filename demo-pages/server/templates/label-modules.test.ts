/**
 * The label modules a page brings along (label-modules.ts) are those its elements use: read from
 * the sources each element loads (its feature, the runtime pieces and the elements it shows
 * inside, followed through their imports), so a new `useLabels(...)` module cannot be forgotten.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELEMENT_LABEL_MODULES, labelModulesOf } from './label-modules.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const ELEMENTS = join(ROOT, 'elements');

/** Comments out (a doc comment may show `useLabels('widgets', 'common')` as an example). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const LABEL_LISTS = [
  /useLabels\(([^)]*)\)/g,
  /labelModules:\s*\[([^\]]*)\]/g,
  /LABEL_MODULES\s*=\s*\[([^\]]*)\]/g,
];

/** The label modules named in the sources an element file loads, statically or lazily. */
function usedModules(entry: string): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = code(readFileSync(file, 'utf8'));
    for (const pattern of LABEL_LISTS)
      for (const [, list] of source.matchAll(pattern))
        for (const [, module] of list!.matchAll(/'([a-z_-]+)'/g)) modules.add(module!);
    for (const [, specifier] of source.matchAll(/(?:from\s+|import\()\s*'(\.[^']+\.tsx?)'/g))
      visit(resolve(dirname(file), specifier!));
  };
  visit(entry);
  return modules;
}

const elementFiles = readdirSync(ELEMENTS).filter((name) => /^fin-[a-z-]+\.ts$/.test(name));

describe('the label modules of each element', () => {
  it('lists every element', () => {
    expect(Object.keys(ELEMENT_LABEL_MODULES).sort()).toEqual(
      elementFiles.map((name) => name.slice(0, -3)).sort(),
    );
  });

  it.each(elementFiles)('%s: exactly the modules its sources use', (name) => {
    const tag = name.slice(0, -3);
    expect([...(ELEMENT_LABEL_MODULES[tag] ?? [])].sort()).toEqual(
      [...usedModules(join(ELEMENTS, name))].sort(),
    );
  });

  it("a page's modules: its elements' and the extra ones, each once", () => {
    expect(
      labelModulesOf(
        ['/dist/elements/fin-price-dynamics.js', '/dist/elements/fin-hints-toggle.js'],
        ['common', 'x'],
      ),
    ).toEqual(['common', 'pd', 'profile', 'x']);
  });
});
