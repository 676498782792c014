import { useStore } from '@nanostores/react';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { safeHref } from '../../contract/links.ts';
import { APP_BANNER_CLOSED_SECONDS, SHELL_COOKIES } from '../../contract/shell.ts';
import { getCookie, setCookie } from '../../core/shell/cookies.ts';
import { appPlatformOf, type AppPlatform } from '../../core/shell/device.ts';
import { $user } from '../../core/stores/user.ts';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import { BottomBar, BottomBarIdle } from '../../widgets/bottom-bar/index.ts';
import css from './app-banner.css?inline';

/** Demo store pages of the portal's app (synthetic: the demo has no published app). */
export const DEMO_STORE_URLS: Record<AppPlatform, string> = {
  android: 'https://play.google.com/store/apps/details?id=demo.fin.elements',
  ios: 'https://apps.apple.com/app/fin-elements-demo/id0000000000',
  huawei: 'https://appgallery.huawei.com/app/C000000000',
};

/** The download-app offer (SPEC §4 Shell): signed-in visitors on Huawei, Android or iOS devices. */
export interface AppBannerProps {
  /** Google Play page of the app; default a demo address. */
  googlePlayUrl?: string;
  /** App Store page of the app; default a demo address. */
  appStoreUrl?: string;
  /** Huawei AppGallery page of the app; default a demo address. */
  appGalleryUrl?: string;
  /** Shows the offer at once in the page's flow, whatever the visitor and device (the catalog's example). */
  preview?: boolean;
}

const unchanging = () => () => {};
const readDevice = () => appPlatformOf(navigator.userAgent);
const noDevice = () => null;
const readClosed = () => getCookie(SHELL_COOKIES.appBannerClosed) !== null;
const closedOnServer = () => true;

export function AppBanner({ googlePlayUrl, appStoreUrl, appGalleryUrl, preview = false }: AppBannerProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('banners');
  const user = useStore($user);
  // Browser facts read the way React hydrates safely: nothing on the server, the device in the browser.
  const device = useSyncExternalStore(unchanging, readDevice, noDevice);
  const closedBefore = useSyncExternalStore(unchanging, readClosed, closedOnServer);
  const [closed, setClosed] = useState(false);
  const platform: AppPlatform | null = preview
    ? closed
      ? null
      : 'android'
    : user.userAuth && !closedBefore && !closed
      ? device
      : null;
  const { markLoading } = useHost();
  // The catalog's example keeps its reserved room until its labels are in.
  useLayoutEffect(() => (preview && !ready ? markLoading() : undefined), [preview, ready, markLoading]);

  if (platform === null || !ready) return <BottomBarIdle />;
  const urls: Record<AppPlatform, string | undefined> = {
    android: googlePlayUrl,
    ios: appStoreUrl,
    huawei: appGalleryUrl,
  };
  const href = safeHref(urls[platform]) ?? DEMO_STORE_URLS[platform];
  const close = () => {
    if (!preview) setCookie(SHELL_COOKIES.appBannerClosed, '1', APP_BANNER_CLOSED_SECONDS);
    setClosed(true);
  };
  return (
    <BottomBar
      label={t('banners:app_label')}
      closeLabel={t('banners:app_close')}
      onClose={close}
      preview={preview}
    >
      <p className="app-banner__text">{t('banners:app_text')}</p>
      <a part="store-link" href={href} target="_blank" rel="noopener" data-platform={platform}>
        {t(`banners:app_link_${platform}`)}
      </a>
    </BottomBar>
  );
}
