import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-dividends-table.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $user } from '../../core/stores/user.ts';
import { DIVIDENDS_DESKTOP_FIELDS } from '../../contract/tables.ts';
import {
  desktopFields,
  formatDividendAmount,
  hiddenRowCount,
  mobileFields,
  nearestDividend,
} from './dividends-table.utils.ts';

const labels: Record<string, Record<string, string>> = {
  stock: {
    div_year: 'Year',
    div_dividends_periods_name: 'Period',
    div_last_date_of_purchase: 'Last day to buy',
    div_date_of_ex_dividend: 'Ex-dividend date',
    div_date_of_close_list_dividends: 'Record date',
    div_summ: 'Dividend per share',
    dividends_caption: 'Dividend history',
    nearest_dividend: 'Next dividend',
    no_dividends: 'No dividend data',
  },
  widgets: { show_more: 'Show more', hide: 'Hide', get_access: 'Get access' },
  common: {
    need_auth: 'You need to log in',
    need_get_access: 'You need to get access',
    login: 'Log in',
    login_to_see_rows: 'Log in to see {count} more rows',
    access_to_see_rows: 'Get paid access to see {count} more rows',
  },
};

function dividend(year: number) {
  return {
    year,
    dividends_periods_name: `for ${year}`,
    last_date_of_purchase: `17.07.${year + 1}`,
    date_of_ex_dividend: `18.07.${year + 1}`,
    date_of_close_list_dividends: `18.07.${year + 1}`,
    summ: 30 + (year - 2015) * 1.5,
    currency: 'RUB',
  };
}

function pageData(rows: number, total?: number, nearest: unknown = dividend(2025)) {
  return JSON.stringify({
    lang: 'eng',
    stockId: 1,
    groundId: 1,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [{ id: 1, text: 'MOEX' }],
    dividendsTable: {
      data: Array.from({ length: rows }, (_, i) => dividend(2025 - i)),
      fields: [...DIVIDENDS_DESKTOP_FIELDS],
      ...(total === undefined ? {} : { total }),
    },
    nearestDividend: nearest,
  });
}

const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/labels/')) return Response.json(labels[path.split('/')[3]!] ?? {});
  return Response.json({ result: true, id: 1 });
});

function setViewport(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });
}

