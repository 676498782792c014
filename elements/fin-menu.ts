import { define } from '../src/runtime/define.tsx';
import { Menu, type MenuProps } from '../src/features/menu/index.ts';

/**
 * @summary The portal's main menu and language menu, from the block the server injects into every page (`#fin-menu-data`: SPEC §3 menu items with columns of links, the page's address in each language, the menu's words). Wide screens: a disclosure navigation (Tab, Enter or Space opens a section, Escape closes it and returns to its button, a click outside closes, `aria-current="page"` on the entry shown). Below 680 px: one button opening a full panel that holds focus until closed, with the languages inside. A language link keeps the page's current address and ground. Put the plain links inside the tag: a visitor without scripts uses them, the element hides them.
 * @attr menu-data - CSS selector of the menu block; default `#fin-menu-data`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart bar - the row of the wide menu
 * @csspart menu - the main navigation
 * @csspart button - a section's disclosure button (`button-active`: the section of the page shown)
 * @csspart link - a top entry that is a link (`link-active`: the page shown)
 * @csspart panel - the links a section opens
 * @csspart entry - a link of a section or a language (`entry-active`: the page or language shown)
 * @csspart languages - the language navigation
 * @csspart language-button - the button of the language menu
 * @csspart menu-button - the button that opens the panel below 680 px
 * @csspart dialog - the full panel below 680 px
 * @csspart message - the message shown for a missing or malformed menu block
 * @cssproperty --fin-menu-color - text colour of the bar and its buttons (the page's header colour)
 * @cssproperty --fin-color-accent - the links in the open sections
 * @cssproperty --fin-color-background - background of the open sections and the panel
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-menu></fin-menu>
 */
define<MenuProps>('fin-menu', Menu, {
  props: { menuData: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-menu': HTMLElement & MenuProps;
  }
}
