import { useEffect, useLayoutEffect, useState } from 'react';
import { safeHref } from '../../contract/links.ts';
import { AD_CLOSED_SECONDS, AD_STRIP_DELAY_MS, SHELL_COOKIES } from '../../contract/shell.ts';
import { getCookie, setCookie } from '../../core/shell/cookies.ts';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import { BottomBar, BottomBarIdle } from '../../widgets/bottom-bar/index.ts';
import css from './ad-strip.css?inline';

/** The bottom ad strip ("catfish", SPEC §2 Shell, §9): a house ad of the demo, marked as an ad. */
export interface AdStripProps {
  /** Where the ad leads; default the access plans, `/profile/access/`. */
  href?: string;
  /** Shows the strip at once in the page's flow, without the delay or the cookie (the catalog's example). */
  preview?: boolean;
}

export function AdStrip({ href, preview = false }: AdStripProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('banners');
  const [shown, setShown] = useState(preview);
  const { markLoading } = useHost();
  // The catalog's example keeps its reserved room until its labels are in.
  useLayoutEffect(() => (preview && !ready ? markLoading() : undefined), [preview, ready, markLoading]);

  useEffect(() => {
    if (preview) return;
    if (getCookie(SHELL_COOKIES.adClosed) !== null) return;
    const timer = window.setTimeout(() => setShown(true), AD_STRIP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [preview]);

  if (!shown || !ready) return <BottomBarIdle />;
  const close = () => {
    if (!preview) setCookie(SHELL_COOKIES.adClosed, '1', AD_CLOSED_SECONDS);
    setShown(false);
  };
  return (
    <BottomBar
      label={t('banners:ad_label')}
      closeLabel={t('banners:ad_close')}
      onClose={close}
      preview={preview}
      className="ad-strip"
    >
      <span part="ad-mark" className="ad-strip__mark">
        {t('banners:ad_mark')}
      </span>
      <span className="ad-strip__text">{t('banners:ad_text')}</span>
      <a part="ad-link" href={safeHref(href) ?? '/profile/access/'}>
        {t('banners:ad_link')}
      </a>
    </BottomBar>
  );
}
