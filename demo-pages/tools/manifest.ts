/**
 * Writes dist/custom-elements.json (the Custom Elements Manifest schema) from the JSDoc of each
 * file in elements/, so the docs and the demo catalog cannot drift from the code.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

interface Described {
  name: string;
  description: string;
}

export interface ElementDoc {
  tagName: string;
  summary: string;
  attributes: Described[];
  events: Described[];
  cssParts: Described[];
  cssProperties: Described[];
  /** Markup of a live example (the `@example` line): the demo catalog renders it. */
  example: string;
}

export function readElementDocs(): ElementDoc[] {
  const dir = join(root, 'elements');
  return readdirSync(dir)
    .filter((file) => /^fin-.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(dir, file), 'utf8');
      const doc = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
      const lines = doc.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim());
      const tagged = (tag: string): Described[] =>
        lines
          .filter((line) => line.startsWith(`@${tag} `))
          .map((line) => {
            const [name = '', ...rest] = line.slice(tag.length + 2).split(' - ');
            return { name: name.trim(), description: rest.join(' - ').trim() };
          });
      return {
        tagName: file.replace(/\.ts$/, ''),
        summary: lines.find((line) => line.startsWith('@summary '))?.slice(9) ?? '',
        attributes: tagged('attr'),
        events: tagged('event'),
        cssParts: tagged('csspart'),
        cssProperties: tagged('cssproperty'),
        example: lines.find((line) => line.startsWith('@example '))?.slice(9) ?? '',
      };
    });
}

function main(): void {
  const manifest = {
    schemaVersion: '2.1.0',
    modules: readElementDocs().map((element) => ({
      kind: 'javascript-module',
      path: `elements/${element.tagName}.js`,
      declarations: [
        {
          kind: 'class',
          customElement: true,
          name: element.tagName,
          tagName: element.tagName,
          summary: element.summary,
          attributes: element.attributes,
          events: element.events,
          cssParts: element.cssParts,
          cssProperties: element.cssProperties,
          demos: element.example ? [{ url: '/elements/', description: element.example }] : [],
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: element.tagName, declaration: { name: element.tagName } },
      ],
    })),
  };
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist/custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`dist/custom-elements.json: ${manifest.modules.length} element(s)`);
}

if (process.argv[1] === import.meta.filename) main();
