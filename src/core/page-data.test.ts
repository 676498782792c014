import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PageDataError,
  pageLang,
  readIssuerPageData,
  readStockPageBlock,
  readStockPageData,
  readUser,
} from './page-data.ts';
import { resetPageData, stockPageStore } from './stores/page.ts';

const validStock = {
  lang: 'eng',
  stockId: 12,
  groundId: '1',
  stringId: 'sber',
  stockInfo: { stock_full_name: 'Sberbank', splits: [] },
  tradingGrounds: [{ id: 1, text: 'Moscow Exchange' }],
};

function page(html: string): Document {
  document.documentElement.lang = '';
  document.body.innerHTML = html;
  return document;
}

function block(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json}</script>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  for (const name of ['userAuth', 'userAccessLevel', 'userTariffs', 'userId'])
    delete (globalThis as Record<string, unknown>)[name];
});

describe('readStockPageData', () => {
  it('reads a valid block, coercing ids printed as strings and filling optional fields', () => {
    page(block('fin-page-data', JSON.stringify(validStock)));
    const data = readStockPageData();
    expect(data.groundId).toBe(1);
    expect(data.stockInfo.stock_full_name).toBe('Sberbank');
    expect(data.exchangeTable).toEqual({ data: [], fields: [] });
    expect(data.excelExportAccess).toBe(false);
  });

  it('ignores an address field the link allow-list refuses, naming the field on the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      '\tjavascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      page(
        block('fin-page-data', JSON.stringify({ ...validStock, archiveExportLink: bad, tradingsLink: bad })),
      );
      const data = readStockPageData();
      expect(data.archiveExportLink, JSON.stringify(bad)).toBeUndefined();
      expect(data.tradingsLink).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('tradingsLink: expected a relative'));
      expect(warn).toHaveBeenLastCalledWith(
        expect.stringContaining('archiveExportLink: expected a relative'),
      );
    }
    page(
      block('fin-page-data', JSON.stringify({ ...validStock, archiveExportLink: '/export/?from=%from%' })),
    );
    expect(readStockPageData().archiveExportLink).toBe('/export/?from=%from%');
    warn.mockRestore();
  });

  it('names the field and what was expected when a field is wrong', () => {
    page(block('fin-page-data', JSON.stringify({ ...validStock, stockId: 'abc' })));
    expect(() => readStockPageData()).toThrow(
      new PageDataError('#fin-page-data', 'stockId: expected an integer, got "abc"'),
    );
  });

  it('names nested fields with their path', () => {
    page(block('fin-page-data', JSON.stringify({ ...validStock, tradingGrounds: [{ id: 1, text: 5 }] })));
    expect(() => readStockPageData()).toThrow('tradingGrounds[0].text: expected a string, got 5');
  });

  it('reports a missing required field', () => {
    const { stringId: _omit, ...rest } = validStock;
    page(block('fin-page-data', JSON.stringify(rest)));
    expect(() => readStockPageData()).toThrow(
      'stringId: expected a string, got nothing (the field is missing)',
    );
  });

  it('reports a block that is not JSON, and a missing block', () => {
    page(block('fin-page-data', '{"stockId": 12,'));
    expect(() => readStockPageData()).toThrow(/#fin-page-data: the block is not valid JSON/);
    page('');
    expect(() => readStockPageData('#other')).toThrow('#other: no such page-data block on the page');
  });

  it('reads the block an element points at', () => {
    page(block('fin-page-data', '{broken') + block('second', JSON.stringify({ ...validStock, stockId: 99 })));
    expect(readStockPageData('#second').stockId).toBe(99);
  });

  it('rejects an unknown language', () => {
    page(block('fin-page-data', JSON.stringify({ ...validStock, lang: 'xx' })));
    expect(() => readStockPageData()).toThrow('lang: expected one of rus, eng');
  });
});

