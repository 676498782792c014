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
  [join(folder, `${Component}.tsx`)]: `import { useStore } from '@nanostores/react';
import { DEFAULT_PAGE_DATA_SELECTOR } from '../../core/page-data.ts';
import { instrumentStore } from '../../core/stores/instrument.ts';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { useLabels } from '../../runtime/hooks.ts';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
import { create${Component}Resource } from './${name}.api.ts';
import css from './${name}.css?inline';

/** ${Component}: describe what the user sees. */
export interface ${Component}Props {
  /** CSS selector of the page-data block to read; default \`#fin-page-data\`. */
  pageData?: string;
  /** Stock id, for pages without page data; overrides the page data. */
  stockId?: number;
}

export function ${Component}({ pageData = DEFAULT_PAGE_DATA_SELECTOR, stockId }: ${Component}Props) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('common');
  const instrument = useStore(instrumentStore({ pageData, stockId }));
  const target = instrument.status === 'ok' ? instrument.instrument.stockId : null;
  const { state, resource } = useResource(create${Component}Resource, target);
  return (
    <ElementState
      t={t}
      ready={ready}
      page={instrument.status === 'page-error' ? instrument.page : null}
      state={state}
      onRetry={resource.retry}
    >
      {(answer) => <section part="block">{JSON.stringify(answer)}</section>}
    </ElementState>
  );
}
`,
  [join(folder, `${name}.api.ts`)]:
    `/** The call of <${tag}> as a resource: one per element, the latest load wins. */
import { getJson } from '../../core/api/client.ts';
import { createResource } from '../../core/resource.ts';

export const create${Component}Resource = () =>
  createResource({
    describe: (stockId: number) => \`${name} of \${stockId}\`,
    // Replace with the SPEC §7 call (a shared one belongs in src/core/api/<domain>.ts).
    load: (stockId: number, signal) => getJson<unknown>(\`/api/stocks/\${stockId}/${name}/\`, { signal }),
  });
`,
  [join(folder, `${name}.css`)]:
    `/* Styles of <${tag}>, placed in its shadow root after its widgets' (runtime/styles.ts). */\n`,
  [join(folder, 'index.ts')]: `export { ${Component}, type ${Component}Props } from './${Component}.tsx';\n`,
  [join(folder, `${name}.test.tsx`)]: `import { allTasks } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/${tag}.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<${tag}>', () => {
  it('loads its stock and shows the answer in its shadow root', async () => {
    const fetchMock = vi.fn(async () => Response.json({ value: 42 }));
    vi.stubGlobal('fetch', fetchMock);
    document.body.innerHTML = '<${tag} stock-id="7"></${tag}>';
    const element = document.querySelector('${tag}')!;
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('section')?.textContent).toContain('42'));
    await allTasks();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/stocks/7/${name}/'), expect.anything());
  });
});
`,
  [join(root, 'elements', `${tag}.ts`)]: `import { define } from '../src/runtime/define.tsx';
import { ${Component}, type ${Component}Props } from '../src/features/${name}/index.ts';

/**
 * @summary Describe the element in one line.
 * @attr page-data - selector of the page-data block; default \`#fin-page-data\`
 * @attr stock-id - stock id when the page has no page data
 * @event fin-error - the element could not render; detail \`{tag, message}\`
 * @example <${tag} stock-id="1"></${tag}>
 */
define<${Component}Props>('${tag}', ${Component}, { props: { pageData: 'string', stockId: 'number' } });

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': HTMLElement & ${Component}Props;
  }
}
`,
};
// Written in the project's format, so `npm test`'s format check passes right after.
for (const [path, content] of Object.entries(files)) {
  writeFileSync(path, await format(content, { ...(await resolveConfig(path)), filepath: path }));
}

const index = join(root, 'elements/index.ts');
writeFileSync(index, `${readFileSync(index, 'utf8').trimEnd()}\nimport './${tag}.ts';\n`);
const budgetsPath = join(root, 'size-budgets.json');
const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8')) as { elements: Record<string, number> };
budgets.elements[tag] = 12;
writeFileSync(
  budgetsPath,
  await format(JSON.stringify(budgets), { ...(await resolveConfig(budgetsPath)), filepath: budgetsPath }),
);

console.log(
  `Created ${tag}:\n  src/features/${name}/ (component, call, styles, test)\n  elements/${tag}.ts (registered in elements/index.ts)\n  size budget 12 kB in size-budgets.json\nNext: add it to a demo page template and write its browser test (${name}.e2e.ts).`,
);
