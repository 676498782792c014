import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { canSeeSupportTickets } from '../../core/access.ts';
import { formatDateSeconds } from '../../core/dates.ts';
import { $user } from '../../core/stores/user.ts';
import { accessHref, loginHref } from '../../runtime/chrome/access-links.ts';
import { ElementMessage } from '../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../runtime/chrome/ElementState.tsx';
import { useLabels, type Translate } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './support-tickets.css?inline';
import {
  $unreadCount,
  ensureTickets,
  ticketViews,
  ticketsResource,
  type TicketView,
} from './support-tickets.store.ts';

/** The signed-in user's support tickets (SPEC §2 shell, §3, §6), or the header's unread count. */
export interface SupportTicketsProps {
  /**
   * `list` (default): the tickets, newest first, with their messages and unread marks;
   * `badge`: only the number of unread messages, for the header (nothing when there are none).
   */
  variant?: 'list' | 'badge';
  /** Where a visitor without access is sent (default /profile/access/). */
  accessUrl?: string;
  /** Where an anonymous visitor signs in (default /login/ with back=). */
  loginUrl?: string;
}

/** Message dates in the page's format (SPEC §9 DD.MM.YYYY) with the time. */
const MOMENT_FORMAT = 'DD.MM.YYYY HH:mm';

export function SupportTickets({ variant = 'list', accessUrl, loginUrl }: SupportTicketsProps) {
  useStyles(css, 'element');
  const { t, ready } = useLabels('profile', 'common');
  const user = useStore($user);
  const state = useStore(ticketsResource.$state);
  const unread = useStore($unreadCount);
  const allowed = canSeeSupportTickets(user);
  // SPEC §6: the call only for level 1077 or tariff 677; nobody else causes a request.
  useEffect(() => {
    if (allowed) ensureTickets(user);
  }, [allowed, user]);

  if (variant === 'badge') {
    if (!ready || unread === null || unread === 0) return null;
    return (
      <span className="st-badge" part="badge" data-unread={unread}>
        <span aria-hidden="true">{unread}</span>
        <span className="fin-visually-hidden">
          {t('profile:support_unread').replace('{count}', String(unread))}
        </span>
      </span>
    );
  }

  if (!allowed) {
    if (!ready) return <ElementMessage kind="loading">…</ElementMessage>;
    return (
      <p className="st-access" part="message">
        {user.userAuth ? t('profile:support_need_access') : t('profile:support_need_auth')}{' '}
        <a href={user.userAuth ? accessHref(accessUrl) : loginHref(loginUrl)}>
          {user.userAuth ? t('profile:support_get_access') : t('common:login')}
        </a>
      </p>
    );
  }

  return (
    <ElementState
      t={t}
      ready={ready}
      state={state}
      onRetry={ticketsResource.retry}
      isEmpty={(tickets) => tickets.length === 0}
      emptyText={t('profile:support_empty')}
    >
      {(tickets) => {
        const views = ticketViews(tickets, user.userId);
        return (
          <div className="st" part="block">
            <p className="st-summary" data-unread-total={unread ?? 0}>
              {t('profile:support_unread').replace('{count}', String(unread ?? 0))}
            </p>
            <ol className="st-list">
              {views.map((ticket) => (
                <Ticket key={ticket.id} ticket={ticket} t={t} />
              ))}
            </ol>
          </div>
        );
      }}
    </ElementState>
  );
}

function Ticket({ ticket, t }: { ticket: TicketView; t: Translate }) {
  const headingId = `st-ticket-${ticket.id}`;
  return (
    <li className="st-ticket" data-ticket-id={ticket.id} data-unread={ticket.unreadCount}>
      <article aria-labelledby={headingId}>
        <h2 className="st-title" id={headingId}>
          {ticket.title}
          {ticket.unreadCount > 0 ? (
            <span className="st-count" part="badge">
              {t('profile:support_unread').replace('{count}', String(ticket.unreadCount))}
            </span>
          ) : null}
        </h2>
        <p className="st-meta">
          {t(`profile:support_status_${ticket.status_id}`)} ·{' '}
          <time>{formatDateSeconds(ticket['date.numeric'], MOMENT_FORMAT)}</time>
        </p>
        <ol className="st-messages">
          {ticket.shown.map((message) => (
            <li
              key={message.id}
              className={message.isUnread ? 'st-message st-message--unread' : 'st-message'}
              data-message-id={message.id}
              data-unread={message.isUnread ? 'true' : 'false'}
            >
              <p className="st-from">
                <strong>
                  {message.contacts_id === ticket.ownerId
                    ? t('profile:support_from_you')
                    : t('profile:support_from_support')}
                </strong>{' '}
                · <time>{formatDateSeconds(message['date.numeric'], MOMENT_FORMAT)}</time>
                {message.isUnread ? <span className="st-new">{t('profile:support_new')}</span> : null}
              </p>
              {/* Server text, always as text (React escapes it), never as HTML. */}
              <p className="st-text">{message.message}</p>
            </li>
          ))}
        </ol>
      </article>
    </li>
  );
}
