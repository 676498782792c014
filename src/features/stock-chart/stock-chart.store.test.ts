import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartPoint, TradingSeries, TradingsRequest } from '../../contract/stocks.ts';
import type { CompareSearchItem } from '../../core/events.ts';
import { $ground } from '../../core/stores/ground.ts';
import { resetPageData, setStockPageData, $page } from '../../core/stores/page.ts';
import { $period, periodStore, resetPeriods } from '../../core/stores/period.ts';
import { $user } from '../../core/stores/user.ts';
import { PAID_ACCESS_LEVEL, type StockPageData } from '../../contract/types.ts';
import { $archive, archiveOf } from '../../core/stores/archive.ts';
import { createStockChartStore, type StockChartStore } from './stock-chart.store.ts';

const LAST = '30.06.2025';
const ms = (date: string) => {
  const [day, month, year] = date.split('.');
  return Date.parse(`${year}-${month}-${day}T00:00:00Z`);
};

function pageData(overrides: Partial<StockPageData> = {}): StockPageData {
  return {
    lang: 'eng',
    stockId: 1,
    groundId: 1,
    stringId: 'sber',
    stockInfo: { stock_full_name: 'Sberbank', splits: [] },
    tradingGrounds: [
      { id: 1, text: 'MOEX' },
      { id: 2, text: 'SPB' },
    ],
    exchangeTable: { data: [], fields: [] },
    paramsTable: { data: [], fields: [] },
    dividendsTable: { data: [], fields: [] },
    nearestDividend: null,
    emitentSharesStocksList: [],
    emitentSharesBondsList: [],
    indexesList: [],
    excelDefaultStart: '30.05.2025',
    excelDefaultEnd: LAST,
    excelGraphTableStartDate: '01.07.2015',
    excelGraphTableEndDate: LAST,
    hideGraph: false,
    excelExportAccess: true,
    tradingsLink: '/api/stocks/get_tradings/',
    archiveExportLink: '/api/stocks/1/1/archive-export/?dateFrom=%from%&dateTo=%to%',
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

type Reply = { status: number; body: unknown };

/** The reference server's answers, small: a series of two points per pair (first and last day). */
let calls: Call[] = [];
let tradingsReply: (request: TradingsRequest) => Reply | undefined;
let indexReply: (path: string, body: Record<string, unknown>) => Reply | undefined;
/** The archive (createTableTradingFullInfo) by stock id: its total, or an HTTP error status. */
let archiveReply: (stockId: number, body: Record<string, unknown>) => Reply;
/** While set, index answers wait for it (a user acts while they are on their way). */
let indexGate: Promise<void> | null = null;

function defaultArchive(stockId: number, body: Record<string, unknown>): Reply {
  const total = stockId === 1 ? 3 : 0;
  return {
    status: 200,
    body: {
      result: total > 0,
      data: [],
      fields: [],
      fieldsLabels: {},
      total,
      dateFrom: body.dateFrom,
      dateTo: body.dateTo,
      currency: 'RUB',
    },
  };
}

function series(stockId: number, tgId: number, request: TradingsRequest, field = 'close'): TradingSeries {
  const intraday = request.date_from === LAST && request.date_to === LAST && tgId === 1 && stockId === 1;
  const data: ChartPoint[] = intraday
    ? [
        [ms(LAST) + 7 * 3600_000, 100],
        [ms(LAST) + 8 * 3600_000, 101],
      ]
    : [
        [ms(request.date_from), stockId * 10],
        [ms(request.date_to), stockId * 10 + 1],
      ];
  return {
    field: field as TradingSeries['field'],
    name: `Stock ${stockId}`,
    data,
    color: '#000',
    stockId,
    tgId,
    stockName: `Stock ${stockId}`,
    tgName: `Ground ${tgId}`,
    ticker: `S${stockId}`,
    currency: 'RUB',
    intraday,
  };
}

function defaultTradings(request: TradingsRequest): Reply {
  const fields = request.fields ?? ['close'];
  return {
    status: 200,
    body: request.stocks_ids.flatMap((stockId, i) =>
      fields.map((field) => series(stockId, request.trading_ground_ids[i]!, request, field)),
    ),
  };
}

function indexGraph(id: number, body: Record<string, unknown>) {
  const from = (body.beginDate ?? body.begin_date) as string;
  const to = (body.endDate ?? body.end_date) as string;
  return {
    index_id: id,
    name: `Index ${id}`,
    code: `I${id}`,
    graph_data: [
      { 'date.numeric': ms(from) / 1000, value: 1000 + id, date: from },
      { 'date.numeric': ms(to) / 1000, value: 1010 + id, date: to },
    ],
  };
}

function defaultIndex(path: string, body: Record<string, unknown>): Reply {
  const id = Number(/\/api\/indexes\/(\d+)\//.exec(path)?.[1]);
  if (path.endsWith('getCompareGraphicData/'))
    return { status: 200, body: indexGraph(body.index_id as number, body) };
  const ids = [id, ...((body.compareIndexes as number[] | undefined) ?? [])];
  return { status: 200, body: { compare_data: ids.map((i) => indexGraph(i, body)) } };
}

function stubServer() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const url = new URL(input, 'http://localhost');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
      let reply: Reply | undefined;
      if (url.pathname === '/api/stocks/get_tradings/')
        reply = tradingsReply(body as unknown as TradingsRequest);
      else if (url.pathname.startsWith('/api/indexes/')) {
        if (indexGate) await indexGate;
        if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
        reply = indexReply(url.pathname, body ?? {});
      } else if (url.pathname.endsWith('/createTableTradingFullInfo/'))
        reply = archiveReply(Number(url.pathname.split('/')[3]), body ?? {});
      else if (url.pathname.startsWith('/cb/current_user/action_log/'))
        reply = { status: 200, body: { success: true, id: 1 } };
      reply ??= { status: 404, body: { error: 'not here' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

const tradingCalls = () => calls.filter((call) => call.path === '/api/stocks/get_tradings/');

function setUser(kind: 'anonymous' | 'free' | 'paid') {
  const user =
    kind === 'anonymous'
      ? { userAuth: false }
      : { userAuth: true, userId: 7, userAccessLevel: kind === 'paid' ? PAID_ACCESS_LEVEL : 0 };
  document.body.innerHTML = `<script type="application/json" id="fin-user">${JSON.stringify(user)}</script>`;
}

let store: StockChartStore;
let stop: () => void = () => {};

/** Waits for every load under way (and those they start), then expects the main data there. */
async function ready() {
  await allTasks();
  expect(store.$state.get().status).toBe('ready');
}

function start(user: 'anonymous' | 'free' | 'paid' = 'paid', data = pageData()) {
  setUser(user);
  setStockPageData(data);
  store = createStockChartStore();
  stop = store.start();
}

const stock = (id: number, tg = 1): CompareSearchItem => ({
  emissionId: id,
  emissionName: `Stock ${id}`,
  emissionNameWithTg: `Stock ${id} (Ground ${tg})`,
  isin: null,
  ticker: `S${id}`,
  tradingGroundsId: tg,
  tradingGroundsName: `Ground ${tg}`,
  type: 'stocks',
});

const index = (id: number): CompareSearchItem => ({
  emissionId: id,
  emissionName: `Index ${id}`,
  emissionNameWithTg: `Index ${id}`,
  isin: null,
  ticker: null,
  tradingGroundsId: null,
  tradingGroundsName: null,
  type: 'indexes',
});

beforeEach(() => {
  tradingsReply = defaultTradings;
  indexReply = defaultIndex;
  archiveReply = defaultArchive;
  indexGate = null;
  stubServer();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetPageData();
  resetPeriods();
  $ground.set(null);
  cleanStores($user, $page, $ground, $period, $archive, archiveOf({ pageData: '#second-stock' }).$state);
  document.body.innerHTML = '';
});

describe('loading the chart', () => {
  it('loads 1M back from the last date on first load, for the page stock and ground', async () => {
    start('paid');
    await ready();
    expect(tradingCalls().map((call) => call.body)).toEqual([
      {
        date_from: '30.05.2025',
        date_to: LAST,
        stocks_ids: [1],
        trading_ground_ids: [1],
        userChangePeriod: false,
        getChartIteration: 1,
        fields: ['close'],
      },
    ]);
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025', to: LAST });
    expect(store.$state.get()).toMatchObject({ from: '30.05.2025', to: LAST, mode: 'line' });
    expect(store.$state.get().main?.data).toHaveLength(2);
  });

  it('clears the series and reloads on a period change, sent as a user change', async () => {
    start('paid');
    await ready();
    store.selectPeriod(4);
    await Promise.resolve();
    expect(store.$state.get()).toMatchObject({ main: null, status: 'loading' }); // before the answer
    await ready();
    expect(tradingCalls()[1]?.body).toMatchObject({
      date_from: '30.06.2024',
      date_to: LAST,
      userChangePeriod: true,
    });
    expect(store.$state.get().main?.data[0]?.[0]).toBe(ms('30.06.2024'));
  });

  it('makes custom dates the period (id null), refusing a start after the end', async () => {
    start('paid');
    await ready();
    expect(store.setDates('10.06.2025', '01.06.2025', 'from')).toEqual({
      ok: false,
      error: 'graph_period_start_incorrect',
    });
    expect(store.setDates('01.06.2025', '10.06.2025', 'from').ok).toBe(true);
    await ready();
    expect($period.get()).toMatchObject({ id: null, from: '01.06.2025', to: '10.06.2025' });
    expect(tradingCalls().at(-1)?.body).toMatchObject({ date_from: '01.06.2025', date_to: '10.06.2025' });
  });

  it('follows a 206 once: the dates move to the window ending on the given date, keeping the span', async () => {
    tradingsReply = (request) =>
      request.date_to < '2' || request.date_from.endsWith('2024')
        ? { status: 206, body: { date: LAST, 'date.numeric': ms(LAST) / 1000 } }
        : defaultTradings(request);
    start('paid');
    await ready();
    store.setDates('01.01.2024', '31.01.2024', 'from');
    await ready();
    expect(tradingCalls()).toHaveLength(3);
    expect(tradingCalls()[1]?.body).toMatchObject({ date_from: '01.01.2024', getChartIteration: 1 });
    expect(tradingCalls()[2]?.body).toMatchObject({
      date_from: '31.05.2025',
      date_to: LAST,
      getChartIteration: 2,
    });
    // The shared period moved too, so the archive shows the same window.
    expect($period.get()).toMatchObject({ id: null, from: '31.05.2025', to: LAST });
    expect(store.$state.get().main?.data).toHaveLength(2);
  });

  it('does not retry a second time: a 206 on the retry shows an empty chart', async () => {
    tradingsReply = (request) =>
      request.getChartIteration === 1 && request.date_from === '30.05.2025'
        ? defaultTradings(request)
        : { status: 206, body: { date: '27.06.2025', 'date.numeric': ms('27.06.2025') / 1000 } };
    start('paid');
    await ready();
    store.selectPeriod(2);
    await ready();
    expect(tradingCalls()).toHaveLength(3);
    expect(tradingCalls()[2]?.body).toMatchObject({
      date_from: '27.03.2025',
      date_to: '27.06.2025',
      getChartIteration: 2,
    });
    expect(store.$state.get().main?.data).toEqual([]);
    expect(tradingCalls()).toHaveLength(3);
  });

  it('loads Today as the last date on ground 1; without intraday points it hides Today and uses 1M', async () => {
    start('paid');
    await ready();
    store.selectPeriod(0);
    await ready();
    expect(tradingCalls()[1]?.body).toMatchObject({ date_from: LAST, date_to: LAST });
    expect(store.$state.get().main?.intraday).toBe(true);
    expect(store.$state.get().noIntraday).toBe(false);

    // Another stock without intraday bars: its daily bar comes back, so Today goes.
    store.selectPeriod(1);
    await ready();
    tradingsReply = (request) => {
      const reply = defaultTradings(request);
      (reply.body as TradingSeries[]).forEach((s) => (s.intraday = false));
      return reply;
    };
    store.selectPeriod(0);
    await allTasks();
    expect(store.$state.get().noIntraday).toBe(true);
    await ready();
    expect($period.get()?.id).toBe(1);
    expect(tradingCalls().at(-1)?.body).toMatchObject({ date_from: '30.05.2025', date_to: LAST });
  });

  it('never asks for Today on ground 2: the period falls back to 1M', async () => {
    start('paid', pageData({ groundId: 2 }));
    await ready();
    store.selectPeriod(0);
    await allTasks();
    expect($period.get()?.id).toBe(1);
    await ready();
    expect(tradingCalls().every((call) => call.body?.date_from !== call.body?.date_to)).toBe(true);
    expect(tradingCalls().every((call) => (call.body?.trading_ground_ids as number[])[0] === 2)).toBe(true);
  });

  it('shows a failed load as an error and loads again on retry', async () => {
    tradingsReply = () => ({ status: 500, body: { error: 'boom' } });
    start('paid');
    await allTasks();
    expect(store.$state.get().status).toBe('error');
    expect(store.$state.get().error?.status).toBe(500);
    tradingsReply = defaultTradings;
    store.retry();
    await ready();
    expect(store.$state.get().main?.data).toHaveLength(2);
  });
});

describe('the extended view', () => {
  it('sets period 1, asks for every field of the bars, and brings Today back on leaving', async () => {
    start('paid');
    await ready();
    store.selectPeriod(4);
    await ready();
    expect(store.setMode('extended')).toBe(true);
    await ready();
    expect($period.get()?.id).toBe(1);
    expect(tradingCalls().at(-1)?.body).toMatchObject({
      date_from: '30.05.2025',
      fields: ['open', 'high', 'low', 'close', 'volume'],
    });
    expect(store.$state.get().extended).toHaveLength(5);
    store.setMode('line');
    await ready();
    expect(store.$state.get().mode).toBe('line');
    expect(tradingCalls().at(-1)?.body).toMatchObject({ fields: ['close'] });
  });

  it('is refused to free users (SPEC §6: not shown)', async () => {
    start('free');
    await ready();
    expect(store.setMode('extended')).toBe(false);
    expect(store.$state.get().mode).toBe('line');
  });
});

describe('compare', () => {
  it('gates the compare button: log-in prompt, access dialog, or the field', async () => {
    start('anonymous');
    await ready();
    store.toggleCompare();
    expect(store.$state.get()).toMatchObject({ loginPrompt: 'compare', compareOpen: false });
    stop();
    cleanStores($user);

    start('free');
    await ready();
    store.toggleCompare();
    expect(store.$state.get()).toMatchObject({ dialog: 'access', compareOpen: false });
    expect(store.addCompare(stock(2))).toBe(false);
    stop();
    cleanStores($user);

    start('paid');
    await ready();
    store.toggleCompare();
    expect(store.$state.get().compareOpen).toBe(true);
  });

  it('adds stocks with the lowest free colour, and a removed one frees its colour', async () => {
    start('paid');
    await ready();
    expect(store.addCompare(stock(2))).toBe(true);
    expect(store.addCompare(stock(3, 2))).toBe(true);
    await allTasks();
    expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    expect(
      tradingCalls()
        .slice(1)
        .map((call) => [call.body?.stocks_ids, call.body?.trading_ground_ids]),
    ).toEqual([
      [[2], [1]],
      [[3], [2]],
    ]);
    expect(store.$state.get().compared.map((item) => [item.key, item.colorIndex])).toEqual([
      ['stock:2:1', 1],
      ['stock:3:2', 2],
    ]);
    // The same stock again, or the main one, is not added twice.
    expect(store.addCompare(stock(2))).toBe(false);
    expect(store.addCompare(stock(1))).toBe(false);
    store.removeCompare('stock:2:1');
    store.addCompare(index(4));
    expect(store.$state.get().compared.map((item) => [item.key, item.colorIndex])).toEqual([
      ['stock:3:2', 2],
      ['index:4', 1],
    ]);
  });

  it('refuses the 11th stock with max_stocks_in_compare and the 11th index with max_indexes_in_compare', async () => {
    start('paid');
    await ready();
    for (let id = 2; id <= 10; id++) expect(store.addCompare(stock(id))).toBe(true);
    expect(store.addCompare(stock(11))).toBe(false);
    expect(store.$alert.get()?.key).toBe('compare:max_stocks_in_compare');
    for (let id = 1; id <= 10; id++) expect(store.addCompare(index(id))).toBe(true);
    expect(store.addCompare(index(11))).toBe(false);
    expect(store.$alert.get()?.key).toBe('compare:max_indexes_in_compare');
    expect(store.$state.get().compared).toHaveLength(19);
    expect(new Set(store.$state.get().compared.map((item) => item.colorIndex)).size).toBe(19);
  });

  it('loads every compared stock in one call with parallel ids after a period change', async () => {
    start('paid');
    await ready();
    store.addCompare(stock(2));
    store.addCompare(stock(3, 2));
    store.addCompare(index(1));
    store.addCompare(index(2));
    await allTasks();
    expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    calls = [];
    store.selectPeriod(2);
    await ready();
    await allTasks();
    expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    expect(tradingCalls().map((call) => call.body)).toEqual([
      expect.objectContaining({
        date_from: '30.03.2025',
        stocks_ids: [1, 2, 3],
        trading_ground_ids: [1, 1, 2],
      }),
    ]);
    expect(calls.filter((call) => call.path.includes('/api/indexes/'))).toEqual([
      {
        method: 'POST',
        path: '/api/indexes/1/getGraphicData/',
        body: { beginDate: '30.03.2025', endDate: LAST, compareIndexes: [2], periodId: null },
      },
    ]);
  });

  it('brings the main and the compared stocks of a new period in one state, so the chart draws it once', async () => {
    start('paid');
    await ready();
    store.addCompare(stock(2));
    store.addCompare(stock(3, 2));
    await allTasks();
    // The first date of each line shows which period it belongs to.
    const first = (data: readonly ChartPoint[] | null | undefined) => data?.[0]?.[0] ?? '-';
    const states: string[] = [];
    const stop = store.$state.listen((state) =>
      states.push([first(state.main?.data), ...state.compared.map((item) => first(item.data))].join(' ')),
    );
    store.selectPeriod(2);
    await allTasks();
    stop();
    const from = ms('30.03.2025');
    // Never the compared lines of the new period beside no main line (or the old one's).
    expect(states.filter((state) => state.includes(String(from)))).toEqual([`${from} ${from} ${from}`]);
  });

  it('compares an index with getCompareGraphicData, logs action 313 once, and asks for 99 on Today', async () => {
    start('paid');
    await ready();
    store.selectPeriod(0);
    await ready();
    store.addCompare(index(1));
    store.addCompare(index(2));
    await allTasks();
    expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    const indexCalls = calls.filter((call) => call.path.includes('/api/indexes/'));
    expect(indexCalls.map((call) => [call.path, call.body])).toEqual([
      [
        '/api/indexes/1/getCompareGraphicData/',
        { index_id: 1, begin_date: LAST, end_date: LAST, period_id: 99 },
      ],
      [
        '/api/indexes/2/getCompareGraphicData/',
        { index_id: 2, begin_date: LAST, end_date: LAST, period_id: 99 },
      ],
    ]);
    expect(calls.filter((call) => call.path.startsWith('/cb/')).map((call) => call.path)).toEqual([
      '/cb/current_user/action_log/global/json/313/',
    ]);
    // Index points come in seconds; the chart gets ms.
    expect(store.$state.get().compared[0]?.data?.[0]?.[0]).toBe(ms(LAST));
  });

  it('removes an item without data and says null_compare_data', async () => {
    indexReply = (path, body) =>
      body.index_id === 9
        ? { status: 200, body: { ...indexGraph(9, body), graph_data: [] } }
        : defaultIndex(path, body);
    tradingsReply = (request) =>
      request.stocks_ids[0] === 27
        ? { status: 206, body: { date: LAST, 'date.numeric': ms(LAST) / 1000 } }
        : defaultTradings(request);
    start('paid');
    await ready();
    store.addCompare(index(9));
    await allTasks();
    expect(store.$state.get().compared).toHaveLength(0);
    expect(store.$alert.get()?.key).toBe('compare:null_compare_data');
    store.addCompare(stock(27));
    await allTasks();
    expect(store.$state.get().compared).toHaveLength(0);
    // A compared stock's 206 does not move the chart's dates.
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025' });
  });

  it('cancel clears the compared series and reloads the single chart', async () => {
    start('paid');
    await ready();
    store.toggleCompare();
    store.addCompare(stock(2));
    await allTasks();
    expect(store.$state.get().compared[0]?.data).not.toBeNull();
    calls = [];
    store.cancelCompare();
    await ready();
    expect(store.$state.get()).toMatchObject({ compared: [], compareOpen: false });
    expect(tradingCalls().map((call) => call.body?.stocks_ids)).toEqual([[1]]);
  });

  it('hides and shows a series from the legend', async () => {
    start('paid');
    await ready();
    store.addCompare(stock(2));
    store.toggleVisible('stock:2:1');
    store.toggleVisible('stock:1:1');
    expect(store.$state.get().compared[0]?.visible).toBe(false);
    expect(store.$state.get().mainVisible).toBe(false);
    store.toggleVisible('stock:1:1');
    expect(store.$state.get().mainVisible).toBe(true);
  });
});

describe('alerts', () => {
  it('hide after 3 s (SPEC §9)', async () => {
    start('paid');
    await ready();
    vi.useFakeTimers();
    store.alert('compare:null_compare_data');
    vi.advanceTimersByTime(2999);
    expect(store.$alert.get()?.key).toBe('compare:null_compare_data');
    vi.advanceTimersByTime(1);
    expect(store.$alert.get()).toBeNull();
  });
});

describe('following the page', () => {
  it('reloads for the new ground when the shared ground changes', async () => {
    start('paid');
    await ready();
    setStockPageData(pageData({ groundId: 2 }));
    $ground.set(2);
    await ready();
    expect(tradingCalls()).toHaveLength(2);
    expect(tradingCalls()[1]?.body).toMatchObject({ trading_ground_ids: [2] });
  });

  it('loads nothing when the page hides the graph', async () => {
    start('paid', pageData({ hideGraph: true }));
    await allTasks();
    expect(tradingCalls()).toHaveLength(0);
    expect(store.$state.get().status).toBe('idle');
  });
});

describe('several instruments on one page (DESIGN §3)', () => {
  const second = (overrides: Partial<StockPageData> = {}) =>
    pageData({
      stockId: 2,
      stringId: 'gazp',
      excelDefaultStart: '27.05.2025',
      excelDefaultEnd: '27.06.2025',
      archiveExportLink: '/api/stocks/2/1/archive-export/?dateFrom=%from%&dateTo=%to%',
      ...overrides,
    });

  it('two charts on blocks with different last dates each load their own window once, no reset loop', async () => {
    // Before periods were per block, the two charts reset one shared period back and forth.
    let changes = 0;
    const stopGuard = $period.listen(() => {
      if (++changes > 20) throw new Error('the shared period is reset in a loop');
    });
    start('paid');
    setStockPageData(second(), '#second-stock');
    const other = createStockChartStore({ pageData: '#second-stock' });
    const stopOther = other.start();
    await ready();
    expect(other.$state.get().status).toBe('ready');
    expect(
      tradingCalls().map((call) => [call.body?.stocks_ids, call.body?.date_from, call.body?.date_to]),
    ).toEqual([
      [[1], '30.05.2025', LAST],
      [[2], '27.05.2025', '27.06.2025'],
    ]);
    expect(other.$period).toBe(periodStore('#second-stock'));
    expect(periodStore('#second-stock').get()).toMatchObject({ id: 1, lastDate: '27.06.2025' });

    // A tab of the second chart leaves the first chart's period alone.
    expect(other.selectPeriod(4)).toBe(true);
    await allTasks();
    expect(tradingCalls()).toHaveLength(3);
    expect(tradingCalls()[2]?.body).toMatchObject({ stocks_ids: [2], date_from: '27.06.2024' });
    expect($period.get()).toMatchObject({ id: 1, from: '30.05.2025' });
    expect(changes).toBe(1);
    stopOther();
    stopGuard();
  });

  it('decides the Excel export on the archive of its own block', async () => {
    start('paid');
    setStockPageData(second(), '#second-stock');
    const other = createStockChartStore({ pageData: '#second-stock' });
    const stops = [other.start(), store.$archive.listen(() => {}), other.$archive.listen(() => {})];
    await ready();
    expect(other.$state.get().status).toBe('ready');
    expect(store.$archive.get().status).toBe('ready');
    expect(other.$archive.get().status).toBe('ready');
    expect(calls.filter((call) => call.path.endsWith('/createTableTradingFullInfo/'))).toEqual([
      expect.objectContaining({
        path: '/api/stocks/1/1/createTableTradingFullInfo/',
        body: { dateFrom: '30.05.2025', dateTo: LAST },
      }),
      expect.objectContaining({
        path: '/api/stocks/2/1/createTableTradingFullInfo/',
        body: { dateFrom: '27.05.2025', dateTo: '27.06.2025' },
      }),
    ]);
    expect(store.exportExcel()).toMatchObject({ kind: 'download', auto: true });
    // The page's main stock has 3 rows; this block's stock none.
    expect(other.exportExcel()).toEqual({ kind: 'empty' });
    expect(other.$alert.get()?.key).toBe('chart:export_empty');
    stops.forEach((stopIt) => stopIt());
  });

  it('says the archive could not be loaded instead of "no data" when its load failed', async () => {
    archiveReply = () => ({ status: 500, body: { error: 'boom' } });
    start('paid');
    const stopArchive = store.$archive.listen(() => {});
    await ready();
    expect(store.$archive.get().status).toBe('error');
    expect(store.exportExcel()).toEqual({ kind: 'archive_error' });
    expect(store.$alert.get()?.key).toBe('chart:export_archive_error');
    stopArchive();
  });
});

describe('the 206 retry chain', () => {
  it('retries once even when the date it names gives the window asked for, then shows no data', async () => {
    tradingsReply = (request) =>
      tradingCalls().length > 10
        ? { status: 500, body: { error: 'endless retries' } }
        : { status: 206, body: { date: request.date_to, 'date.numeric': ms(request.date_to) / 1000 } };
    start('paid');
    await ready();
    const chain = () =>
      tradingCalls().map((call) => [call.body?.date_from, call.body?.date_to, call.body?.getChartIteration]);
    expect(chain()).toEqual([
      ['30.05.2025', LAST, 1],
      ['30.05.2025', LAST, 2],
    ]);
    expect(store.$state.get()).toMatchObject({ status: 'ready', error: null });
    expect(store.$state.get().main?.data).toEqual([]);
    expect($period.get()?.id).toBe(1); // the window did not move: the tab stays

    // Another window starts another chain: again exactly one retry.
    store.selectPeriod(2);
    await ready();
    expect(tradingCalls()).toHaveLength(4);
    expect(chain().slice(2)).toEqual([
      ['30.03.2025', LAST, 1],
      ['30.03.2025', LAST, 2],
    ]);
  });
});

describe('Today known in advance', () => {
  it('hides Today up front when the page says there are no intraday bars, and never asks for it', async () => {
    start('paid', pageData({ intradayAvailable: false }));
    await ready();
    expect(store.$state.get().noIntraday).toBe(true);
    store.selectPeriod(0);
    await allTasks();
    expect($period.get()?.id).toBe(1);
    expect(tradingCalls().some((call) => call.body?.date_from === call.body?.date_to)).toBe(false);
  });

  it('offers Today when the page says there are intraday bars', async () => {
    start('paid', pageData({ intradayAvailable: true }));
    await ready();
    expect(store.$state.get().noIntraday).toBe(false);
    store.selectPeriod(0);
    await ready();
    expect(store.$state.get().main?.intraday).toBe(true);
  });
});

describe('only real period changes', () => {
  it('a tab that is already the period reloads nothing', async () => {
    start('paid');
    await ready();
    expect(store.selectPeriod(1)).toBe(false);
    expect(store.setDates('01.06.2025', '10.06.2025', 'from')).toMatchObject({ ok: true, changed: true });
    await ready();
    expect(store.setDates('01.06.2025', '10.06.2025', 'from')).toMatchObject({ ok: true, changed: false });
    await allTasks();
    expect(tradingCalls()).toHaveLength(2);
  });
});

describe('index compare (SPEC §7, §8)', () => {
  it('asks getGraphicData for 99 only when the one-day window is today, not the last trading date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 6, 1, 12)); // 01.07.2025; the last trading date was the day before
    start('paid');
    await ready();
    store.addCompare(index(1));
    store.addCompare(index(2));
    const loaded = async () => {
      await allTasks();
      expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    };
    await loaded();
    calls = [];
    store.setDates(LAST, LAST, 'from');
    await ready();
    await loaded();
    store.setDates('01.07.2025', '01.07.2025', 'from');
    await ready();
    await loaded();
    expect(
      calls
        .filter((call) => call.path.endsWith('/getGraphicData/'))
        .map((call) => [call.body?.beginDate, call.body?.periodId]),
    ).toEqual([
      [LAST, null],
      ['01.07.2025', 99],
    ]);
  });

  it('removes indexes whose load failed, frees their colours and only logs', async () => {
    start('paid');
    await ready();
    store.addCompare(index(1));
    store.addCompare(index(2));
    store.addCompare(stock(2));
    await allTasks();
    expect(store.$state.get().compared.every((item) => item.data !== null)).toBe(true);
    indexReply = () => ({ status: 500, body: { error: 'boom' } });
    store.selectPeriod(2);
    await allTasks();
    expect(store.$state.get().compared.map((item) => item.key)).toEqual(['stock:2:1']);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('compared indexes not loaded'));
    expect(store.$alert.get()).toBeNull();
    indexReply = defaultIndex;
    store.addCompare(index(3));
    expect(store.$state.get().compared.map((item) => [item.key, item.colorIndex])).toEqual([
      ['stock:2:1', 3],
      ['index:3', 1],
    ]);
  });

  it('does not say null_compare_data for an item the user removed while it loaded', async () => {
    indexReply = (_path, body) => ({
      status: 200,
      body: { ...indexGraph(body.index_id as number, body), graph_data: [] },
    });
    start('paid');
    await ready();
    let open: () => void = () => {};
    indexGate = new Promise((resolve) => (open = resolve));
    store.addCompare(index(9));
    store.removeCompare('index:9');
    open();
    await allTasks();
    expect(calls.some((call) => call.path.includes('/api/indexes/9/'))).toBe(true);
    expect(store.$alert.get()).toBeNull();
  });
});

describe('the compare field clear (SPEC §4 "Clear emits cancel events")', () => {
  it('cancels the comparison, reloads the single chart and keeps the field open', async () => {
    start('paid');
    await ready();
    store.toggleCompare();
    store.addCompare(stock(2));
    await allTasks();
    expect(store.$state.get().compared[0]?.data).not.toBeNull();
    calls = [];
    expect(store.cancelCompare({ closeField: false })).toBe(true);
    await ready();
    expect(store.$state.get()).toMatchObject({ compared: [], compareOpen: true });
    expect(tradingCalls().map((call) => call.body?.stocks_ids)).toEqual([[1]]);
    // Nothing compared: nothing to cancel, nothing reloads.
    calls = [];
    expect(store.cancelCompare({ closeField: false })).toBe(false);
    await allTasks();
    expect(tradingCalls()).toEqual([]);
  });
});
