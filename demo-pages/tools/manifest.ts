/**
 * Writes dist/custom-elements.json (Custom Elements Manifest 2.1) and dist/fin-elements.d.ts from
 * the element files, so the docs, the types and the demo catalog cannot drift from the code.
 *
 * Sources, read with the TypeScript compiler (not regexes):
 *  - each `elements/fin-*.ts` calls `define<XProps>('fin-x', Component, { props: { … } })`: the
 *    props object is the list of attributes and properties with their r2wc types;
 *  - the JSDoc on that call: `@summary`, `@attr`, `@event`, `@csspart`, `@cssproperty`, `@example`,
 *    and `@pageData issuer` on an element that reads the issuer page's data (the stock page's by
 *    default): written as the declaration's `pageData` (an extension of the manifest), so the demo
 *    pages that show the element alone or in the catalog inject the page data it reads;
 *    every `@attr` must match a declared prop and every prop must have an `@attr` line;
 *  - the props type (XProps, JSDoc on each property) gives the precise TypeScript type and the
 *    property's description; the default comes from the component's destructuring default
 *    (`pageData = DEFAULT_PAGE_DATA_SELECTOR`), an `@default` tag or "default `X`" in the property's
 *    or the `@attr` line's text. Where none says it, the manifest gives no default (a boolean is
 *    false: CONVENTIONS 4); where two say different things the build fails.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type * as Cem from 'custom-elements-manifest';
import ts from 'typescript';
import { PAGE_DATA_KINDS, type PageDataKind } from '../server/elements-manifest.ts';

const root = resolve(import.meta.dirname, '../..');

/** How r2wc turns the attribute's text into the property (src/core/define.tsx PropType). */
export type PropKind = 'string' | 'number' | 'boolean' | 'json';
const PROP_KINDS: readonly string[] = ['string', 'number', 'boolean', 'json'];

export interface Described {
  name: string;
  description: string;
}

export interface ElementAttribute extends Described {
  /** The camelCase property r2wc sets from the attribute. */
  fieldName: string;
  kind: PropKind;
  /** The property's TypeScript type, without `undefined` (`number`, `'stock' | 'issuer'`). */
  type: string;
  /** The JSDoc of the property in the component's props type. */
  fieldDescription: string;
  /** The default as the attribute's text (`#fin-page-data`, `650`, `false`), when known. */
  default?: string;
}

export interface ElementEvent extends Described {
  /** The event's type from GlobalEventHandlersEventMap: `CustomEvent<{ expanded: boolean; }>`. */
  type: string;
}

export interface ElementDoc {
  tagName: string;
  /** elements/fin-x.ts, relative to the repository. */
  source: string;
  summary: string;
  attributes: ElementAttribute[];
  events: ElementEvent[];
  cssParts: Described[];
  cssProperties: Described[];
  /** Markup of a live example (the `@example` tag): the demo catalog renders it. */
  example: string;
  /** The page data the element reads (`@pageData`): the stock page's unless it says `issuer`. */
  pageData: PageDataKind;
}

