import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-exchange-table.ts';
import { $ground } from '../../core/stores/ground.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $period } from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { EXCHANGE_DESKTOP_FIELDS } from '../../contract/tables.ts';
import {
  exchangeCellText,
  exchangeMobileFields,
  hasMaskedPrice,
  lastPriceTrend,
  rowGround,
  rowTrend,
} from './exchange-table.utils.ts';

const labels: Record<string, Record<string, string>> = {
  stock: {
    ex_trading_ground: 'Exchange',
    ex_last: 'Last price',
    ex_change: 'Change',
    section_exchange: 'Trading by exchange',
    masked_hint_auth: 'Log in to see prices',
    masked_hint_paid: 'All prices are available with paid access',
    trend_up: 'price rose',
    trend_down: 'price fell',
  },
  widgets: { get_access: 'Get access' },
  common: { login: 'Log in' },
};

function row(groundId: number, text: string, values: Partial<Record<string, unknown>> = {}) {
  return {
    trading_ground: { id: groundId, text },
    currency_name: groundId === 1 ? 'RUB' : 'USD',
    class: 'up',
    date: '20.11.2026',
    last: 301.5,
    change: 1.25,
    buy_sell: '301.49 / 301.51',
    open: 298,
    min: 297.1,
    max: 1302.4,
    avg: 300,
    legal_close_price: 301.5,
    tiker: 'SBER',
    ...values,
  };
}

const MASKED = { class: '', change: '***', buy_sell: '***', open: '***', min: '***', max: '***', avg: '***' };

function pageData(
  groundId: number,
  rows = [row(1, 'Moscow Exchange'), row(2, 'SPB Exchange', { class: 'down', change: -0.5 })],
) {
  return {
    lang: 'eng',
    stockId: 1,
    groundId,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [
      { id: 1, text: 'Moscow Exchange' },
      { id: 2, text: 'SPB Exchange' },
    ],
    exchangeTable: { data: rows, fields: [...EXCHANGE_DESKTOP_FIELDS] },
    excelDefaultEnd: '20.11.2026',
  };
}

const fetchMock = vi.fn(async (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname.startsWith('/api/labels/'))
    return Response.json(labels[parsed.pathname.split('/')[3]!] ?? {});
  if (parsed.pathname === '/stocks/sber/2/' && parsed.searchParams.get('format') === 'json')
    return Response.json(pageData(2));
  return Response.json({ error: 'Unknown' }, { status: 404 });
});

function setViewport(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });
}

