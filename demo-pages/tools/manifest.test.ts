import Ajv from 'ajv';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customElementsManifest,
  defaultInText,
  ManifestError,
  readElementDocs,
  typeDeclarations,
  type ElementDoc,
} from './manifest.ts';

const repo = resolve(import.meta.dirname, '../..');

/** A folder inside the repo (so 'react' and the tsconfig's types resolve), removed after the tests. */
function scratchDir(): string {
  const cache = join(repo, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(join(cache, 'fin-manifest-'));
}

// One TypeScript program over every element file (a few seconds), shared by the tests.
let docs: ElementDoc[];
beforeAll(() => {
  docs = readElementDocs();
}, 120_000);

const element = (tag: string) => docs.find((doc) => doc.tagName === tag)!;

describe('custom-elements.json', () => {
  it('documents every element with a summary and a live example of its own tag', () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.summary, doc.tagName).not.toBe('');
      expect(doc.example, doc.tagName).toMatch(new RegExp(`^<${doc.tagName}[\\s>]`));
    }
  });

  it('gives every attribute its description, type, property and the default the code or its docs state', () => {
    const manifest = customElementsManifest(docs);
    const holders = manifest.modules.find((m) => m.path === 'elements/fin-holders.js')!.declarations![0]!;
    expect(holders).toMatchObject({
      kind: 'class',
      customElement: true,
      name: 'FinHolders',
      tagName: 'fin-holders',
      attributes: [
        {
          name: 'page-data',
          description: 'selector of the page-data block (its `stockId`); default `#fin-page-data`',
          type: { text: 'string' },
          default: '#fin-page-data',
          fieldName: 'pageData',
        },
        {
          name: 'stock-id',
          description: 'stock id when the page has no page data (partner embeds)',
          type: { text: 'number' },
          fieldName: 'stockId',
        },
      ],
      members: [
        {
          kind: 'field',
          name: 'pageData',
          description: 'CSS selector of the page-data block to read; default `#fin-page-data`.',
          type: { text: 'string' },
          default: "'#fin-page-data'",
          attribute: 'page-data',
        },
        {
          kind: 'field',
          name: 'stockId',
          description: 'Stock id, for pages without page data; overrides the page data.',
          type: { text: 'number' },
          attribute: 'stock-id',
        },
      ],
    });
    // No default is stated for stock-id: none is invented.
    expect(holders).not.toHaveProperty('attributes.1.default');

    const attribute = (tag: string, name: string) => element(tag).attributes.find((a) => a.name === name);
    // The precise TypeScript type, the component's destructuring default and the JSDoc "(default)".
    expect(attribute('fin-price-dynamics', 'variant')).toMatchObject({
      type: "'stock' | 'issuer'",
      default: 'stock',
    });
    expect(attribute('fin-stock-chart', 'height')).toMatchObject({ type: 'number', default: '650' });
    expect(attribute('fin-leaders', 'tab')).toMatchObject({ type: 'number', default: '1' });
    expect(attribute('fin-left-menu', 'compact')).toMatchObject({ type: 'boolean', default: 'false' });
    expect(attribute('fin-compare-search', 'urls')).toMatchObject({
      kind: 'json',
      type: 'Record<string, string>',
    });
    // "default the `compare:placeholder` label" names no value.
    expect(attribute('fin-compare-search', 'placeholder')).not.toHaveProperty('default');

    for (const doc of docs) {
      const declaration = manifest.modules.find((m) => m.path === `elements/${doc.tagName}.js`)!
        .declarations![0]!;
      const attributes = 'attributes' in declaration ? (declaration.attributes ?? []) : [];
      const members = 'members' in declaration ? (declaration.members ?? []) : [];
      expect(attributes.length, doc.tagName).toBeGreaterThan(0);
      for (const a of attributes) {
        expect(a.type?.text, `${doc.tagName} ${a.name}`).toMatch(/\S/);
        expect(
          a.fieldName?.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          doc.tagName,
        ).toBe(a.name);
      }
      expect(members.map((m) => m.name)).toEqual(attributes.map((a) => a.fieldName));
    }
  });

  it('names the page data each element reads: the issuer page for the issuer elements, else the stock page', () => {
    const kinds = Object.fromEntries(docs.map((doc) => [doc.tagName, doc.pageData]));
    expect(kinds['fin-issuer-reports']).toBe('issuer');
    expect(kinds['fin-holders']).toBe('stock');
    const manifest = customElementsManifest(docs);
    const declaration = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .find((d) => 'tagName' in d && d.tagName === 'fin-issuer-reports');
    expect(declaration).toMatchObject({ pageData: 'issuer' });
  });

  it('types every event from the typed event map', () => {
    expect(element('fin-holders').events.find((e) => e.name === 'fin-expand-change')?.type).toBe(
      'CustomEvent<{ expanded: boolean; }>',
    );
    for (const doc of docs) {
      for (const event of doc.events)
        expect(event.type, `${doc.tagName} ${event.name}`).toMatch(/^CustomEvent<.+>$/);
    }
  });

  it('is valid against the Custom Elements Manifest 2.1 JSON schema, with no property the schema does not know', () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(
      readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'),
    ) as {
      definitions: Record<string, { properties?: Record<string, unknown>; additionalProperties?: boolean }>;
    };
    // The published schema allows any extra property, so a misspelt `fieldname` would pass; the
    // strict copy refuses them. CustomElementField's `attribute` and `reflects` are in the spec's
    // schema.d.ts but missing from the generated schema.json's ClassField.
    const strict = structuredClone(schema);
    for (const definition of Object.values(strict.definitions)) {
      if (definition.properties) definition.additionalProperties = false;
    }
    strict.definitions.ClassField!.properties!.attribute = { type: 'string' };
    strict.definitions.ClassField!.properties!.reflects = { type: 'boolean' };
    // Our one extension: the page data the element reads (FinElementDeclaration).
    strict.definitions.CustomElementDeclaration!.properties!.pageData = { enum: ['stock', 'issuer'] };

    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const validateStrict = ajv.compile({ ...strict, $id: 'strict' });
    const manifest = customElementsManifest(docs);
    expect(validate(manifest), ajv.errorsText(validate.errors)).toBe(true);
    expect(validateStrict(manifest), ajv.errorsText(validateStrict.errors)).toBe(true);

    // Positive controls: the validators do refuse a broken manifest.
    type Loose = {
      modules: Array<{
        declarations: Array<Record<string, unknown> & { attributes: Array<Record<string, unknown>> }>;
      }>;
    };
    const nameless = structuredClone(manifest) as unknown as Loose;
    delete nameless.modules[0]!.declarations[0]!.name;
    expect(validate(nameless)).toBe(false);
    // The published schema lets a class declaration carry anything: only the strict copy sees these.
    const numeric = structuredClone(manifest) as unknown as Loose;
    numeric.modules[0]!.declarations[0]!.attributes[0]!.default = 5;
    const misspelt = structuredClone(manifest) as unknown as Loose;
    misspelt.modules[0]!.declarations[0]!.attributes[0]!.fieldname = 'pageData';
    for (const wrong of [numeric, misspelt]) {
      expect(validate(wrong)).toBe(true);
      expect(validateStrict(wrong)).toBe(false);
    }
  });
});