/** The element files disagree with their docs; the message names each element and attribute. */
export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(`The element manifest cannot be written:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ManifestError';
  }
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function elementFiles(dir = join(root, 'elements')): string[] {
  return readdirSync(dir)
    .filter((file) => /^fin-.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => join(dir, file));
}

function projectOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  return { ...config?.options, noEmit: true };
}

/** The `define('fin-x', Component, { props })` statement of an element file. */
function findDefineCall(source: ts.SourceFile): { statement: ts.Statement; call: ts.CallExpression } | null {
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const call = statement.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'define')
      return { statement, call };
  }
  return null;
}

function jsDocTags(statement: ts.Statement): Array<{ tag: string; text: string }> {
  const docs = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc);
  return docs.flatMap((doc) =>
    (doc.tags ?? []).map((tag) => ({
      tag: tag.tagName.text,
      text: ts.getTextOfJSDocComment(tag.comment)?.trim() ?? '',
    })),
  );
}

/** `name - description` of an `@attr`, `@event`, `@csspart` or `@cssproperty` tag. */
function described(text: string): Described {
  const [name = '', ...rest] = oneLine(text).split(' - ');
  return { name: name.trim(), description: rest.join(' - ').trim() };
}

/** A literal value of a default (`'#fin-page-data'`, `650`, `false`) as attribute text, or null. */
function literalText(type: ts.Type): string | null {
  if (type.isStringLiteral()) return type.value;
  if (type.isNumberLiteral()) return String(type.value);
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return (type as { intrinsicName?: string }).intrinsicName ?? null;
  return null;
}

/** The component's own destructuring defaults: `{ pageData = DEFAULT_PAGE_DATA_SELECTOR }`. */
function destructuringDefaults(
  checker: ts.TypeChecker,
  component: ts.Expression,
): Map<string, string | null> {
  const defaults = new Map<string, string | null>();
  let symbol = checker.getSymbolAtLocation(component);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  let fn: ts.SignatureDeclaration | undefined;
  if (declaration && ts.isFunctionDeclaration(declaration)) fn = declaration;
  else if (
    declaration &&
    ts.isVariableDeclaration(declaration) &&
    declaration.initializer &&
    (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))
  )
    fn = declaration.initializer;
  const pattern = fn?.parameters[0]?.name;
  if (!pattern || !ts.isObjectBindingPattern(pattern)) return defaults;
  for (const element of pattern.elements) {
    if (!element.initializer) continue;
    const key = element.propertyName ?? element.name;
    if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) continue;
    // null: the code has a default, but not one a manifest can state (a call, say).
    defaults.set(key.text, literalText(checker.getTypeAtLocation(element.initializer)));
  }
  return defaults;
}

/**
 * "default `X`", "default 650", "`stock` (default)", "1 growing (default)" in a description; a
 * phrase such as "default the page's `branchId`" names no value and gives null.
 */
export function defaultInText(text: string, kind: PropKind): string | null {
  const patterns = [/\bdefault:?\s+`([^`]+)`/i, /`([^`]+)`\s*\(default\)/i];
  if (kind === 'number')
    patterns.push(
      /\bdefault:?\s+(-?\d+(?:\.\d+)?)(?!\w|\.\d)/i,
      /(?:^|[\s:,;])(-?\d+(?:\.\d+)?)\s[^,;()`]*\(default\)/i,
    );
  if (kind === 'boolean') patterns.push(/\bdefault:?\s+(true|false)\b/i);
  for (const pattern of patterns) {
    const value = pattern.exec(text)?.[1];
    if (value !== undefined) return value;
  }
  return null;
}

const typeText = (checker: ts.TypeChecker, type: ts.Type) =>
  checker.typeToString(
    type,
    undefined,
    ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
  );

function globalInterface(checker: ts.TypeChecker, location: ts.Node, name: string): ts.Type | undefined {
  const symbol = checker.getSymbolsInScope(location, ts.SymbolFlags.Interface).find((s) => s.name === name);
  return symbol && checker.getDeclaredTypeOfSymbol(symbol);
}

const LIKE: Partial<Record<PropKind, ts.TypeFlags>> = {
  string: ts.TypeFlags.StringLike,
  number: ts.TypeFlags.NumberLike,
  boolean: ts.TypeFlags.BooleanLike,
};

/** Type names the generated .d.ts can use without declaring them. */
const GLOBAL_TYPES = new Set(['Record', 'Array', 'ReadonlyArray', 'Partial', 'Readonly']);

function foreignTypeNames(typeText: string): string[] {
  const file = ts.createSourceFile('t.ts', `type T = ${typeText};`, ts.ScriptTarget.Latest);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      if (!GLOBAL_TYPES.has(name)) names.push(name);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return names;
}

function valueFits(value: string, kind: PropKind): boolean {
  if (kind === 'number') return value.trim() !== '' && Number.isFinite(Number(value));
  if (kind === 'boolean') return value === 'true' || value === 'false';
  return true;
}

const normalised = (value: string, kind: PropKind) => (kind === 'number' ? String(Number(value)) : value);

/**
 * Reads every element file. Throws a ManifestError listing every element whose `@attr` lines and
 * `props` disagree, whose prop types do not fit its props type, or whose defaults contradict.
 */