async function render(data: string, user = '{}'): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script>
    <script type="application/json" id="fin-page-data">${data}</script>
    <fin-dividends-table></fin-dividends-table>`;
  });
  const root = document.querySelector('fin-dividends-table')!.shadowRoot!;
  await waitFor(() => expect(root.querySelector('.dv, [role="alert"], .fin-message--info')).not.toBeNull());
  return root;
}

const headers = (root: ShadowRoot) =>
  [...root.querySelectorAll('thead th')].map((th) => th.getAttribute('data-field'));
const bodyRows = (root: ShadowRoot) => root.querySelectorAll('tbody tr.dt-row');
const button = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  setViewport(1024);
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  resetPageData();
  resetLabels();
  cleanStores($user, $page, $lang);
  vi.unstubAllGlobals();
});

describe('dividends-table utils', () => {
  it('keeps the server’s desktop fields and falls back to the SPEC order', () => {
    expect(desktopFields({ fields: ['year', 'summ'] })).toEqual(['year', 'summ']);
    expect(desktopFields({ fields: [] })).toEqual([...DIVIDENDS_DESKTOP_FIELDS]);
  });

  it('leaves the last day to buy out on mobile and puts the amount second', () => {
    expect(mobileFields(DIVIDENDS_DESKTOP_FIELDS)).toEqual([
      'year',
      'summ',
      'dividends_periods_name',
      'date_of_ex_dividend',
      'date_of_close_list_dividends',
    ]);
    expect(mobileFields(['summ', 'year'])).toEqual(['year', 'summ']);
    expect(mobileFields(['year', 'last_date_of_purchase'])).toEqual(['year']);
  });

  it('reads the nearest dividend, and none without an amount or a date', () => {
    expect(nearestDividend(dividend(2024))).toEqual({
      summ: 43.5,
      currency: 'RUB',
      exDividendDate: '18.07.2025',
      closeListDate: '18.07.2025',
      periodName: 'for 2024',
    });
    expect(nearestDividend({ summ: '12.5', date_of_ex_dividend: '' })).toMatchObject({
      summ: 12.5,
      exDividendDate: null,
    });
    expect(nearestDividend({ currency: 'RUB' })).toBeNull();
    expect(nearestDividend(null)).toBeNull();
  });

  it('counts the rows the server kept back', () => {
    expect(hiddenRowCount({ data: [{}, {}], total: 10 })).toBe(8);
    expect(hiddenRowCount({ data: [{}, {}] })).toBe(0);
    // A page without a language is Russian: decimal comma (issue 20).
    expect(formatDividendAmount(1234.5, 'RUB')).toBe('1\u202f234,50\u00a0RUB');
    expect(formatDividendAmount(null, 'RUB')).toBe('—');
  });
});

describe('<fin-dividends-table>', () => {
  it('shows the nearest dividend above the table with the SPEC desktop columns', async () => {
    const root = await render(pageData(5));
    const card = root.querySelector('[part="nearest"]')!;
    expect(card.querySelector('h3')?.textContent).toBe('Next dividend · for 2025');
    expect(card.querySelector('[data-field="summ"]')?.textContent).toBe('45.00\u00a0RUB');
    expect(card.querySelector('[data-field="date_of_ex_dividend"]')?.textContent).toBe('18.07.2026');
    expect(card.querySelector('[data-field="date_of_close_list_dividends"]')?.textContent).toBe('18.07.2026');
    expect(headers(root)).toEqual([...DIVIDENDS_DESKTOP_FIELDS]);
    expect(root.querySelector('thead th[data-field="summ"]')?.textContent).toBe('Dividend per share');
    expect(bodyRows(root)).toHaveLength(5);
    expect(button(root, 'Show more')).toBeUndefined();
  });

  it('below 680 px leaves the last day to buy out, keeps year and amount, and pages the third column', async () => {
    setViewport(375);
    const root = await render(pageData(5));
    await waitFor(() => expect(root.querySelector('.dt--narrow')).not.toBeNull());
    expect(headers(root)).toEqual(['year', 'summ', 'dividends_periods_name']);
    expect(root.querySelector('[data-field="last_date_of_purchase"]')).toBeNull();
    act(() => root.querySelector<HTMLButtonElement>('.dt-page--next')!.click());
    await waitFor(() => expect(headers(root)).toEqual(['year', 'summ', 'date_of_ex_dividend']));
  });

  it('anonymous: show-more of a history the server kept back asks to log in instead of expanding', async () => {
    const root = await render(pageData(5, 10));
    expect(bodyRows(root)).toHaveLength(5);
    act(() => button(root, 'Show more')!.click());
    await waitFor(() => expect(root.querySelector('[part="access-prompt"]')).not.toBeNull());
    // A neutral prompt with the count of the rows kept back, not an error.
    expect(root.querySelector('[part="access-prompt"]')?.textContent).toBe('Log in to see 5 more rows');
    expect(root.querySelector('[part="error"], [role="alert"]')).toBeNull();
    expect(root.querySelector('[part="access-prompt"] a')?.getAttribute('href')).toBe(
      `/login/?back=${encodeURIComponent(location.pathname + location.search)}`,
    );
    expect(bodyRows(root)).toHaveLength(5);
  });

  it('free: the locked message links to the access page given by the attribute', async () => {
    act(() => {
      document.body.innerHTML = '';
    });
    const root = await render(pageData(5, 10), JSON.stringify({ userAuth: true, userAccessLevel: 1 }));
    act(() => document.querySelector('fin-dividends-table')!.setAttribute('access-url', '/profile_access/'));
    act(() => button(root, 'Show more')!.click());
    await waitFor(() => expect(root.querySelector('[part="access-prompt"] a')).not.toBeNull());
    expect(root.querySelector('[part="access-prompt"]')?.textContent).toBe(
      'Get paid access to see 5 more rows',
    );
    expect(root.querySelector('[part="access-prompt"] a')?.getAttribute('href')).toBe('/profile_access/');
  });

  it('paid: expands to every row and announces it', async () => {
    const root = await render(pageData(8), JSON.stringify({ userAuth: true, userAccessLevel: 1077 }));
    const events: boolean[] = [];
    document.addEventListener('fin-expand-change', (event) => events.push(event.detail.expanded));
    expect(bodyRows(root)).toHaveLength(5);
    act(() => button(root, 'Show more')!.click());
    await waitFor(() => expect(bodyRows(root)).toHaveLength(8));
    act(() => button(root, 'Hide')!.click());
    await waitFor(() => expect(bodyRows(root)).toHaveLength(5));
    expect(events).toEqual([true, false]);
    expect(root.querySelector('[part="error"]')).toBeNull();
  });

  it('sorts by a header click and says so in aria-sort and a fin-sort-change event', async () => {
    const root = await render(pageData(5));
    const sorts: unknown[] = [];
    document.addEventListener('fin-sort-change', (event) => sorts.push(event.detail));
    act(() => root.querySelector<HTMLButtonElement>('th[data-field="summ"] button')!.click());
    await waitFor(() =>
      expect(root.querySelector('th[data-field="summ"]')?.getAttribute('aria-sort')).toBe('ascending'),
    );
    expect(bodyRows(root)[0]?.querySelector('th')?.textContent).toBe('2021');
    expect(sorts).toEqual([{ field: 'summ', order: 'asc' }]);
  });

  it('says there are no dividends when the table and the nearest dividend are empty', async () => {
    const root = await render(pageData(0, undefined, null));
    expect(root.textContent).toBe('No dividend data');
  });
});
