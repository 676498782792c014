import { cleanStores } from 'nanostores';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../demo-pages/testing/react-act.ts';
import '../../../elements/fin-archive-table.ts';
import type { TradingFullInfoRow, TradingFullInfoTable } from '../../contract/stocks.ts';
import { $ground, setGround } from '../../core/stores/ground.ts';
import { $lang } from '../../core/stores/lang.ts';
import { resetLabels } from '../../core/stores/labels.ts';
import { $page, resetPageData } from '../../core/stores/page.ts';
import { $period, selectPeriod, setPeriodDates } from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { $archive, archiveQuery, archiveState, createArchiveResource } from '../../core/stores/archive.ts';
import { resolveInstrument, type InstrumentOptions } from '../../core/stores/instrument.ts';
import type { ChartPeriod } from '../../contract/period.ts';
import type { StockPageData } from '../../contract/types.ts';
import { archiveRow, archiveRows, hasMaskedPrice, plainArchiveCell } from './archive-table.utils.ts';

const FIELDS = ['date', 'open', 'max', 'min', 'close', 'avg', 'volume', 'value', 'change'] as const;
const FIELDS_LABELS = {
  date: 'Date',
  open: 'Open',
  max: 'High',
  min: 'Low',
  close: 'Close',
  avg: 'Average',
  volume: 'Volume',
  value: 'Turnover',
  change: 'Change, %',
};

function day(date: string, close: number, overrides: Partial<TradingFullInfoRow> = {}): TradingFullInfoRow {
  const exact = close + 0.004321;
  return {
    date,
    'date.numeric': 0,
    'date.no_round': 0,
    open: close,
    'open.no_round': exact,
    max: close + 1,
    'max.no_round': exact + 1,
    min: close - 1,
    'min.no_round': exact - 1,
    close,
    'close.no_round': exact,
    avg: close,
    'avg.no_round': exact,
    volume: 1234567,
    'volume.no_round': 1234567,
    value: close * 1234567,
    'value.no_round': exact * 1234567,
    change: 1.5,
    'change.no_round': 1.499871,
    ...overrides,
  };
}

const MASK = {
  open: '***',
  'open.no_round': null,
  max: '***',
  'max.no_round': null,
  min: '***',
  'min.no_round': null,
  close: '***',
  'close.no_round': null,
  avg: '***',
  'avg.no_round': null,
  value: '***',
  'value.no_round': null,
  change: '***',
  'change.no_round': null,
} as const;

function table(from: string, to: string, data: TradingFullInfoRow[], currency = 'RUB'): TradingFullInfoTable {
  return {
    result: data.length > 0,
    data,
    fields: [...FIELDS],
    fieldsLabels: FIELDS_LABELS,
    total: data.length,
    dateFrom: from,
    dateTo: to,
    currency,
  };
}

const grounds = [
  { id: 1, text: 'MOEX' },
  { id: 2, text: 'SPB' },
];

function pageData(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    lang: 'eng',
    stockId: 7,
    groundId: 1,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: grounds,
    excelDefaultEnd: '30.06.2025',
    ...overrides,
  });
}

/** POST bodies by path; answers by "path dateFrom-dateTo" (or the path alone). */
let answers: Record<string, TradingFullInfoTable | number>;
const requests: Array<{ method: string; path: string; body: { dateFrom?: string; dateTo?: string } }> = [];
const labels = {
  archive: {
    title: 'Trading archive',
    caption: 'Trading archive, {from} – {to}',
    no_data: 'No data for the period',
    masked_hint_auth: 'Log in to see prices',
    masked_hint_paid: 'Prices are available with paid access',
    get_access: 'Get access',
  },
  common: { loading: 'Loading…', login: 'Log in', error_load: 'Could not load the data.', retry: 'Retry' },
  widgets: {},
};
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input).split('?')[0]!;
  if (path.startsWith('/api/labels/'))
    return Response.json(labels[path.split('/')[3] as keyof typeof labels] ?? {});
  const body = init?.body ? (JSON.parse(String(init.body)) as { dateFrom?: string; dateTo?: string }) : {};
  requests.push({ method: init?.method ?? 'GET', path, body });
  const answer = answers[`${path} ${body.dateFrom}-${body.dateTo}`] ?? answers[path];
  if (answer === undefined) return Response.json({ error: 'Unknown' }, { status: 404 });
  if (typeof answer === 'number') return Response.json({ error: 'Failed' }, { status: answer });
  return Response.json(answer);
});

