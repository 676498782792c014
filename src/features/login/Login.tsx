import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { isAuthMessage } from '../../contract/auth.ts';
import { sameSitePath } from '../../contract/same-site.ts';
import { setCsrfToken } from '../../core/api/client.ts';
import { confirmLoginCode, resendLoginCode, startLogin, type LoginAnswer } from '../../core/api/auth.ts';
import { $lang } from '../../core/stores/lang.ts';
import { pushMessage } from '../../core/stores/messages.ts';
import { $user } from '../../core/stores/user.ts';
import { useHost, useLabels, type Translate } from '../../runtime/hooks.ts';
import { useAnnouncer } from '../../runtime/announcer.ts';
import { useStyles } from '../../runtime/styles.ts';
import { RESEND_AFTER_SECONDS, codeFromText, fill, waitText } from './login.model.ts';
import css from './login.css?inline';

/** `<fin-login>`: the SMS sign-in (SPEC §4/§5): phone form → code form with the resend countdown. */
export interface LoginProps {
  /** Where to go after signing in: a same-site path (anything else is ignored and the page stays). */
  back?: string;
}

type Step = 'phone' | 'code' | 'done';

/** A message under a form: a label key of `auth`, and the wait of a throttled answer. */
interface Notice {
  key: string;
  wait?: number;
  field?: 'phone' | 'code';
}

/** Refusals that come with a wait (429 + Retry-After) and have a label saying it. */
const WAITS = new Set(['code_resend_too_early', 'auth_too_many_attempts', 'auth_too_many_codes']);

/** SPEC §8: the page (or a social-login script) reports a failed social login with this event. */
export const SOCIAL_LOGIN_ERROR_EVENT = 'fin-social-login-error';

function noticeText(t: Translate, notice: Notice, lang: Parameters<typeof waitText>[1]): string {
  // A key the `auth` labels do not explain (a server's text) reads as a failed call.
  if (!isAuthMessage(notice.key)) return t('auth:request_failed');
  // A throttled answer says how long to wait, in the page's language ("in 15 minutes").
  return notice.wait
    ? fill(t(`auth:${notice.key}_wait`), { time: waitText(notice.wait, lang) })
    : t(`auth:${notice.key}`);
}

