import { define } from '../src/runtime/define.tsx';
import { CookieConsent, type CookieConsentProps } from '../src/features/cookie-consent/index.ts';

/**
 * @summary The marketing-cookie consent bar (SPEC §1 shell, §9): a visitor who arrives from an ad (utm parameters, click ids such as gclid, yclid, fbclid) is asked whether they may be kept; "allow" and "refuse" are equally easy. Only after "allow" are they written, as 5-day cookies `fin_mkt_<name>` (the landing address's too, if the answer comes later). The answer is kept six months (cookie `fin_marketing_consent`); any `[data-fin-cookie-settings]` control of the page (its footer's "Cookie settings") reopens the bar.
 * @attr preview - show the bar at once in the page's flow; answers are not saved (catalog)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart bar - the bar
 * @csspart accept - the "allow" button
 * @csspart reject - the "refuse" button
 * @example <fin-cookie-consent preview="true"></fin-cookie-consent>
 */
define<CookieConsentProps>('fin-cookie-consent', CookieConsent, { props: { preview: 'boolean' } });

declare global {
  interface HTMLElementTagNameMap {
    'fin-cookie-consent': HTMLElement & CookieConsentProps;
  }
}
