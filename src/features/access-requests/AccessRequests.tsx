import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import type { AccessRequestsAnswer, OwnAccessRequest } from '../../contract/profile.ts';
import { ApiError } from '../../core/api/client.ts';
import {
  fetchAccessRequests,
  peekAccessRequests,
  sendExpandRequest,
  sendSubscriptionRequest,
  updateMobile,
} from '../../core/api/access-requests.ts';
import { createResource } from '../../core/resource.ts';
import { $user } from '../../core/stores/user.ts';
import { useAnnouncer } from '../../runtime/announcer.ts';
import { AccessPrompt } from '../../runtime/chrome/AccessPrompt.tsx';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { useLabels, type Translate } from '../../runtime/hooks.ts';
import { useResource } from '../../runtime/resource.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './access-requests.css?inline';

/** `<fin-access-requests>`: the management-access subscription and expansion requests (SPEC §6). */
export interface AccessRequestsProps {
  /** Where the "log in" link goes; default `/login/` with `back=` the current page. */
  loginUrl?: string;
}

type Kind = OwnAccessRequest['kind'];

/** What the server said about a request, as SPEC §6 names it: sent, already sent, forbidden. */
type Outcome = 'send_request_label' | 'already_send_request_label' | 'forbidden_request_label' | 'error';

const OUTCOME_TEXT: Record<Outcome, string> = {
  send_request_label: 'profile:request_sent_ok',
  already_send_request_label: 'profile:request_already_sent',
  forbidden_request_label: 'profile:request_forbidden',
  error: 'common:error_load',
};

/** Keys of the phone form's refusals: the profile module's own, the others are the login's. */
const PROFILE_PHONE_KEYS = new Set(['phone_same', 'phone_taken']);

const createRequestsResource = () =>
  createResource({
    describe: (userId: number) => `access requests of user ${userId}`,
    load: (_userId: number, signal) => fetchAccessRequests(signal),
    // The page's own answer: the block shows the forms at once, in place of the page's plain ones,
    // with no loading line between (a signed-in visitor's page would jump twice).
    peek: () => peekAccessRequests(),
  });

function outcomeOf(error: unknown): Outcome {
  const body = error instanceof ApiError ? (error.body as { messages?: unknown } | undefined) : undefined;
  return Array.isArray(body?.messages) && body.messages[0] === 'forbidden_request_label'
    ? 'forbidden_request_label'
    : 'error';
}

export function AccessRequests({ loginUrl }: AccessRequestsProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('profile', 'auth', 'common');
  const user = useStore($user);
  const announce = useAnnouncer();
  const { state, resource } = useResource(createRequestsResource, user.userAuth ? user.userId : null);
  return (
    <section part="block" className="access-requests">
      {!user.userAuth ? (
        ready ? (
          <AccessPrompt need="need_auth" action={t('profile:login_to_request')} loginUrl={loginUrl} still />
        ) : null
      ) : (
        <ElementState t={t} ready={ready} state={state} onRetry={() => void resource.retry()}>
          {(answer) => (
            <Requests answer={answer} t={t} announce={announce} mobileMissing={!user.userMobileExists} />
          )}
        </ElementState>
      )}
    </section>
  );
}

