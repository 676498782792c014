/**
 * The stock page contract of the stock-page elements: what the page data gives each session
 * (the dividend history beyond five rows only to paid sessions) and how the page is laid out
 * (sections with headings in page order, the left menu beside them, empty lists left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketStockPageData } from '../../../src/contract/stocks.ts';
import { DIVIDENDS_LIMIT } from '../../../src/contract/tables.ts';
import { STOCK_MENU_SECTIONS } from '../../../src/contract/page-sections.ts';
import { LANGUAGES } from '../../../src/contract/types.ts';
import { LABELS } from '../../data/labels.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { STOCK_PAGE_SECTIONS, sectionTitleKey } from './stock.template.ts';
import { jsonBlock, startAudiences, type AudienceFixture, type Client } from '../shared/testing.ts';
import { SPEC_STOCK_MENU_ORDER } from '../../testing/spec-sections.ts';

let fixture: AudienceFixture;

beforeAll(async () => {
  // A stock with a two-record history (the generator's payers all have long ones).
  fixture = await startAudiences({
    prepare: (db) => {
      const insert = db.prepare(
        `INSERT INTO dividends (stock_id, year, period_name, period_name_eng, summ, currency, announcement_date,
           last_date_of_purchase, date_of_ex_dividend, date_of_close_list_dividends, payment_date)
         VALUES (?, ?, 'за год', 'for the year', 1.25, 'USD', ?, ?, ?, ?, ?)`,
      );
      for (const year of [2023, 2024]) {
        insert.run(
          DEMO_STOCKS.groundTwoOnly,
          year,
          `${year + 1}-01-10`,
          `${year + 1}-02-09`,
          `${year + 1}-02-10`,
          `${year + 1}-02-10`,
          `${year + 1}-02-24`,
        );
      }
    },
  });
});

afterAll(async () => {
  await fixture.close();
});

async function pageData(who: Client, path = '/stocks/sber/'): Promise<MarketStockPageData> {
  const response = await who.get(`${path}?format=json`);
  expect(response.statusCode).toBe(200);
  return response.json() as MarketStockPageData;
}

/** The ids of the page's `<section>`s, in page order. */
const sectionIds = (body: string) => [...body.matchAll(/<section id="([^"]+)"/g)].map((match) => match[1]);

describe('dividends in the stock page data', () => {
  it('gives paid sessions the whole history', async () => {
    const count = (
      fixture.db.prepare('SELECT COUNT(*) AS n FROM dividends WHERE stock_id = ?').get(DEMO_STOCKS.sber) as {
        n: number;
      }
    ).n;
    expect(count).toBeGreaterThan(DIVIDENDS_LIMIT);
    const { dividendsTable } = await pageData(fixture.paid);
    expect(dividendsTable.data).toHaveLength(count);
    expect(dividendsTable.total).toBeUndefined();
  });

  for (const audience of ['anonymous', 'free'] as const) {
    it(`${audience}: sends only the five newest records and how many there are, in the JSON and the page`, async () => {
      const paid = await pageData(fixture.paid);
      const data = await pageData(fixture[audience]);
      expect(data.dividendsTable.data).toEqual(paid.dividendsTable.data.slice(0, DIVIDENDS_LIMIT));
      expect(data.dividendsTable.total).toBe(paid.dividendsTable.data.length);
      // The nearest (upcoming) dividend is the newest record, so it is among the five.
      expect(data.nearestDividend).toEqual(paid.nearestDividend);
      expect(data.dividendsTable.data[0]).toEqual(data.nearestDividend);

      const injected = jsonBlock((await fixture[audience].get('/stocks/sber/')).body, 'fin-page-data') as
        MarketStockPageData | undefined;
      expect(injected?.dividendsTable).toEqual(data.dividendsTable);
    });
  }

  it('sends a short history whole to everyone, without a total', async () => {
    const data = await pageData(fixture.anonymous, '/stocks/aapl/');
    expect(data.dividendsTable.data.map((row) => row.year)).toEqual([2024, 2023]);
    expect(data.dividendsTable.total).toBeUndefined();
  });
});

