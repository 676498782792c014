/**
 * Two builds (DESIGN §5):
 *  - `vite build`: one ES module per element in dist/elements/, sharing dist/chunks/runtime.js
 *    (React, r2wc, nanostores, core); heavy libraries stay in lazy chunks of their own.
 *  - `vite build --mode legacy`: dist/fin-elements.legacy.js, one classic script registering
 *    every element, for legacy pages that cannot load modules.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((file) => /^fin-.*\.ts$/.test(file))
    .map((file) => [file.replace(/\.ts$/, ''), resolve(root, 'elements', file)]),
);

const DOMAINS = 'search|company|reports|indexes|watchlist|profile|auth|access-requests|chart';
const RUNTIME_CHUNK = new RegExp(
  String.raw`node_modules[\\/](react|react-dom|scheduler|@r2wc|nanostores|@nanostores)[\\/]` +
    String.raw`|[\\/]src[\\/]runtime[\\/](?!compose\.ts|lazy-view\.ts|LazyView\.tsx)` +
    String.raw`|[\\/]src[\\/]core[\\/](?!dates\.ts|shell[\\/]|api[\\/](${DOMAINS})\.ts)` +
    String.raw`|[\\/]src[\\/]contract[\\/](?!(${DOMAINS}|palette|page-sections|tables|chart-widget|menu|shell)\.ts)`,
);

/**
 * The legacy script cannot carry pdfmake and its fonts inline (13 MB for every visitor), so its
 * PDF export imports the module build's PDF chunk, which sits in the same dist (the legacy build
 * runs second, into the same folder). This tells it that chunk's file, from the module build's
 * manifest; null in the module build and in tests, which import `./pdf.ts` themselves.
 */
const PDF_MODULE = 'src/widgets/export/pdf.ts';
function modulePdfChunk(legacy: boolean): Plugin {
  return {
    name: 'fin-module-pdf-chunk',
    config(userConfig) {
      let chunk: string | null = null;
      if (legacy) {
        const manifest = resolve(root, userConfig.build?.outDir ?? 'dist', '.vite/manifest.json');
        if (!existsSync(manifest))
          throw new Error(`The legacy build runs after the module build: ${manifest} is missing`);
        chunk =
          (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string }>)[PDF_MODULE]
            ?.file ?? null;
        // No chunk when no element exports (the legacy PDF then fails and is logged).
      }
      return { define: { __FIN_MODULE_PDF_CHUNK__: JSON.stringify(chunk) } };
    },
  };
}

export default defineConfig(({ command, mode }) => {
  const legacy = mode === 'legacy';
  // `vite build --mode server`: the server renderer for Node (elements/server.tsx), dist/server/.
  if (mode === 'server') {
    return {
      plugins: [react()],
      define: { 'process.env.NODE_ENV': '"production"' },
      // React and what renders through it are bundled, so the define above picks React's production
      // build: left to node_modules, React read the server's NODE_ENV at run time, and under the
      // tests' NODE_ENV=test its development build rendered (server CPU per warm request: stock
      // page 81 ms, 47 with production React; issuer page 203, 163). The DOM and sanitizing
      // libraries and dayjs (no React) stay external.
      ssr: { noExternal: true, external: ['jsdom', 'dompurify', 'dayjs', '@lit-labs/ssr-dom-shim'] },
      build: {
        ssr: resolve(root, 'elements/server.tsx'),
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { output: { entryFileNames: 'render.js' } },
      },
    };
  }
  return {
    plugins: [react(), modulePdfChunk(legacy)],
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
                  // sign-in, access requests, the partner chart, indexes, watchlist, profile),
                  // composing by tag (the chart's), the constants of one feature (chart palette, menu
                  // sections, table columns, the partner chart's answer, the portal menu, the shell
                  // bars' rules), dayjs, widgets and libraries stay in chunks of the elements that
                  // use them.
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
