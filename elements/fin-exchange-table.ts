import { define } from '../src/runtime/define.tsx';
import { ExchangeTable, type ExchangeTableProps } from '../src/features/exchange-table/index.ts';

/**
 * @summary Trading of the stock on each of its exchanges (last price, change, bid/ask, open, low, high, average, official close, ticker, currency); picking an exchange switches the page to it without a reload.
 * @attr page-data - selector of the page-data block; default `#fin-page-data` (only the page's main block switches the page's ground; another block's exchanges are plain links)
 * @attr login-url - target of the log-in prompt under masked prices; default `/login/`
 * @attr access-url - target of the get-access prompt; default `/profile/access/`
 * @event fin-ground-select - a user picked another exchange; detail `{groundId}` (the page's elements follow it)
 * @event fin-sort-change - a user sorted a column; detail `{field, order}` (order null: server order)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart table - the table
 * @csspart row - a table row
 * @csspart hint - the prompt to log in or get access when prices are masked
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-rise - colour of a rise (default #5cb585)
 * @cssproperty --fin-color-fall - colour of a fall (default #e31e25)
 * @cssproperty --fin-color-rise-text - colour of rise figures as text (default #1b7a45, 4.5:1 on white)
 * @cssproperty --fin-color-fall-text - colour of fall figures as text (default #c0161c)
 * @cssproperty --fin-color-row-active - background of the exchange the page shows
 * @cssproperty --fin-color-accent - links and the mark of the exchange shown
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-exchange-table page-data="#fin-page-data"></fin-exchange-table>
 */
define<ExchangeTableProps>('fin-exchange-table', ExchangeTable, {
  props: { pageData: 'string', loginUrl: 'string', accessUrl: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-exchange-table': HTMLElement & ExchangeTableProps;
  }
}
