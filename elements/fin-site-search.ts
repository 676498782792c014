import { define } from '../src/runtime/define.tsx';
import {
  SITE_SEARCH_CSS,
  SiteSearchElement,
  type SiteSearchProps,
} from '../src/features/site-search/index.ts';

type SiteSearchAttributes = Omit<SiteSearchProps, 'onSearchSelect'>;

/**
 * @summary The portal's search box: from three characters it searches bonds, stocks, indexes, companies and ETFs and shows them in tabs with their counts; choosing a result opens its page. Below 680 px it opens full screen.
 * @attr variant - `page`: the full results below the box (the /search/ page); default a pop-up under the box
 * @attr term - a term to search at once (the /search/ page's `q`)
 * @attr placeholder - placeholder of the input; default the `search:placeholder` label
 * @attr events - present: choosing a result fires `fin-search-select` instead of opening its page
 * @attr search-url - where Enter without a chosen result goes, with `?q=`; default `/search/`
 * @attr emitent-stop-statuses-ids - JSON array of issuer statuses the companies tab leaves out (`emitent_stop_statuses_ids`); default none
 * @event fin-search-select - a result was chosen (with `events`); detail `{item, category, term}` (SPEC §3 "Main search suggestion")
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart box - the search box
 * @csspart input - the text input (a combobox)
 * @csspart clear - the clear button
 * @csspart popup - the results pop-up
 * @csspart tabs - the tab bar of the categories
 * @csspart tab - a tab of that bar
 * @csspart list - the list of results
 * @csspart option - one result
 * @csspart empty - the nothing-found message
 * @csspart error - the server's search_error of a tab with no matches
 * @csspart converted - the "showing results for" note of a term typed in the other keyboard layout
 * @csspart recent - the recent searches
 * @csspart clear-recent - the button that forgets the recent searches
 * @csspart open - the button that opens the full-screen search below 680 px
 * @csspart dialog - the full-screen dialog below 680 px
 * @cssproperty --fin-site-search-width - maximum width of the box (default 480px)
 * @cssproperty --fin-site-search-height - height of the box and of the button below 680 px (default 34px); give the no-JS form inside the same, so the upgrade moves nothing
 * @cssproperty --fin-color-accent - links, focus and the active tab
 * @cssproperty --fin-color-highlight - background of the highlighted result
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-site-search></fin-site-search>
 */
define<SiteSearchAttributes>('fin-site-search', SiteSearchElement, {
  // In place before the first render: the host keeps the box's height while the shadow root is empty.
  styles: SITE_SEARCH_CSS,
  props: {
    variant: 'string',
    term: 'string',
    placeholder: 'string',
    events: 'boolean',
    searchUrl: 'string',
    emitentStopStatusesIds: 'json',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-site-search': HTMLElement & SiteSearchAttributes;
  }
}