describe('element files that disagree with their docs', () => {
  let dir: string;
  beforeAll(() => {
    dir = scratchDir();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const DEFINE = `declare function define<P>(
  tag: string,
  component: (props: P) => unknown,
  options: { props: { [K in keyof P]-?: 'string' | 'number' | 'boolean' | 'json' } },
): void;
export {};
`;

  it('fail the build with a message naming the element and the attribute', () => {
    const drift = join(dir, 'fin-drift.ts');
    writeFileSync(
      drift,
      `${DEFINE}
interface DriftProps { pageData?: string; stockId?: number }
declare function Drift(props: DriftProps): null;
/**
 * @summary An element whose docs drifted.
 * @attr page-data - selector of the page-data block
 * @attr ground-id - documented, but not a prop
 * @event fin-nope - not in the typed event map
 * @example <fin-drift></fin-drift>
 * @pageData company
 */
define<DriftProps>('fin-drift', Drift, { props: { pageData: 'string', stockId: 'number' } });
`,
    );
    const defaults = join(dir, 'fin-defaults.ts');
    writeFileSync(
      defaults,
      `${DEFINE}
interface DefaultsProps {
  /** Height in px; default 650. */
  height?: number;
  /** A count. */
  count?: number;
  /** Wide layout. */
  wide?: boolean;
}
function Defaults({ height = 500, wide = true }: DefaultsProps) { return height && wide; }
/**
 * @summary An element whose defaults contradict.
 * @attr height - height in px
 * @attr count - a count
 * @attr wide - wide layout
 */
define<DefaultsProps>('fin-defaults', Defaults, { props: { height: 'number', count: 'string', wide: 'boolean' } });
`,
    );

    let error: unknown;
    try {
      readElementDocs([drift, defaults]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      `fin-drift: @pageData "company" is not one of the page data kinds (stock, issuer)`,
      `fin-drift: event "fin-nope" is documented (@event) but not typed in GlobalEventHandlersEventMap (events.ts)`,
      `fin-drift: attribute "ground-id" is documented (@attr) but not declared in define()'s props`,
      `fin-drift: attribute "stock-id" is declared in define()'s props (stockId) but has no @attr line`,
      `fin-defaults: attribute "height" (height) has contradicting defaults: "500" in the component, "650" in the props JSDoc`,
      `fin-defaults: attribute "count" (count) is declared 'string' in define()'s props but its type is number`,
      `fin-defaults: attribute "wide" (wide) defaults to true: booleans default to false (CONVENTIONS 4: name the negative no-*)`,
    ]);
    expect((error as Error).message).toContain('fin-drift: attribute "ground-id"');
  }, 60_000);

  it('reads a default only where the text names a value', () => {
    expect(defaultInText('selector of the page-data block; default `#fin-page-data`', 'string')).toBe(
      '#fin-page-data',
    );
    expect(defaultInText('Chart height in px; default 650 (SPEC §9).', 'number')).toBe('650');
    expect(defaultInText('`stock` (default) or `issuer`', 'string')).toBe('stock');
    expect(defaultInText('the tab shown first: 1 growing (default), 2 falling', 'number')).toBe('1');
    expect(defaultInText("branch; default the page's `branchId` (none: every branch)", 'number')).toBeNull();
    expect(defaultInText('placeholder; default the `compare:placeholder` label', 'string')).toBeNull();
    expect(defaultInText('stock id when the page has no page data', 'number')).toBeNull();
  });
});

describe('dist/fin-elements.d.ts', () => {
  it('types the tags for React hosts and the tag map, and refuses wrong attribute values', () => {
    const dir = scratchDir();
    try {
      writeFileSync(join(dir, 'fin-elements.d.ts'), typeDeclarations(docs));
      writeFileSync(
        join(dir, 'good.tsx'),
        `import './fin-elements.d.ts';
export const ok = [
  <fin-price-dynamics page-data="#x" variant="issuer" className="a" />,
  <fin-holders stock-id={1} />,
  <fin-holders stock-id="1" data-x="y" />,
  <fin-leaders tab={3} ground-id="2" />,
  <fin-left-menu compact items="[]" />,
  <fin-compare-search urls={{ stocks: '/api/search/stocks/%term%/' }} types={['stocks']} />,
  <fin-stock-chart height={650} />,
];
const holders = document.querySelector('fin-holders');
export const stockId: number | undefined = holders?.stockId;
export const variant: 'stock' | 'issuer' | undefined = document.querySelector('fin-price-dynamics')?.variant;
if (holders) holders.stockId = 2;
`,
      );
      // Every line after the import must fail on its own.
      const badLines = [
        'export const a = <fin-price-dynamics pagedata="#x" />;',
        'export const b = <fin-holders stock-id="abc" />;',
        'export const c = <fin-price-dynamics variant="bond" />;',
        'export const d = <fin-left-menu compact="yes" />;',
        'export const e = <fin-compare-search urls={42} />;',
        "document.querySelector('fin-holders')!.stockId = '1';",
      ];
      writeFileSync(join(dir, 'bad.tsx'), `import './fin-elements.d.ts';\n${badLines.join('\n')}\n`);

      const program = ts.createProgram([join(dir, 'good.tsx'), join(dir, 'bad.tsx')], {
        jsx: ts.JsxEmit.ReactJSX,
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        allowImportingTsExtensions: true,
        types: [],
        // Checked per file below: the generated declarations themselves, not all of @types/react.
        skipLibCheck: false,
      });
      const diagnostics = (file: string) =>
        ts.getPreEmitDiagnostics(program, program.getSourceFile(join(dir, file))).map((d) => ({
          line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
          text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        }));
      expect(diagnostics('fin-elements.d.ts')).toEqual([]);
      expect(diagnostics('good.tsx')).toEqual([]);
      const bad = diagnostics('bad.tsx');
      expect([...new Set(bad.map((d) => d.line))].sort()).toEqual(badLines.map((_line, i) => i + 1));
      expect(bad.map((d) => d.text).join('\n')).toContain("'pagedata' does not exist");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
