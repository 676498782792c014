/**
 * The server renderer and the render endpoint for legacy servers (issue 24 item 3): refusals with
 * a clear 4xx, the size limit, no use of the caller's cookies, and nothing of one render left for
 * the next (another visitor, another language).
 */
import type { FastifyInstance } from 'fastify';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as renderer from './server.tsx';
import {
  client,
  createTestApp,
  createTestDatabase,
  PAID_PHONE,
  signIn,
  type Client,
  type TestDatabase,
} from '../demo-pages/server/shared/testing.ts';
import { RENDER_BODY_LIMIT_BYTES, RENDER_PATH } from '../demo-pages/server/render/render.routes.ts';
import { leadersPath } from '../src/contract/api-paths.ts';
import { leaderRows, leadersAnswer } from '../demo-pages/testing/stock-page.ts';
import { preloadKey } from '../src/contract/preload.ts';
import type { CompanyCommentsAnswer } from '../src/contract/company.ts';

let database: TestDatabase;
let app: FastifyInstance;
let paid: Client;
let paidData: unknown;
let anonymousData: unknown;
let issuerData: { apiUrls: { comments: string } };
/** The issuer's analytics comments as the comments call answers an anonymous visitor. */
let issuerComments: CompanyCommentsAnswer;

beforeAll(async () => {
  database = createTestDatabase();
  app = await createTestApp(database.dbPath, { renderer });
  paid = await signIn(app, PAID_PHONE);
  paidData = (await paid.get('/stocks/sber/?format=json')).json();
  anonymousData = (await client(app).get('/stocks/sber/?format=json')).json();
  issuerData = (await client(app).get('/company/1/?format=json')).json();
  issuerComments = (await client(app).get(`${issuerData.apiUrls.comments}?lang=eng`)).json();
});
afterAll(async () => {
  await app.close();
  database.cleanup();
});

/** A server's call: no cookie, no CSRF token (the endpoint needs neither). */
const render = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: RENDER_PATH, payload: body as object, headers });

