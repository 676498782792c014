import { provideElement } from '../src/runtime/compose.ts';
import { define } from '../src/runtime/define.tsx';
import { StockChart, type StockChartProps } from '../src/features/stock-chart/index.ts';
import { preloadChartEngine } from '../src/widgets/chart/index.ts';

// Its chart needs amCharts: the lazy chunk loads alongside the element's code, not after its first render.
preloadChartEngine();

// The chart's archive view and compare field are these elements, loaded when first shown.
provideElement('fin-archive-table', () => import('./fin-archive-table.ts'));
provideElement('fin-compare-search', () => import('./fin-compare-search.ts'));

/**
 * @summary Stock price chart: period tabs and dates, chart / dynamic table / archive views, the extended OHLC + volume chart, comparison with stocks and indexes, watchlist, Excel export and the trading-ground switch; its alerts go to the page's message queue (`<fin-alerts>`).
 * @attr page-data - selector of the page-data block; default `#fin-page-data` (which follows the shared trading ground)
 * @attr login-url - target of the log-in prompts; default `/login/`
 * @attr access-url - target of the get-access links; default `/profile/access/`
 * @attr height - chart height in px; default 650
 * @event fin-period-change - the user picked a period tab or dates; detail `{id, from, to}` (id null for dates, DD.MM.YYYY)
 * @event fin-view-change - the user switched the view; detail `{view, extended}` (0 chart, 1 dynamic table, 2 archive)
 * @event fin-compare-change - the user added, removed or cancelled compared items; detail `{stocks: [{stockId, tgId}], indexes: [id]}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole element
 * @csspart period - the period tabs and the date picker
 * @csspart date-picker - the from/to date picker
 * @csspart date-picker-input - the from or the to date input (DD.MM.YYYY)
 * @csspart date-picker-button - the button opening the calendar
 * @csspart date-picker-popup - the calendar
 * @csspart date-picker-error - why typed dates were not applied
 * @csspart tabs - a tab bar (period, view)
 * @csspart tab - a tab of those bars
 * @csspart ground - the trading-ground switch
 * @csspart actions - the compare, watchlist and export buttons
 * @csspart button - one of those buttons
 * @csspart compare - the compare field
 * @csspart prompt - a log-in prompt or the large-export notice
 * @csspart chart - the chart canvas
 * @csspart overlay - the loading, no-data or error message over the chart
 * @csspart legend - the legend
 * @csspart legend-item - one series in the legend
 * @csspart dynamic-table - the dynamic table view
 * @csspart dialog - the access and watchlist dialogs
 * @cssproperty --fin-color-accent - links, buttons and the active tab
 * @cssproperty --fin-color-rise - colour of a rise (default #5cb585)
 * @cssproperty --fin-color-fall - colour of a fall (default #e31e25)
 * @cssproperty --fin-color-rise-text - colour of rise figures as text (default #1b7a45, 4.5:1 on white)
 * @cssproperty --fin-color-fall-text - colour of fall figures as text (default #c0161c)
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-stock-chart></fin-stock-chart>
 */
define<StockChartProps>('fin-stock-chart', StockChart, {
  props: { pageData: 'string', loginUrl: 'string', accessUrl: 'string', height: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-stock-chart': HTMLElement & StockChartProps;
  }
}
