import { define } from '../src/runtime/define.tsx';
import { Holders, type HoldersProps } from '../src/features/holders/index.ts';

/**
 * @summary The stock's largest holders: name, share of the capital and report date; five rows until expanded.
 * @attr page-data - selector of the page-data block (its `stockId`); default `#fin-page-data`
 * @attr stock-id - stock id when the page has no page data (partner embeds)
 * @event fin-sort-change - a user sorted a column; detail `{field, order}` (order null: server order)
 * @event fin-expand-change - a user expanded or collapsed the table; detail `{expanded}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart table - the table
 * @csspart show-more - the show-more / hide button
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-color-accent - links and buttons
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-holders stock-id="1"></fin-holders>
 */
define<HoldersProps>('fin-holders', Holders, {
  props: { pageData: 'string', stockId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-holders': HTMLElement & HoldersProps;
  }
}