export function readElementDocs(files: string[] = elementFiles()): ElementDoc[] {
  const program = ts.createProgram(files, projectOptions());
  const checker = program.getTypeChecker();
  const problems: string[] = [];
  let eventMap: ts.Type | undefined;
  const docs = files.map((file): ElementDoc => {
    const sourcePath = relative(root, file).split('\\').join('/');
    const tagName = file.replace(/^.*[\\/]/, '').replace(/\.ts$/, '');
    const doc: ElementDoc = {
      tagName,
      source: sourcePath,
      summary: '',
      attributes: [],
      events: [],
      cssParts: [],
      cssProperties: [],
      example: '',
      pageData: 'stock',
    };
    const source = program.getSourceFile(file);
    const found = source && findDefineCall(source);
    if (!found) {
      problems.push(`${tagName} (${sourcePath}): no define('${tagName}', Component, { props }) call`);
      return doc;
    }
    const { statement, call } = found;
    // The typed event map the elements' events.ts adds to (DESIGN §5), as the element file sees it.
    eventMap ??= globalInterface(checker, source, 'GlobalEventHandlersEventMap');
    const [tagArg, componentArg, optionsArg] = call.arguments;
    if (!tagArg || !ts.isStringLiteral(tagArg) || tagArg.text !== tagName)
      problems.push(`${tagName} (${sourcePath}): define() must register '${tagName}', the file's name`);

    const tags = jsDocTags(statement);
    const first = (name: string) => oneLine(tags.find((t) => t.tag === name)?.text ?? '');
    const all = (name: string) => tags.filter((t) => t.tag === name).map((t) => described(t.text));
    doc.summary = first('summary');
    doc.example = first('example');
    const pageData = first('pageData') || 'stock';
    if ((PAGE_DATA_KINDS as readonly string[]).includes(pageData)) doc.pageData = pageData as PageDataKind;
    else
      problems.push(
        `${tagName}: @pageData "${pageData}" is not one of the page data kinds (${PAGE_DATA_KINDS.join(', ')})`,
      );
    doc.events = all('event').map((event) => {
      const typed = eventMap && checker.getPropertyOfType(eventMap, event.name);
      if (!typed)
        problems.push(
          `${tagName}: event "${event.name}" is documented (@event) but not typed in GlobalEventHandlersEventMap (events.ts)`,
        );
      return {
        ...event,
        type: typed ? typeText(checker, checker.getTypeOfSymbolAtLocation(typed, call)) : 'CustomEvent',
      };
    });
    doc.cssParts = all('csspart');
    doc.cssProperties = all('cssproperty');
    const documented = all('attr');

    // The props object: { pageData: 'string', stockId: 'number' }.
    const propsProperty =
      optionsArg && ts.isObjectLiteralExpression(optionsArg)
        ? optionsArg.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'props',
          )
        : undefined;
    if (!propsProperty || !ts.isObjectLiteralExpression(propsProperty.initializer)) {
      problems.push(`${tagName}: define() needs a props object literal ({ pageData: 'string', … })`);
      return doc;
    }
    const declared: Array<{ fieldName: string; kind: PropKind }> = [];
    for (const property of propsProperty.initializer.properties) {
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name));
      if (
        !ts.isPropertyAssignment(property) ||
        !name ||
        !ts.isStringLiteral(property.initializer) ||
        !PROP_KINDS.includes(property.initializer.text)
      ) {
        problems.push(`${tagName}: every prop of define() is name: 'string' | 'number' | 'boolean' | 'json'`);
        continue;
      }
      const fieldName = (property.name as ts.Identifier | ts.StringLiteral).text;
      declared.push({ fieldName, kind: property.initializer.text as PropKind });
    }

    // @attr lines and props must name the same attributes.
    const declaredNames = new Set(declared.map((p) => kebab(p.fieldName)));
    const documentedNames = new Set(documented.map((a) => a.name));
    for (const attribute of documented) {
      if (!declaredNames.has(attribute.name))
        problems.push(
          `${tagName}: attribute "${attribute.name}" is documented (@attr) but not declared in define()'s props`,
        );
    }
    for (const { fieldName } of declared) {
      if (!documentedNames.has(kebab(fieldName)))
        problems.push(
          `${tagName}: attribute "${kebab(fieldName)}" is declared in define()'s props (${fieldName}) but has no @attr line`,
        );
    }

    // The props type: define<XProps>(…), else the component's first parameter.
    const typeArgument = call.typeArguments?.[0];
    const componentType = componentArg && checker.getTypeAtLocation(componentArg);
    const parameter = componentType?.getCallSignatures()[0]?.parameters[0];
    const propsType = typeArgument
      ? checker.getTypeFromTypeNode(typeArgument)
      : parameter && checker.getTypeOfSymbolAtLocation(parameter, call);
    const codeDefaults = componentArg ? destructuringDefaults(checker, componentArg) : new Map();

    for (const { fieldName, kind } of declared) {
      const name = kebab(fieldName);
      const at = `${tagName}: attribute "${name}" (${fieldName})`;
      const symbol = propsType && checker.getPropertyOfType(propsType, fieldName);
      if (!symbol) {
        problems.push(`${at} is not a property of the component's props type`);
        continue;
      }
      const propertyType = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, call));
      const type = typeText(checker, propertyType);
      const like = LIKE[kind];
      const members = propertyType.isUnion() ? propertyType.types : [propertyType];
      if (like !== undefined && !members.every((member) => member.flags & like))
        problems.push(`${at} is declared '${kind}' in define()'s props but its type is ${type}`);
      for (const foreign of foreignTypeNames(type))
        problems.push(`${at} has the type ${type}: ${foreign} is not declared in dist/fin-elements.d.ts`);

      const fieldDescription = oneLine(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
      const defaultTag = symbol.getJsDocTags(checker).find((t) => t.name === 'default');
      const attrLine = documented.find((a) => a.name === name);
      // Every statement of a default, strongest first; they must agree.
      const statements: Array<[string, string | null | undefined]> = [
        ['the component', codeDefaults.get(fieldName)],
        [
          '@default',
          defaultTag
            ? oneLine(ts.displayPartsToString(defaultTag.text)).replace(/^(['"])(.*)\1$/, '$2')
            : null,
        ],
        ['the props JSDoc', defaultInText(fieldDescription, kind)],
        ['the @attr line', attrLine ? defaultInText(attrLine.description, kind) : null],
      ];
      const known = statements.filter((s): s is [string, string] => typeof s[1] === 'string');
      for (const [where, value] of known) {
        if (!valueFits(value, kind))
          problems.push(`${at}: the default ${JSON.stringify(value)} in ${where} is not a ${kind}`);
      }
      const values = new Set(known.map(([, value]) => normalised(value, kind)));
      if (values.size > 1)
        problems.push(
          `${at} has contradicting defaults: ${known.map(([w, v]) => `${JSON.stringify(v)} in ${w}`).join(', ')}`,
        );
      const value = known[0]?.[1] ?? (kind === 'boolean' ? 'false' : undefined);
      if (kind === 'boolean' && value !== 'false')
        problems.push(
          `${at} defaults to ${value}: booleans default to false (CONVENTIONS 4: name the negative no-*)`,
        );

      doc.attributes.push({
        name,
        description: attrLine?.description ?? '',
        fieldName,
        kind,
        type,
        fieldDescription,
        ...(value === undefined ? {} : { default: normalised(value, kind) }),
      });
    }
    return doc;
  });
  if (problems.length > 0) throw new ManifestError(problems);
  return docs;
}

