import { define } from '../src/runtime/define.tsx';
import { Leaders, type LeadersProps } from '../src/features/leaders/index.ts';

/**
 * @summary Leaders of the stock's branch on the page's exchange: top gainers, top losers and largest capitalisations in tabs; follows the page's exchange.
 * @attr page-data - selector of the page-data block (its `branchId` and ground); default `#fin-page-data`
 * @attr tab - the tab shown first: 1 growing (default), 2 falling, 3 capitalization
 * @attr branch-id - branch whose stocks are ranked; default the page's `branchId` (none: every branch)
 * @attr ground-id - trading ground; default the page's shared ground
 * @attr login-url - target of the log-in prompt under masked prices; default `/login/`
 * @attr access-url - target of the get-access prompt; default `/profile/access/`
 * @event fin-tab-change - a user picked a tab; detail `{id}` (1, 2 or 3)
 * @event fin-sort-change - a user sorted a column; detail `{field, order}` (order null: server order)
 * @event fin-expand-change - a user expanded or collapsed the table; detail `{expanded}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart tabs - the tab bar
 * @csspart tab - a tab
 * @csspart table - the table
 * @csspart hint - the prompt to log in or get access when prices are masked
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-rise - colour of a rise (default #5cb585)
 * @cssproperty --fin-color-fall - colour of a fall (default #e31e25)
 * @cssproperty --fin-color-rise-text - colour of rise figures as text (default #1b7a45, 4.5:1 on white)
 * @cssproperty --fin-color-fall-text - colour of fall figures as text (default #c0161c)
 * @cssproperty --fin-color-accent - links, the active tab
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-leaders branch-id="0" ground-id="1" tab="3"></fin-leaders>
 */
define<LeadersProps>('fin-leaders', Leaders, {
  props: {
    pageData: 'string',
    tab: 'number',
    branchId: 'number',
    groundId: 'number',
    loginUrl: 'string',
    accessUrl: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-leaders': HTMLElement & LeadersProps;
  }
}
