/**
 * `npm run new:element fin-example`: the folder, the element file, its registration, a size
 * budget and a first test, in the layout of CONVENTIONS.md, so every element starts the same way.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';

const root = resolve(import.meta.dirname, '../..');
const tag = process.argv[2] ?? '';
if (!/^fin-[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(tag)) {
  console.error('Usage: npm run new:element fin-<name>   (lowercase, kebab-case, fin- prefix)');
  process.exit(1);
}
const name = tag.slice(4);
const Component = name.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());
const folder = join(root, 'src/features', name);
if (existsSync(folder) || existsSync(join(root, 'elements', `${tag}.ts`))) {
  console.error(`${tag} exists already.`);
  process.exit(1);
}
mkdirSync(folder, { recursive: true });

const files: Record<string, string> = {
  [join(folder, `${Component}.tsx`)]: `import { useLabels } from '../../core/hooks.ts';

/** ${Component}: describe what the user sees. */
export interface ${Component}Props {
  /** CSS selector of the page-data block to read; default \`#fin-page-data\`. */
  pageData?: string;
}

export function ${Component}(_props: ${Component}Props) {
  const { t } = useLabels('common');
  return <section part="block">{t('common:loading')}</section>;
}
`,
  [join(folder, `${name}.css`)]: `/* Styles of <${tag}>, placed in its shadow root. */\n`,
  [join(folder, 'index.ts')]: `export { ${Component}, type ${Component}Props } from './${Component}.tsx';\n`,
  [join(folder, `${name}.test.tsx`)]: `import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/${tag}.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<${tag}>', () => {
  it('renders into its shadow root', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({})));
    document.body.innerHTML = '<${tag}></${tag}>';
    const element = document.querySelector('${tag}')!;
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('section')).not.toBeNull());
  });
});
`,
  [join(root, 'elements', `${tag}.ts`)]: `import { define } from '../src/core/define.tsx';
import { ${Component}, type ${Component}Props } from '../src/features/${name}/index.ts';
import styles from '../src/features/${name}/${name}.css?inline';

/**
 * @summary Describe the element in one line.
 * @attr page-data - selector of the page-data block; default \`#fin-page-data\`
 */
define<${Component}Props>('${tag}', ${Component}, { props: { pageData: 'string' }, styles });

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': HTMLElement & ${Component}Props;
  }
}
`,
};
for (const [path, content] of Object.entries(files)) writeFileSync(path, content);

const index = join(root, 'elements/index.ts');
writeFileSync(index, `${readFileSync(index, 'utf8').trimEnd()}\nimport './${tag}.ts';\n`);
const budgetsPath = join(root, 'size-budgets.json');
const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8')) as { elements: Record<string, number> };
budgets.elements[tag] = 12;
// Written in the project's format, so `npm test`'s format check passes right after.
writeFileSync(
  budgetsPath,
  await format(JSON.stringify(budgets), { ...(await resolveConfig(budgetsPath)), filepath: budgetsPath }),
);

console.log(
  `Created ${tag}:\n  src/features/${name}/ (component, styles, test)\n  elements/${tag}.ts (registered in elements/index.ts)\n  size budget 12 kB in size-budgets.json\nNext: add it to a demo page template and write its browser test (${name}.e2e.ts).`,
);