const POST_1 = '/api/stocks/7/1/createTableTradingFullInfo/';
const POST_2 = '/api/stocks/7/2/createTableTradingFullInfo/';

beforeEach(() => {
  answers = {};
  requests.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  history.replaceState(null, '', '/stocks/sber/?lang=eng');
});

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  cleanStores($archive, $user, $lang);
  resetPageData();
  $ground.set(null);
  $period.set(null);
  cleanStores($page, $ground, $period);
  resetLabels();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('archive rows', () => {
  it('show the values as given, sort by the exact .no_round twins and carry them in the title', () => {
    const row = archiveRow(day('30.06.2025', 301.5));
    // The test page has no language, so it is a Russian page: decimal comma (issue 20).
    expect(row.close).toEqual({ val: 301.504321, text: '301,50', title: '301,504321' });
    expect(row.volume).toEqual({ val: 1234567, text: '1\u202f234\u202f567', title: '1\u202f234\u202f567' });
    expect(row.change).toMatchObject({ val: 1.499871, text: '+1,50\u202f%' });
    expect(row.date).toEqual({ val: '30.06.2025', text: '30.06.2025' });
    // A ground quoted with more decimals keeps them.
    expect(archiveRow(day('30.06.2025', 0.1234)).close.text).toBe('0,1234');
  });

  it('keep a masked price as *** with nothing to sort by and no title', () => {
    const row = archiveRow(day('30.06.2025', 301.5, MASK));
    expect(row.close).toEqual({ val: '***', text: '***' });
    expect(row.change).toEqual({ val: '***', text: '***' });
    expect(row.volume.text).toBe('1\u202f234\u202f567');
    expect(hasMaskedPrice(table('01.06.2025', '30.06.2025', [day('30.06.2025', 1, MASK)]))).toBe(true);
    expect(hasMaskedPrice(table('01.06.2025', '30.06.2025', [day('30.06.2025', 1)]))).toBe(false);
  });
});

describe('price columns', () => {
  it('write every price of a column with the same decimals, the most any of them has', () => {
    const rows = archiveRows(
      table('01.06.2025', '30.06.2025', [
        day('30.06.2025', 0.1234),
        day('29.06.2025', 0.12),
        day('28.06.2025', 3),
      ]),
    );
    expect(rows.map((row) => row.close.text)).toEqual(['0,1234', '0,1200', '3,0000']);
    // Each column decides for itself: volume stays whole.
    expect(rows.map((row) => row.volume.text)).toEqual([
      '1\u202f234\u202f567',
      '1\u202f234\u202f567',
      '1\u202f234\u202f567',
    ]);
  });
});

describe('columns the table does not know', () => {
  it('become plain text cells sorted by their value, whatever the server puts in them', () => {
    const answer = {
      ...table('30.05.2025', '30.06.2025', [
        {
          ...day('30.06.2025', 301.5),
          trades: 15234,
          board: '<img src=x onerror=alert(1)>',
          note: { val: 'after split', lnk: '/x' },
          flag: true,
        } as TradingFullInfoRow,
      ]),
      fields: [...FIELDS, 'trades', 'board', 'note', 'flag', 'missing'] as TradingFullInfoTable['fields'],
    };
    const [row] = archiveRows(answer);
    expect(row!.trades).toEqual({ val: 15234, text: '15\u202f234' });
    // Server text stays text: the table renders it with React, never as HTML.
    expect(row!.board).toEqual({ val: '<img src=x onerror=alert(1)>', text: '<img src=x onerror=alert(1)>' });
    expect(row!.note).toEqual({ val: 'after split', text: 'after split' });
    expect(row!.flag).toEqual({ val: 'true', text: 'true' });
    expect(row!.missing).toEqual({ val: null, text: '—' });
    // The known fields are as before.
    expect(row!.close!.text).toBe('301,50');
    expect(plainArchiveCell([1, 2])).toEqual({ val: null, text: '—' });
    expect(plainArchiveCell(Number.NaN)).toEqual({ val: null, text: '—' });
  });
});

