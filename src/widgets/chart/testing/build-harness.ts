/**
 * Builds browser harness pages in memory (Vite, production mode, nothing written to disk) and
 * serves them to a Playwright page through `page.route`, so the chart's browser tests and the
 * bench need no build step of their own and no route in the reference server.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** The harness origin; requests to it never reach the network. */
export const HARNESS_ORIGIN = 'http://chart-harness.test';

export const CHART_HARNESS_ENTRY = resolve(import.meta.dirname, 'chart-harness.tsx');

export interface HarnessBundle {
  /** Path (`/name.js`) → file. */
  files: Map<string, { body: string | Uint8Array; type: string }>;
  /** Page URL that loads the given entry. */
  pageUrl(entry: string): string;
}

/** Builds each entry (name → absolute path) with its lazy chunks, as the element build would. */
export async function buildHarness(
  entries: Record<string, string>,
  { minify = true }: { minify?: boolean } = {},
): Promise<HarnessBundle> {
  const result = await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      minify,
      sourcemap: false,
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: entries,
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = new Map<string, { body: string | Uint8Array; type: string }>();
  for (const output of outputs) {
    for (const item of output.output) {
      const body = item.type === 'chunk' ? item.code : item.source;
      const type = item.fileName.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
      files.set(`/${item.fileName}`, { body, type });
    }
  }
  for (const name of Object.keys(entries)) {
    files.set(`/${name}.html`, {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<style>body{margin:0;padding:16px;background:#fff;font-family:sans-serif}</style></head>
<body><script type="module" src="/${name}.js"></script></body></html>`,
    });
  }
  return { files, pageUrl: (entry) => `${HARNESS_ORIGIN}/${entry}.html` };
}

/** Serves the bundle to `page` (its context's other requests go on as usual). */
export async function serveHarness(page: Page, bundle: HarnessBundle): Promise<void> {
  await page.route(`${HARNESS_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = bundle.files.get(path);
    return file
      ? route.fulfill({ status: 200, contentType: file.type, body: Buffer.from(file.body) })
      : route.fulfill({ status: 404, body: 'not found' });
  });
}

/** Opens `entry`'s page and waits until its script defined `global` on window. */
export async function openHarness(page: Page, bundle: HarnessBundle, entry: string, global: string) {
  await serveHarness(page, bundle);
  await page.goto(bundle.pageUrl(entry));
  await page.waitForFunction((name) => name in window, global);
}
