import { define } from '../src/runtime/define.tsx';
import { ChartWidget, type ChartWidgetProps } from '../src/features/chart-widget/index.ts';
import { preloadChartEngine } from '../src/widgets/chart/index.ts';

// Its chart needs amCharts: the lazy chunk loads alongside the element's code, not after its first render.
preloadChartEngine();

/**
 * @summary The chart a partner site embeds (SPEC §2 "Chart widget"): period tabs and from/to dates, the series its data URL answers with (a price chart or a bond map), trend lines, delete-points mode, A-/A+, a custom legend, an optional overturn chart, exports and a data table.
 * @attr data-url - URL POSTed to with `{periodId, beginDate, endDate}` (SPEC §7); absolute or page-relative
 * @attr periods - JSON list of Tab period items `{id, ttl?, class, start_date, end_date}`; the one whose class has `active` is the default; without it the dates show the last year
 * @attr chart-title - the chart's name (accessible name, title of the exports); default "Chart"
 * @attr height - height of the chart in px; default 600
 * @attr overturn-chart - show the overturn chart (200 px) below
 * @attr show-logo - whether the watermark logo starts shown; default hidden
 * @attr period-limit-in-years - the longest span of dates (SPEC §5); default 10
 * @attr lang - the language of the element (rus eng pol ita deu esp chn ukr fra tur); default the page's
 * @attr api-base - origin of the portal's API (labels) for a page on another origin
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart period - the period tabs and dates
 * @csspart toolbar - trend, A-/A+, delete mode, logo and export controls
 * @csspart plot - the chart and its watermark
 * @csspart chart - the drawing
 * @csspart legend - the series legend
 * @csspart overturn - the overturn chart
 * @csspart data-table - the data as a table (the chart's accessible alternative)
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-chart data-url="/api/demo-chart/line/" chart-title="Closing prices (synthetic demo data)" height="400"></fin-chart>
 */
define<ChartWidgetProps>('fin-chart', ChartWidget, {
  props: {
    dataUrl: 'string',
    periods: 'string',
    chartTitle: 'string',
    height: 'number',
    overturnChart: 'boolean',
    showLogo: 'boolean',
    periodLimitInYears: 'number',
    lang: 'string',
    apiBase: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-chart': HTMLElement & ChartWidgetProps;
  }
}
