import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MarketingConsent } from '../../contract/shell.ts';
import { useHost, useLabels } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import { BottomBar, BottomBarIdle, keepFocusOnPage } from '../../widgets/bottom-bar/index.ts';
import { $consentBarOpen, answerConsent, reopenConsent, startConsent } from './cookie-consent.store.ts';
import css from './cookie-consent.css?inline';

/** The marketing-cookie consent bar: "allow" and "refuse", equally easy; reopened from the page footer. */
export interface CookieConsentProps {
  /** Shows the bar at once in the page's flow (the catalog's example); answers are not saved. */
  preview?: boolean;
}

/** The page's "Cookie settings" controls (in its footer) that reopen the bar. */
export const COOKIE_SETTINGS_SELECTOR = '[data-fin-cookie-settings]';

export function CookieConsent({ preview = false }: CookieConsentProps) {
  useStyles(css, 'element');
  const { element: host, markLoading } = useHost();
  const { t, ready } = useLabels('banners');
  const barOpen = useStore($consentBarOpen);
  /** The catalog's example answers nothing for real: it only closes. */
  const [previewOpen, setPreviewOpen] = useState(true);
  const open = preview ? previewOpen : barOpen;
  /** The footer control that reopened the bar: the focus goes back there after the answer. */
  const opener = useRef<HTMLElement | null>(null);
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (preview) return;
    startConsent(location.search);
    const settings = [...document.querySelectorAll<HTMLElement>(COOKIE_SETTINGS_SELECTOR)];
    const reopen = (event: Event) => {
      opener.current = event.currentTarget as HTMLElement;
      reopenConsent();
    };
    // The footer's control does nothing without scripts, so it stays hidden until now.
    for (const control of settings) {
      control.hidden = false;
      control.addEventListener('click', reopen);
    }
    return () => {
      for (const control of settings) control.removeEventListener('click', reopen);
    };
  }, [preview]);

  // The catalog's example keeps its reserved room until its labels are in.
  useLayoutEffect(() => (preview && !ready ? markLoading() : undefined), [preview, ready, markLoading]);

  // Reopened on request: the focus moves into the bar (never when it opens by itself).
  useEffect(() => {
    if (open && opener.current) firstButton.current?.focus();
  }, [open]);

  if (!open || !ready) return <BottomBarIdle />;
  const answer = (consent: MarketingConsent) => {
    if (preview) setPreviewOpen(false);
    else answerConsent(consent, location.search);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    else keepFocusOnPage(host);
  };
  return (
    <BottomBar
      label={t('banners:consent_label')}
      landmark="section"
      preview={preview}
      className="cookie-consent"
    >
      <p className="cookie-consent__text">{t('banners:consent_text')}</p>
      <div className="cookie-consent__answers">
        <button ref={firstButton} type="button" part="accept" onClick={() => answer('accepted')}>
          {t('banners:consent_accept')}
        </button>
        <button type="button" part="reject" onClick={() => answer('rejected')}>
          {t('banners:consent_reject')}
        </button>
      </div>
    </BottomBar>
  );
}
