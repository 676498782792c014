import { describe, expect, it } from 'vitest';
import {
  activeTabPeriod,
  checkChartRequest,
  checkChartResponse,
  checkTabPeriods,
  emptyChartResponse,
  isEmptyChartResponse,
} from './chart-widget.ts';

const lineAnswer = {
  graph_type: 'line',
  measure: 'RUB',
  data: [{ 'date.numeric': 1793059200, date: '27.10.2026', value: 101.5, valueFmt: '101,50' }],
  series: [
    {
      field: 'close_1',
      name: 'Alpha',
      data: [
        [1793059200, 101.5],
        [1793145600, null],
      ],
      color: '#1d5fbf',
      stockId: 1,
      tgId: 2,
      stockName: 'Alpha',
      pageLink: '/stocks/1/',
      entity: { id: 1, tgId: 2, model: 'stock', name: 'Alpha' },
    },
  ],
};

const mapAnswer = {
  graph_type: 'map',
  measure: '%',
  data: [],
  series: [{ field: 'bonds', name: 'Bonds', data: [[2.5, 11.2, 'OFZ 26238']] }],
};

describe('chart response check', () => {
  it('passes a line answer and a map answer with the fields the element reads', () => {
    expect(checkChartResponse(lineAnswer, '')).toEqual(lineAnswer);
    expect(checkChartResponse(mapAnswer, '')).toEqual(mapAnswer);
  });

  it('treats an answer without series points as no data, and builds that answer', () => {
    const empty = checkChartResponse({ graph_type: 'map', measure: '%', data: [], series: [] }, '');
    expect(isEmptyChartResponse(empty)).toBe(true);
    expect(emptyChartResponse('line', 'RUB')).toEqual({
      graph_type: 'line',
      measure: 'RUB',
      data: [],
      series: [],
    });
    expect(isEmptyChartResponse(checkChartResponse(lineAnswer, ''))).toBe(false);
  });

  it('drops an unsafe page link but keeps the series', () => {
    const hostile = {
      ...lineAnswer,
      series: [{ ...lineAnswer.series[0], pageLink: 'java\nscript:alert(1)' }],
    };
    const checked = checkChartResponse(hostile, '');
    expect(checked.series[0]).not.toHaveProperty('pageLink');
    expect(checked.series[0]!.data).toHaveLength(2);
  });

  it('keeps well-formed line points as sent and copies only the time and value of a longer one', () => {
    const points = [
      [1793059200, 101.5],
      [1793145600, null],
      [1793232000, 99, 'extra'],
    ];
    const checked = checkChartResponse(
      { ...lineAnswer, series: [{ field: 'a', name: 'A', data: points }] },
      '',
    ).series[0]!.data;
    expect(checked).toEqual([
      [1793059200, 101.5],
      [1793145600, null],
      [1793232000, 99],
    ]);
    expect(checked[0]).toBe(points[0]);
    expect(checked[2]).not.toBe(points[2]);
  });

  it.each([
    ['null', null, 'chart: expected an object, got null'],
    [
      'an unknown graph type',
      { ...mapAnswer, graph_type: 'pie' },
      'chart.graph_type: expected one of line, map',
    ],
    ['series missing', { graph_type: 'line', measure: '' }, 'chart.series: expected a list, got nothing'],
    [
      'a map point without its name',
      { ...mapAnswer, series: [{ field: 'b', name: 'B', data: [[1, 2]] }] },
      'chart.series[0].data[0]: expected a point [duration, yield, pointName]',
    ],
    [
      'a line time that is not finite',
      {
        ...lineAnswer,
        series: [
          {
            field: 'a',
            name: 'A',
            data: [
              [1, 2],
              [Infinity, 3],
            ],
          },
        ],
      },
      'chart.series[0].data[1][0]: expected a number, got Infinity',
    ],
    [
      'a line value as text',
      { ...lineAnswer, series: [{ field: 'a', name: 'A', data: [[1, 'x']] }] },
      'chart.series[0].data[0][1]: expected a number, got "x"',
    ],
    [
      'a colour that is not #rrggbb',
      { ...mapAnswer, series: [{ ...mapAnswer.series[0], color: 'red' }] },
      'chart.series[0].color: expected a colour as #rrggbb',
    ],
    [
      'two series with one field',
      { ...mapAnswer, series: [mapAnswer.series[0], mapAnswer.series[0]] },
      'chart.series[1].field: expected a unique id, got "bonds"',
    ],
    [
      'a table row without its date',
      { ...lineAnswer, data: [{ value: 1 }] },
      'chart.data[0].date.numeric: expected a number',
    ],
    [
      'an entity of an unknown model',
      {
        ...lineAnswer,
        series: [{ ...lineAnswer.series[0], entity: { id: 1, tgId: 1, model: 'bond', name: 'x' } }],
      },
      'chart.series[0].entity.model: expected one of stock, index',
    ],
  ])('names the field of a wrong-shape answer: %s', (_name, answer, message) => {
    expect(() => checkChartResponse(answer, 'chart')).toThrow(message);
  });
});

