/**
 * The data URL of the `<fin-chart>` demo on the main origin (SPEC §7): POST {periodId, beginDate,
 * endDate} → a Chart response, from the demo database (synthetic data). `line`: the closing prices
 * of two demo stocks over the period; `map`: a bond map (yield against years to maturity) of the
 * demo bonds on the last trading day. A period outside the data answers with no points
 * (no_graph_data). `/test/chart/` shows both, with period tabs counted back from the last
 * trading day.
 */
import type { FastifyInstance } from 'fastify';
import {
  addMonths,
  dateMs,
  displayDate,
  displayDateFromSeconds,
  parseDisplayDate,
  unixSeconds,
} from '../../../src/contract/calendar.ts';
import {
  checkChartRequest,
  type ChartResponse,
  type ChartSeries,
  type LinePoint,
  type MapPoint,
  type TabPeriod,
} from '../../../src/contract/chart-widget.ts';
import { DEMO_STOCKS } from '../../data/instruments.ts';
import { HttpError, type AppContext } from '../shared/context.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { html } from '../templates/html.ts';
import { elementsBlock } from '../templates/layout.ts';
import { stockUrl } from './stock.page-data.ts';

const PAGE = { page: true } as const;
const GROUND = 1;
/** The second line of the demo: another stock of the demo market. */
const COMPARED_STOCK = 2;
const YEAR_MS = 365.25 * 86_400_000;

export function demoLineChart(ctx: AppContext, beginDate: string, endDate: string): ChartResponse {
  const from = parseDisplayDate(beginDate)!;
  const to = parseDisplayDate(endDate)!;
  const series: ChartSeries<LinePoint>[] = [];
  for (const stockId of [DEMO_STOCKS.sber, COMPARED_STOCK]) {
    const stock = ctx.repo.stock(stockId);
    if (!stock) continue;
    const bars = ctx.market.bars(stockId, GROUND, from, to);
    if (bars.length === 0) continue;
    series.push({
      field: `stock-${stockId}`,
      name: stock.name_eng,
      stockId,
      tgId: GROUND,
      stockName: stock.name_eng,
      pageLink: stockUrl(stock.string_id),
      entity: { id: stockId, tgId: GROUND, model: 'stock', name: stock.name_eng },
      data: bars.map((bar): LinePoint => [unixSeconds(bar.date), bar.close]),
    });
  }
  const main = series[0];
  return {
    graph_type: 'line',
    measure: 'RUB',
    data: main
      ? main.data.map(([seconds, value]) => ({
          'date.numeric': seconds,
          date: displayDateFromSeconds(seconds),
          value,
        }))
      : [],
    series,
  };
}

export function demoBondMap(ctx: AppContext): ChartResponse {
  const today = dateMs(ctx.meta.lastTradingDay);
  const byKind = new Map<string, MapPoint[]>();
  for (const bond of ctx.market.allBonds()) {
    const last = ctx.market.bondLatest(bond.id, 1)[0];
    const years = (dateMs(bond.maturity_date) - today) / YEAR_MS;
    if (!last || !(years > 0)) continue;
    const points = byKind.get(bond.kind) ?? [];
    points.push([Math.round(years * 100) / 100, Math.round(last.yield * 100) / 100, bond.name_eng]);
    byKind.set(bond.kind, points);
  }
  const names: Record<string, string> = { ofz: 'Government bonds (OFZ)', corporate: 'Corporate bonds' };
  return {
    graph_type: 'map',
    measure: '%',
    data: [],
    series: [...byKind].map(([kind, data]) => ({
      field: `bonds-${kind}`,
      name: names[kind] ?? kind,
      data: data.sort((a, b) => a[0] - b[0]),
    })),
  };
}

/** Tabs counted back from the last trading day: 1M, 3M, 1Y (the default), 3Y, 10Y. */
export function demoChartPeriods(lastTradingDay: string): TabPeriod[] {
  const end = displayDate(lastTradingDay);
  return [
    { id: 1, ttl: '1M', months: 1 },
    { id: 2, ttl: '3M', months: 3 },
    { id: 4, ttl: '1Y', months: 12 },
    { id: 5, ttl: '3Y', months: 36 },
    { id: 6, ttl: '10Y', months: 120 },
  ].map(({ id, ttl, months }) => ({
    id,
    ttl,
    class: id === 4 ? 'active' : '',
    start_date: displayDate(addMonths(lastTradingDay, -months)),
    end_date: end,
  }));
}

export function registerDemoChartRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Params: { kind: string } }>('/api/demo-chart/:kind/', async (request) => {
    const { kind } = request.params;
    if (kind !== 'line' && kind !== 'map') throw new HttpError(404, `No demo chart ${kind}`);
    let body;
    try {
      body = checkChartRequest(request.body ?? {});
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
    return kind === 'map' ? demoBondMap(ctx) : demoLineChart(ctx, body.beginDate, body.endDate);
  });

  if (ctx.production) return;
  app.get('/test/chart/', { config: PAGE }, async (request, reply) => {
    const lang = pageLang(request, reply);
    const periods = JSON.stringify(demoChartPeriods(ctx.meta.lastTradingDay));
    const markup = html`<fin-chart
        data-url="/api/demo-chart/line/"
        chart-title="Closing prices (synthetic demo data)"
        periods="${periods}"
        overturn-chart
        show-logo
      ></fin-chart>
      <fin-chart data-url="/api/demo-chart/map/" chart-title="Bond map (synthetic demo data)"></fin-chart>`;
    const elements = [{ markup, script: '/dist/elements/fin-chart.js' }];
    return sendPage(ctx, request, reply, lang, {
      title: 'Test: <fin-chart>',
      elements,
      body: html`<main>
        <h1>Test: <code>&lt;fin-chart&gt;</code></h1>
        ${elementsBlock(elements)}
      </main>`,
    });
  });
}