describe('readIssuerPageData', () => {
  it('accepts masked prices and rejects other strings', () => {
    const issuer = {
      emitentId: 5,
      priceDynamics: {
        absoluteMinPrice: '***',
        absoluteMaxPrice: '***',
        deltaLastPrice: '***',
        lastPrice: 10.5,
        lastDate: '20.11.2026',
      },
    };
    page(block('fin-page-data', JSON.stringify(issuer)));
    expect(readIssuerPageData().priceDynamics?.lastPrice).toBe(10.5);
    page(
      block(
        'fin-page-data',
        JSON.stringify({ ...issuer, priceDynamics: { ...issuer.priceDynamics, lastPrice: 'n/a' } }),
      ),
    );
    expect(() => readIssuerPageData()).toThrow('priceDynamics.lastPrice: expected a number, got "n/a"');
  });
});

describe('readUser', () => {
  it('prefers the #fin-user block', () => {
    page(
      block(
        'fin-user',
        JSON.stringify({ userAuth: true, userAccessLevel: 1077, userTariffs: [677], userId: 2, sid: 'tok' }),
      ),
    );
    expect(readUser()).toMatchObject({
      userAuth: true,
      userAccessLevel: 1077,
      userTariffs: [677],
      userId: 2,
      sid: 'tok',
    });
  });

  it('falls back to the legacy window globals, as PHP prints them', () => {
    page('');
    Object.assign(globalThis, { userAuth: 1, userAccessLevel: '1077', userTariffs: [], userId: 7 });
    expect(readUser()).toMatchObject({ userAuth: true, userAccessLevel: 1077, userId: 7 });
  });

  it('treats a malformed user block as anonymous and says why', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    page(block('fin-user', JSON.stringify({ userAuth: true, userAccessLevel: 'paid' })));
    expect(readUser()).toMatchObject({ userAuth: false, userAccessLevel: 0 });
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('userAccessLevel: expected an integer'));
    spy.mockRestore();
  });

  it('is anonymous on a page with no user data', () => {
    page('');
    expect(readUser()).toMatchObject({ userAuth: false, userAccessLevel: 0, userId: null });
  });
});

describe('pageLang', () => {
  it('takes the page data language, then <html lang>, then rus', () => {
    page(block('fin-page-data', JSON.stringify({ lang: 'deu' })));
    expect(pageLang()).toBe('deu');
    page('');
    document.documentElement.lang = 'zh-CN';
    expect(pageLang()).toBe('chn');
    document.documentElement.lang = '';
    expect(pageLang()).toBe('rus');
  });
});

describe('one malformed optional field of a block', () => {
  const badTable = { ...validStock, exchangeTable: 'oops', branchId: 'x' };

  it('gets its default and is named, so the block still reads', () => {
    page(block('fin-page-data', JSON.stringify(badTable)));
    const { data, problems } = readStockPageBlock();
    expect(data.exchangeTable).toEqual({ data: [], fields: [] });
    expect(data.branchId).toBeNull();
    expect(data.stockId).toBe(12);
    expect(problems.map(({ field }) => field)).toEqual(['branchId', 'exchangeTable']);
    expect(problems[1]!.error.message).toBe('#fin-page-data: exchangeTable: expected an object, got "oops"');
    // The strict check (the server's own tests) still refuses the block.
    expect(() => readStockPageData()).toThrow(PageDataError);
  });

  it('a malformed required field still fails the whole block', () => {
    page(block('fin-page-data', JSON.stringify({ ...badTable, stockId: 'abc' })));
    expect(() => readStockPageBlock()).toThrow('#fin-page-data: stockId: expected an integer, got "abc"');
  });

  it('the block store is ok, with the problems listed for the elements that need the fields', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    page(block('fin-page-data', JSON.stringify(badTable)));
    resetPageData();
    const store = stockPageStore();
    const stop = store.listen(() => {});
    const state = store.get();
    expect(state.status).toBe('ok');
    expect(state.status === 'ok' && state.problems?.map(({ field }) => field)).toEqual([
      'branchId',
      'exchangeTable',
    ]);
    expect(console.error).toHaveBeenCalledWith(
      'fin-elements: #fin-page-data: exchangeTable: expected an object, got "oops"',
    );
    stop();
    vi.restoreAllMocks();
  });
});
