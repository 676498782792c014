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
import { expect, test, type Page, type Request } from '@playwright/test';
import { TEST_GRAPH_MAIN_ID, testGraphLinks } from '../server/company/network-graph.test-pages.ts';
import { watchErrors } from '../testing/stock-page.ts';
import { readPdf } from '../../src/widgets/export/testing/pdf-text.ts';

// A Chinese title: the PDF then needs the CJK font, the largest lazy chunk.
const EXPORT_TITLE = 'Partner graph 关联公司';

// The partner's own server, on loopback like ours (Chromium refuses a public page's requests to
// loopback): the pages a test puts up (the README's snippet) and the partner's own data; nothing else.
const partnerPages = new Map<string, { html: string; policy: string }>();
const partnerRequests: string[] = [];
const partnerServer = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://partner').pathname;
  partnerRequests.push(path);
  const page = partnerPages.get(path);
  if (page) {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': page.policy,
    });
    return response.end(page.html);
  }
  if (path === '/data/links.json') {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    return response.end(JSON.stringify(testGraphLinks(12)));
  }
  // Browsers ask every site for it.
  response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
});
let partner = '';

test.beforeAll(async () => {
  await new Promise<void>((done) => partnerServer.listen(0, '127.0.0.1', done));
  // Another host name and port than ours: another origin and another site.
  partner = `http://localhost:${(partnerServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((done) => partnerServer.close(done));
});
test.beforeEach(() => {
  partnerRequests.length = 0;
});

/** The partner's pages report their policy's violations as console errors (watchErrors sees them). */
async function reportViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused by the partner's policy: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** The partner's data URL and the graph's names (English, from our labels API: the Export button). */
const GRAPH_TAG = `<fin-network-graph data-url="/data/links.json" main-emitent-id="${TEST_GRAPH_MAIN_ID}" title="Partner graph"
  export-file-name="partner-graph" export-title="${EXPORT_TITLE}"></fin-network-graph>`;

async function drawn(page: Page): Promise<void> {
  const graph = page.locator('fin-network-graph');
  await expect
    .poll(() =>
      graph.evaluate((el) =>
        Number(el.shadowRoot?.querySelector<HTMLElement>('.fin-ng')?.dataset.stabilized ?? 0),
      ),
    )
    .toBeGreaterThanOrEqual(1);
  await expect(graph.locator('canvas')).toHaveCount(1);
}

async function exportPdf(page: Page): Promise<string> {
  const graph = page.locator('fin-network-graph');
  await graph.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await graph.getByRole('menuitem', { name: 'PDF' }).click();
  const download = await downloading;
  return readPdf(await readFile((await download.path())!)).texts.join('');
}

test('a partner page on another origin imports an element from /dist/ under its own CSP and SRI: every chunk, the PDF maker and its fonts come from our origin', async ({
  page,
  baseURL,
}) => {
  const ours = new URL(baseURL!).origin;
  expect(new URL(partner).origin).not.toBe(ours);
  const errors = watchErrors(page, /fin-|Failed|CORS|blocked|Refused/i);
  // The entry's hash as the build wrote it, for the tag's `integrity`.
  const sri = (await (await page.request.get('/dist/sri.json')).json()) as Record<string, string>;
  const integrity = sri['elements/fin-network-graph.js'];
  expect(integrity).toMatch(/^sha384-/);
  // The README's policy for a partner page: our origin for scripts and calls, styles by nonce only.
  const nonce = 'partner-nonce-1';
  partnerPages.set('/partner/', {
    policy: [
      "default-src 'self'",
      `script-src ${ours} 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      `connect-src 'self' ${ours}`,
      "object-src 'none'",
    ].join('; '),
    html: `<!doctype html><html lang="en"><head><title>Partner</title>
<meta property="csp-nonce" nonce="${nonce}">
<script type="module" nonce="${nonce}" src="${ours}/dist/elements/fin-network-graph.js"
  integrity="${integrity}" crossorigin="anonymous"></script></head>
<body><h1>Partner news</h1>${GRAPH_TAG}</body></html>`,
  });
  await reportViolations(page);
  const ourRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${ours}/`)) ourRequests.push(request);
  });

  await page.goto(`${partner}/partner/`);
  // Drawn, and in English (the Export button): the labels came from our API.
  await drawn(page);
  const pdf = await exportPdf(page);
  expect(pdf).toContain('Partner graph');
  expect(pdf).toContain('关联公司');

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
});

test('the legacy classic script from our origin works on a partner page too: labels from our API, the PDF maker from our /dist/', async ({
  page,
  baseURL,
}) => {
  const ours = new URL(baseURL!).origin;
  const errors = watchErrors(page, /fin-|Failed|CORS|blocked|Refused/i);
  partnerPages.set('/legacy/', {
    policy: [
      "default-src 'self'",
      `script-src ${ours}`,
      "style-src 'self'",
      `connect-src 'self' ${ours}`,
      "object-src 'none'",
    ].join('; '),
    html: `<!doctype html><html lang="en"><head><title>Partner, no modules</title></head>
<body><h1>Partner news</h1>${GRAPH_TAG}
<script src="${ours}/dist/fin-elements.legacy.js" crossorigin="anonymous"></script></body></html>`,
  });
  await reportViolations(page);
  const fromOurs: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${ours}/`))
      fromOurs.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${partner}/legacy/`);
  await drawn(page);
  expect(await exportPdf(page)).toContain('Partner graph');
  expect(fromOurs).toContain('200 /dist/fin-elements.legacy.js');
  expect(fromOurs.some((line) => /^200 \/api\/labels\/[^/]+\/$/.test(line))).toBe(true);
  expect(fromOurs.some((line) => /^200 \/dist\/chunks\/pdf-[^/]+\.js$/.test(line))).toBe(true);
  expect(fromOurs.filter((line) => !line.startsWith('200 '))).toEqual([]);
  expect(partnerRequests.filter((path) => path !== '/favicon.ico').sort()).toEqual([
    '/data/links.json',
    '/legacy/',
  ]);
  expect(errors).toEqual([]);
});
