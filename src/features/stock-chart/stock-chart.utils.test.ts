import { describe, expect, it } from 'vitest';
import type { ChartPoint, TradingSeries } from '../../contract/stocks.ts';
import { PAID_ACCESS_LEVEL, type UserGlobals } from '../../contract/types.ts';
import { allocateColor, CHART_PALETTE, MAIN_COLOR_INDEX } from '../../contract/palette.ts';
import {
  alignToCommonStart,
  axisAccess,
  chartFlags,
  chartModel,
  compareLimitAlert,
  compareSearchUrls,
  compareStats,
  comparedLine,
  calendarToday,
  excelExportDecision,
  isTodayAvailable,
  isTodayPeriod,
  mainLine,
  ohlcOf,
  percentChangeSeries,
  retryWindow,
  round2,
  type ComparedItem,
} from './stock-chart.utils.ts';

const d = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

const anonymous: UserGlobals = {
  userAuth: false,
  userAccessLevel: 0,
  userTariffs: [],
  userId: null,
  userCountryId: null,
  userMobileExists: false,
};
const free: UserGlobals = { ...anonymous, userAuth: true, userId: 7 };
const paid: UserGlobals = { ...free, userAccessLevel: PAID_ACCESS_LEVEL };

function series(overrides: Partial<TradingSeries> = {}): TradingSeries {
  return {
    field: 'close',
    name: 'Sberbank (SBER)',
    data: [],
    color: '#000',
    stockId: 1,
    tgId: 1,
    stockName: 'Sberbank',
    tgName: 'MOEX',
    ticker: 'SBER',
    currency: 'RUB',
    intraday: false,
    ...overrides,
  };
}

describe('the palette (SPEC §9: 21 colours, the first for the main series)', () => {
  it('has 21 distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(21);
    expect(new Set(CHART_PALETTE).size).toBe(21);
  });

  it('gives compared items the lowest free colour after the reserved one, and reuses a freed one', () => {
    expect(allocateColor([])).toBe(1);
    expect(allocateColor([1, 2, 3])).toBe(4);
    // Item with colour 2 removed: the next item gets 2 again, not 4.
    expect(allocateColor([1, 3])).toBe(2);
    expect(allocateColor([MAIN_COLOR_INDEX])).toBe(1);
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(allocateColor(all)).toBeNull();
  });
});

describe('windows', () => {
  it('moves a 206 retry window to end on the given date, keeping the span in days', () => {
    expect(retryWindow('01.01.2024', '31.01.2024', '30.06.2025')).toEqual({
      from: '31.05.2025',
      to: '30.06.2025',
    });
    expect(retryWindow('30.06.2022', '30.06.2025', '27.06.2025')).toEqual({
      from: '27.06.2022',
      to: '27.06.2025',
    });
    expect(retryWindow('04.07.2025', '04.07.2025', '30.06.2025')).toEqual({
      from: '30.06.2025',
      to: '30.06.2025',
    });
  });

  it('offers Today only on ground 1, with intraday data, outside the extended view', () => {
    expect(isTodayAvailable(1, false, false)).toBe(true);
    expect(isTodayAvailable(2, false, false)).toBe(false);
    expect(isTodayAvailable(1, true, false)).toBe(false);
    expect(isTodayAvailable(1, false, true)).toBe(false);
  });

  it('asks indexes for intraday values (99) on Today or a one-day window on today, the calendar date (SPEC §7)', () => {
    // Saturday 28.06.2025: the last trading date is Friday's.
    const lastDate = '27.06.2025';
    const today = '28.06.2025';
    expect(isTodayPeriod({ id: 0, from: lastDate, to: lastDate }, today)).toBe(true);
    expect(isTodayPeriod({ id: null, from: today, to: today }, today)).toBe(true);
    // One day on the last trading date that is not today is a plain window.
    expect(isTodayPeriod({ id: null, from: lastDate, to: lastDate }, today)).toBe(false);
    expect(isTodayPeriod({ id: null, from: '27.06.2025', to: today }, today)).toBe(false);
    expect(isTodayPeriod({ id: 1, from: '28.05.2025', to: today }, today)).toBe(false);
  });

  it('takes today from the calendar of the visitor', () => {
    expect(calendarToday(new Date(2025, 5, 28, 23, 59))).toBe('28.06.2025');
    expect(calendarToday(new Date(2025, 0, 2, 0, 1))).toBe('02.01.2025');
  });
});

