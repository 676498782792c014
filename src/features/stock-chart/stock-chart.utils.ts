/**
 * Pure parts of the stock chart (SPEC §4 "Stock chart", §5, §6, §9): request windows and the 206
 * retry window, Today availability, compare limits, alignment of compared series to a common
 * start with percent changes, legend statistics, the chart view handed to PriceChart and the
 * Excel export rules (the dynamic table's rows: dynamic-table.ts).
 */
import { EXCEL_AUTO_EXPORT_LIMIT } from '../../contract/tables.ts';
import { isPaid } from '../../core/access.ts';
import type { ChartEvent, ChartPoint, TradingField, TradingSeries } from '../../contract/stocks.ts';
import { addDays, dateMs, displayDate, parseDisplayDate, toIsoDate } from '../../contract/calendar.ts';
import type { ChartPeriod } from '../../contract/period.ts';
import { BCP47, type Lang, type UserGlobals } from '../../contract/types.ts';
import type { PriceChartView } from '../../widgets/chart/index.ts';
import { MAIN_COLOR_INDEX, paletteColor } from '../../contract/palette.ts';

/** SPEC §2: the Today tab exists only on trading ground 1 (the one with intraday bars). */
export const INTRADAY_GROUND_ID = 1;
/** SPEC §5: at most 10 stocks (the main one included) and 10 indexes on one chart. */
export const MAX_STOCKS_IN_COMPARE = 10;
export const MAX_INDEXES_IN_COMPARE = 10;
/** The extended chart asks for every field of the bars. */
export const EXTENDED_FIELDS: TradingField[] = ['open', 'high', 'low', 'close', 'volume'];
/** Intraday points are shown in the exchange's time (ground 1 is MOEX). */
export const EXCHANGE_TIME_ZONE = 'Europe/Moscow';

// ---------------------------------------------------------------------------------------------
// Entities

export type EntityModel = 'stock' | 'index';

/** SPEC §3 "Chart entity" (id, tgId, model, name) with the ground's name for the legend. */
export interface ChartEntity {
  id: number;
  /** The trading ground of a stock; null for an index. */
  tgId: number | null;
  model: EntityModel;
  name: string;
  tgName: string | null;
}

export function entityKey(entity: Pick<ChartEntity, 'model' | 'id' | 'tgId'>): string {
  return entity.model === 'stock' ? `stock:${entity.id}:${entity.tgId ?? 0}` : `index:${entity.id}`;
}

/** The page a legend item links to (SPEC §2 routes; numeric stock ids redirect to the string id). */
export function entityPageLink(entity: Pick<ChartEntity, 'model' | 'id' | 'tgId'>): string {
  if (entity.model === 'index') return `/indexes/${entity.id}/`;
  return entity.tgId === null ? `/stocks/${entity.id}/` : `/stocks/${entity.id}/${entity.tgId}/`;
}

/** A stock or index the user added to the chart. */
export interface ComparedItem {
  key: string;
  entity: ChartEntity;
  /** Index into the palette; freed when the item is removed. */
  colorIndex: number;
  visible: boolean;
  /** [ms, value] of the current window; null until loaded (a new window clears it). */
  data: ChartPoint[] | null;
}

// ---------------------------------------------------------------------------------------------
// Windows

/** Today's calendar date in the visitor's time zone, DD.MM.YYYY. */
export function calendarToday(now: Date = new Date()): string {
  return displayDate(toIsoDate(now.getTime() - now.getTimezoneOffset() * 60_000));
}

/**
 * SPEC §7 getGraphicData periodId 99: the period is Today, or begin = end = today (the calendar
 * date, not the stock's last trading date: a day picked in the past is a plain window).
 */
export function isTodayPeriod(period: Pick<ChartPeriod, 'id' | 'from' | 'to'>, today: string): boolean {
  return period.id === 0 || (period.from === period.to && period.to === today);
}

/**
 * The window of a 206 retry: it ends on the date the server named and keeps the span of the
 * window asked for (in days), so a 3-month view stays 3 months long.
 */
export function retryWindow(from: string, to: string, retryDate: string): { from: string; to: string } {
  const start = parseDisplayDate(from);
  const end = parseDisplayDate(to);
  const last = parseDisplayDate(retryDate);
  if (last === null) return { from: retryDate, to: retryDate };
  const spanDays = start && end ? Math.max(0, (dateMs(end) - dateMs(start)) / 86_400_000) : 0;
  return { from: displayDate(addDays(last, -spanDays)), to: retryDate };
}

