import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import {
  REGISTRATION_CLOSED_SECONDS,
  REGISTRATION_IDLE_MS,
  REGISTRATION_SCROLL_SHARE,
  SHELL_COOKIES,
} from '../../contract/shell.ts';
import { safeHref } from '../../contract/links.ts';
import { getCookie, setCookie } from '../../core/shell/cookies.ts';
import { registrationVariantAt, scrolledPast } from '../../core/shell/device.ts';
import { $lang } from '../../core/stores/lang.ts';
import { $user } from '../../core/stores/user.ts';
import { announce, ensureAnnouncers } from '../../runtime/messages/announcer.ts';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import {
  BottomBar,
  BottomBarIdle,
  escapeBelongsElsewhere,
  keepFocusOnPage,
} from '../../widgets/bottom-bar/index.ts';
import css from './registration-banner.css?inline';

/** The registration banner (SPEC §4 Shell): an offer to sign up, for anonymous readers of English pages. */
export interface RegistrationBannerProps {
  /** Where the sign-up link leads; default `/login/` (a new phone number registers). */
  signupUrl?: string;
  /** Shows the banner at once in the page's flow, whatever the rules (the catalog's example). */
  preview?: boolean;
}

type Variant = 'even' | 'odd';

/** What makes the banner show: idle, the pointer leaving the page, or reading past 60 %. */
function watchForInterest(show: () => void): () => void {
  let timer = window.setTimeout(show, REGISTRATION_IDLE_MS);
  const restartIdle = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(show, REGISTRATION_IDLE_MS);
  };
  const onScroll = () => {
    restartIdle();
    const { documentElement } = document;
    if (
      scrolledPast(REGISTRATION_SCROLL_SHARE, {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: documentElement.scrollHeight,
      })
    )
      show();
  };
  // The pointer left the window (no element it went to): the reader is about to leave.
  const onMouseOut = (event: MouseEvent) => {
    if (event.relatedTarget === null) show();
  };
  const inputs = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
  for (const type of inputs) window.addEventListener(type, restartIdle, { passive: true });
  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('mouseout', onMouseOut);
  return () => {
    window.clearTimeout(timer);
    for (const type of inputs) window.removeEventListener(type, restartIdle);
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('mouseout', onMouseOut);
  };
}

export function RegistrationBanner({ signupUrl = '/login/', preview = false }: RegistrationBannerProps) {
  useStyles(css, 'element');
  const { element: host, markLoading } = useHost();
  const { t, ready } = useLabels('banners');
  const lang = useStore($lang);
  const user = useStore($user);
  // The catalog's example shows the even variant from the first render (no clock during render).
  const [variant, setVariant] = useState<Variant | null>(preview ? 'even' : null);
  /** Shown once per page view: after closing (or once shown) it does not come back. */
  const [done, setDone] = useState(false);
  const eligible = preview || (lang === 'eng' && !user.userAuth);

  useEffect(() => {
    if (preview) return;
    if (!eligible || done || getCookie(SHELL_COOKIES.registrationClosed) !== null) return;
    ensureAnnouncers(); // in the page before the banner has anything to say
    let stop = () => {};
    const show = () => {
      stop();
      setDone(true);
      setVariant(registrationVariantAt(new Date()));
    };
    stop = watchForInterest(show);
    return stop;
  }, [eligible, preview, done]);

  useLayoutEffect(() => (preview && !ready ? markLoading() : undefined), [preview, ready, markLoading]);

  const shown = variant !== null && ready && eligible;
  const title = variant === null ? '' : t(`banners:reg_${variant}_title`);
  const text = variant === null ? '' : t(`banners:reg_${variant}_text`);

  // Said once, politely, when it appears; the focus stays where the reader is.
  useEffect(() => {
    if (shown && !preview) announce(`${title}. ${text}`);
  }, [shown, preview, title, text]);

  const close = () => {
    if (!preview) setCookie(SHELL_COOKIES.registrationClosed, '1', REGISTRATION_CLOSED_SECONDS);
    setVariant(null);
  };

  useEffect(() => {
    if (!shown || preview) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || escapeBelongsElsewhere(event)) return;
      keepFocusOnPage(host);
      close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!shown) return <BottomBarIdle />;
  return (
    <BottomBar
      label={t('banners:reg_label')}
      closeLabel={t('banners:reg_close')}
      onClose={close}
      preview={preview}
    >
      <p className="registration-banner__text" data-variant={variant}>
        <strong>{title}</strong> <span>{text}</span>
      </p>
      <a part="signup" href={safeHref(signupUrl) ?? '/login/'}>
        {t('banners:reg_link')}
      </a>
    </BottomBar>
  );
}
