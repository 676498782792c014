import { define } from '../src/runtime/define.tsx';
import { AdStrip, type AdStripProps } from '../src/features/ad-strip/index.ts';

/**
 * @summary The bottom ad strip ("catfish", SPEC §2 Shell, §9): a house ad marked as an ad, shown 3 s after load at the bottom of the viewport; the page gets bottom room as tall as the strip (`--fin-bottom-offset`), so it never covers the last content; closing it keeps it away a day (cookie `fin_ad_closed`).
 * @attr href - where the ad leads; default `/profile/access/`
 * @attr preview - show the strip at once in the page's flow (catalog)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart bar - the strip
 * @csspart close - the close button
 * @csspart ad-mark - the "Ad" mark
 * @csspart ad-link - the ad's link
 * @example <fin-ad-strip preview="true"></fin-ad-strip>
 */
define<AdStripProps>('fin-ad-strip', AdStrip, { props: { href: 'string', preview: 'boolean' } });

declare global {
  interface HTMLElementTagNameMap {
    'fin-ad-strip': HTMLElement & AdStripProps;
  }
}
