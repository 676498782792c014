import { arrayOf, boolean, integer, number, object, oneOf, string, type Check } from './validate.ts';

/** SPEC §3 "Global settings". */
export interface GlobalSettings {
  hints: boolean;
}

/** GET /api/user/settings/ (signed-in; anonymous gets 401 and keeps hints in a cookie). */
export interface SettingsAnswer {
  settings: GlobalSettings;
}

/** POST /api/user/set-settings/ */
export interface SetSettingsAnswer {
  success: true;
  settings: GlobalSettings;
}

/** POST /api/profile/pa/subscr_send_request/ and subscr_expand_request/ */
export interface SubscriptionRequestAnswer {
  success: true;
  request_id: number;
  /** A pending request of the same kind and tariff existed: no new one was stored. */
  already_sent: boolean;
}

/**
 * A request refused by its access rule (403): a subscription naming another contact person, an
 * expansion by a user without paid access. `messages` holds `forbidden_request_label` (SPEC §6).
 */
export interface RequestRefusal {
  error: string;
  messages: ['forbidden_request_label'];
}

/** The visitor's own subscription or expansion request (newest first). */
export interface OwnAccessRequest {
  id: number;
  kind: 'subscribe' | 'expand';
  tariff: number;
  status: 'pending' | 'approved' | 'rejected';
  /** DD.MM.YYYY HH:mm in Moscow time, as the page shows it. */
  date: string;
}

/**
 * GET /api/profile/pa/requests/ (signed in; anonymous 401): what `<fin-access-requests>` needs to
 * offer the two requests and to show the ones the server remembers.
 */
export interface AccessRequestsAnswer {
  /** Management access subscriptions a request may name, in the page's language. */
  tariffs: Array<{ id: number; name: string }>;
  requests: OwnAccessRequest[];
  /** contactPersonId of a subscription request: the signed-in user. */
  contactPersonId: number;
  /** Access level 1077: only such a user may ask to expand the access. */
  canExpand: boolean;
}

/** POST /api/profile/update_mob/: an empty list means the code was sent (SPEC §5 phone form). */
export interface UpdateMobileAnswer {
  /** Label keys: phone_invalid, phone_same, phone_taken (profile), code_resend_too_early (auth). */
  messages: string[];
  retryAfter?: number;
}

/** SPEC §3 "Support ticket": a message. */
export interface SupportMessage {
  id: number;
  message: string;
  /** 1 = new (unread by the recipient), 2 = read. */
  status_id: number;
  /** The sender: the user's id, or the support desk's contact id. */
  contacts_id: number;
  /** DD.MM.YYYY HH:mm (UTC) */
  date: string;
  'date.numeric': number;
}

export interface SupportTicket {
  id: number;
  title: string;
  /** 1 open, 2 answered, 3 closed. */
  status_id: number;
  date: string;
  'date.numeric': number;
  messages: SupportMessage[];
  /** Messages with status_id 1 from someone other than the user. */
  unread: number;
}

export interface ActionLogAnswer {
  success: true;
  id: number;
}

export type AccessLevelId = 'anonymous' | 'registered' | 'paid';

/** Page data of /profile/access/ and /profile_access/. */
export interface AccessPageData {
  lang: string;
  /** The visitor's level and SPEC §3 user globals. */
  level: AccessLevelId;
  userAccessLevel: number;
  userTariffs: number[];
  levels: Array<{ id: AccessLevelId; title: string; text: string; current: boolean }>;
  /** Management access subscriptions a request may name. */
  tariffs: Array<{ id: number; name: string }>;
  /** The visitor's own requests, newest first (empty when anonymous). */
  requests: OwnAccessRequest[];
  /** contactPersonId of a subscription request: the signed-in user, or null. */
  contactPersonId: number | null;
  subscrSendRequestUrl: string;
  subscrExpandRequestUrl: string;
  loginUrl: string;
  /** After a form post without scripts: 'sent', 'already_sent' or 'forbidden'. */
  requestState: 'sent' | 'already_sent' | 'forbidden' | null;
}

/** Unread means status_id 1 and the sender is not the current user (SPEC §3). */
export function isUnread(
  message: Pick<SupportMessage, 'status_id' | 'contacts_id'>,
  userId: number | null,
): boolean {
  return message.status_id === 1 && message.contacts_id !== userId;
}

/** The shape of GET /api/profile/support/tickets/ and GET /api/user/settings/ (client checks). */
export const checkSupportTickets: Check<SupportTicket[]> = arrayOf(
  object<SupportTicket>({
    id: integer,
    title: string,
    status_id: integer,
    date: string,
    'date.numeric': number,
    unread: integer,
    messages: arrayOf(
      object<SupportMessage>({
        id: integer,
        message: string,
        status_id: integer,
        contacts_id: integer,
        date: string,
        'date.numeric': number,
      }),
    ),
  }),
);

export const checkSettings: Check<SettingsAnswer> = object<SettingsAnswer>({
  settings: object<GlobalSettings>({ hints: boolean }),
});

/** The check of GET /api/profile/pa/requests/ (a malformed answer is a load error, not a crash). */
export const checkAccessRequests: Check<AccessRequestsAnswer> = object<AccessRequestsAnswer>({
  tariffs: arrayOf(object({ id: integer, name: string })),
  requests: arrayOf(
    object<OwnAccessRequest>({
      id: integer,
      kind: oneOf(['subscribe', 'expand'] as const),
      tariff: integer,
      status: oneOf(['pending', 'approved', 'rejected'] as const),
      date: string,
    }),
  ),
  contactPersonId: integer,
  canExpand: boolean,
});
