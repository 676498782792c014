/**
 * The chart widget's data (SPEC §3, §7): what `<fin-chart>` POSTs to its data URL, the Chart
 * response it reads back, the Tab period items of its `periods` attribute, and the shapes its
 * legend, added points and trend select work with. The data URL is often a partner's own server,
 * so its answer is checked here like every other answer: another shape fails with the field named
 * and the element shows its inline error instead of drawing nonsense.
 */
import { parseDisplayDate } from './calendar.ts';
import { safeHref } from './links.ts';
import {
  arrayOf,
  integer,
  nullable,
  number,
  oneOf,
  optional,
  record,
  string,
  ValidationError,
  type Check,
} from './validate.ts';

/** SPEC §9: the widget's default height and the overturn chart's, in px. */
export const CHART_WIDGET_HEIGHT = 600;
export const CHART_OVERTURN_HEIGHT = 200;

export const CHART_GRAPH_TYPES = ['line', 'map'] as const;
export type ChartGraphType = (typeof CHART_GRAPH_TYPES)[number];

/** SPEC §3 Trend options, in the select's order. */
export const TREND_OPTIONS = ['not_selected', 'linear', 'logarithmic', 'exponential'] as const;
export type TrendOption = (typeof TREND_OPTIONS)[number];

/** SPEC §7: the body POSTed to the data URL. periodId is the tab's id, null for typed dates. */
export interface ChartRequest {
  periodId: number | null;
  /** DD.MM.YYYY */
  beginDate: string;
  /** DD.MM.YYYY */
  endDate: string;
}

/** SPEC §3 Chart point: one row of the main series (the accessible data table reads these). */
export interface ChartPoint {
  /** Unix seconds at UTC midnight. */
  'date.numeric': number;
  /** DD.MM.YYYY, the display title. */
  date: string;
  value: number | null;
  valueFmt?: string;
}

/** A line series' point: [Unix seconds, value]; null is a gap. */
export type LinePoint = [time: number, value: number | null];
/** A bond map's point: [duration in years, yield in %, the point's label]. */
export type MapPoint = [duration: number, yieldPercent: number, pointName: string];

/** SPEC §3 Chart entity: what a series stands for (a stock or an index). */
export interface ChartEntity {
  id: number;
  tgId: number;
  model: 'stock' | 'index';
  name: string;
}

/** SPEC §3 Chart series. `field` is the series' unique id on one chart. */
export interface ChartSeries<P extends LinePoint | MapPoint = LinePoint | MapPoint> {
  field: string;
  name: string;
  data: P[];
  /** #rrggbb; without it the element gives the series a colour of the palette. */
  color?: string;
  stockId?: number;
  tgId?: number;
  stockName?: string;
  /** The series' page, linked from the legend; an unsafe address is dropped by the check. */
  pageLink?: string;
  entity?: ChartEntity;
}

/** SPEC §3/§7 Chart response. A map's series carry MapPoints, a line chart's LinePoints. */
export type ChartResponse =
  | { graph_type: 'line'; measure: string; data: ChartPoint[]; series: ChartSeries<LinePoint>[] }
  | { graph_type: 'map'; measure: string; data: ChartPoint[]; series: ChartSeries<MapPoint>[] };

/** SPEC §3 Tab period, as the `periods` attribute gives it. */
export interface TabPeriod {
  id: number;
  /** The tab's text; without it the element shows the label `chart:period_<id>`. */
  ttl?: string;
  /** "active" (among other classes) marks the default tab. */
  class: string;
  /** DD.MM.YYYY */
  start_date: string;
  /** DD.MM.YYYY */
  end_date: string;
}

/** SPEC §3 Legend item's entity: the Chart entity plus what the legend shows and emits. */
export interface LegendEntity extends ChartEntity {
  tgName?: string;
  /** Whether removing the item emits an event for the page (a compared stock) or just hides it. */
  emitForRemove?: boolean;
  date?: string;
}

/** SPEC §3 Legend item. */
export interface LegendItem {
  seriesName: string;
  pageLink: string | null;
  entity: LegendEntity | null;
  color: string;
  visible: boolean;
}