const pascal = (tag: string) => tag.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());

/** A default as a JavaScript expression, the form CEM gives field defaults (`'#fin-page-data'`, `650`). */
function fieldDefault(attribute: ElementAttribute): string | undefined {
  if (attribute.default === undefined) return undefined;
  if (attribute.kind === 'string')
    return `'${attribute.default.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return attribute.default;
}

/** A declaration of the manifest with our extension: the page data the element reads. */
export type FinElementDeclaration = Cem.CustomElementDeclaration & { pageData: PageDataKind };

/**
 * The Custom Elements Manifest. Attribute defaults are the attribute's text, as the 2.1 schema
 * says ("the actual value, not a human readable description"); field defaults are JavaScript
 * expressions, as the analyzer writes them.
 */
export function customElementsManifest(docs: ElementDoc[]): Cem.Package {
  return {
    schemaVersion: '2.1.0',
    modules: docs.map((element): Cem.JavaScriptModule => {
      const path = `elements/${element.tagName}.js`;
      const className = pascal(element.tagName);
      const declaration: FinElementDeclaration = {
        kind: 'class',
        customElement: true,
        name: className,
        tagName: element.tagName,
        summary: element.summary,
        pageData: element.pageData,
        attributes: element.attributes.map((a): Cem.Attribute => ({
          name: a.name,
          description: a.description,
          type: { text: a.type },
          ...(a.default === undefined ? {} : { default: a.default }),
          fieldName: a.fieldName,
        })),
        members: element.attributes.map((a): Cem.CustomElementField => {
          const value = fieldDefault(a);
          return {
            kind: 'field',
            name: a.fieldName,
            description: a.fieldDescription || a.description,
            type: { text: a.type },
            ...(value === undefined ? {} : { default: value }),
            attribute: a.name,
          };
        }),
        events: element.events.map((e): Cem.Event => ({
          name: e.name,
          description: e.description,
          type: { text: e.type },
        })),
        cssParts: element.cssParts,
        cssProperties: element.cssProperties,
        demos: element.example
          ? [{ url: `/elements/#${element.tagName}`, description: element.example }]
          : [],
      };
      return {
        kind: 'javascript-module',
        path,
        declarations: [declaration],
        exports: [
          {
            kind: 'custom-element-definition',
            name: element.tagName,
            declaration: { name: className, module: path },
          },
        ],
      };
    }),
  };
}