describe('compare limits (SPEC §5)', () => {
  it('refuses an 11th stock (10 loaded, the main one included) and an 11th index', () => {
    expect(compareLimitAlert('stock', 9, 0)).toBeNull();
    expect(compareLimitAlert('stock', 10, 0)).toBe('max_stocks_in_compare');
    expect(compareLimitAlert('index', 10, 9)).toBeNull();
    expect(compareLimitAlert('index', 1, 10)).toBe('max_indexes_in_compare');
  });
});

describe('alignment and percent change (SPEC §4 compare mode)', () => {
  const a: ChartPoint[] = [
    [d('2025-06-02'), 100],
    [d('2025-06-03'), 110],
    [d('2025-06-04'), 99],
  ];
  const b: ChartPoint[] = [
    [d('2025-06-03'), 50],
    [d('2025-06-04'), 55],
  ];

  it('cuts every series to the earliest date they all have and removes empty ones', () => {
    const result = alignToCommonStart([
      { key: 'a', data: a },
      { key: 'b', data: b },
      { key: 'empty', data: [] },
      { key: 'ended', data: [[d('2025-06-01'), 3]] },
    ]);
    expect(result.start).toBe(d('2025-06-03'));
    expect(result.aligned.map((s) => [s.key, s.data])).toEqual([
      ['a', a.slice(1)],
      ['b', b],
    ]);
    expect(result.removed).toEqual(['empty', 'ended']);
  });

  it('gives percent change from the first point, rounded to 2 decimals', () => {
    expect(percentChangeSeries(a)).toEqual([
      [d('2025-06-02'), 0],
      [d('2025-06-03'), 10],
      [d('2025-06-04'), -1],
    ]);
    expect(
      percentChangeSeries([
        [1, 3],
        [2, 4],
      ]),
    ).toEqual([
      [1, 0],
      [2, 33.33],
    ]);
    expect(
      percentChangeSeries([
        [1, 0],
        [2, 4],
      ]),
    ).toEqual([]);
  });

  it('rounds averages and changes to 2 decimals, without a negative zero', () => {
    expect(round2(1.005 * 1000)).toBe(1005);
    expect(round2(2 / 3)).toBe(0.67);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(compareStats(a)).toEqual({ average: 103, change: -1 });
    expect(
      compareStats([
        [1, 3],
        [2, 4],
        [3, 4],
      ]),
    ).toEqual({ average: 3.67, change: 33.33 });
    expect(compareStats([])).toBeNull();
  });

  it('builds the chart: one stock as loaded; with compared items aligned, in percent, with legend figures', () => {
    const main = mainLine(series({ data: a }), true);
    const single = chartModel(main, []);
    expect(single.compare).toBe(false);
    expect(single.lines[0]?.data).toEqual(a);
    expect(single.legend[0]).toMatchObject({
      seriesName: 'Sberbank (MOEX)',
      pageLink: '/stocks/1/1/',
      color: CHART_PALETTE[0],
      visible: true,
      stats: null,
      entity: { id: 1, tgId: 1, model: 'stock', emitForRemove: false, date: '02.06.2025' },
    });

    const item: ComparedItem = {
      key: 'index:2',
      entity: { id: 2, tgId: null, model: 'index', name: 'RTSI', tgName: null },
      colorIndex: 3,
      visible: false,
      data: b,
    };
    const loading: ComparedItem = { ...item, key: 'index:3', entity: { ...item.entity, id: 3 }, data: null };
    const model = chartModel(main, [comparedLine(item), comparedLine(loading)]);
    expect(model.compare).toBe(true);
    expect(model.lines.map((line) => [line.key, line.data])).toEqual([
      [
        'stock:1:1',
        [
          [d('2025-06-03'), 0],
          [d('2025-06-04'), -10],
        ],
      ],
      [
        'index:2',
        [
          [d('2025-06-03'), 0],
          [d('2025-06-04'), 10],
        ],
      ],
    ]);
    expect(model.legend.map((l) => [l.key, l.color, l.visible, l.loading, l.stats])).toEqual([
      ['stock:1:1', CHART_PALETTE[0], true, false, { average: 104.5, change: -10 }],
      ['index:2', CHART_PALETTE[3], false, false, { average: 52.5, change: 10 }],
      ['index:3', CHART_PALETTE[3], false, true, null],
    ]);
    expect(model.legend[1]).toMatchObject({
      pageLink: '/indexes/2/',
      entity: { emitForRemove: true, date: '03.06.2025' },
    });
  });
});

