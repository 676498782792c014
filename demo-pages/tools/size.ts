/**
 * Size budgets (size-budgets.json), checked on every `npm test`: the shared runtime chunk, each
 * element beyond the runtime, and that no element pulls a heavy library in statically.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DIST, builtElements, elementSize, gzipKb, runtimeChunk } from './bundle-size.ts';

interface Budgets {
  runtime: number;
  elements: Record<string, number>;
  lazyOnly: string[];
}

const budgets = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../size-budgets.json'), 'utf8'),
) as Budgets;
const failures: string[] = [];

const runtimeKb = gzipKb(runtimeChunk());
console.log(
  `runtime chunk            ${runtimeKb.toFixed(1).padStart(6)} kB gzip (budget ${budgets.runtime} kB)`,
);
if (runtimeKb > budgets.runtime)
  failures.push(`runtime chunk is ${runtimeKb.toFixed(1)} kB, budget ${budgets.runtime} kB`);

for (const tag of builtElements()) {
  const { ownKb, files } = elementSize(tag);
  const budget = budgets.elements[tag];
  console.log(
    `${tag.padEnd(24)} ${ownKb.toFixed(1).padStart(6)} kB gzip beyond the runtime (budget ${budget ?? 'none'} kB)`,
  );
  if (budget === undefined) failures.push(`${tag} has no budget in size-budgets.json`);
  else if (ownKb > budget) failures.push(`${tag} is ${ownKb.toFixed(1)} kB, budget ${budget} kB`);
  // Heavy libraries must stay behind dynamic import(): name them in the static graph's source maps.
  for (const file of files) {
    if (!existsSync(resolve(DIST, `${file}.map`))) continue; // tiny helper chunks have no map
    const map = JSON.parse(readFileSync(resolve(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
    const heavy = map.sources.filter((source) =>
      budgets.lazyOnly.some((name) => source.includes(`node_modules/${name}`)),
    );
    if (heavy.length)
      failures.push(`${tag} statically loads ${heavy[0]} (via ${file}); load it with import()`);
  }
}

if (failures.length) {
  console.error(`\nSize budgets exceeded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Size budgets: all within.');
