import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChartResponse, checkTabPeriods, type MapPoint } from '../../src/contract/chart-widget.ts';
import { displayDateSeconds } from '../../src/contract/calendar.ts';
import { macaulayDuration } from '../server/shared/chart-responses.ts';
import {
  createTestApp,
  createTestDatabase,
  TEST_AS_OF,
  type TestDatabase,
} from '../server/shared/testing.ts';
import { buildPartnerApp, PARTNER_DATA_URLS } from './app.ts';

const MAIN = 'http://127.0.0.1:8080';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = createTestDatabase();
  app = await buildPartnerApp({ dbPath: database.dbPath, mainOrigin: MAIN });
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });

describe('partner data URL: price series', () => {
  const window = { periodId: null, beginDate: '01.06.2025', endDate: '30.06.2025' };

  it('answers the SPEC chart response: several labelled series, only the closes between the dates', async () => {
    const response = await post(PARTNER_DATA_URLS.prices, window);
    expect(response.statusCode).toBe(200);
    const chart = checkChartResponse(response.json(), 'chart');
    expect(chart.graph_type).toBe('line');
    expect(chart.measure).toBe('RUB');
    expect(chart.series.length).toBeGreaterThanOrEqual(3);
    const from = displayDateSeconds(window.beginDate)!;
    const to = displayDateSeconds(window.endDate)!;
    for (const series of chart.series) {
      expect(series.name).not.toBe('');
      expect(series.data.length).toBeGreaterThan(15); // June's trading days
      expect(series.data.every(([time]) => time >= from && time <= to)).toBe(true);
      expect(series.pageLink).toMatch(new RegExp(`^${MAIN}/stocks/[a-z]+/$`));
    }
    expect(chart.series[0]!.name).toBe('Sberbank');
    // The data table is the main series', date by date.
    expect(chart.data.map((p) => [p['date.numeric'], p.value])).toEqual(chart.series[0]!.data);
    expect(chart.data.at(-1)!.date).toBe('30.06.2025');
  });

  it('reads the dates, not the period id, and names the stocks in the asked language', async () => {
    const a = await post(PARTNER_DATA_URLS.prices, { ...window, periodId: 1 });
    const b = await post(PARTNER_DATA_URLS.prices, { ...window, periodId: 5 });
    expect(a.json()).toEqual(b.json());
    const wider = checkChartResponse(
      (await post(PARTNER_DATA_URLS.prices, { ...window, beginDate: '01.01.2025' })).json(),
      '',
    );
    expect(wider.series[0]!.data.length).toBeGreaterThan(a.json().series[0].data.length);
    const rus = checkChartResponse((await post(`${PARTNER_DATA_URLS.prices}?lang=rus`, window)).json(), '');
    expect(rus.series[0]!.name).toBe('Сбербанк');
    expect(rus.data[0]!.valueFmt).toContain(',');
  });

  it('answers no data (not an error) for dates before the demo data', async () => {
    const chart = checkChartResponse(
      (
        await post(PARTNER_DATA_URLS.prices, {
          periodId: null,
          beginDate: '01.01.1990',
          endDate: '31.12.1990',
        })
      ).json(),
      '',
    );
    expect(chart).toEqual({ graph_type: 'line', measure: 'RUB', data: [], series: [] });
  });

  it.each([
    [
      'a start after the end',
      { periodId: null, beginDate: '30.06.2025', endDate: '01.06.2025' },
      'beginDate is after endDate',
    ],
    [
      'a date in another format',
      { periodId: null, beginDate: '2025-06-01', endDate: '30.06.2025' },
      'beginDate: expected a date as DD.MM.YYYY',
    ],
    ['no body', undefined, 'expected an object'],
  ])('refuses %s with 400 and says why', async (_name, body, message) => {
    const response = await post(PARTNER_DATA_URLS.prices, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });
});

describe('partner data URL: bond map', () => {
  it('answers a map of every traded bond: yield against duration, each point named', async () => {
    const response = await post(PARTNER_DATA_URLS.bondMap, {
      periodId: 1,
      beginDate: '30.05.2025',
      endDate: '30.06.2025',
    });
    const chart = checkChartResponse(response.json(), 'chart');
    expect(chart.graph_type).toBe('map');
    expect(chart.measure).toBe('%');
    expect(chart.series.map((s) => s.field)).toEqual(['bonds_ofz', 'bonds_corporate']);
    const points = chart.series.flatMap((s) => s.data as MapPoint[]);
    // 29 demo bonds; two matured before the window (MTS 001P-03 in 2022, SBER15 in January 2025).
    expect(points).toHaveLength(27);
    expect(points.map((p) => p[2])).toContain('OFZ 26238');
    expect(points.map((p) => p[2])).not.toContain('MTS 001P-03');
    for (const [duration, yieldPercent, name] of points) {
      expect(name).not.toBe('');
      expect(duration).toBeGreaterThan(0);
      expect(duration).toBeLessThan(17); // OFZ 26238 matures in 2041
      expect(yieldPercent).toBeGreaterThan(0);
    }
    // The long bond has the longest duration: the map's x axis means something.
    const longest = points.reduce((a, b) => (b[0] > a[0] ? b : a));
    expect(['OFZ 26238', 'OFZ 26248', 'OFZ 26230', 'OFZ 26243']).toContain(longest[2]);
  });

  it('takes the yields of the window: an earlier window moves the points', async () => {
    const now = checkChartResponse(
      (
        await post(PARTNER_DATA_URLS.bondMap, {
          periodId: null,
          beginDate: '01.06.2025',
          endDate: '30.06.2025',
        })
      ).json(),
      '',
    );
    const then = checkChartResponse(
      (
        await post(PARTNER_DATA_URLS.bondMap, {
          periodId: null,
          beginDate: '01.06.2023',
          endDate: '30.06.2023',
        })
      ).json(),
      '',
    );
    expect(then.series[0]!.data).not.toEqual(now.series[0]!.data);
  });

  it('computes the Macaulay duration of a zero-coupon flow as its time to maturity', () => {
    expect(macaulayDuration('2025-01-01', 10, [], 1000, '2030-01-01')).toBeCloseTo(5, 2);
    // Coupons pull the duration below the maturity.
    const coupons = [1, 2, 3, 4, 5].map((y) => ({ date: `${2025 + y}-01-01`, amount: 100 }));
    expect(macaulayDuration('2025-01-01', 10, coupons, 1000, '2030-01-01')).toBeCloseTo(4.17, 1);
  });
});

describe('partner page', () => {
  it('is served under a strict CSP of its own: its nonce and our origin for scripts, no inline script', async () => {
    const response = await app.inject('/partner/');
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'nonce-${nonce}' ${MAIN}`);
    expect(policy).toContain(`connect-src 'self' ${MAIN}`);
    expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    // A fresh nonce per answer.
    const again = String((await app.inject('/partner/')).headers['content-security-policy']);
    expect(again).not.toBe(policy);
  });

  it('loads the element with one module script from our origin and draws two charts', async () => {
    const body = (await app.inject('/partner/')).body;
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([`<script type="module" src="${MAIN}/dist/elements/fin-chart.js">`]);
    const tags = [...body.matchAll(/<fin-chart\b[^>]*>/g)].map((m) => m[0]);
    expect(tags).toHaveLength(2);
    expect(tags[0]).toContain(`data-url="${PARTNER_DATA_URLS.prices}"`);
    expect(tags[1]).toContain(`data-url="${PARTNER_DATA_URLS.bondMap}"`);
    expect(body).toContain('Partner demo — synthetic data');
    // The periods are valid Tab period items, one active, ending on the demo's last day.
    const periods = checkTabPeriods(/periods='([^']*)'/.exec(tags[0]!)![1]!.replace(/&amp;/g, '&'));
    expect(periods.filter((p) => p.class === 'active').map((p) => p.ttl)).toEqual(['1Y']);
    expect(periods.every((p) => p.end_date === TEST_AS_OF.split('-').reverse().join('.'))).toBe(true);
  });

  it('shows the lines a partner copies as text: the same script and tags, escaped', async () => {
    const body = (await app.inject('/partner/?lang=deu')).body;
    const snippet = /<code id="embed-snippet">([\s\S]*?)<\/code>/.exec(body)![1]!;
    expect(snippet).not.toMatch(/<(script|fin-chart)/);
    const text = snippet
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(text.startsWith(`<script type="module" src="${MAIN}/dist/elements/fin-chart.js"></script>`)).toBe(
      true,
    );
    // What the page itself uses is what it shows.
    const pageTags = [...body.matchAll(/<fin-chart[\s\S]*?<\/fin-chart>/g)].map((m) => m[0]);
    for (const tag of pageTags) expect(text).toContain(tag.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    expect(text).toContain(`data-url="${PARTNER_DATA_URLS.bondMap}?lang=deu"`);
    expect(text).toContain('lang="deu"');
    expect(body).toContain('<html lang="de">');
  });
});

describe("partner page with the build's SRI hashes", () => {
  it("gives the script tag, and the snippet, the entry file's integrity hash from dist/sri.json", async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'fin-partner-dist-'));
    const hash = 'sha384-' + 'A'.repeat(64);
    const partner = await buildPartnerApp({ dbPath: database.dbPath, mainOrigin: MAIN, distDir });
    try {
      // No sri.json (a build without the CDN step): a plain tag.
      expect((await partner.inject('/partner/')).body).toContain(
        `src="${MAIN}/dist/elements/fin-chart.js"></script>`,
      );
      writeFileSync(join(distDir, 'sri.json'), JSON.stringify({ 'elements/fin-chart.js': hash }));
      const body = (await partner.inject('/partner/')).body;
      const tag = `<script type="module" src="${MAIN}/dist/elements/fin-chart.js" integrity="${hash}" crossorigin="anonymous"></script>`;
      expect(body).toContain(tag);
      expect(body).toContain(tag.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
      // A hash that is not one is not printed into the page.
      writeFileSync(
        join(distDir, 'sri.json'),
        JSON.stringify({ 'elements/fin-chart.js': '"><script>alert(1)</script>' }),
      );
      expect((await partner.inject('/partner/')).body).not.toContain('integrity=');
    } finally {
      await partner.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('main origin', () => {
  it('does not serve the partner page itself', async () => {
    const main = await createTestApp(database.dbPath);
    try {
      const response = await main.inject('/partner/');
      expect(response.body).not.toContain('<fin-chart');
    } finally {
      await main.close();
    }
  });
});
