import { define } from '../src/runtime/define.tsx';
import { DividendsTable, type DividendsTableProps } from '../src/features/dividends-table/index.ts';

/**
 * @summary Dividends of the stock page: the nearest dividend (amount, ex-dividend and record dates) above the dividend history, five rows until expanded; the history beyond five rows needs paid access.
 * @attr page-data - selector of the page-data block; default `#fin-page-data`
 * @attr login-url - target of the log-in link when expansion is locked; default `/login/`
 * @attr access-url - target of the get-access link when expansion is locked; default `/profile/access/`
 * @event fin-sort-change - a user sorted a column; detail `{field, order}` (order null: server order)
 * @event fin-expand-change - a user expanded or collapsed the table; detail `{expanded}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart nearest - the nearest-dividend card
 * @csspart table - the history table
 * @csspart show-more - the show-more / hide button
 * @csspart error - the message shown instead of expanding when the history needs log-in or paid access
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-accent - links, buttons and the nearest-dividend mark
 * @cssproperty --fin-color-border - table and card borders
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-dividends-table page-data="#fin-page-data"></fin-dividends-table>
 */
define<DividendsTableProps>('fin-dividends-table', DividendsTable, {
  props: { pageData: 'string', loginUrl: 'string', accessUrl: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-dividends-table': HTMLElement & DividendsTableProps;
  }
}