describe('dividend period names', () => {
  it('come in the page language, in the table and the nearest dividend', async () => {
    for (const lang of LANGUAGES) {
      const data = (
        await fixture.paid.get(`/stocks/sber/?format=json&lang=${lang}`)
      ).json() as MarketStockPageData;
      const expected = (row: Record<string, unknown>) =>
        LABELS.stock!.dividend_period_year![lang].replace('{year}', String(row.year));
      expect(data.dividendsTable.data.length).toBeGreaterThan(0);
      for (const row of data.dividendsTable.data) expect(row.dividends_periods_name).toBe(expected(row));
      expect(data.nearestDividend?.dividends_periods_name).toBe(expected(data.nearestDividend!));
    }
  });
});

describe('intraday availability in the stock page data', () => {
  it('says whether the stock has intraday bars on the ground of the page (the chart hides Today up front)', async () => {
    expect((await pageData(fixture.anonymous, '/stocks/sber/')).intradayAvailable).toBe(true);
    // The same stock on ground 2, and a ground-1 stock without an intraday feed.
    expect((await pageData(fixture.anonymous, '/stocks/sber/2/')).intradayAvailable).toBe(false);
    expect((await pageData(fixture.anonymous, '/stocks/dias/')).intradayAvailable).toBe(false);
    expect(
      fixture.db
        .prepare('SELECT COUNT(*) AS n FROM intraday_bars WHERE stock_id = ?')
        .get(DEMO_STOCKS.withoutIntraday),
    ).toEqual({ n: 0 });
  });
});