describe('archiveQuery', () => {
  const page = JSON.parse(pageData()) as StockPageData;
  interface QueryInput {
    stockId?: number;
    groundId?: number;
    periodId?: number;
    page: StockPageData | null;
    ground: number | null;
    period: ChartPeriod | null;
    followsSharedGround: boolean;
  }
  /** The archive of an element with these attributes on a page with this data, ground and period. */
  const archiveQueryOf = ({ stockId, groundId, periodId, ...input }: QueryInput) => {
    const options: InstrumentOptions = {
      stockId,
      groundId,
      ...(input.followsSharedGround ? {} : { pageData: '#own-block' }),
    };
    const state = resolveInstrument(
      options,
      input.page ? { status: 'ok', data: input.page } : { status: 'none' },
      input.ground,
      input.period,
    );
    return state.status === 'ok' ? archiveQuery(state.instrument, periodId) : null;
  };
  const base = { page, ground: null, period: null, followsSharedGround: true };

  it('follows the shared ground and period of the page stock', () => {
    expect(
      archiveQueryOf({
        ...base,
        ground: 2,
        period: { id: 4, from: '30.06.2024', to: '30.06.2025', lastDate: '30.06.2025' },
      }),
    ).toEqual({ stockId: 7, groundId: 2, window: { from: '30.06.2024', to: '30.06.2025' } });
  });

  it('without a shared period uses 1M back from the last date; period-id gives the element its own', () => {
    expect(archiveQueryOf(base)?.window).toEqual({ from: '30.05.2025', to: '30.06.2025' });
    expect(
      archiveQueryOf({
        ...base,
        periodId: 2,
        period: { id: 1, from: '30.05.2025', to: '30.06.2025', lastDate: '30.06.2025' },
      })?.window,
    ).toEqual({ from: '30.03.2025', to: '30.06.2025' });
  });

  it('another stock needs its ground and counts its period from its own last date', () => {
    expect(archiveQueryOf({ ...base, stockId: 22 })).toBeNull();
    expect(archiveQueryOf({ ...base, stockId: 22, groundId: 2 })).toEqual({
      stockId: 22,
      groundId: 2,
      window: { periodId: 1 },
    });
    expect(archiveQueryOf({ ...base, page: null })).toBeNull();
  });
});

describe('$archive', () => {
  function mountPage(overrides: Record<string, unknown> = {}) {
    act(() => {
      document.body.innerHTML = `<script type="application/json" id="fin-page-data">${pageData(overrides)}</script>`;
    });
    return $archive.listen(() => {});
  }

  it('loads the 1M window of the page on first use and starts the shared period', async () => {
    answers[`${POST_1} 30.05.2025-30.06.2025`] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 300)]);
    const stop = mountPage();
    await vi.waitFor(() => expect($archive.get().status).toBe('ready'));
    expect($archive.get()).toMatchObject({ total: 1, from: '30.05.2025', to: '30.06.2025' });
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025', to: '30.06.2025' });
    expect(requests).toEqual([
      { method: 'POST', path: POST_1, body: { dateFrom: '30.05.2025', dateTo: '30.06.2025' } },
    ]);
    stop();
  });

  it('reloads when the chart changes the period, and aborts the superseded request', async () => {
    answers[POST_1] = table('x', 'y', [day('30.06.2025', 300)]);
    answers[`${POST_1} 30.06.2024-30.06.2025`] = table('30.06.2024', '30.06.2025', [
      day('30.06.2025', 300),
      day('27.06.2025', 299),
    ]);
    const stop = mountPage();
    await vi.waitFor(() => expect($archive.get().status).toBe('ready'));
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementationOnce(async (_input, init) => {
      signals.push(init!.signal!);
      return new Promise<Response>(() => {}); // never answers: only an abort ends it
    });
    selectPeriod(2);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect($archive.get()).toMatchObject({ status: 'loading', total: 0, from: '30.03.2025' });
    selectPeriod(4);
    await vi.waitFor(() => expect($archive.get().status).toBe('ready'));
    expect(signals[0]!.aborted).toBe(true);
    expect($archive.get()).toMatchObject({ total: 2, from: '30.06.2024', to: '30.06.2025' });
    setPeriodDates('01.01.2025', '01.02.2025');
    await vi.waitFor(() =>
      expect(requests.at(-1)?.body).toEqual({ dateFrom: '01.01.2025', dateTo: '01.02.2025' }),
    );
    stop();
  });

  it('reloads for the new ground when the ground switches', async () => {
    answers[POST_1] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 300)]);
    answers[POST_2] = table(
      '30.05.2025',
      '30.06.2025',
      [day('30.06.2025', 3.5), day('27.06.2025', 3.4)],
      'USD',
    );
    const stop = mountPage();
    await vi.waitFor(() => expect($archive.get().status).toBe('ready'));
    act(() => setGround(2));
    await vi.waitFor(() => expect($archive.get().table?.currency).toBe('USD'));
    expect($archive.get().total).toBe(2);
    expect(requests.map((request) => request.path)).toEqual([POST_1, POST_2]);
    stop();
  });

  it('a failed load empties the table with total 0, and so does result: false', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers[POST_1] = 500;
    const stop = mountPage();
    await vi.waitFor(() => expect($archive.get().status).toBe('error'));
    expect($archive.get()).toMatchObject({ table: null, total: 0 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('archive of 7/1 not loaded'));

    answers[POST_1] = {
      ...table('01.01.2025', '01.02.2025', [day('30.06.2025', 1)]),
      result: false,
      total: 3,
    };
    setPeriodDates('01.01.2025', '01.02.2025');
    await vi.waitFor(() => expect($archive.get().status).toBe('ready'));
    expect($archive.get().total).toBe(0);
    expect($archive.get().table?.data).toEqual([]);
    stop();
  });
});

