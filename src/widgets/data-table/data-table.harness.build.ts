/**
 * Builds data-table.harness.tsx into one classic script, in memory (nothing is written, so no
 * build output lands where lint or format checks would see it). The bench and the browser test
 * put the result into a blank page with `page.addScriptTag({ content })`: the widget is measured
 * alone, without the reference server or any element around it.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';

const root = resolve(import.meta.dirname, '../../..');

export async function buildDataTableHarness(): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      lib: {
        entry: resolve(import.meta.dirname, 'data-table.harness.tsx'),
        formats: ['iife'],
        name: 'FinDataTableHarness',
        fileName: () => 'data-table-harness.js',
      },
      rolldownOptions: { output: { minify: true } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the data-table harness build produced no script');
  return chunk.code;
}
