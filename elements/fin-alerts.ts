import { define } from '../src/runtime/define.tsx';
import { Alerts, type AlertsProps } from '../src/features/alerts/index.ts';

/**
 * @summary The page's alerts: every element's transient messages, stacked at the bottom of the viewport; successes and information hide after 3 s (hover or focus pauses), errors stay until closed.
 * @attr position - `bottom` (default) or `top` of the viewport
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart stack - the stack of messages
 * @csspart message - one message (also its type: `alertGreen`, `alertBlue`, `alertYellow`, `alertRed`)
 * @csspart close - a message's close button
 * @cssproperty --fin-alerts-bottom - room kept below the stack (a bottom strip's height); default 0
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-alerts></fin-alerts>
 */
define<AlertsProps>('fin-alerts', Alerts, { props: { position: 'string' } });

declare global {
  interface HTMLElementTagNameMap {
    'fin-alerts': HTMLElement & AlertsProps;
  }
}