describe('access on the chart (SPEC §6)', () => {
  it('shows the y-axis and values to paid users only; free users get the series name in the tooltip', () => {
    expect(axisAccess(paid, false)).toEqual({ valueAxis: 'values', tooltip: 'values' });
    expect(axisAccess(free, true)).toEqual({ valueAxis: 'hidden', tooltip: 'name-only' });
    expect(axisAccess(anonymous, true)).toEqual({ valueAxis: 'hidden', tooltip: 'none' });
    // Scaled shapes never get a value axis, whoever looks.
    expect(axisAccess(paid, true).valueAxis).toBe('hidden');
  });

  it('puts dividend and split flags on the chart for paid users only', () => {
    const events = [{ type: 'split' as const, date: d('2024-07-04'), text: 'Split 1:100' }];
    expect(chartFlags(paid, events)).toEqual(events);
    expect(chartFlags(free, events)).toEqual([]);
    expect(chartFlags(paid, undefined)).toEqual([]);
  });
});

describe('the extended chart', () => {
  it('joins the per-field series into OHLC bars and volume columns', () => {
    const t1 = d('2025-06-02');
    const t2 = d('2025-06-03');
    const result = ohlcOf([
      series({
        field: 'open',
        data: [
          [t1, 1],
          [t2, 2],
        ],
      }),
      series({
        field: 'high',
        data: [
          [t1, 3],
          [t2, 4],
        ],
      }),
      series({
        field: 'low',
        data: [
          [t1, 0.5],
          [t2, 1.5],
        ],
      }),
      series({
        field: 'close',
        data: [
          [t1, 2],
          [t2, 3],
        ],
      }),
      series({
        field: 'volume',
        data: [
          [t1, 1000],
          [t2, 2000],
        ],
      }),
    ]);
    expect(result.bars).toEqual([
      [t1, 1, 3, 0.5, 2],
      [t2, 2, 4, 1.5, 3],
    ]);
    expect(result.volume).toEqual([
      [t1, 1000],
      [t2, 2000],
    ]);
    expect(ohlcOf([series({ field: 'close', data: [] })])).toEqual({ bars: [], volume: [] });
  });
});

describe('Excel export rules (SPEC §5, §6)', () => {
  const base = { excelExportAccess: true, total: 20, url: '/x.xlsx' };

  it('asks anonymous visitors to log in and shows free users the access dialog', () => {
    expect(excelExportDecision({ ...base, user: anonymous })).toEqual({ kind: 'login' });
    expect(excelExportDecision({ ...base, user: free })).toEqual({ kind: 'access' });
  });

  it('says access_denied_auth when the page turns the export off for a paid user', () => {
    expect(excelExportDecision({ ...base, user: paid, excelExportAccess: false })).toEqual({
      kind: 'denied',
      label: 'common:access_denied_auth',
    });
  });

  it('says the archive failed to load instead of "no data" when its load failed', () => {
    expect(excelExportDecision({ ...base, user: paid, total: 0, archiveFailed: true })).toEqual({
      kind: 'archive_error',
    });
    // The access prompts come first: a failed archive does not tell a visitor more.
    expect(excelExportDecision({ ...base, user: free, total: 0, archiveFailed: true })).toEqual({
      kind: 'access',
    });
  });

  it('sends nothing for an empty archive; starts at most 2500 rows by itself, offers the link above', () => {
    expect(excelExportDecision({ ...base, user: paid, total: 0 })).toEqual({ kind: 'empty' });
    expect(excelExportDecision({ ...base, user: paid, total: 2500 })).toEqual({
      kind: 'download',
      url: '/x.xlsx',
      auto: true,
    });
    expect(excelExportDecision({ ...base, user: paid, total: 2501 })).toEqual({
      kind: 'download',
      url: '/x.xlsx',
      auto: false,
    });
  });
});

describe('the compare field', () => {
  const defaults = { stocks: '/s/%term%/', indexes: '/i/%term%/' };

  it("searches the page's stock and index URLs only, else the portal's", () => {
    expect(
      compareSearchUrls(
        { stocks: '/x/stocks/%term%/', etf: '/x/etf/%term%/', bonds: '/x/b/%term%/' },
        defaults,
      ),
    ).toEqual({ stocks: '/x/stocks/%term%/', indexes: '/i/%term%/' });
    expect(compareSearchUrls({ stocks: '/no-placeholder/' }, defaults)).toEqual(defaults);
    expect(compareSearchUrls(null, defaults)).toEqual(defaults);
  });
});