export function Login({ back }: LoginProps) {
  useStyles(css, 'element');
  const { emit } = useHost();
  const { t } = useLabels('auth', 'common');
  const lang = useStore($lang);
  const announce = useAnnouncer();
  const ids = useId();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('+7');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  /** When a new code may be asked for (epoch ms), and the clock the countdown shows. */
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const phoneInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const focusNext = useRef<'phone' | 'code' | null>(null);

  // Focus moves with the step (and to the field a message is about), once the DOM shows it.
  useEffect(() => {
    const target =
      focusNext.current === 'code'
        ? codeInput.current
        : focusNext.current === 'phone'
          ? phoneInput.current
          : null;
    focusNext.current = null;
    target?.focus();
  });

  const startCountdown = useCallback(
    (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setResendAt(at + seconds * 1000);
      announce(fill(t('auth:resend_in'), { seconds }));
    },
    [announce, t],
  );

  // The visible countdown ticks every second; the live region speaks only at its start and end.
  const left = resendAt === null ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (resendAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= resendAt) {
        clearInterval(timer);
        setResendAt(null);
        announce(t('auth:resend_ready'));
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt, announce, t]);

  const refuse = (answer: LoginAnswer, field: 'phone' | 'code') => {
    const key = answer.messages[0]!;
    const next: Notice = {
      key,
      field,
      ...(answer.retryAfter && WAITS.has(key) ? { wait: answer.retryAfter } : {}),
    };
    setNotice(next);
    announce(noticeText(t, next, lang));
    focusNext.current = field;
  };

  const failed = (field: 'phone' | 'code') => {
    const next: Notice = { key: 'request_failed', field };
    setNotice(next);
    announce(noticeText(t, next, lang));
  };

  const signedIn = (answer: LoginAnswer) => {
    if (answer.sid) setCsrfToken(answer.sid);
    if (answer.user) $user.set(answer.user);
    setStep('done');
    setResendAt(null);
    announce(t('auth:signed_in'));
    if (answer.user) emit('fin-sign-in', { user: answer.user });
    const target = sameSitePath(back);
    if (target !== null) window.location.assign(target);
  };

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    const value = phone.trim();
    // SPEC §5: an empty phone does nothing.
    if (!value || busy) return;
    setBusy(true);
    try {
      const answer = await startLogin(value);
      // SPEC §5: a non-empty messages list means no code was sent: the code form stays hidden.
      if (answer.messages.length) return refuse(answer, 'phone');
      setNotice(null);
      setCode('');
      setStep('code');
      focusNext.current = 'code';
      startCountdown(RESEND_AFTER_SECONDS);
    } catch {
      failed('phone');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (given: string) => {
    // SPEC §5: an empty code is refused here, nothing is sent.
    if (given === '') {
      const next: Notice = { key: 'authCodeEmpty', field: 'code' };
      setNotice(next);
      announce(noticeText(t, next, lang));
      focusNext.current = 'code';
      return;
    }
    setBusy(true);
    try {
      const answer = await confirmLoginCode(given);
      if (answer.messages.length) return refuse(answer, 'code');
      setNotice(null);
      signedIn(answer);
    } catch {
      failed('code');
    } finally {
      setBusy(false);
    }
  };
  // The WebOTP answer arrives later: it submits with the latest render's handler.
  const latestSubmit = useRef(submitCode);
  useLayoutEffect(() => {
    latestSubmit.current = submitCode;
  });

  const resend = async () => {
    if (left > 0 || busy) return;
    setBusy(true);
    try {
      const answer = await resendLoginCode();
      if (answer.messages.length) {
        refuse(answer, 'code');
        // Too early by the server's clock: its wait, counted down like the first.
        if (answer.messages[0] === 'code_resend_too_early' && answer.retryAfter)
          startCountdown(answer.retryAfter);
        return;
      }
      setNotice(null);
      startCountdown(RESEND_AFTER_SECONDS);
      focusNext.current = 'code';
    } catch {
      failed('code');
    } finally {
      setBusy(false);
    }
  };

  // WebOTP: where the browser reads the SMS (it ends with `@host #code`), the code fills itself.
  useEffect(() => {
    if (step !== 'code' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    const credentials = navigator.credentials as unknown as {
      get(options: object): Promise<{ code?: string } | null>;
    };
    credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal })
      .then((credential) => {
        if (credential?.code) {
          setCode(credential.code);
          void latestSubmit.current(credential.code);
        }
      })
      .catch(() => {});
    return () => abort.abort();
  }, [step]);

  // SPEC §8: a failed social login shows an alert (the page's one message queue).
  useEffect(() => {
    const onError = (event: Event) => {
      const detail = (event as CustomEvent<{ message?: unknown } | undefined>).detail;
      const text =
        typeof detail?.message === 'string' && detail.message
          ? detail.message
          : t('auth:social_login_failed');
      pushMessage({
        message: text,
        type: 'alertRed',
        source: 'fin-login',
        key: 'auth:social_login_failed',
        id: 'fin-login-social',
      });
    };
    document.addEventListener(SOCIAL_LOGIN_ERROR_EVENT, onError);
    return () => document.removeEventListener(SOCIAL_LOGIN_ERROR_EVENT, onError);
  }, [t]);

  const messageId = `${ids}-message`;
  const message = notice ? noticeText(t, notice, lang) : '';
  const invalid = (field: 'phone' | 'code') => (notice?.field === field ? true : undefined);

  return (
    <section part="block" className="login">
      {step === 'phone' ? (
        <form id="phone-form" part="form" noValidate onSubmit={(event) => void submitPhone(event)}>
          <label className="field">
            <span>{t('auth:phone')}</span>
            <input
              ref={phoneInput}
              id="phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={phone}
              aria-invalid={invalid('phone')}
              aria-describedby={invalid('phone') ? messageId : undefined}
              onChange={(event) => setPhone(event.currentTarget.value)}
            />
          </label>
          <button type="submit" part="button" aria-disabled={busy || undefined}>
            {t('auth:send_code')}
          </button>
        </form>
      ) : null}
      {step === 'code' ? (
        <form
          id="code-form"
          part="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void submitCode(code);
          }}
        >
          <p className="sent-to">
            {t('auth:code_sent')} <strong id="sent-to">{phone.trim()}</strong>
          </p>
          <label className="field">
            <span>{t('auth:code')}</span>
            <input
              ref={codeInput}
              id="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={invalid('code')}
              aria-describedby={invalid('code') ? messageId : undefined}
              data-auth-code-empty={notice?.key === 'authCodeEmpty' ? 'true' : undefined}
              // Spaces, dashes and the whole SMS text pasted: only the code stays.
              onChange={(event) => setCode(codeFromText(event.currentTarget.value))}
            />
          </label>
          <button type="submit" part="button" aria-disabled={busy || undefined}>
            {t('auth:sign_in')}
          </button>
          <p className="resend">
            <button
              type="button"
              id="resend"
              part="link-button"
              className="fin-link-button"
              disabled={left > 0}
              onClick={() => void resend()}
            >
              {t('auth:resend')}
            </button>{' '}
            <span id="countdown" aria-hidden="true">
              {left > 0 ? fill(t('auth:resend_in'), { seconds: left }) : ''}
            </span>
          </p>
          <p>
            <button
              type="button"
              id="change-phone"
              className="fin-link-button"
              onClick={() => {
                setStep('phone');
                setResendAt(null);
                setNotice(null);
                focusNext.current = 'phone';
              }}
            >
              {t('auth:change_phone')}
            </button>
          </p>
        </form>
      ) : null}
      {step === 'done' ? <p className="signed-in">{t('auth:signed_in')}</p> : null}
      <p id={messageId} className="message" part="message" data-message={notice?.key}>
        <span id="login-message">{message}</span>
      </p>
    </section>
  );
}