describe('the stock page layout', () => {
  it('puts each element in its section, in SPEC order, with the left menu beside them', async () => {
    const body = (await fixture.anonymous.get('/stocks/sber/?lang=eng')).body;
    const ids = sectionIds(body);
    // The price dynamics above the chart (SPEC §1 "price dynamics, price chart…"), the exchange
    // table right after it, then the menu's sections in SPEC §2's order (holders after indexes).
    expect(ids).toEqual([
      'price_dynamics',
      'graph',
      'exchange',
      'dividends',
      'other_stocks',
      'other_bonds',
      'indexes',
      'holders',
      'growing_leaders',
    ]);
    const menuSections = ids.filter((id) => id !== 'price_dynamics' && id !== 'exchange');
    expect(menuSections).toEqual(SPEC_STOCK_MENU_ORDER.filter((id) => menuSections.includes(id)));
    // Every section the page can have, not only sber's, keeps that order.
    expect(STOCK_PAGE_SECTIONS.filter((id) => id !== 'price_dynamics' && id !== 'exchange')).toEqual(
      SPEC_STOCK_MENU_ORDER.filter((id) => (STOCK_PAGE_SECTIONS as readonly string[]).includes(id)),
    );
    expect(STOCK_MENU_SECTIONS).toEqual(SPEC_STOCK_MENU_ORDER);
    const section = (id: string) =>
      new RegExp(`<section id="${id}"[^>]*>([\\s\\S]*?)</section>`).exec(body)?.[1] ?? '';
    expect(section('dividends')).toContain('<h2 id="dividends-title">Dividends</h2>');
    expect(section('dividends')).toContain('<fin-dividends-table></fin-dividends-table>');
    expect(section('exchange')).toContain('<h2 id="exchange-title">Trading by exchange</h2>');
    expect(section('exchange')).toContain('<fin-exchange-table></fin-exchange-table>');
    expect(section('other_bonds')).toContain('<fin-related-list kind="bonds"></fin-related-list>');
    expect(section('indexes')).toContain('<fin-related-list kind="indexes"></fin-related-list>');
    expect(section('growing_leaders')).toContain('<fin-leaders></fin-leaders>');
    expect(section('holders')).toContain('<fin-holders></fin-holders>');
    expect(body).toMatch(/<aside class="stock-aside">\s*<fin-left-menu><\/fin-left-menu>\s*<\/aside>/);
    for (const tag of [
      'left-menu',
      'dividends-table',
      'exchange-table',
      'leaders',
      'holders',
      'related-list',
    ]) {
      expect(body).toContain(`<script type="module" src="/dist/elements/fin-${tag}.js"></script>`);
    }
    // One script per element kind, however many instances.
    expect(body.match(/fin-related-list\.js"><\/script>/g)).toHaveLength(1);
  });

  it('keeps <nav> for navigation only, each named: the related lists are lists in their sections', async () => {
    const body = (await fixture.anonymous.get('/stocks/sber/?lang=eng')).body;
    const navs = [...body.matchAll(/<nav\b([^>]*)>/g)].map((match) => match[1]!);
    // The main menu and the language switch (<fin-menu>'s plain links for visitors without scripts),
    // the breadcrumb and the grounds (the left menu's <nav> is in its shadow root).
    expect(navs.map((attributes) => /aria-label="([^"]+)"/.exec(attributes)?.[1])).toEqual([
      'Main menu',
      'Language',
      'Breadcrumb',
      'Trading grounds',
    ]);
    for (const kind of ['bonds', 'indexes']) {
      const section =
        /<section id="([^"]+)"[^>]*aria-labelledby="([^"]+)"[^>]*>((?:(?!<\/section>)[\s\S])*)<\/section>/g;
      const holder = [...body.matchAll(section)].find((match) =>
        match[3]!.includes(`<fin-related-list kind="${kind}">`),
      );
      expect(holder, kind).toBeDefined();
      expect(holder![3]).toContain(`<h2 id="${holder![2]}">`);
    }
  });

  it('heads the leaders for all three tabs: the sector, or the market for a stock without one', async () => {
    const body = (await fixture.anonymous.get('/stocks/sber/?lang=eng')).body;
    expect(body).toContain('<h2 id="growing_leaders-title">Sector leaders</h2>');
    const data = await pageData(fixture.anonymous);
    expect(sectionTitleKey('growing_leaders', data)).toBe('stock:menu_growing_leaders');
    expect(sectionTitleKey('growing_leaders', { ...data, branchId: null } as MarketStockPageData)).toBe(
      'stock:leaders_caption',
    );
  });

  it('leaves out the sections of lists the stock does not have', async () => {
    const data = await pageData(fixture.anonymous);
    const body = (await fixture.anonymous.get('/stocks/sber/')).body;
    expect(sectionIds(body).includes('other_stocks')).toBe(data.emitentSharesStocksList.length > 0);
    const lonely = fixture.db
      .prepare(
        `SELECT s.string_id FROM stocks s
         WHERE NOT EXISTS (SELECT 1 FROM stocks o WHERE o.emitent_id = s.emitent_id AND o.id <> s.id)
           AND NOT EXISTS (SELECT 1 FROM dividends d WHERE d.stock_id = s.id) LIMIT 1`,
      )
      .get() as { string_id: string };
    const lonelyBody = (await fixture.anonymous.get(`/stocks/${lonely.string_id}/`)).body;
    expect(sectionIds(lonelyBody)).not.toContain('other_stocks');
    expect(sectionIds(lonelyBody)).not.toContain('dividends');
    expect(lonelyBody).not.toContain('<fin-dividends-table>');
  });

  it('heads every menu section in all ten languages', () => {
    for (const id of [...STOCK_MENU_SECTIONS, 'title']) {
      const label = LABELS.stock?.[`menu_${id}`];
      expect(label, id).toBeDefined();
      for (const lang of LANGUAGES) expect(label?.[lang], `${id} ${lang}`).toMatch(/\S/);
    }
  });
});
