/**
 * The layer rules of DESIGN §2 (eslint.layers.js) fire on a wrong import and stay quiet on a right
 * one; and nothing in src/, elements/ or the server imports in a loop.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, {
    filePath: join(root, filePath),
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  const wrong: Array<[file: string, importLine: string]> = [
    ['src/contract/x.ts', "import { x } from '../core/format.ts';"],
    ['src/contract/x.ts', "import { x } from 'react';"],
    ['src/core/x.ts', "import { x } from '../runtime/define.tsx';"],
    ['src/core/stores/x.ts', "import { x } from '../../widgets/tabs/index.ts';"],
    ['src/runtime/x.ts', "import { x } from '../widgets/tabs/index.ts';"],
    ['src/widgets/tabs/x.ts', "import { x } from '../../features/holders/Holders.tsx';"],
    ['src/widgets/tabs/x.ts', "import { x } from '../../core/api/stocks.ts';"],
    ['src/features/holders/x.ts', "import { x } from '../leaders/leaders.api.ts';"],
    ['src/features/holders/x.ts', "import { x } from '../../../elements/fin-leaders.ts';"],
    ['demo-pages/server/x.ts', "import { x } from '../../src/core/format.ts';"],
    ['demo-pages/data/x.ts', "import { x } from '../server/db.ts';"],
  ];
  it.each(wrong)('%s may not say %s', async (file, line) => {
    expect(await restricted(file, line)).toHaveLength(1);
  });

  const right: Array<[file: string, importLine: string]> = [
    ['src/core/x.ts', "import { x } from '../contract/calendar.ts';"],
    ['src/runtime/x.ts', "import { x } from '../core/format.ts';"],
    ['src/widgets/tabs/x.ts', "import { x } from '../../runtime/styles.ts';"],
    ['src/features/holders/x.ts', "import { x } from '../../widgets/data-table/index.ts';"],
    ['src/features/holders/x.ts', "import { x } from './holders.utils.ts';"],
    ['src/features/holders/x.test.tsx', "import { x } from '../../../elements/fin-holders.ts';"],
    ['elements/fin-x.ts', "import { x } from '../src/features/holders/index.ts';"],
    ['demo-pages/server/x.ts', "import { x } from '../../src/contract/types.ts';"],
  ];
  it.each(right)('%s may say %s', async (file, line) => {
    expect(await restricted(file, line)).toEqual([]);
  });
});

/** Relative static imports of the TypeScript files below `dirs`. */
function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path))
        if (!name.startsWith('.') && name !== 'node_modules') visit(join(path, name));
      return;
    }
    if (!/\.tsx?$/.test(path) || /\.(test|e2e)\.tsx?$/.test(path)) return;
    const source = readFileSync(path, 'utf8');
    const targets = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+\.tsx?)'/gms)]
      .filter((match) => !/^import type|^export type/.test(match[0]))
      .map((match) => relative(root, resolve(dirname(path), match[1]!)));
    graph.set(relative(root, path), targets);
  };
  for (const dir of dirs) visit(join(root, dir));
  return graph;
}

/** Every cycle's files (strongly connected components of more than one file, or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe('import loops', () => {
  it('finds a loop when there is one (the detector works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has none in src/, elements/ or the reference server', () => {
    const graph = importGraph(['src', 'elements', 'demo-pages/server', 'demo-pages/data']);
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
