/**
 * The stock and issuer pages bring their elements' first answers and labels along (issue 24):
 * `#fin-preload` holds, under the key the element builds for its call, exactly what the API
 * answers this visitor (masked alike), and `#fin-labels` the label modules of every element on the
 * page in its language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_REQUESTS_PATH,
  archiveWindowPath,
  holdersPath,
  leadersPath,
  priceDynamicsPath,
} from '../../src/contract/api-paths.ts';
import type { IssuerReportsPageData } from '../../src/contract/company.ts';
import { DEFAULT_PERIOD_ID, periodWindow } from '../../src/contract/period.ts';
import {
  LABELS_BLOCK_ID,
  PRELOAD_BLOCK_ID,
  preloadKey,
  type LabelsBlock,
} from '../../src/contract/preload.ts';
import type { MarketStockPageData } from '../../src/contract/stocks.ts';
import Fastify from 'fastify';
import { preloadAnswers } from './shared/preload.ts';
import { jsonBlock, startAudiences, type AudienceFixture, type Client } from './shared/testing.ts';

let fixture: AudienceFixture;
beforeAll(async () => {
  fixture = await startAudiences();
});
afterAll(() => fixture.close());

const AUDIENCES = ['anonymous', 'free', 'paid'] as const;

async function page(who: Client, url: string) {
  const response = await who.get(url);
  expect(response.statusCode).toBe(200);
  return {
    html: response.body,
    preload: jsonBlock(response.body, PRELOAD_BLOCK_ID) as Record<string, unknown>,
    labels: jsonBlock(response.body, LABELS_BLOCK_ID) as LabelsBlock,
  };
}

/** What the API answers this visitor for a preload key (the archive's POST key: its POST). */
async function apiAnswer(who: Client, key: string): Promise<unknown> {
  const url = new URL(key, 'http://x');
  if (url.pathname.endsWith('/createTableTradingFullInfo/')) {
    return (await who.post(url.pathname, Object.fromEntries(url.searchParams))).json();
  }
  const response = await who.get(key);
  expect(response.statusCode, key).toBe(200);
  return response.json();
}

/** Every `"field":value` pair of an answer with a fractional number (prices, report figures). */
function valuePairs(answer: unknown, into = new Set<string>()): Set<string> {
  if (answer && typeof answer === 'object')
    for (const [name, value] of Object.entries(answer)) {
      if (typeof value === 'number' && !Number.isInteger(value)) into.add(`${JSON.stringify(name)}:${value}`);
      else valuePairs(value, into);
    }
  return into;
}

/** The pairs of the paid visitor's answers that another visitor's answers do not have: paid values. */
function paidPairs(paid: unknown, other: unknown): string[] {
  const theirs = valuePairs(other);
  return [...valuePairs(paid)].filter((pair) => !theirs.has(pair));
}

/** A pair as a whole JSON member (`"a":2.5` is not in `"a":2.52`). */
const wholePair = (pair: string) => new RegExp(`${pair.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[,}\\]])`);

describe('the stock page', () => {
  it.each(AUDIENCES)('%s: its first calls are in the page as the API answers them', async (audience) => {
    const who = fixture[audience];
    const { preload } = await page(who, '/stocks/sber/?lang=eng');
    const data = (await who.get('/stocks/sber/?format=json')).json() as MarketStockPageData;
    const window = periodWindow(DEFAULT_PERIOD_ID, data.excelDefaultEnd);
    // The keys the elements build (the client builds its paths with the same functions).
    expect(Object.keys(preload).sort()).toEqual(
      [
        preloadKey(priceDynamicsPath(data.stockId, data.groundId)),
        preloadKey(holdersPath(data.stockId)),
        preloadKey(leadersPath(data.branchId ?? 0, data.groundId, 1)),
        preloadKey(archiveWindowPath(data.stockId, data.groundId), {
          dateFrom: window.from,
          dateTo: window.to,
        }),
      ].sort(),
    );
    for (const [key, answer] of Object.entries(preload))
      expect(answer, key).toEqual(await apiAnswer(who, key));
  });

  it('the labels of every element on the page, in its language, as /api/labels/ gives them', async () => {
    const { labels } = await page(fixture.paid, '/stocks/sber/?lang=deu');
    expect(labels.lang).toBe('deu');
    // The page's elements', the shell's (search, hints, support, banners, messages) included.
    expect(Object.keys(labels.modules)).toEqual(
      expect.arrayContaining([
        'pd',
        'chart',
        'archive',
        'stock',
        'market',
        'widgets',
        'common',
        'search',
        'profile',
        'banners',
      ]),
    );
    for (const [module, texts] of Object.entries(labels.modules))
      expect(texts, module).toEqual((await fixture.paid.get(`/api/labels/${module}/?lang=deu`)).json());
    const keys = await page(fixture.paid, '/stocks/sber/?lang=deu&show_labels=1');
    expect(keys.labels.modules.pd).toEqual(
      (await fixture.paid.get('/api/labels/pd/?lang=deu&show_labels=1')).json(),
    );
    expect(Object.values(keys.labels.modules.pd ?? {})[0]).toMatch(/^pd:/);
  });

  it.each(['anonymous', 'free'] as const)('%s: no paid value in the page HTML', async (audience) => {
    const paid = await page(fixture.paid, '/stocks/sber/?lang=eng');
    const other = await page(fixture[audience], '/stocks/sber/?lang=eng');
    const pairs = paidPairs(paid.preload, other.preload);
    expect(pairs.length, 'the paid answers hold values the others do not get').toBeGreaterThan(0);
    for (const pair of pairs) expect(other.html).not.toMatch(wholePair(pair));
  });
});