describe('an archive of its own', () => {
  it('counts periods back from the last date it learns with the last-month call', async () => {
    answers['/api/stocks/get-tradings-full-info-table/22/2/'] = table('27.05.2025', '27.06.2025', [
      day('27.06.2025', 200),
    ]);
    answers['/api/stocks/22/2/createTableTradingFullInfo/'] = table('27.03.2025', '27.06.2025', [
      day('27.06.2025', 200),
      day('26.06.2025', 199),
    ]);
    const store = createArchiveResource();
    await store.load({ stockId: 22, groundId: 2, window: { periodId: 1 } });
    expect(archiveState(store.$state.get())).toMatchObject({
      status: 'ready',
      total: 1,
      from: '27.05.2025',
      to: '27.06.2025',
    });
    await store.load({ stockId: 22, groundId: 2, window: { periodId: 2 } });
    expect(archiveState(store.$state.get())).toMatchObject({ total: 2, from: '27.03.2025' });
    expect(requests.map((request) => [request.method, request.path, request.body.dateFrom])).toEqual([
      ['GET', '/api/stocks/get-tradings-full-info-table/22/2/', undefined],
      ['POST', '/api/stocks/22/2/createTableTradingFullInfo/', '27.03.2025'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The element

async function render(html: string, user = '{}'): Promise<ShadowRoot> {
  act(() => {
    document.body.innerHTML = `<script type="application/json" id="fin-user">${user}</script>${html}`;
  });
  const element = document.querySelector('fin-archive-table')!;
  await waitFor(() =>
    expect(element.shadowRoot?.querySelector('table, [role="alert"], .fin-message--info')).toBeTruthy(),
  );
  return element.shadowRoot!;
}

const PAID = JSON.stringify({ userAuth: true, userAccessLevel: 1077 });
const page = `<script type="application/json" id="fin-page-data">${pageData()}</script>`;
const cells = (root: ShadowRoot, row: number) =>
  [...root.querySelectorAll('tbody tr')[row]!.querySelectorAll('th, td')].map((cell) =>
    cell.textContent!.replace(/\u202f/g, ' '),
  );

describe('<fin-archive-table>', () => {
  it('shows the numbers to a paid user with the period in the caption and the exact values in titles', async () => {
    answers[POST_1] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 301.5), day('27.06.2025', 299)]);
    const root = await render(`${page}<fin-archive-table></fin-archive-table>`, PAID);
    expect(root.querySelector('.at__title')?.textContent).toBe(
      'Trading archive, 30.05.2025 – 30.06.2025 · RUB',
    );
    expect([...root.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Date', 'Close', 'Change, %']),
    );
    expect(cells(root, 0)).toEqual([
      '30.06.2025',
      '301.50',
      '302.50',
      '300.50',
      '301.50',
      '301.50',
      '1 234 567',
      '372 221 950.50',
      '+1.50%',
    ]);
    const close = root.querySelectorAll('tbody tr')[0]!.querySelectorAll('td')[3]!;
    expect(close.getAttribute('title')?.replace(/\u202f/g, ' ')).toBe('301.504321');
    expect(root.querySelector('.at__hint')).toBeNull();
  });

  it("shows a column it does not know as plain text under the server's heading instead of failing", async () => {
    answers[POST_1] = {
      ...table('30.05.2025', '30.06.2025', [
        {
          ...day('30.06.2025', 301.5),
          trades: 15234,
          board: 'TQBR <img src=x onerror=alert(1)>',
        } as TradingFullInfoRow,
      ]),
      fields: ['date', 'close', 'trades', 'board'] as TradingFullInfoTable['fields'],
      fieldsLabels: { ...FIELDS_LABELS, trades: 'Trades', board: 'Board' },
    };
    const root = await render(`${page}<fin-archive-table></fin-archive-table>`, PAID);
    expect([...root.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Date', 'Close', 'Trades', 'Board']),
    );
    expect(cells(root, 0)).toEqual(['30.06.2025', '301.50', '15 234', 'TQBR <img src=x onerror=alert(1)>']);
    expect(root.querySelector('tbody img')).toBeNull();
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows *** as given with a log-in prompt to an anonymous visitor, and an access link to a free user', async () => {
    answers[POST_1] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 301.5, MASK)]);
    let root = await render(`${page}<fin-archive-table login-url="/signin/"></fin-archive-table>`);
    expect(cells(root, 0)).toEqual([
      '30.06.2025',
      '***',
      '***',
      '***',
      '***',
      '***',
      '1 234 567',
      '***',
      '***',
    ]);
    expect(root.querySelector('.at__hint')?.textContent).toBe('Log in to see prices Log in');
    expect(root.querySelector('.at__hint a')?.getAttribute('href')).toBe(
      `/signin/?back=${encodeURIComponent(location.pathname + location.search)}`,
    );
    act(() => {
      document.body.innerHTML = '';
    });
    cleanStores($user);

    root = await render(`${page}<fin-archive-table></fin-archive-table>`, JSON.stringify({ userAuth: true }));
    await waitFor(() =>
      expect(root.querySelector('.at__hint a')?.getAttribute('href')).toBe('/profile/access/'),
    );
    expect(root.querySelector('.at__hint')?.textContent).toContain('Prices are available with paid access');
  });

  it('says there is no data for the period', async () => {
    answers[POST_1] = table('30.05.2025', '30.06.2025', []);
    const root = await render(`${page}<fin-archive-table></fin-archive-table>`, PAID);
    expect(root.querySelector('.fin-message--info')?.textContent).toBe('No data for the period');
    expect(root.querySelector('table')).toBeNull();
  });

  it('offers a retry after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers[POST_1] = 500;
    const root = await render(`${page}<fin-archive-table></fin-archive-table>`, PAID);
    answers[POST_1] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 301.5)]);
    act(() => root.querySelector<HTMLButtonElement>('.fin-message__retry')!.click());
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
  });

  it('with period-id loads its own period and reloads when the attribute changes', async () => {
    answers[`${POST_1} 30.03.2025-30.06.2025`] = table('30.03.2025', '30.06.2025', [day('30.06.2025', 1)]);
    answers[`${POST_1} 30.06.2024-30.06.2025`] = table('30.06.2024', '30.06.2025', [
      day('30.06.2025', 1),
      day('27.06.2025', 2),
    ]);
    const root = await render(`${page}<fin-archive-table period-id="2"></fin-archive-table>`, PAID);
    expect(root.querySelector('.at__title')?.textContent).toContain('30.03.2025 – 30.06.2025');
    act(() => root.host.setAttribute('period-id', '4'));
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(root.querySelector('.at__title')?.textContent).toContain('30.06.2024 – 30.06.2025');
  });

  it('announces a sort by a user as fin-sort-change', async () => {
    answers[POST_1] = table('30.05.2025', '30.06.2025', [day('30.06.2025', 1), day('27.06.2025', 2)]);
    const root = await render(`${page}<fin-archive-table></fin-archive-table>`, PAID);
    const sorts: unknown[] = [];
    root.host.addEventListener('fin-sort-change', (event) => sorts.push((event as CustomEvent).detail));
    const closeHead = [...root.querySelectorAll('thead th')].find((cell) =>
      cell.textContent?.includes('Close'),
    )!;
    act(() => closeHead.querySelector('button')!.click());
    await waitFor(() => expect(sorts).toEqual([{ field: 'close', order: 'asc' }]));
    await waitFor(() => expect(cells(root, 0)[0]).toBe('30.06.2025'));
  });
});
