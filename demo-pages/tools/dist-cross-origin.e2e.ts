/**
 * A partner page on ANOTHER origin embeds an element with one module script from our /dist/ and
 * one tag (issue 21, README "Embedding on a partner site"). The partner's page and its data are
 * served by a small server of the test's own on http://localhost:<another port>; ours is
 * http://127.0.0.1:<port>: two origins, two sites. Every chunk the element pulls in, the graph engine, the
 * export module, the PDF maker and the CJK font included, must come from our origin (imported
 * relative to the module's own URL, never to the partner's page), with 200, compressed; the labels
 * from our API, anonymously.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Request } from '@playwright/test';
import { TEST_GRAPH_MAIN_ID } from '../server/company/network-graph.test-pages.ts';
import { watchErrors } from '../testing/stock-page.ts';
import { readPdf } from '../../src/widgets/export/testing/pdf-text.ts';

// A Chinese title: the PDF then needs the CJK font, the largest lazy chunk.
const EXPORT_TITLE = 'Partner graph 关联公司';

test('a partner page on another origin imports an element from /dist/ under its own CSP and SRI: every chunk, the PDF maker and its fonts come from our origin', async ({
  page,
  baseURL,
}) => {
  const ours = new URL(baseURL!).origin;
  const errors = watchErrors(page, /fin-|Failed|CORS|blocked|Refused/i);
  const links = JSON.stringify(await (await page.request.get(`/test/network-graph/links/?links=12`)).json());
  // The entry's hash as the build wrote it, for the tag's `integrity`.
  const sri = (await (await page.request.get('/dist/sri.json')).json()) as Record<string, string>;
  const integrity = sri['elements/fin-network-graph.js'];
  expect(integrity).toMatch(/^sha384-/);
  // The README's policy for a partner page: our origin for scripts and calls, styles by nonce only.
  const nonce = 'partner-nonce-1';
  const policy = [
    "default-src 'self'",
    `script-src ${ours} 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `connect-src 'self' ${ours}`,
    "object-src 'none'",
  ].join('; ');
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused by the partner's policy: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  // The partner's own server (on loopback like ours: Chromium refuses a public page's requests to
  // loopback): its page, the snippet of the README, and its own data; nothing else.
  const partnerRequests: string[] = [];
  const partnerServer = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://partner').pathname;
    partnerRequests.push(path);
    if (path === '/partner/') {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': policy,
      });
      return response.end(`<!doctype html><html lang="en"><head><title>Partner</title>
<meta property="csp-nonce" nonce="${nonce}">
<script type="module" nonce="${nonce}" src="${ours}/dist/elements/fin-network-graph.js"
  integrity="${integrity}" crossorigin="anonymous"></script></head>
<body><h1>Partner news</h1>
<fin-network-graph data-url="/data/links.json" main-emitent-id="${TEST_GRAPH_MAIN_ID}" title="Partner graph"
  export-file-name="partner-graph" export-title="${EXPORT_TITLE}"></fin-network-graph></body></html>`);
    }
    if (path === '/data/links.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return response.end(links);
    }
    // Browsers ask every site for it.
    response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
  });
  await new Promise<void>((done) => partnerServer.listen(0, '127.0.0.1', done));
  // Another host name and port than ours: another origin and another site.
  const partner = `http://localhost:${(partnerServer.address() as AddressInfo).port}`;
  expect(new URL(partner).origin).not.toBe(ours);
  try {
    const ourRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${ours}/`)) ourRequests.push(request);
    });

    await page.goto(`${partner}/partner/`);
    const graph = page.locator('fin-network-graph');
    // Drawn, and in English: the labels came from our API.
    await expect
      .poll(() =>
        graph.evaluate((el) =>
          Number(el.shadowRoot?.querySelector<HTMLElement>('.fin-ng')?.dataset.stabilized ?? 0),
        ),
      )
      .toBeGreaterThanOrEqual(1);
    await expect(graph.locator('canvas')).toHaveCount(1);
    const exportButton = graph.getByRole('button', { name: 'Export' });
    await exportButton.click();
    const downloading = page.waitForEvent('download');
    await graph.getByRole('menuitem', { name: 'PDF' }).click();
    const download = await downloading;
    const pdf = readPdf(await readFile((await download.path())!));
    expect(pdf.texts.join('')).toContain('Partner graph');
    expect(pdf.texts.join('')).toContain('关联公司');

    // The partner's origin was asked for its page and its data only.
    expect(partnerRequests.filter((path) => path !== '/favicon.ico').sort()).toEqual([
      '/data/links.json',
      '/partner/',
    ]);
    // Everything else from ours, each answered 200 (compressed for scripts), with CORS.
    const answers = await Promise.all(
      ourRequests.map(async (request) => {
        const response = await request.response();
        const headers = (await response?.allHeaders()) ?? {};
        return {
          path: new URL(request.url()).pathname,
          status: response?.status(),
          encoding: headers['content-encoding'] ?? 'identity',
          cors: headers['access-control-allow-origin'],
          cache: headers['cache-control'],
          credentials: headers['access-control-allow-credentials'],
          length: Number(headers['content-length'] ?? NaN),
        };
      }),
    );
    const paths = answers.map((answer) => answer.path);
    for (const expected of [
      /^\/dist\/elements\/fin-network-graph\.js$/,
      /^\/dist\/chunks\/runtime-[^/]+\.js$/,
      /^\/dist\/chunks\/vis-engine-[^/]+\.js$/,
      /^\/dist\/chunks\/export-[^/]+\.js$/,
      /^\/dist\/chunks\/pdf-[^/]+\.js$/,
      /^\/dist\/chunks\/notosans-sc-[^/]+\.js$/,
      /^\/api\/labels\/[^/]+\/$/,
    ])
      expect(
        paths.some((path) => expected.test(path)),
        String(expected),
      ).toBe(true);
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(200);
      if (!answer.path.startsWith('/dist/')) {
        // Our API names this page (on loopback: a partner outside production), never `*` with
        // credentials (dist-assets.test.ts covers the other cases).
        expect([answer.cors, answer.credentials], answer.path).toEqual([partner, 'true']);
        continue;
      }
      expect(answer.credentials, answer.path).toBeUndefined();
      expect(answer.cors, answer.path).toBe('*');
      // Compressed, but for the few files under 1 kB (tools/precompress.ts leaves them).
      if (answer.encoding === 'identity') expect(answer.length, answer.path).toBeLessThan(1024);
      else expect(answer.encoding, answer.path).toMatch(/^(br|gzip)$/);
      expect(answer.cache, answer.path).toBe(
        answer.path.startsWith('/dist/chunks/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    expect(errors).toEqual([]);
  } finally {
    await new Promise((done) => partnerServer.close(done));
  }
});