describe('the issuer page', () => {
  it.each(AUDIENCES)(
    "%s: its blocks' first calls are in the page as the API answers them",
    async (audience) => {
      const who = fixture[audience];
      const { preload, labels } = await page(who, '/company/1/?lang=eng');
      const data = (await who.get('/company/1/?format=json')).json() as IssuerReportsPageData;
      const ifrs = data.reports.find((tab) => tab.apiUrl === 'msfo')!;
      const period = {
        reportPeriod: data.defaultReportPeriod,
        from: data.exportDefaultFrom,
        to: data.exportDefaultTo,
      };
      // The keys the sections build from the page data.
      expect(Object.keys(preload)).toEqual(
        expect.arrayContaining([
          preloadKey(ifrs.url, period),
          preloadKey(data.apiUrls.multipliers),
          preloadKey(data.apiUrls.reportFmpLatest),
          preloadKey(data.apiUrls.consensus),
          preloadKey(data.apiUrls.comments, { lang: 'eng' }),
          preloadKey(data.graph!.dataUrl),
        ]),
      );
      for (const [key, answer] of Object.entries(preload))
        expect(answer, key).toEqual(await apiAnswer(who, key));
      expect(Object.keys(labels.modules)).toEqual(
        expect.arrayContaining(['issuer', 'stock', 'widgets', 'chart', 'archive']),
      );
    },
  );

  it.each(['anonymous', 'free'] as const)('%s: no paid value in the page HTML', async (audience) => {
    const paid = await page(fixture.paid, '/company/1/?lang=eng');
    const other = await page(fixture[audience], '/company/1/?lang=eng');
    const pairs = paidPairs(paid.preload, other.preload);
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(other.html).not.toMatch(wholePair(pair));
  });
});

it('?preload=0 gives the page as a template without the preload: no answers and no labels in it', async () => {
  for (const url of ['/stocks/sber/?preload=0', '/company/1/?preload=0']) {
    const html = (await fixture.paid.get(url)).body;
    expect(html).not.toContain(`id="${PRELOAD_BLOCK_ID}"`);
    expect(html).not.toContain(`id="${LABELS_BLOCK_ID}"`);
  }
});

describe('the access levels page', () => {
  it.each(['free', 'paid'] as const)(
    '%s: the access requests block has its answer in the page, as the API answers it',
    async (audience) => {
      const who = fixture[audience];
      const html = (await who.get('/profile/access/?lang=eng')).body;
      const preload = jsonBlock(html, PRELOAD_BLOCK_ID) as Record<string, unknown>;
      const key = preloadKey(ACCESS_REQUESTS_PATH);
      expect(Object.keys(preload)).toEqual([key]);
      expect(preload[key]).toEqual(await apiAnswer(who, key));
    },
  );

  it.each(AUDIENCES)('%s: the labels of the block (and the shell) come with the page', async (audience) => {
    const html = (await fixture[audience].get('/profile/access/?lang=deu')).body;
    const labels = jsonBlock(html, LABELS_BLOCK_ID) as LabelsBlock;
    expect(labels.lang).toBe('deu');
    expect(Object.keys(labels.modules)).toEqual(expect.arrayContaining(['profile', 'auth', 'common']));
    for (const module of ['profile', 'auth', 'common'])
      expect(labels.modules[module], module).toEqual(
        (await fixture[audience].get(`/api/labels/${module}/?lang=deu`)).json(),
      );
  });

  it('anonymous: no answer to preload (the block asks to sign in); ?preload=0: neither block', async () => {
    expect((await fixture.anonymous.get('/profile/access/?lang=eng')).body).not.toContain(
      `id="${PRELOAD_BLOCK_ID}"`,
    );
    const plain = (await fixture.paid.get('/profile/access/?lang=eng&preload=0')).body;
    expect(plain).not.toContain(`id="${PRELOAD_BLOCK_ID}"`);
    expect(plain).not.toContain(`id="${LABELS_BLOCK_ID}"`);
  });
});

describe('preloadAnswers', () => {
  it("asks a call's next one when its answer has no rows, as the element opens its next tab", async () => {
    // Nothing rose and nothing fell: the element goes on to the capitalisation.
    const rows: Record<string, unknown[]> = { '1': [], '2': [], '3': [{ name: 'Giant' }] };
    const app = Fastify();
    const asked: string[] = [];
    app.get<{ Params: { type: string } }>('/api/t/:type/', async (request) => {
      asked.push(request.url);
      return { data: rows[request.params.type] };
    });
    const chain = { path: '/api/t/1/', ifEmpty: { path: '/api/t/2/', ifEmpty: { path: '/api/t/3/' } } };
    const request = { headers: {} } as Parameters<typeof preloadAnswers>[1];
    expect(await preloadAnswers(app, request, 'eng', [chain])).toEqual({
      '/api/t/1/': { data: [] },
      '/api/t/2/': { data: [] },
      '/api/t/3/': { data: [{ name: 'Giant' }] },
    });
    // The first answer with rows ends the chain.
    rows['1'] = [{ name: 'Riser' }];
    asked.length = 0;
    expect(Object.keys(await preloadAnswers(app, request, 'eng', [chain]))).toEqual(['/api/t/1/']);
    expect(asked).toEqual(['/api/t/1/?lang=eng']);
    await app.close();
  });
});