/** SPEC §3 Added point: a point the user adds to a bond map. */
export interface AddedPoint {
  duration: number;
  yield: number;
  pointName: string;
}

const at = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

const COLOR = /^#[0-9a-f]{6}$/i;

/** DD.MM.YYYY that is a real calendar date. */
export const displayDateText: Check<string> = (v, path) => {
  if (typeof v !== 'string' || parseDisplayDate(v) === null) {
    throw new ValidationError(path, 'a date as DD.MM.YYYY', v);
  }
  return v;
};

const color: Check<string> = (v, path) => {
  if (typeof v !== 'string' || !COLOR.test(v)) throw new ValidationError(path, 'a colour as #rrggbb', v);
  return v;
};

const linePoint: Check<LinePoint> = (v, path) => {
  if (!Array.isArray(v) || v.length < 2) throw new ValidationError(path, 'a point [time, value]', v);
  // A well-formed point is kept as sent: no copy and no field paths made for each of thousands of
  // points (their garbage slowed a cold chart); the paths are made only to name what is wrong.
  const time: unknown = v[0];
  const value: unknown = v[1];
  if (
    v.length === 2 &&
    typeof time === 'number' &&
    Number.isFinite(time) &&
    (value === null || (typeof value === 'number' && Number.isFinite(value)))
  )
    return v as LinePoint;
  return [number(time, at(path, 0)), nullable(number)(value, at(path, 1))];
};

const mapPoint: Check<MapPoint> = (v, path) => {
  if (!Array.isArray(v) || v.length < 3) {
    throw new ValidationError(path, 'a point [duration, yield, pointName]', v);
  }
  return [number(v[0], at(path, 0)), number(v[1], at(path, 1)), string(v[2], at(path, 2))];
};

const chartEntity: Check<ChartEntity> = (v, path) => {
  const source = record(v, path);
  return {
    id: integer(source.id, at(path, 'id')),
    tgId: integer(source.tgId, at(path, 'tgId')),
    model: oneOf(['stock', 'index'] as const)(source.model, at(path, 'model')),
    name: string(source.name, at(path, 'name')),
  };
};

function chartSeries<P extends LinePoint | MapPoint>(point: Check<P>): Check<ChartSeries<P>> {
  return (v, path) => {
    const source = record(v, path);
    const series: ChartSeries<P> = {
      field: string(source.field, at(path, 'field')),
      name: string(source.name, at(path, 'name')),
      data: arrayOf(point)(source.data, at(path, 'data')),
    };
    if (source.color !== undefined && source.color !== null)
      series.color = color(source.color, at(path, 'color'));
    if (source.stockId !== undefined && source.stockId !== null)
      series.stockId = integer(source.stockId, at(path, 'stockId'));
    if (source.tgId !== undefined && source.tgId !== null)
      series.tgId = integer(source.tgId, at(path, 'tgId'));
    if (source.stockName !== undefined && source.stockName !== null)
      series.stockName = string(source.stockName, at(path, 'stockName'));
    // A page link that is not a safe address (javascript:…) is left out: the series still draws.
    if (source.pageLink !== undefined && source.pageLink !== null) {
      const href = safeHref(string(source.pageLink, at(path, 'pageLink')));
      if (href !== null) series.pageLink = href;
    }
    if (source.entity !== undefined && source.entity !== null)
      series.entity = chartEntity(source.entity, at(path, 'entity'));
    return series;
  };
}

const chartPoint: Check<ChartPoint> = (v, path) => {
  const source = record(v, path);
  const point: ChartPoint = {
    'date.numeric': number(source['date.numeric'], at(path, 'date.numeric')),
    date: string(source.date, at(path, 'date')),
    value: nullable(number)(source.value, at(path, 'value')),
  };
  if (source.valueFmt !== undefined && source.valueFmt !== null)
    point.valueFmt = string(source.valueFmt, at(path, 'valueFmt'));
  return point;
};

function uniqueFields(series: readonly ChartSeries[], path: string): void {
  const seen = new Set<string>();
  series.forEach((item, i) => {
    if (seen.has(item.field))
      throw new ValidationError(at(at(path, 'series'), i) + '.field', 'a unique id', item.field);
    seen.add(item.field);
  });
}

