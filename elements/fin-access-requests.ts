import { define } from '../src/runtime/define.tsx';
import { AccessRequests, type AccessRequestsProps } from '../src/features/access-requests/index.ts';

/**
 * @summary The signed-in user's access requests (SPEC §6): a management-access subscription request and, with paid access, an expansion request, each answered in place (sent, already sent, forbidden) and remembered by the server; the phone form for a user without a mobile; the own requests with their status. Visitors get a log-in link.
 * @attr login-url - where the "log in" link goes; default `/login/` with `back=` the current page
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart form - each request form and the phone form
 * @csspart button - the forms' submit buttons
 * @csspart table - the list of own requests
 * @csspart access-prompt - the log-in link for visitors
 * @csspart message - the loading or error line
 * @cssproperty --fin-color-accent - buttons
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-access-requests></fin-access-requests>
 */
define<AccessRequestsProps>('fin-access-requests', AccessRequests, {
  props: { loginUrl: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-access-requests': HTMLElement & AccessRequestsProps;
  }
}