/**
 * The type of an attribute in JSX. React 19 sets a property when the element has one of the
 * attribute's name (the single-word ones: `tab`, `urls`, `compact`) and an attribute otherwise
 * (`stock-id`), so:
 *  - number: `number` or its text (`stock-id="1"`, `stock-id={1}`); text that is not a number fails;
 *  - boolean: `boolean`; a kebab-case one also takes `'true' | 'false'` (as an attribute it is text,
 *    and r2wc reads `"false"` as false; set as a property the text "false" would be true);
 *  - json: the property's type when React sets the property, the JSON text when it sets the attribute;
 *  - string: the property's type (`'stock' | 'issuer'`).
 */
export function jsxAttributeType(attribute: ElementAttribute): string {
  const asProperty = attribute.name === attribute.fieldName;
  switch (attribute.kind) {
    case 'number':
      return `${attribute.type} | \`\${number}\``;
    case 'boolean':
      return asProperty ? attribute.type : `${attribute.type} | 'true' | 'false'`;
    case 'json':
      return asProperty ? attribute.type : 'string';
    default:
      return attribute.type;
  }
}

/** A JSDoc comment; `@default` goes on a line of its own. */
function comment(text: string, indent: string, defaultValue?: string): string {
  const safe = (line: string) => line.replace(/\*\//g, '*\\/');
  if (defaultValue === undefined) return text ? `${indent}/** ${safe(text)} */\n` : '';
  const lines = [...(text ? [safe(text)] : []), `@default ${safe(defaultValue)}`];
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`;
}

/**
 * TypeScript declarations for hosts of the elements: the tag map with each element's properties,
 * and JSX typings so a React app can write `<fin-holders stock-id={1} />` with its attributes checked.
 */
export function typeDeclarations(docs: ElementDoc[]): string {
  const interfaces = docs.map((doc) => {
    const name = pascal(doc.tagName);
    const attributes = doc.attributes.map(
      (a) => `${comment(a.description, '  ')}  '${a.name}'?: ${jsxAttributeType(a)};`,
    );
    const properties = doc.attributes.map(
      (a) =>
        `${comment(a.fieldDescription || a.description, '  ', fieldDefault(a))}  ${a.fieldName}?: ${a.type};`,
    );
    return [
      `${comment(`Attributes of \`<${doc.tagName}>\` in JSX. ${doc.summary}`, '')}export interface ${name}Attributes {`,
      ...attributes,
      '}',
      '',
      `/** Properties of a \`<${doc.tagName}>\` element (\`document.querySelector('${doc.tagName}')\`). */`,
      `export interface ${name}Properties {`,
      ...properties,
      '}',
      '',
    ].join('\n');
  });
  const tagMap = docs.map((doc) => `    '${doc.tagName}': HTMLElement & ${pascal(doc.tagName)}Properties;`);
  const jsx = docs.map(
    (doc) =>
      `      '${doc.tagName}': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & ${pascal(doc.tagName)}Attributes;`,
  );
  return [
    '// Generated by `npm run build` (demo-pages/tools/manifest.ts) from elements/*.ts: do not edit.',
    '//',
    '// FinXAttributes: what JSX accepts on the tag. React 19 sets a property when the element has one',
    '// of the name (single-word attributes) and an attribute otherwise: number attributes take a number',
    '// or its text (`stock-id="1"`, `stock-id={1}`), JSON attributes written as attributes take the',
    "// JSON text, boolean ones `true`/`false` (kebab-case ones also 'true'/'false').",
    '// Import the element modules before React renders the tags, so React sees their properties.',
    '// FinXProperties: the camelCase properties of the element, as HTMLElementTagNameMap gives them.',
    "import type * as React from 'react';",
    '',
    ...interfaces,
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    ...tagMap,
    '  }',
    '}',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...jsx,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

function main(): void {
  let docs: ElementDoc[];
  try {
    docs = readElementDocs();
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const manifest = customElementsManifest(docs);
  // DIST_DIR: the build folder the reference server serves (demo-pages/server/paths.ts).
  const dist = resolve(process.env.DIST_DIR ?? join(root, 'dist'));
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dist, 'fin-elements.d.ts'), typeDeclarations(docs));
  console.log(
    `${relative(root, dist) || '.'}/custom-elements.json and fin-elements.d.ts: ${manifest.modules.length} element(s)`,
  );
}

if (process.argv[1] === import.meta.filename) main();
