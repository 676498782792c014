/**
 * /login/: `<fin-login>` (phone form → code form with the 30 s resend countdown, SPEC §4/§5), and
 * for a browser without JavaScript the same two steps as plain forms in `<noscript>` that post to
 * the same calls (auth.routes.ts answers a plain form post with a redirect).
 */
import { isAuthMessage } from '../../../src/contract/auth.ts';
import type { LabelMap } from '../../../src/contract/types.ts';
import type { SessionUser } from '../shared/session.ts';
import { html, type SafeHtml } from '../templates/html.ts';

export interface LoginView {
  labels: LabelMap;
  /** Where to go after signing in (a same-site path). */
  back: string;
  user: SessionUser | null;
  devTools: boolean;
  /** The page's CSRF token, for the plain forms. */
  sid: string;
  /** The plain forms' step (`?step=code` after a code was sent) and the refusal to show. */
  step: 'phone' | 'code';
  error: string | null;
}

function plainForms(view: LoginView, t: (key: string) => string): SafeHtml {
  const error =
    // Only the sign-in refusals a plain form may be sent back with: anything else is not shown.
    view.error && isAuthMessage(view.error) ? html`<p role="alert">${t(view.error)}</p>` : null;
  if (view.step === 'code') {
    return html`<form method="post" action="/api/auth/code/">
      <input type="hidden" name="sid" value="${view.sid}" />
      <input type="hidden" name="back" value="${view.back}" />
      <p>
        <label
          >${t('code')}<br /><input
            name="code"
            inputmode="numeric"
            autocomplete="one-time-code"
            required
        /></label>
      </p>
      ${error}
      <p><button type="submit">${t('sign_in')}</button></p>
      <p><a href="/login/?back=${encodeURIComponent(view.back)}">${t('change_phone')}</a></p>
    </form>`;
  }
  return html`<form method="post" action="/api/auth/login/">
    <input type="hidden" name="sid" value="${view.sid}" />
    <input type="hidden" name="back" value="${view.back}" />
    <p>
      <label>${t('phone')}<br /><input name="phone" type="tel" autocomplete="tel" value="+7" required /></label>
    </p>
    ${error}
    <p><button type="submit">${t('send_code')}</button></p>
  </form>`;
}

export function loginPageBody(view: LoginView): SafeHtml {
  const t = (key: string) => view.labels[key] ?? `{{auth:${key}}}`;
  if (view.user) {
    return html`<main>
      <h1>${t('title')}</h1>
      <p>${t('signed_in')}: <strong>${view.user.phone}</strong></p>
      <p><a href="${view.back}">←</a></p>
    </main>`;
  }
  return html`<main>
    <h1>${t('title')}</h1>
    <fin-login back="${view.back}"></fin-login>
    <noscript>${plainForms(view, t)}</noscript>
    <aside class="muted" lang="en">
      <p>
        Demo accounts: <code>+79000000001</code> (free), <code>+79000000002</code> (paid, access level 1077);
        any other valid number registers a new free user.
        ${view.devTools ? html`No SMS is sent: read the code at <a href="/dev/outbox" target="_blank">/dev/outbox</a>.` : null}
      </p>
    </aside>
  </main>`;
}
