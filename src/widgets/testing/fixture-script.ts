/**
 * Test pages for widgets, built in memory (Vite, production mode, nothing written where lint or
 * format checks would see it) into one classic script, and served to a Playwright page through
 * `page.route`: no build step and no route in the reference server. The chart, whose lazy chunks
 * need modules, has its own harness (src/widgets/chart/testing/build-harness.ts).
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Bundles `entry` (an absolute path) and everything it imports into one IIFE script. */
export async function bundleFixtureScript(
  entry: string,
  { name, minify = false }: { name: string; minify?: boolean },
): Promise<string> {
  const result = await build({
    root: REPO_ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // A classic script has no import.meta: the kit's code takes the legacy script's paths, as in
    // the legacy bundle (vite.config.ts), not an empty import.meta.url.
    mode: 'legacy',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      target: 'es2022',
      minify,
      lib: { entry, formats: ['iife'], name, fileName: () => `${name}.js` },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} bundled into no script`);
  return chunk.code;
}

/** Serves a page at `path` with `body` (HTML) followed by `script`, and opens it. */
export async function openFixturePage(page: Page, path: string, body: string, script: string): Promise<void> {
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"></head>
        <body style="margin:0">${body}<script>${script.replaceAll('</script', '<\\/script')}</script></body></html>`,
    }),
  );
  await page.goto(path);
}