describe('chart request check', () => {
  it('reads the POSTed body; a missing periodId is typed dates', () => {
    expect(checkChartRequest({ periodId: 4, beginDate: '27.11.2025', endDate: '27.11.2026' })).toEqual({
      periodId: 4,
      beginDate: '27.11.2025',
      endDate: '27.11.2026',
    });
    expect(checkChartRequest({ beginDate: '01.01.2026', endDate: '02.01.2026' }).periodId).toBeNull();
  });

  it('refuses a date that is not a real DD.MM.YYYY date', () => {
    expect(() =>
      checkChartRequest({ periodId: null, beginDate: '31.02.2026', endDate: '01.03.2026' }),
    ).toThrow('beginDate: expected a date as DD.MM.YYYY, got "31.02.2026"');
    expect(() =>
      checkChartRequest({ periodId: null, beginDate: '01.01.2026', endDate: '2026-03-01' }),
    ).toThrow('endDate: expected a date as DD.MM.YYYY');
  });
});

describe('tab periods check', () => {
  const periods = [
    { id: 1, ttl: '1M', class: '', start_date: '27.10.2026', end_date: '27.11.2026' },
    { id: 4, ttl: '1Y', class: 'active', start_date: '27.11.2025', end_date: '27.11.2026' },
  ];

  it('reads the attribute text or the parsed list, and finds the active tab', () => {
    expect(checkTabPeriods(JSON.stringify(periods))).toEqual(periods);
    expect(activeTabPeriod(checkTabPeriods(periods))?.id).toBe(4);
    expect(activeTabPeriod(checkTabPeriods([{ ...periods[0], class: 'tab active' }]))?.id).toBe(1);
    expect(activeTabPeriod(checkTabPeriods([periods[0]]))).toBeNull();
  });

  it('gives no tabs for no attribute; a tab without ttl or class is allowed', () => {
    expect(checkTabPeriods(null)).toEqual([]);
    expect(checkTabPeriods('  ')).toEqual([]);
    expect(checkTabPeriods([{ id: '2', start_date: '01.01.2026', end_date: '01.02.2026' }])).toEqual([
      { id: 2, class: '', start_date: '01.01.2026', end_date: '01.02.2026' },
    ]);
  });

  it.each([
    ['text that is not JSON', '[{id:1', 'periods: expected a JSON list of tab periods'],
    ['an object for the list', '{}', 'periods: expected a list, got an object'],
    [
      'a date in another format',
      [{ ...periods[0], end_date: '2026-11-27' }],
      'periods[0].end_date: expected a date as DD.MM.YYYY',
    ],
    [
      'a start after the end',
      [{ ...periods[0], start_date: '28.11.2026' }],
      'periods[0].start_date: expected a date not after end_date 27.11.2026',
    ],
    ['two tabs with one id', [periods[0], periods[0]], 'periods[1].id: expected a unique id, got 1'],
    ['an id that is not a number', [{ ...periods[0], id: 'month' }], 'periods[0].id: expected an integer'],
  ])('names the field of a wrong periods attribute: %s', (_name, value, message) => {
    expect(() => checkTabPeriods(value)).toThrow(message);
  });
});
