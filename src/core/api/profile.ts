/**
 * SPEC §7 profile and shell calls: global settings, subscription requests, the phone form,
 * support tickets and the action logs.
 */
import type {
  GlobalSettings,
  SettingsAnswer,
  SetSettingsAnswer,
  SupportTicket,
  ActionLogAnswer,
} from '../../contract/profile.ts';
import { checkSettings, checkSupportTickets } from '../../contract/profile.ts';
import { getJson, postJson } from './client.ts';

export function fetchSettings(signal?: AbortSignal): Promise<SettingsAnswer> {
  return getJson<SettingsAnswer>('/api/user/settings/', { signal, check: checkSettings });
}

/** The session token goes both as the header (client.ts) and as `sid` in the body, as the legacy form did. */
export function saveSettings(sid: string, settings: GlobalSettings): Promise<SetSettingsAnswer> {
  return postJson<SetSettingsAnswer>('/api/user/set-settings/', { sid, settings: { settings } });
}

/** Only for access level 1077 or tariff 677 (others get 403, anonymous 401). */
export function fetchSupportTickets(signal?: AbortSignal): Promise<SupportTicket[]> {
  return getJson<SupportTicket[]>('/api/profile/support/tickets/', { signal, check: checkSupportTickets });
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

/**
 * SPEC §7: a feature whose table has an action id logs each expansion (from the table's
 * onExpandChange) when the id is above 0; SPEC §8: a failed log call is not shown (the promise
 * always resolves).
 */
export async function logExpandAction(actionId: number, bondId?: number): Promise<void> {
  if (!(actionId > 0)) return;
  await logContactAction(actionId, bondId).catch(() => {});
}
