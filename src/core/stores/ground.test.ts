import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $ground, groundSwitchPath, setGround, stockPagePath, switchGround } from './ground.ts';
import { $page, resetPageData, setStockPageData } from './page.ts';
import { $period, initPeriod, periodStore, resetPeriods } from './period.ts';
import type { StockPageData } from '../../contract/types.ts';

const grounds = [
  { id: 1, text: 'Moscow Exchange' },
  { id: 2, text: 'SPB Exchange' },
];

function pageData(groundId: number, lastDate: string) {
  return {
    lang: 'eng',
    stockId: 1,
    groundId,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: grounds,
    excelDefaultEnd: lastDate,
  };
}

let unbind: Array<() => void> = [];

beforeEach(() => {
  history.replaceState(null, '', '/stocks/sber/?lang=eng');
  document.body.innerHTML = `<script type="application/json" id="fin-page-data">${JSON.stringify(pageData(1, '30.06.2025'))}</script>`;
  unbind = [$page.listen(() => {}), $ground.listen(() => {})];
  initPeriod('30.06.2025');
});

afterEach(() => {
  unbind.forEach((stop) => stop());
  vi.unstubAllGlobals();
  resetPageData();
  $ground.set(null);
  $period.set(null);
  cleanStores($ground, $page, $period);
});

describe('stockPagePath', () => {
  it('has no ground segment for the first ground (SPEC §2)', () => {
    expect(stockPagePath({ stringId: 'sber', tradingGrounds: grounds }, 1)).toBe('/stocks/sber/');
    expect(stockPagePath({ stringId: 'sber', tradingGrounds: grounds }, 2)).toBe('/stocks/sber/2/');
  });
});

describe('groundSwitchPath', () => {
  const data = { stockId: 1, stringId: 'sber', tradingGrounds: grounds };

  it('rewrites the stock and ground segments of /stocks/ (SPEC §2)', () => {
    expect(groundSwitchPath('/stocks/sber/', data, 2)).toBe('/stocks/sber/2/');
    expect(groundSwitchPath('/stocks/sber/2/', data, 1)).toBe('/stocks/sber/');
    expect(groundSwitchPath('/stocks/sber', data, 2)).toBe('/stocks/sber/2/');
  });

  it('keeps a language prefix and whatever follows the stock part', () => {
    expect(groundSwitchPath('/en/stocks/sber/', data, 2)).toBe('/en/stocks/sber/2/');
    expect(groundSwitchPath('/eng/stocks/sber/2/', data, 1)).toBe('/eng/stocks/sber/');
    expect(groundSwitchPath('/stocks/sber/2/chart/', data, 1)).toBe('/stocks/sber/chart/');
  });

  it('takes the numeric id or another case of the string id for the stock, and writes the string id', () => {
    expect(groundSwitchPath('/stocks/1/', data, 2)).toBe('/stocks/sber/2/');
    expect(groundSwitchPath('/ru/stocks/1/2/', data, 1)).toBe('/ru/stocks/sber/');
    expect(groundSwitchPath('/stocks/SBER/', data, 2)).toBe('/stocks/sber/2/');
  });

  it('is null on a page that is not this stock', () => {
    expect(groundSwitchPath('/company/5/', data, 2)).toBeNull();
    expect(groundSwitchPath('/stocks/gazp/', data, 2)).toBeNull();
    expect(groundSwitchPath('/stocks/11/', data, 2)).toBeNull();
    expect(groundSwitchPath('/', data, 2)).toBeNull();
  });
});

describe('switchGround', () => {
  it('loads the page data as JSON, rewrites the address, resets the period and sets the ground', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(pageData(2, '27.06.2025'))));
    vi.stubGlobal('fetch', fetchMock);
    $period.set({ id: 5, from: '30.06.2022', to: '30.06.2025', lastDate: '30.06.2025' });

    await switchGround(2);

    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(
      '/stocks/sber/2/?format=json&lang=eng',
    );
    expect(location.pathname + location.search).toBe('/stocks/sber/2/?lang=eng');
    expect($ground.get()).toBe(2);
    const page = $page.get();
    expect(page.status === 'ok' && page.data.groundId).toBe(2);
    expect($period.get()).toMatchObject({ id: 1, from: '27.05.2025', to: '27.06.2025' });
  });

  it('ignores a ground the stock does not trade on', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await switchGround(9);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('ground 9 is not a trading ground of sber'));
    expect(location.pathname).toBe('/stocks/sber/');
    error.mockRestore();
  });

  it('keeps the page data it has when the answer is malformed, and falls back to navigating', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ stockId: 'x' }))),
    );
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await switchGround(2);
    expect(assign).toHaveBeenCalledWith('/stocks/sber/2/?lang=eng');
    const page = $page.get();
    expect(page.status === 'ok' && page.data.groundId).toBe(1);
    assign.mockRestore();
    error.mockRestore();
  });

  it('switches from an address with a language prefix and a numeric id, keeping query and hash', async () => {
    history.replaceState(null, '', '/en/stocks/1/?lang=eng&x=1#chart');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(pageData(2, '27.06.2025'))));
    vi.stubGlobal('fetch', fetchMock);
    $period.set({ id: 5, from: '30.06.2022', to: '30.06.2025', lastDate: '30.06.2025' });

    await switchGround(2);

    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(
      '/en/stocks/sber/2/?format=json&lang=eng',
    );
    expect(location.pathname + location.search + location.hash).toBe('/en/stocks/sber/2/?lang=eng&x=1#chart');
    expect($ground.get()).toBe(2);
    expect($period.get()).toMatchObject({ id: 1, from: '27.05.2025', to: '27.06.2025' });
  });

  it('outside a page of this stock only sets the shared ground', async () => {
    history.replaceState(null, '', '/company/5/');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await switchGround(2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect($ground.get()).toBe(2);
    expect(location.pathname).toBe('/company/5/');
  });
});

describe('the period follows the page data and the ground (SPEC §4)', () => {
  const stockPage = (groundId: number, lastDate: string) =>
    pageData(groundId, lastDate) as unknown as StockPageData;

  it('starts at 1M back from the last date when a block is read or replaced, and keeps a chosen one', () => {
    resetPeriods();
    setStockPageData(stockPage(1, '27.06.2025'), '#third-stock');
    expect(periodStore('#third-stock').get()).toMatchObject({ id: 1, from: '27.05.2025', to: '27.06.2025' });
    $period.set({ id: 4, from: '30.06.2024', to: '30.06.2025', lastDate: '30.06.2025' });
    // The same last date again: the chosen period stays.
    setStockPageData(stockPage(1, '30.06.2025'));
    expect($period.get()).toMatchObject({ id: 4 });
    // Page data with another last date: 1M back from it.
    setStockPageData(stockPage(1, '27.06.2025'));
    expect($period.get()).toMatchObject({ id: 1, from: '27.05.2025', to: '27.06.2025' });
  });

  it('switching the ground resets the period to 1M; the first ground the page learns does not', () => {
    $period.set({ id: 0, from: '30.06.2025', to: '30.06.2025', lastDate: '30.06.2025' });
    setGround(1);
    expect($period.get()).toMatchObject({ id: 0 });
    setGround(2);
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025', to: '30.06.2025' });
  });
});
