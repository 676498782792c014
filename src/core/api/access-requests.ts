/**
 * The access-request calls of SPEC §7 (`<fin-access-requests>`): the two subscription requests, the
 * phone form, and GET /api/profile/pa/requests/ (the tariffs a request may name and the own requests
 * the server remembers). Apart from profile.ts, so the pages that only log actions do not carry them.
 */
import {
  checkAccessRequests,
  type AccessRequestsAnswer,
  type SubscriptionRequestAnswer,
  type UpdateMobileAnswer,
} from '../../contract/profile.ts';
import { ACCESS_REQUESTS_PATH } from '../../contract/api-paths.ts';
import { peekPreloaded } from '../preload.ts';
import { getJson, postJson } from './client.ts';

/** Signed in only (anonymous 401). */
export function fetchAccessRequests(signal?: AbortSignal): Promise<AccessRequestsAnswer> {
  return getJson<AccessRequestsAnswer>(ACCESS_REQUESTS_PATH, { signal, check: checkAccessRequests });
}

/** The requests answer the server put into the page for its signed-in visitor, if it did. */
export const peekAccessRequests = (): AccessRequestsAnswer | undefined =>
  peekPreloaded(ACCESS_REQUESTS_PATH, { check: checkAccessRequests });

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