/** SPEC §2, §4: Today only on ground 1, only when the stock has intraday data, never in the extended view. */
export function isTodayAvailable(groundId: number, noIntraday: boolean, extended: boolean): boolean {
  return groundId === INTRADAY_GROUND_ID && !noIntraday && !extended;
}

// ---------------------------------------------------------------------------------------------
// Compare

export type CompareLimitAlert = 'max_stocks_in_compare' | 'max_indexes_in_compare';

/**
 * SPEC §5: a stock more when more than 9 are already loaded (the main one counts), an index more
 * when 10 are compared, is refused with the matching alert.
 */
export function compareLimitAlert(
  model: EntityModel,
  loadedStocks: number,
  comparedIndexes: number,
): CompareLimitAlert | null {
  if (model === 'stock') return loadedStocks > MAX_STOCKS_IN_COMPARE - 1 ? 'max_stocks_in_compare' : null;
  return comparedIndexes >= MAX_INDEXES_IN_COMPARE ? 'max_indexes_in_compare' : null;
}

/** SPEC §4: compare mode is on when more than one stock is loaded or any index is compared. */
export function isCompareMode(compared: readonly unknown[]): boolean {
  // The main stock is always loaded: any compared stock makes two, any index counts.
  return compared.length > 0;
}

/** SPEC §9: compare averages and changes are rounded to 2 decimals. */
export function round2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded; // no −0
}

export interface KeyedPoints {
  key: string;
  data: ChartPoint[];
}

/**
 * SPEC §4: compared series start together at the earliest date they all have (the latest first
 * point); series with no points, before or after the cut, are removed.
 */
export function alignToCommonStart<T extends KeyedPoints>(
  series: readonly T[],
): { aligned: T[]; removed: string[]; start: number | null } {
  const removed: string[] = [];
  const withData = series.filter((entry) => {
    if (entry.data.length > 0) return true;
    removed.push(entry.key);
    return false;
  });
  if (withData.length === 0) return { aligned: [], removed, start: null };
  const start = Math.max(...withData.map((entry) => entry.data[0]![0]));
  const aligned: T[] = [];
  for (const entry of withData) {
    const from = entry.data.findIndex(([time]) => time >= start);
    if (from === -1) removed.push(entry.key);
    else aligned.push({ ...entry, data: from === 0 ? entry.data : entry.data.slice(from) });
  }
  return { aligned, removed, start };
}

/** Values as percent change from the first point, 2 decimals; [] when the first value is 0. */
export function percentChangeSeries(data: readonly ChartPoint[]): ChartPoint[] {
  const base = data[0]?.[1];
  if (base === undefined || base === 0) return [];
  // Indexed (COLD_LOOPS in widgets/chart/chart.utils.ts).
  const percent = new Array<ChartPoint>(data.length);
  for (let i = 0; i < data.length; i++) percent[i] = [data[i]![0], round2((data[i]![1] / base - 1) * 100)];
  return percent;
}

/** The legend figures of a compared series: its average value and its change over the window. */
export function compareStats(data: readonly ChartPoint[]): { average: number; change: number } | null {
  const first = data[0]?.[1];
  const last = data.at(-1)?.[1];
  if (first === undefined || last === undefined || first === 0) return null;
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]![1];
  return { average: round2(sum / data.length), change: round2((last / first - 1) * 100) };
}

// ---------------------------------------------------------------------------------------------
// Series of the chart

/** One line on the chart (the main stock or a compared item) before alignment. */
export interface ChartLine extends KeyedPoints {
  entity: ChartEntity;
  color: string;
  visible: boolean;
  /** Non-paid sessions get 0..100 shapes (SPEC §6). */
  scaled: boolean;
  /** The main stock (cannot be removed; flags sit on it). */
  main: boolean;
}

/** SPEC §3 "Legend item": seriesName, pageLink, entity, color, visible (plus compare figures). */
export interface LegendItem {
  key: string;
  seriesName: string;
  pageLink: string;
  entity: ChartEntity & { emitForRemove: boolean; date: string | null };
  color: string;
  visible: boolean;
  /** Still loading. */
  loading: boolean;
  /** Compare mode: average and change (%) over the aligned window, 2 decimals; null otherwise. */
  stats: { average: number; change: number } | null;
}

/** What the chart and its legend show. */
export interface ChartModel {
  /** Lines to draw: as loaded for one stock; aligned and in percent in compare mode. */
  lines: ChartLine[];
  legend: LegendItem[];
  compare: boolean;
  /** Keys left off the chart: no points in the (aligned) window. */
  removed: string[];
}

