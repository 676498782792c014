import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readElementDocs, typeDeclarations } from './manifest.ts';

/** The props an element file declares to define(), as attribute names. */
function declaredAttributes(tag: string): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../elements', `${tag}.ts`), 'utf8');
  const props = /props:\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...props.matchAll(/(\w+)\s*:/g)].map(([, name]) =>
    name!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase(),
  );
}

describe('custom-elements.json', () => {
  const docs = readElementDocs();

  it('documents every element with a summary and a live example of its own tag', () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const element of docs) {
      expect(element.summary, element.tagName).not.toBe('');
      expect(element.example, element.tagName).toMatch(new RegExp(`^<${element.tagName}[\\s>]`));
    }
  });

  it('documents exactly the attributes each element declares, so docs cannot drift from code', () => {
    for (const element of docs) {
      expect(element.attributes.map((a) => a.name).sort(), element.tagName).toEqual(
        declaredAttributes(element.tagName).sort(),
      );
    }
  });

  it('documents only events that are in the typed event map', () => {
    const eventMap = readFileSync(resolve(import.meta.dirname, '../../src/core/events.ts'), 'utf8');
    for (const element of docs) {
      for (const event of element.events)
        expect(eventMap, `${element.tagName} ${event.name}`).toContain(`'${event.name}':`);
    }
  });
});

describe('dist/fin-elements.d.ts', () => {
  it('lets a React host use the tags with their attributes checked', () => {
    // Inside the repo so that 'react' resolves to the installed types.
    const cache = resolve(import.meta.dirname, '../../node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'fin-types-'));
    try {
      writeFileSync(join(dir, 'fin-elements.d.ts'), typeDeclarations(readElementDocs()));
      writeFileSync(
        join(dir, 'good.tsx'),
        'import \'./fin-elements.d.ts\';\nexport const ok = <fin-price-dynamics page-data="#x" variant="issuer" className="a" />;\nexport const el: HTMLElement | null = document.querySelector(\'fin-price-dynamics\');\n',
      );
      writeFileSync(
        join(dir, 'bad.tsx'),
        'import \'./fin-elements.d.ts\';\nexport const bad = <fin-price-dynamics pagedata="#x" />;\n',
      );
      const diagnostics = (file: string) =>
        ts
          .getPreEmitDiagnostics(
            ts.createProgram([join(dir, file)], {
              jsx: ts.JsxEmit.ReactJSX,
              strict: true,
              noEmit: true,
              module: ts.ModuleKind.ESNext,
              moduleResolution: ts.ModuleResolutionKind.Bundler,
              target: ts.ScriptTarget.ES2022,
              lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
              allowImportingTsExtensions: true,
              types: [],
              skipLibCheck: true,
            }),
          )
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics('good.tsx')).toEqual([]);
      expect(diagnostics('bad.tsx').join('\n')).toContain("'pagedata' does not exist");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
