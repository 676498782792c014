/**
 * /login/: a plain server-rendered sign-in page (phone form → code form with the 30 s resend
 * countdown, SPEC §4/§5) so a person can sign in on the demo. It talks to the same calls the
 * future <fin-login> element will use.
 */
import type { LabelMap } from '../../../src/contract/types.ts';
import type { SessionUser } from '../shared/session.ts';
import { html, jsonScript, trusted, type SafeHtml } from '../templates/html.ts';

export interface LoginView {
  labels: LabelMap;
  /** Where to go after signing in (a same-site path). */
  back: string;
  resendAfterSeconds: number;
  user: SessionUser | null;
  devTools: boolean;
  /** The page's CSP nonce, for its inline script. */
  nonce: string;
}

const LOGIN_SCRIPT = `
(() => {
  const config = JSON.parse(document.getElementById('fin-login-config').textContent);
  const labels = config.labels;
  const $ = (id) => document.getElementById(id);
  const text = (key) => labels[key] || '{{auth:' + key + '}}';
  const say = (key) => { $('login-message').textContent = key ? text(key) : ''; };
  let timer = 0;

  // The visible countdown ticks every second; screen readers hear only its start and the moment
  // the code can be requested again (#countdown-status), not thirty announcements.
  function countdown(seconds) {
    clearInterval(timer);
    let left = seconds;
    const announce = (message) => { $('countdown-status').textContent = message; };
    if (left > 0) announce(text('resend_in').replace('{seconds}', String(left)));
    const tick = () => {
      $('resend').disabled = left > 0;
      $('countdown').textContent = left > 0 ? text('resend_in').replace('{seconds}', String(left)) : '';
      if (left <= 0) {
        clearInterval(timer);
        if (seconds > 0) announce(text('resend_ready'));
      }
      left -= 1;
    };
    tick();
    timer = setInterval(tick, 1000);
  }

  // The page's CSRF token goes with every call (the server refuses a POST without it).
  const sid = JSON.parse(document.getElementById('fin-user').textContent).sid;

  async function call(url, method, body) {
    const response = await fetch(url, {
      method,
      headers: { 'X-CSRF-Token': sid, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    try { return await response.json(); } catch { return { messages: ['error'] }; }
  }

  function showCodeForm(phone, wait) {
    $('sent-to').textContent = phone;
    $('phone-form').hidden = true;
    $('code-form').hidden = false;
    $('code').focus();
    countdown(wait);
  }

  $('phone-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const phone = $('phone').value.trim();
    if (!phone) return; // SPEC §5: an empty phone does nothing
    const answer = await call('/api/auth/login/', 'POST', { phone });
    const messages = answer.messages || [answer.error];
    if (messages.length) {
      say(messages[0]);
      // Same phone within 30 s: the code already sent is still good.
      if (messages[0] === 'code_resend_too_early') showCodeForm(phone, answer.retryAfter || config.resendAfter);
      return;
    }
    say('');
    showCodeForm(phone, config.resendAfter);
  });

  $('code-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = $('code').value.trim();
    if (!code) return say('authCodeEmpty'); // SPEC §5: an empty code blocks submit
    const answer = await call('/api/auth/code/', 'POST', { code });
    const messages = answer.messages || [answer.error];
    if (messages.length) return say(messages[0]);
    say('signed_in');
    location.assign(config.back);
  });

  $('resend').addEventListener('click', async () => {
    const answer = await call('/?action=ajaxSendCode', 'GET');
    const messages = answer.messages || [answer.error];
    say(messages[0] || '');
    countdown(answer.retryAfter || (messages.length ? 0 : config.resendAfter));
  });

  $('change-phone').addEventListener('click', () => {
    clearInterval(timer);
    say('');
    $('code-form').hidden = true;
    $('phone-form').hidden = false;
    $('phone').focus();
  });
})();
`;

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
    <form id="phone-form">
      <p>
        <label
          >${t('phone')}<br /><input
            id="phone"
            name="phone"
            type="tel"
            autocomplete="tel"
            value="+7"
            required
        /></label>
      </p>
      <p><button type="submit">${t('send_code')}</button></p>
    </form>
    <form id="code-form" hidden>
      <p>${t('code_sent')} <strong id="sent-to"></strong></p>
      <p>
        <label
          >${t('code')}<br /><input
            id="code"
            name="code"
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength="6"
        /></label>
      </p>
      <p><button type="submit">${t('sign_in')}</button></p>
      <p>
        <button type="button" id="resend" disabled>${t('resend')}</button>
        <span id="countdown" aria-hidden="true"></span>
        <span id="countdown-status" class="visually-hidden" role="status"></span>
      </p>
      <p><button type="button" id="change-phone">${t('change_phone')}</button></p>
    </form>
    <p id="login-message" role="alert"></p>
    <aside class="muted" lang="en">
      <p>
        Demo accounts: <code>+79000000001</code> (free), <code>+79000000002</code> (paid, access level 1077);
        any other valid number registers a new free user.
        ${view.devTools ? html`No SMS is sent: read the code at <a href="/dev/outbox" target="_blank">/dev/outbox</a>.` : null}
      </p>
    </aside>
    ${jsonScript('fin-login-config', { labels: view.labels, back: view.back, resendAfter: view.resendAfterSeconds })}
    <script nonce="${view.nonce}">
      ${trusted(LOGIN_SCRIPT)};
    </script>
  </main>`;
}