/**
 * The lines and the legend. In compare mode (SPEC §4) the loaded series are aligned to their
 * common start, drawn as percent change from it, and the legend carries each one's average and
 * change; items still loading are in the legend only.
 */
export function chartModel(
  main: ChartLine | null,
  compared: readonly (ChartLine & { loading: boolean })[],
): ChartModel {
  const loaded = [...(main ? [main] : []), ...compared.filter((line) => !line.loading)];
  const compare = isCompareMode(compared);
  let lines: ChartLine[];
  let removed: string[];
  const rawByKey = new Map<string, ChartPoint[]>();
  if (!compare) {
    lines = loaded.filter((line) => line.data.length > 0);
    removed = loaded.filter((line) => line.data.length === 0).map((line) => line.key);
  } else {
    const aligned = alignToCommonStart(loaded);
    removed = aligned.removed;
    lines = [];
    for (const line of aligned.aligned) {
      rawByKey.set(line.key, line.data);
      const data = percentChangeSeries(line.data);
      if (data.length === 0) removed.push(line.key);
      else lines.push({ ...line, data });
    }
  }
  const legendItem = (line: ChartLine, loading: boolean): LegendItem => {
    const raw = rawByKey.get(line.key);
    const first = (raw ?? line.data)[0]?.[0];
    return {
      key: line.key,
      seriesName: line.entity.tgName ? `${line.entity.name} (${line.entity.tgName})` : line.entity.name,
      pageLink: entityPageLink(line.entity),
      entity: {
        ...line.entity,
        emitForRemove: !line.main,
        date: first === undefined ? null : displayDate(toIsoDate(first)),
      },
      color: line.color,
      visible: line.visible,
      loading,
      stats: raw && !line.scaled ? compareStats(raw) : null,
    };
  };
  const legend = [
    ...(main ? [legendItem(main, false)] : []),
    ...compared.map((line) => legendItem(line, line.loading)),
  ];
  return { lines, legend, compare, removed };
}

/** The main stock's line from its close series. */
export function mainLine(series: TradingSeries, visible: boolean): ChartLine {
  return {
    key: entityKey({ model: 'stock', id: series.stockId, tgId: series.tgId }),
    entity: {
      id: series.stockId,
      tgId: series.tgId,
      model: 'stock',
      name: series.stockName,
      tgName: series.tgName,
    },
    data: series.data,
    color: paletteColor(MAIN_COLOR_INDEX),
    visible,
    scaled: series.scaled === true,
    main: true,
  };
}

export function comparedLine(item: ComparedItem): ChartLine & { loading: boolean } {
  return {
    loading: item.data === null,
    key: item.key,
    entity: item.entity,
    data: item.data ?? [],
    color: paletteColor(item.colorIndex),
    visible: item.visible,
    scaled: false,
    main: false,
  };
}

/** Flags for the main series: dividends and splits, paid users only (SPEC §6). */
export function chartFlags(user: UserGlobals, events: readonly ChartEvent[] | undefined) {
  if (!isPaid(user) || !events) return [];
  return events.map((event) => ({ date: event.date, type: event.type, text: event.text }));
}

/** SPEC §6: y-axis values only for paid users; tooltip with values for paid, the name only for free. */
export function axisAccess(
  user: UserGlobals,
  scaled: boolean,
): { valueAxis: 'values' | 'hidden'; tooltip: 'values' | 'name-only' | 'none' } {
  if (isPaid(user) && !scaled) return { valueAxis: 'values', tooltip: 'values' };
  return { valueAxis: 'hidden', tooltip: user.userAuth ? 'name-only' : 'none' };
}

/** The OHLC bars and volume of the extended chart, joined by time from the per-field series. */
export function ohlcOf(series: readonly TradingSeries[]): {
  bars: Array<[number, number, number, number, number]>;
  volume: ChartPoint[];
} {
  const byField = new Map<TradingField, Map<number, number>>();
  for (const entry of series) byField.set(entry.field, new Map(entry.data));
  const close = series.find((entry) => entry.field === 'close');
  const bars: Array<[number, number, number, number, number]> = [];
  for (const [time, closeValue] of close?.data ?? []) {
    const open = byField.get('open')?.get(time);
    const high = byField.get('high')?.get(time);
    const low = byField.get('low')?.get(time);
    if (open === undefined || high === undefined || low === undefined) continue;
    bars.push([time, open, high, low, closeValue]);
  }
  const volume = series.find((entry) => entry.field === 'volume')?.data ?? [];
  return { bars, volume: [...volume] };
}

