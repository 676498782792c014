/**
 * SPEC §7 profile and shell calls: global settings, subscription requests, the phone form,
 * support tickets and the action logs.
 */
import { getJson, postJson } from './client.ts';

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

/** Unread means status_id 1 and the sender is not the current user (SPEC §3). */
export function isUnread(
  message: Pick<SupportMessage, 'status_id' | 'contacts_id'>,
  userId: number | null,
): boolean {
  return message.status_id === 1 && message.contacts_id !== userId;
}

export function fetchSettings(signal?: AbortSignal): Promise<SettingsAnswer> {
  return getJson<SettingsAnswer>('/api/user/settings/', { signal });
}

/** The session token goes both as the header (client.ts) and as `sid` in the body, as the legacy form did. */
export function saveSettings(sid: string, settings: GlobalSettings): Promise<SetSettingsAnswer> {
  return postJson<SetSettingsAnswer>('/api/user/set-settings/', { sid, settings: { settings } });
}

export function sendSubscriptionRequest(
  tariff: number,
  contactPersonId: number,
): Promise<SubscriptionRequestAnswer> {
  return postJson<SubscriptionRequestAnswer>('/api/profile/pa/subscr_send_request/', {
    tariff,
    contactPersonId,
  });
}

export function sendExpandRequest(tariff: number): Promise<SubscriptionRequestAnswer> {
  return postJson<SubscriptionRequestAnswer>('/api/profile/pa/subscr_expand_request/', { tariff });
}

/** 400/409/429 answers carry `messages` too: read them from the error's body. */
export function updateMobile(phone: string): Promise<UpdateMobileAnswer> {
  return postJson<UpdateMobileAnswer>('/api/profile/update_mob/', { phone });
}

/** Only for access level 1077 or tariff 677 (others get 403, anonymous 401). */
export function fetchSupportTickets(signal?: AbortSignal): Promise<SupportTicket[]> {
  return getJson<SupportTicket[]>('/api/profile/support/tickets/', { signal });
}

export interface ActionLogAnswer {
  success: true;
  id: number;
}

/** GET /cb/current_user/action_log/global/json/{id}/ (309, 313 — first index compare — or any id). */
export function logGlobalAction(id: number): Promise<ActionLogAnswer> {
  return getJson<ActionLogAnswer>(`/cb/current_user/action_log/global/json/${id}/`);
}

/** POST /api/contactActionLog/ or /api/bonds/{bondId}/contactActionLog/ when a table is expanded. */
export function logContactAction(actionId: number, bondId?: number): Promise<ActionLogAnswer> {
  const path = bondId === undefined ? '/api/contactActionLog/' : `/api/bonds/${bondId}/contactActionLog/`;
  return postJson<ActionLogAnswer>(path, { actionId });
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
  requests: Array<{
    id: number;
    kind: 'subscribe' | 'expand';
    tariff: number;
    status: 'pending' | 'approved' | 'rejected';
    date: string;
  }>;
  /** contactPersonId of a subscription request: the signed-in user, or null. */
  contactPersonId: number | null;
  subscrSendRequestUrl: string;
  subscrExpandRequestUrl: string;
  loginUrl: string;
  /** After a form post without scripts: 'sent' or 'already_sent'. */
  requestState: 'sent' | 'already_sent' | null;
}
