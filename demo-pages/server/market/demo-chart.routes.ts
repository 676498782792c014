/**
 * The data URL of the `<fin-chart>` demo on the main origin (SPEC §7): POST {periodId, beginDate,
 * endDate} → a Chart response from the demo database (synthetic data), built by the same builders
 * as the partner origin's (shared/chart-responses.ts). `line`: the closing prices of two demo
 * stocks over the period; `map`: a bond map (yield against duration) of the bonds that traded in
 * the period. A period outside the data answers with no points (no_graph_data). `/test/chart/`
 * shows both, with period tabs counted back from the last trading day.
 */
import type { FastifyInstance } from 'fastify';
import { addMonths, displayDate } from '../../../src/contract/calendar.ts';
import { checkChartRequest, type TabPeriod } from '../../../src/contract/chart-widget.ts';
import { ValidationError } from '../../../src/contract/validate.ts';
import { HttpError, type AppContext } from '../shared/context.ts';
import { bondMapResponse, ChartWindowError, priceSeriesResponse } from '../shared/chart-responses.ts';
import { pageLang } from '../shared/lang.ts';
import { sendPage } from '../shared/page.ts';
import { html } from '../templates/html.ts';
import { elementsBlock } from '../templates/layout.ts';

const PAGE = { page: true } as const;
/** The demo line: the main stock and one more of the demo market. */
const LINE_STOCKS = ['sber', 'gazp'] as const;

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
    try {
      const body = checkChartRequest(request.body ?? {});
      // The partner origin's builders (shared/chart-responses.ts): both origins draw the same data.
      return kind === 'map'
        ? bondMapResponse(ctx.db, body)
        : priceSeriesResponse(ctx.db, body, { stocks: LINE_STOCKS });
    } catch (error) {
      if (error instanceof ValidationError || error instanceof ChartWindowError)
        throw new HttpError(400, error.message);
      throw error;
    }
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
