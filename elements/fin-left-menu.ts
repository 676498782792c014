import { define } from '../src/runtime/define.tsx';
import { LeftMenu, type LeftMenuProps } from '../src/features/left-menu/index.ts';

/**
 * @summary Section menu of the stock or issuer page: an entry for each section the page has, in page order; marks the section in view while scrolling and scrolls smoothly on a click; a horizontal strip below 680 px. A section that fires `fin-section-visibility` with `visible: false` (the consensus forecasts without data) loses its entry.
 * @attr items - JSON list of menu items `[{id, title, url, target_blank, items}]` instead of the stock page sections; `id` names a section (`<section id>`) of the page and shows only when it exists
 * @attr compact - `true`: the compact horizontal strip at any width
 * @attr variant - whose sections the default menu lists: `stock` (default) or `issuer` (the issuer page's: price dynamics, reports, multipliers, comments, quarterly reports, consensus forecasts, related issuers)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart menu - the navigation block
 * @csspart title - the heading above the entries (not in the strip)
 * @csspart list - a list of entries
 * @csspart link - an entry
 * @csspart link-current - the entry of the section in view
 * @csspart message - the message shown for a malformed `items` attribute
 * @cssproperty --fin-color-accent - the mark of the section in view
 * @cssproperty --fin-color-menu-current - background of the entry in view
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-left-menu items='[{"id":"fin-dividends-table","title":"Dividends table"},{"id":"fin-leaders","title":"Leaders"},{"id":"fin-left-menu","title":"Left menu"},{"url":"/stocks/sber/","title":"A stock page"}]'></fin-left-menu>
 */
define<LeftMenuProps>('fin-left-menu', LeftMenu, {
  props: { items: 'string', compact: 'boolean', variant: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-left-menu': HTMLElement & LeftMenuProps;
  }
}
