import { define } from '../src/runtime/define.tsx';
import { ArchiveTableElement, type ArchiveTableProps } from '../src/features/archive-table/index.ts';

type ArchiveTableAttributes = Omit<ArchiveTableProps, 'onSortChange'>;

/**
 * @summary Archive of trading data (open, high, low, close, average, volume, turnover, change per day) for the stock chart's period; prices masked for visitors without paid access.
 * @attr page-data - selector of the page-data block; default `#fin-page-data`
 * @attr stock-id - stock id when the page has no page data for it (partner embeds); with `ground-id`
 * @attr ground-id - trading ground id; overrides the page data and the shared ground
 * @attr period-id - the element's own period instead of the chart's: 0 today, 1–5 = 1, 3, 6, 12, 36 months back from the last trading date
 * @attr login-url - target of the log-in prompt; default `/login/`
 * @attr access-url - target of the get-access prompt; default `/profile/access/`
 * @event fin-sort-change - a user sorted a column; detail `{field, order}` (order null: server order)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart title - the heading with the period
 * @csspart table - the data table
 * @csspart head - the table head
 * @csspart row - a row of the table
 * @csspart hint - the prompt to log in or get access when prices are masked
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-rise - colour of a rise (default #5cb585)
 * @cssproperty --fin-color-fall - colour of a fall (default #e31e25)
 * @cssproperty --fin-color-rise-text - colour of rise figures as text (default #1b7a45, 4.5:1 on white)
 * @cssproperty --fin-color-fall-text - colour of fall figures as text (default #c0161c)
 * @cssproperty --fin-color-accent - links and buttons
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-archive-table stock-id="1" ground-id="1" period-id="2"></fin-archive-table>
 */
define<ArchiveTableAttributes>('fin-archive-table', ArchiveTableElement, {
  props: {
    pageData: 'string',
    stockId: 'number',
    groundId: 'number',
    periodId: 'number',
    loginUrl: 'string',
    accessUrl: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-archive-table': HTMLElement & ArchiveTableAttributes;
  }
}
