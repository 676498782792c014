import { define } from '../src/runtime/define.tsx';
import { AppBanner, type AppBannerProps } from '../src/features/app-banner/index.ts';

/**
 * @summary The download-app offer (SPEC §4 Shell) for signed-in visitors on Huawei, Android or iOS devices (by user agent): a bottom bar with the store link of the device; closing it hides it for good (cookie `fin_app_banner_closed`). On iOS a page may use Safari's smart app banner instead (`<meta name="apple-itunes-app" content="app-id=…">`).
 * @attr google-play-url - the app's Google Play page; default a demo address
 * @attr app-store-url - the app's App Store page; default a demo address
 * @attr app-gallery-url - the app's Huawei AppGallery page; default a demo address
 * @attr preview - show the offer at once in the page's flow, whatever the visitor and device (catalog)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart bar - the bar
 * @csspart close - the close button
 * @csspart store-link - the store link
 * @cssproperty --fin-bar-background - background of the bar (default #14213d)
 * @cssproperty --fin-bar-color - text of the bar (default white)
 * @example <fin-app-banner preview="true"></fin-app-banner>
 */
define<AppBannerProps>('fin-app-banner', AppBanner, {
  props: { googlePlayUrl: 'string', appStoreUrl: 'string', appGalleryUrl: 'string', preview: 'boolean' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-app-banner': HTMLElement & AppBannerProps;
  }
}