export interface ChartViewInput {
  mode: 'line' | 'extended';
  /** The main stock's close series (line mode). */
  main: TradingSeries | null;
  /** The main stock's per-field series (extended mode). */
  extended: TradingSeries[] | null;
  model: ChartModel;
  user: UserGlobals;
  lang: Lang;
  millionsSuffix: string;
}

/** What PriceChart draws: the line chart (one stock or compare mode) or the OHLC + volume chart. */
export function buildChartView(input: ChartViewInput): PriceChartView {
  const common = { locale: BCP47[input.lang], millionsSuffix: input.millionsSuffix };
  if (input.mode === 'extended') {
    const series = input.extended ?? [];
    const close = series.find((entry) => entry.field === 'close');
    return {
      ...common,
      mode: 'ohlc',
      series: [],
      ohlc: ohlcOf(series),
      flags: chartFlags(input.user, close?.events),
      ...axisAccess(
        input.user,
        series.some((entry) => entry.scaled === true),
      ),
      intraday: false,
    };
  }
  const { model, main } = input;
  const intraday = main?.intraday === true;
  const names = new Map(model.legend.map((item) => [item.key, item.seriesName]));
  return {
    ...common,
    mode: 'line',
    series: model.lines.map((line) => ({
      id: line.key,
      name: names.get(line.key) ?? line.entity.name,
      color: line.color,
      data: line.data,
      visible: line.visible,
    })),
    ohlc: null,
    flags: chartFlags(input.user, main?.events),
    ...axisAccess(
      input.user,
      model.lines.some((line) => line.scaled),
    ),
    valueFormat: model.compare ? 'percent' : 'price',
    intraday,
    ...(intraday ? { timeZone: EXCHANGE_TIME_ZONE } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Excel export (SPEC §5, §6)

export type ExcelExportDecision =
  /** Anonymous: log in first (the text is common:access_denied, "log in to continue"). */
  | { kind: 'login' }
  /** Signed in without paid access: the access dialog. */
  | { kind: 'access' }
  /**
   * The page says the export is off for this paid user: access_denied_auth. (Not logged in is
   * the `login` case, whose text is access_denied.)
   */
  | { kind: 'denied'; label: 'common:access_denied_auth' }
  /** The archive of the period could not be loaded: its row count is unknown, so say that. */
  | { kind: 'archive_error' }
  /** The archive of the period has no rows: nothing is sent. */
  | { kind: 'empty' }
  /** Download `url`; `auto` starts it at once (≤ 2500 rows), else the user clicks the link after a notice. */
  | { kind: 'download'; url: string; auto: boolean };

export function excelExportDecision(input: {
  user: UserGlobals;
  excelExportAccess: boolean;
  total: number;
  /** The archive's last load failed (its total 0 says nothing about the period). */
  archiveFailed?: boolean;
  url: string;
}): ExcelExportDecision {
  const { user } = input;
  if (!user.userAuth) return { kind: 'login' };
  if (!isPaid(user)) return { kind: 'access' };
  if (!input.excelExportAccess) return { kind: 'denied', label: 'common:access_denied_auth' };
  if (input.archiveFailed) return { kind: 'archive_error' };
  if (input.total <= 0) return { kind: 'empty' };
  return { kind: 'download', url: input.url, auto: input.total <= EXCEL_AUTO_EXPORT_LIMIT };
}

// ---------------------------------------------------------------------------------------------
// The compare field

/** The kinds the stock chart can compare (the tradings call and the index calls). */
export const COMPARE_TYPES = ['stocks', 'indexes'] as const;

/**
 * The compare field's search URLs: the page data's `comparisonSearchUrls` for stocks and indexes
 * (ETFs and bonds have no place on a stock chart), else the portal's defaults.
 */
export function compareSearchUrls(
  pageUrls: unknown,
  defaults: Record<(typeof COMPARE_TYPES)[number], string>,
): Record<string, string> {
  const urls: Record<string, string> = {};
  const given =
    typeof pageUrls === 'object' && pageUrls !== null ? (pageUrls as Record<string, unknown>) : {};
  for (const type of COMPARE_TYPES) {
    const url = given[type];
    urls[type] = typeof url === 'string' && url.includes('%term%') ? url : defaults[type];
  }
  return urls;
}
