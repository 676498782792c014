/**
 * Two builds (DESIGN §5):
 *  - `vite build`: one ES module per element in dist/elements/, sharing dist/chunks/runtime.js
 *    (React, r2wc, nanostores, core); heavy libraries stay in lazy chunks of their own.
 *  - `vite build --mode legacy`: dist/fin-elements.legacy.js, one classic script registering
 *    every element, for legacy pages that cannot load modules.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((file) => /^fin-.*\.ts$/.test(file))
    .map((file) => [file.replace(/\.ts$/, ''), resolve(root, 'elements', file)]),
);

const DOMAINS = 'search|company|reports|indexes|watchlist|profile';
const RUNTIME_CHUNK = new RegExp(
  String.raw`node_modules[\\/](react|react-dom|scheduler|@r2wc|nanostores|@nanostores)[\\/]` +
    String.raw`|[\\/]src[\\/]runtime[\\/](?!compose\.ts)` +
    String.raw`|[\\/]src[\\/]core[\\/](?!dates\.ts|api[\\/](${DOMAINS})\.ts)` +
    String.raw`|[\\/]src[\\/]contract[\\/](?!(${DOMAINS}|palette|page-sections|tables)\.ts)`,
);

export default defineConfig(({ command, mode }) => {
  const legacy = mode === 'legacy';
  return {
    plugins: [react()],
    // Library mode keeps process.env.NODE_ENV, which does not exist in a browser.
    define: command === 'build' ? { 'process.env.NODE_ENV': '"production"' } : {},
    build: {
      outDir: 'dist',
      emptyOutDir: !legacy,
      target: 'es2022',
      sourcemap: true,
      // The reference server reads it to preload each element's chunks (modulepreload).
      manifest: !legacy,
      lib: legacy
        ? {
            entry: resolve(root, 'elements/index.ts'),
            formats: ['iife'],
            name: 'FinElements',
            fileName: () => 'fin-elements.legacy.js',
          }
        : { entry: elementEntries, formats: ['es'], fileName: (_format, name) => `elements/${name}.js` },
      rolldownOptions: {
        output: legacy
          ? { minify: true }
          : {
              minify: true,
              chunkFileNames: 'chunks/[name]-[hash].js',
              codeSplitting: {
                groups: [
                  // The framework and what every element uses (the element kit, the shared stores, the
                  // API client, labels, formatting, the page-data contract) go into one cacheable
                  // runtime chunk. The calls and shapes of one domain (search, company, reports,
                  // indexes, watchlist, profile), composing by tag (the chart's), the constants of
                  // one feature (chart palette, menu sections, table columns), dayjs, widgets and
                  // libraries stay in chunks of the elements that use them.
                  {
                    name: 'runtime',
                    test: RUNTIME_CHUNK,
                  },
                ],
              },
            },
      },
    },
  };
});
