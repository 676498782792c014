import { define } from '../src/runtime/define.tsx';
import { SupportTickets, type SupportTicketsProps } from '../src/features/support-tickets/index.ts';

/**
 * @summary The signed-in user's support tickets, newest first, with their messages and unread marks; `variant="badge"` is the header's count of unread messages. Loaded only for access level 1077 or tariff 677.
 * @attr variant - `list` (default) or `badge` (the unread count only, nothing when there is none)
 * @attr access-url - where a visitor without access is sent; default `/profile/access/`
 * @attr login-url - where an anonymous visitor signs in; default `/login/` with `back=`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the list of tickets
 * @csspart badge - the unread count (badge variant, and each ticket's count)
 * @csspart message - the loading, error, empty or access line
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-support-tickets></fin-support-tickets>
 */
define<SupportTicketsProps>('fin-support-tickets', SupportTickets, {
  props: { variant: 'string', accessUrl: 'string', loginUrl: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-support-tickets': HTMLElement & SupportTicketsProps;
  }
}
