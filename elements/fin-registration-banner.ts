import { define } from '../src/runtime/define.tsx';
import {
  RegistrationBanner,
  type RegistrationBannerProps,
} from '../src/features/registration-banner/index.ts';

/**
 * @summary The registration banner (SPEC §4 Shell) for anonymous readers of English pages: a slim bar at the bottom (never a modal, the page keeps room for it, the focus stays put) shown once per page view after 15 s without input, when the pointer leaves the page, or past 60 % of the page; one of two texts by the odd or even second; closing it (button or Escape) keeps it away 24 hours (cookie `fin_registration_closed`).
 * @attr signup-url - where the sign-up link leads; default `/login/`
 * @attr preview - show the banner at once in the page's flow, whatever the rules (catalog)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart bar - the bar
 * @csspart close - the close button
 * @csspart signup - the sign-up link
 * @cssproperty --fin-bar-background - background of the bar (default #14213d)
 * @cssproperty --fin-bar-color - text of the bar (default white)
 * @example <fin-registration-banner preview="true"></fin-registration-banner>
 */
define<RegistrationBannerProps>('fin-registration-banner', RegistrationBanner, {
  props: { signupUrl: 'string', preview: 'boolean' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-registration-banner': HTMLElement & RegistrationBannerProps;
  }
}