function Requests({
  answer,
  t,
  announce,
  mobileMissing,
}: {
  answer: AccessRequestsAnswer;
  t: Translate;
  announce(text: string): void;
  mobileMissing: boolean;
}) {
  // The requests the server remembers, then the ones sent from this page (read back after each answer).
  const [requests, setRequests] = useState(answer.requests);
  const refresh = () =>
    fetchAccessRequests()
      .then((fresh) => setRequests(fresh.requests))
      .catch(() => {});
  const pending = (kind: Kind, tariff: number) =>
    requests.some(
      (request) => request.kind === kind && request.tariff === tariff && request.status === 'pending',
    );
  const tariffName = new Map(answer.tariffs.map((tariff) => [tariff.id, tariff.name]));
  return (
    <>
      <RequestForm
        kind="subscribe"
        t={t}
        tariffs={answer.tariffs}
        pending={pending}
        announce={announce}
        send={(tariff) => sendSubscriptionRequest(tariff, answer.contactPersonId)}
        onAnswer={refresh}
      />
      {answer.canExpand ? (
        <RequestForm
          kind="expand"
          t={t}
          tariffs={answer.tariffs}
          pending={pending}
          announce={announce}
          send={(tariff) => sendExpandRequest(tariff)}
          onAnswer={refresh}
        />
      ) : null}
      {mobileMissing ? <PhoneForm t={t} announce={announce} /> : null}
      {requests.length ? (
        <>
          <h2>{t('profile:your_requests')}</h2>
          {/* A list, not a table: four short facts per request read well at 320 px without sideways scroll. */}
          <ul part="table" className="requests" data-requests>
            {requests.map((request) => (
              <li key={request.id} data-status={request.status}>
                <strong>{tariffName.get(request.tariff) ?? String(request.tariff)}</strong>
                {' · '}
                {t(`profile:request_kind_${request.kind}`)}
                {' · '}
                <span className="status">{t(`profile:request_status_${request.status}`)}</span>
                {' · '}
                <span className="muted">{request.date}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function RequestForm({
  kind,
  t,
  tariffs,
  pending,
  announce,
  send,
  onAnswer,
}: {
  kind: Kind;
  t: Translate;
  tariffs: AccessRequestsAnswer['tariffs'];
  pending(kind: Kind, tariff: number): boolean;
  announce(text: string): void;
  send(tariff: number): Promise<{ already_sent: boolean }>;
  onAnswer(): Promise<void>;
}) {
  const id = useId();
  const [tariff, setTariff] = useState(tariffs[0]?.id ?? 0);
  const [outcome, setOutcome] = useState<{ tariff: number; outcome: Outcome } | null>(null);
  const [busy, setBusy] = useState(false);
  // The answer to this tariff's last request, else what the server remembers (kept after a reload).
  const shown: Outcome | null =
    outcome?.tariff === tariff
      ? outcome.outcome
      : pending(kind, tariff)
        ? 'already_send_request_label'
        : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !tariff) return;
    setBusy(true);
    let result: Outcome;
    try {
      const answer = await send(tariff);
      result = answer.already_sent ? 'already_send_request_label' : 'send_request_label';
    } catch (error) {
      result = outcomeOf(error);
    }
    setOutcome({ tariff, outcome: result });
    announce(t(OUTCOME_TEXT[result]));
    await onAnswer();
    setBusy(false);
  };
  return (
    <form part="form" data-request-form={kind} onSubmit={(event) => void submit(event)}>
      <h2>{t(kind === 'subscribe' ? 'profile:request_title' : 'profile:expand_title')}</h2>
      {kind === 'subscribe' ? <p className="muted">{t('profile:request_intro')}</p> : null}
      <div className="row">
        <label htmlFor={`${id}-tariff`}>{t('profile:tariff')}</label>
        <select
          id={`${id}-tariff`}
          value={tariff}
          onChange={(event) => setTariff(Number(event.currentTarget.value))}
        >
          {tariffs.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        <button type="submit" part="button" aria-disabled={busy || undefined}>
          {t(kind === 'subscribe' ? 'profile:send_request' : 'profile:expand_request')}
        </button>
      </div>
      <p
        className={`notice${shown && shown !== 'send_request_label' && shown !== 'already_send_request_label' ? ' notice--refused' : ''}`}
        data-outcome={shown ?? undefined}
      >
        {shown ? t(OUTCOME_TEXT[shown]) : ''}
      </p>
    </form>
  );
}

function PhoneForm({ t, announce }: { t: Translate; announce(text: string): void }) {
  const id = useId();
  const [phone, setPhone] = useState('+7');
  const [said, setSaid] = useState<{ text: string; refused: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (text: string, refused: boolean) => {
    setSaid({ text, refused });
    announce(text);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = phone.trim();
    // SPEC §5: an empty phone does nothing.
    if (!value || busy) return;
    setBusy(true);
    try {
      const answer = await updateMobile(value);
      if (answer.messages.length) throw new ApiError('http', '', 'refused', 400, answer);
      say(`${t('auth:code_sent')} ${value}`, false);
    } catch (error) {
      const messages =
        error instanceof ApiError ? (error.body as { messages?: unknown } | undefined)?.messages : undefined;
      const key = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
      say(
        key === null
          ? t('common:error_load')
          : t(PROFILE_PHONE_KEYS.has(key) ? `profile:${key}` : `auth:${key}`),
        true,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form part="form" data-phone-form onSubmit={(event) => void submit(event)}>
      <h2>{t('profile:mobile_title')}</h2>
      <p className="muted">{t('profile:mobile_intro')}</p>
      <div className="row">
        <label htmlFor={`${id}-phone`}>{t('auth:phone')}</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          aria-invalid={said?.refused || undefined}
          aria-describedby={said ? `${id}-said` : undefined}
          onChange={(event) => setPhone(event.currentTarget.value)}
        />
        <button type="submit" part="button" aria-disabled={busy || undefined}>
          {t('profile:mobile_save')}
        </button>
      </div>
      <p id={`${id}-said`} className={`notice${said?.refused ? ' notice--refused' : ''}`}>
        {said?.text ?? ''}
      </p>
    </form>
  );
}