/**
 * SPEC §7: the data URL's answer. Fields the element does not read pass through unchecked and
 * are not kept; the series' points must match the graph type.
 */
export function checkChartResponse(value: unknown, where: string): ChartResponse {
  const source = record(value, where);
  const graphType = oneOf(CHART_GRAPH_TYPES)(source.graph_type, at(where, 'graph_type'));
  const measure = optional(string, '')(source.measure ?? undefined, at(where, 'measure'));
  const data = optional(arrayOf(chartPoint), [])(source.data ?? undefined, at(where, 'data'));
  const seriesPath = at(where, 'series');
  const response: ChartResponse =
    graphType === 'map'
      ? {
          graph_type: 'map',
          measure,
          data,
          series: arrayOf(chartSeries(mapPoint))(source.series, seriesPath),
        }
      : {
          graph_type: 'line',
          measure,
          data,
          series: arrayOf(chartSeries(linePoint))(source.series, seriesPath),
        };
  uniqueFields(response.series, where);
  return response;
}

/** The answer for "no data" (SPEC §8 no_graph_data): no points and no series. */
export function emptyChartResponse(graphType: ChartGraphType, measure = ''): ChartResponse {
  return graphType === 'map'
    ? { graph_type: 'map', measure, data: [], series: [] }
    : { graph_type: 'line', measure, data: [], series: [] };
}

/** True when the answer has nothing to draw (SPEC §8: the element shows no_graph_data). */
export function isEmptyChartResponse(response: ChartResponse): boolean {
  return response.series.every((series) => series.data.length === 0);
}

/** The server's check of the POSTed body (SPEC §7). */
export function checkChartRequest(value: unknown, where = ''): ChartRequest {
  const source = record(value, where);
  return {
    periodId: optional(nullable(integer), null)(source.periodId, at(where, 'periodId')),
    beginDate: displayDateText(source.beginDate, at(where, 'beginDate')),
    endDate: displayDateText(source.endDate, at(where, 'endDate')),
  };
}

const tabPeriod: Check<TabPeriod> = (v, path) => {
  const source = record(v, path);
  const period: TabPeriod = {
    id: integer(source.id, at(path, 'id')),
    class: optional(nullable(string), '')(source.class, at(path, 'class')) ?? '',
    start_date: displayDateText(source.start_date, at(path, 'start_date')),
    end_date: displayDateText(source.end_date, at(path, 'end_date')),
  };
  if (source.ttl !== undefined && source.ttl !== null) period.ttl = string(source.ttl, at(path, 'ttl'));
  // SPEC §5: a start after the end is no period at all.
  if (parseDisplayDate(period.start_date)! > parseDisplayDate(period.end_date)!) {
    throw new ValidationError(
      at(path, 'start_date'),
      `a date not after end_date ${period.end_date}`,
      period.start_date,
    );
  }
  return period;
};

/**
 * The `periods` attribute: a JSON list of Tab period items (or the list already parsed). Nothing
 * (null, undefined, an empty attribute) is no tabs. Ids must be unique: a tab is found by its id.
 */
export function checkTabPeriods(value: unknown): TabPeriod[] {
  let list = value;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return [];
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      throw new ValidationError('periods', 'a JSON list of tab periods', value);
    }
  }
  const periods = arrayOf(tabPeriod)(list, 'periods');
  const seen = new Set<number>();
  periods.forEach((period, i) => {
    if (seen.has(period.id)) throw new ValidationError(`periods[${i}].id`, 'a unique id', period.id);
    seen.add(period.id);
  });
  return periods;
}

/** Whether a tab's class marks it as the default ("active" among its classes). */
export function isActiveTabPeriod(period: TabPeriod): boolean {
  return period.class.split(/\s+/).includes('active');
}

/** The default tab: the first one marked active, else none (the element shows the last year). */
export function activeTabPeriod(periods: readonly TabPeriod[]): TabPeriod | null {
  return periods.find(isActiveTabPeriod) ?? null;
}
