import { define } from '../src/runtime/define.tsx';
import { HintsToggle, type HintsToggleProps } from '../src/features/hints-toggle/index.ts';

/**
 * @summary The page's hints switch: turns the short explanations of terms (P/E, bid/ask, legal close price …) of every element on or off at once. Anonymous visitors keep the choice in a cookie (default on), signed-in users on the server; a failed save puts the switch back and says so.
 * @attr label - the switch's text as the page shows it before the element runs; default "Hints" in the page's language
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the switch and its error line
 * @csspart switch - the switch button (`role="switch"`, `aria-checked`)
 * @csspart error - "not saved", after a failed save
 * @example <fin-hints-toggle></fin-hints-toggle>
 */
define<HintsToggleProps>('fin-hints-toggle', HintsToggle, { props: { label: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'fin-hints-toggle': HTMLElement & HintsToggleProps;
  }
}