async function render(data: unknown, user = '{}', attributes = ''): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script>
    <script type="application/json" id="fin-page-data">${JSON.stringify(data)}</script>
    <fin-exchange-table ${attributes}></fin-exchange-table>`;
  });
  const root = document.querySelector('fin-exchange-table')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('.ex, [role="alert"]'), root.innerHTML).not.toBeNull());
  return root;
}

const headers = (root: ShadowRoot) =>
  [...root.querySelectorAll('thead th')].map((th) => th.getAttribute('data-field'));
const groundLink = (root: ShadowRoot, id: number) =>
  root.querySelector<HTMLAnchorElement>(`a[data-ground-id="${id}"]`)!;

/** Removes the element and forgets the page data and the user, so the next render reads them again. */
function unmount() {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  cleanStores($user, $page);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  setViewport(1024);
  history.replaceState(null, '', '/stocks/sber/');
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  resetLabels();
  $ground.set(null);
  cleanStores($user, $page, $lang, $ground, $period);
  vi.unstubAllGlobals();
});

describe('exchange-table utils', () => {
  it('keeps the mobile set to the ground, last price, change and currency', () => {
    expect(exchangeMobileFields(EXCHANGE_DESKTOP_FIELDS)).toEqual([
      'trading_ground',
      'last',
      'change',
      'currency_name',
    ]);
    expect(exchangeMobileFields(['trading_ground', 'last'])).toEqual(['trading_ground', 'last']);
  });

  it('reads the ground, the trend and the cells as shown', () => {
    expect(rowGround({ trading_ground: { id: '2', text: 'SPB' } })).toEqual({ id: 2, text: 'SPB' });
    expect(rowGround({ trading_ground: 'SPB' })).toBeNull();
    expect(rowTrend({ class: 'down' })).toBe('down');
    expect(rowTrend({ class: '' })).toBeNull();
    // A page without a language is Russian: decimal comma, a space before % (issue 20).
    expect(exchangeCellText('change', 1.5)).toBe('+1,50\u202f%');
    expect(exchangeCellText('max', 1302.4)).toBe('1\u202f302,40');
    expect(exchangeCellText('max', '***')).toBe('***');
    expect(exchangeCellText('date', null)).toBe('—');
    expect(hasMaskedPrice([row(1, 'MOEX')])).toBe(false);
    expect(hasMaskedPrice([row(1, 'MOEX', MASKED)])).toBe(true);
  });
});

describe('<fin-exchange-table>', () => {
  it('shows the SPEC columns on desktop and the mobile set below 680 px', async () => {
    let root = await render(pageData(1));
    expect(headers(root)).toEqual([...EXCHANGE_DESKTOP_FIELDS]);
    expect(
      [...root.querySelectorAll('tbody tr:first-child .ex-trend--up')].map((cell) => cell.textContent),
    ).toEqual(['▲301.50', '+1.25%']);
    expect(root.querySelectorAll('tbody tr')[1]?.querySelector('.ex-trend--down')).not.toBeNull();
    // The exchange name stays in view where the table scrolls sideways.
    expect(root.querySelector('.dt--fixed-first')).not.toBeNull();
    setViewport(375);
    unmount();
    root = await render(pageData(1));
    await waitFor(() => expect(headers(root)).toEqual(['trading_ground', 'last', 'change', 'currency_name']));
    // The other columns are behind the arrows (SPEC §4 paged columns below 680 px).
    expect(root.querySelector('.dt-page--next')).not.toBeNull();
  });

  it('tells the last price direction by an arrow with a text, not by colour alone', async () => {
    const root = await render(pageData(1));
    const arrow = (index: number) =>
      root.querySelectorAll('tbody tr')[index]!.querySelector('td[class*="ex-trend"] [role="img"]');
    expect(arrow(0)?.getAttribute('aria-label')).toBe('price rose');
    expect(arrow(0)?.textContent).toBe('▲');
    expect(arrow(1)?.getAttribute('aria-label')).toBe('price fell');
    expect(arrow(1)?.textContent).toBe('▼');
    unmount();
    // A free user sees the last price but not the change: no direction to tell.
    const free = await render(
      pageData(1, [row(1, 'Moscow Exchange', MASKED)]),
      JSON.stringify({ userAuth: true, userAccessLevel: 1 }),
    );
    expect(free.querySelector('tbody [role="img"]')).toBeNull();
    expect(exchangeCellText('last', 301.5)).toBe('301.50');
    expect(lastPriceTrend({ class: 'up' }, 301.5)).toBe('up');
    expect(lastPriceTrend({ class: 'down' }, '***')).toBeNull();
    expect(lastPriceTrend({ class: '' }, 301.5)).toBeNull();
  });

  it('shows masked prices as given with the prompt for the visitor', async () => {
    const masked = pageData(1, [row(1, 'Moscow Exchange', { ...MASKED, last: '***' })]);
    let root = await render(masked);
    expect(root.querySelector('tbody')?.textContent).toContain('***');
    expect(root.querySelector('[part="hint"]')?.textContent).toBe('Log in to see prices Log in');
    expect(root.querySelector('.ex-trend--up')).toBeNull();
    unmount();
    root = await render(masked, JSON.stringify({ userAuth: true, userAccessLevel: 1 }));
    expect(root.querySelector('[part="hint"] a')?.getAttribute('href')).toBe('/profile/access/');
  });

  it('marks the ground shown; a click switches the page to another ground without a reload', async () => {
    const root = await render(pageData(1));
    expect(groundLink(root, 1).getAttribute('aria-current')).toBe('true');
    expect(groundLink(root, 2).getAttribute('aria-current')).toBeNull();
    expect(groundLink(root, 2).getAttribute('href')).toBe('/stocks/sber/2/');
    const selected: number[] = [];
    document.addEventListener('fin-ground-select', (event) => selected.push(event.detail.groundId));

    act(() => groundLink(root, 2).click());

    await waitFor(() => expect(location.pathname).toBe('/stocks/sber/2/'));
    expect(selected).toEqual([2]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/stocks/sber/2/?format=json&lang=eng',
    );
    await waitFor(() => expect(groundLink(root, 2).getAttribute('aria-current')).toBe('true'));
    expect(groundLink(root, 1).getAttribute('aria-current')).toBeNull();
    expect(root.querySelector('tr.ex-row--active a')?.textContent).toBe('SPB Exchange');
  });

  it('leaves the links of another page-data block to the browser', async () => {
    act(() => {
      document.body.innerHTML = '';
    });
    const data = JSON.stringify(pageData(1));
    act(() => {
      document.body.innerHTML = `<script type="application/json" id="other">${data}</script>
      <fin-exchange-table page-data="#other"></fin-exchange-table>`;
    });
    const root = document.querySelector('fin-exchange-table')!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('a[data-ground-id="2"]')).not.toBeNull());
    let preventedByElement: boolean | null = null;
    document.addEventListener(
      'click',
      (event) => {
        preventedByElement = event.defaultPrevented;
        event.preventDefault(); // no navigation inside the test DOM
      },
      { once: true },
    );
    act(() => groundLink(root, 2).click());
    expect(preventedByElement).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('format=json'))).toBe(false);
  });
});
