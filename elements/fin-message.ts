import { define } from '../src/runtime/define.tsx';
import { MessageBanner, type MessageBannerProps } from '../src/features/alerts/index.ts';

/**
 * @summary The transient message banner at the top of the viewport: arbitrary messages by type, shown for their timeout (default 3000 ms); hover or focus pauses it.
 * @attr message - a text to show (on load, and again whenever it changes)
 * @attr type - alertGreen (default), alertBlue, alertYellow or alertRed
 * @attr timeout - milliseconds the message shows for; default 3000
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart banner - the banner
 * @csspart message - the message (also its type)
 * @csspart close - its close button
 * @cssproperty --fin-message-top - room kept above the banner (a sticky header's height); default 0
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-message message="Settings saved" type="alertGreen" timeout="5000"></fin-message>
 */
define<MessageBannerProps>('fin-message', MessageBanner, {
  props: { message: 'string', type: 'string', timeout: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-message': HTMLElement & MessageBannerProps;
  }
}