/** The fragment's text without its styles, with the entities React writes read back. */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('POST /api/render/', () => {
  it('answers the element with its declarative shadow root, cacheable, from the body alone', async () => {
    const body = {
      tag: 'fin-exchange-table',
      lang: 'eng',
      pageData: anonymousData,
      nonce: 'bm9uY2Utb2YtcGFnZQ==',
    };
    const response = await render(body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toMatch(/^<fin-exchange-table><template shadowrootmode="open">/);
    // (Unit tests import CSS as nothing; the nonce on the styles is proven by the strict-CSP gate.)
    expect(textOf(response.body)).toContain('Trading by exchange');
    // The paid visitor's cookies change nothing: the fragment depends on the body only.
    const withCookies = await render(body, paid.jar.header());
    expect(withCookies.body).toBe(response.body);
    expect(textOf(response.body)).toContain('***');
  });

  it('refuses an unknown tag, a bad language, a bad attribute and an oversized body with a clear 4xx', async () => {
    const chart = await render({ tag: 'fin-stock-chart', lang: 'eng' });
    expect(chart.statusCode).toBe(400);
    expect(chart.json().error).toContain('<fin-stock-chart> is not rendered on the server');
    const lang = await render({ tag: 'fin-holders', lang: 'xx' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().error).toContain('Unknown language "xx"');
    expect((await render({ tag: 'fin-holders', lang: 'eng', attributes: { 'on"x': '1' } })).statusCode).toBe(
      400,
    );
    expect((await render({ tag: '<script>', lang: 'eng' })).statusCode).toBe(400);
    expect((await render({ tag: 'fin-holders', lang: 'eng', user: { userAuth: 'yes' } })).statusCode).toBe(
      400,
    );
    const big = await render({
      tag: 'fin-holders',
      lang: 'eng',
      pageData: { pad: 'x'.repeat(RENDER_BODY_LIMIT_BYTES) },
    });
    expect(big.statusCode).toBe(413);
  });

  it("follows the visitor's hints choice: the terms' hints shown by default and with true, none with false", async () => {
    const body = { tag: 'fin-exchange-table', lang: 'eng', pageData: anonymousData };
    const hintButtons = (html: string) => html.match(/data-term-hint/g)?.length ?? 0;
    const byDefault = await render(body);
    expect(byDefault.statusCode).toBe(200);
    expect(hintButtons(byDefault.body)).toBeGreaterThan(0);
    expect((await render({ ...body, hints: true })).body).toBe(byDefault.body);
    const off = await render({ ...body, hints: false });
    expect(off.statusCode).toBe(200);
    expect(hintButtons(off.body)).toBe(0);
    expect(textOf(off.body)).toContain('Trading by exchange');
    for (const hints of ['false', 0, null, 'yes']) {
      const refused = await render({ ...body, hints });
      expect(refused.statusCode, JSON.stringify(hints)).toBe(400);
      expect(refused.json().error, JSON.stringify(hints)).toContain('hints');
    }
  });

  it('leaves nothing of one render for the next: another visitor, another language', async () => {
    const anonymousGerman = { tag: 'fin-exchange-table', lang: 'deu', pageData: anonymousData };
    const first = (await render(anonymousGerman)).body;
    const paidEnglish = (
      await render({
        tag: 'fin-exchange-table',
        lang: 'eng',
        pageData: paidData,
        user: { userAuth: true, userId: 2, userAccessLevel: 1077, userTariffs: [677] },
      })
    ).body;
    expect(textOf(paidEnglish)).toContain('Last price');
    expect(textOf(paidEnglish)).not.toContain('***');
    expect((await render(anonymousGerman)).body).toBe(first);
    expect(textOf(first)).toContain('***');
    expect(textOf(first)).toContain('Letzter Kurs');
  });
});

describe('the issuer page', () => {
  it("paints each reports section's view with its preloaded data, not its loading line", async () => {
    const page = (await app.inject({ method: 'GET', url: '/company/1/?lang=eng' })).body;
    const sections = Object.fromEntries(
      [...page.matchAll(/<fin-issuer-reports sections="(\w+)"[^>]*>(<template[\s\S]*?<\/template>)/g)].map(
        ([, section, root]) => [section, textOf(root!)],
      ),
    );
    expect(Object.keys(sections)).toEqual(
      expect.arrayContaining(['ifrs', 'ras', 'multipliers', 'comments', 'quarterly']),
    );
    expect(sections.ifrs).toMatch(/Total assets -?\d[\d\s\u00a0]*\.\d/);
    expect(sections.multipliers).toContain('Market capitalisation');
    // The analytics comments with their titles and content, as the comments call answers them.
    expect(issuerComments.items.length).toBeGreaterThan(0);
    for (const comment of issuerComments.items) {
      expect(sections.comments).toContain(comment.title);
      expect(sections.comments).toContain(
        textOf(comment.content.replace(/<script[\s\S]*?<\/script>/g, ''))
          .trim()
          .slice(0, 30),
      );
    }
    for (const [section, text] of Object.entries(sections)) expect(text, section).not.toContain('Loading');
  });
});

describe('renderElement', () => {
  it('paints the leaders a day when nothing rose on their next tab, from its preloaded answer', async () => {
    const { branchId, groundId } = anonymousData as { branchId: number; groundId: number };
    const html = (
      await render({
        tag: 'fin-leaders',
        lang: 'eng',
        pageData: anonymousData,
        preload: {
          [leadersPath(branchId, groundId, 1)]: leadersAnswer([]),
          [leadersPath(branchId, groundId, 2)]: leadersAnswer(leaderRows('Faller', 1)),
        },
      })
    ).body;
    expect(html).toMatch(/aria-selected="true"[^>]*>Top losers</);
    expect(textOf(html)).toContain('Faller 1');
    expect(textOf(html)).not.toContain('No stock of the sector');
    // Without the losers' answer (a template that passes the first tab's only), the losers' tab
    // is loading, which the browser then does: not the gainers' empty rows under the losers' text.
    const without = (
      await render({
        tag: 'fin-leaders',
        lang: 'eng',
        pageData: anonymousData,
        preload: { [leadersPath(branchId, groundId, 1)]: leadersAnswer([]) },
      })
    ).body;
    expect(without).toMatch(/aria-selected="true"[^>]*>Top losers</);
    expect(without).toContain('aria-busy="true"');
    expect(textOf(without)).not.toContain('No stock of the sector');
  });

  it("sanitizes a provider's comment HTML as the browser does: its formatting as elements, nothing that runs", async () => {
    const comment = {
      ...issuerComments.items[0]!,
      title: '<b>Title</b> as text',
      content:
        '<p onclick="alert(1)">Revenue <b>+12%</b></p><script>window.pwned = 1</script>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad link</a>' +
        '<ul><li><a href="https://example.com/model">model</a></li></ul><style>p{}</style><svg onload="alert(4)"></svg>',
    };
    const html = (
      await render({
        tag: 'fin-issuer-reports',
        lang: 'eng',
        attributes: { sections: 'comments' },
        pageData: issuerData,
        preload: { [preloadKey(issuerData.apiUrls.comments, { lang: 'eng' })]: { items: [comment] } },
      })
    ).body;
    const content = /<div[^>]*class="irc-content"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
    // The link with a script URL keeps its text and loses its address; the other opens safely.
    expect(content).toBe(
      '<p>Revenue <b>+12%</b></p><a>bad link</a><ul><li>' +
        '<a href="https://example.com/model" target="_blank" rel="noopener noreferrer nofollow">model</a></li></ul>',
    );
    expect(html).toContain('&lt;b&gt;Title&lt;/b&gt; as text');
    expect(html).not.toMatch(/<script|<img|<svg[^>]*onload|onerror|onclick|javascript:|pwned/);
  });

  it('writes hostile page data as text in the HTML', async () => {
    const payload = '<img src=x onerror="alert(1)">';
    const hostile = JSON.parse(
      JSON.stringify(anonymousData).replaceAll('Московская биржа', JSON.stringify(payload).slice(1, -1)),
    ) as unknown;
    const html = (await render({ tag: 'fin-exchange-table', lang: 'eng', pageData: hostile })).body;
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img');
  });

  it('escapes the attributes it writes and refuses a tag it does not render', () => {
    const html = renderer.renderElement({
      tag: 'fin-related-list',
      lang: 'eng',
      attributes: { kind: 'stocks"><script>alert(1)</script>' },
    });
    expect(
      html.startsWith('<fin-related-list kind="stocks&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">'),
    ).toBe(true);
    expect(() => renderer.renderElement({ tag: 'fin-chart', lang: 'eng' })).toThrow(renderer.RenderError);
  });

  it('renders stock and issuer pages one after the other without a page-data warning', () => {
    // Each page rereads every block store the process has; a store of the other page's kind
    // (the issuer reports on a stock page) fails there, quietly, also once its last element has
    // unmounted it (a second between two visitors' pages).
    const stock = {
      tag: 'fin-exchange-table',
      lang: 'eng' as const,
      blocks: { 'fin-page-data': anonymousData },
    };
    const issuer = {
      tag: 'fin-issuer-reports',
      lang: 'eng' as const,
      attributes: { sections: 'ifrs' },
      blocks: { 'fin-page-data': issuerData },
    };
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const request of [stock, issuer, stock, issuer]) {
        renderer.renderElement(request);
        vi.advanceTimersByTime(STORE_UNMOUNT_DELAY + 1);
      }
      expect(errors.mock.calls.flat().join('\n')).not.toContain('fin-page-data');
    } finally {
      errors.mockRestore();
      vi.useRealTimers();
    }
  });
});
