import { define } from '../src/runtime/define.tsx';
import { CompareSearchElement, type CompareSearchProps } from '../src/features/compare-search/index.ts';

type CompareSearchAttributes = Omit<CompareSearchProps, 'onCompare' | 'onSelect' | 'onCancel'>;

/**
 * @summary Instrument search box for comparison: finds stocks, indexes, ETFs and bonds after three characters and announces the pick; log-in or access prompt for other users.
 * @attr urls - JSON object kind → search URL with `%term%`; default the page data's `comparisonSearchUrls`, else stocks, indexes, etf and bonds of the portal
 * @attr types - JSON array of configured result types; with any, every pick fires `fin-compare`
 * @attr placeholder - placeholder of the input; default the `compare:placeholder` label
 * @attr login-url - target of the log-in prompt (anonymous visitors); default `/login/`
 * @attr access-url - target of the get-access prompt (users without paid access); default `/profile/access/`
 * @attr page-data - selector of the page-data block with `comparisonSearchUrls`; default `#fin-page-data`
 * @event fin-compare - a result with a trading ground (or any result, with `types`) was picked; detail `{item}` (SPEC §3 "Comparison search result")
 * @event fin-compare-select - a result without a trading ground was picked; detail `{item}`
 * @event fin-compare-cancel - the clear button was pressed; detail `{}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart box - the search box
 * @csspart input - the text input (a combobox)
 * @csspart clear - the clear button, shown after a pick
 * @csspart popup - the results pop-up
 * @csspart tabs - the tab bar of the kinds, when there are several search URLs
 * @csspart tab - a tab of that bar
 * @csspart list - the list of results
 * @csspart option - one result
 * @csspart gate - the log-in or get-access prompt shown instead of the box
 * @cssproperty --fin-compare-search-width - maximum width of the box (default 420px)
 * @cssproperty --fin-color-accent - links, focus and the active tab
 * @cssproperty --fin-color-highlight - background of the highlighted result
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-compare-search urls='{"stocks": "/api/search/stocks/%term%/", "indexes": "/api/search/indexes/%term%/"}'></fin-compare-search>
 */
define<CompareSearchAttributes>('fin-compare-search', CompareSearchElement, {
  props: {
    urls: 'json',
    types: 'json',
    placeholder: 'string',
    loginUrl: 'string',
    accessUrl: 'string',
    pageData: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-compare-search': HTMLElement & CompareSearchAttributes;
  }
}
