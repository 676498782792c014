/**
 * SPEC §7 calls of the issuer (company) page other than the reports (see ./reports.ts):
 * analytics comments and the access requests for their files, multipliers, consensus forecasts
 * and the related-issuer links of the network graph; plus the page data of /company/{id}/.
 */
import type {
  CompanyCommentsAnswer,
  CommentsAccessRequestAnswer,
  MultipliersAnswer,
  ConsensusAnswer,
  RelatedLink,
} from '../../contract/company.ts';
import { checkConsensus, emptyConsensus } from '../../contract/consensus-answer.ts';
import { checkMultipliers, emptyMultipliers } from '../../contract/multipliers-answer.ts';
import { checkRelatedLinks, emptyRelatedLinks } from '../../contract/related-answer.ts';
import { getJson } from './client.ts';

// ─── Calls ─────────────────────────────────────────────────────────────────────────────────────

/** The analytics comments from the page data's `apiUrls.comments` (comments_about). */
export function fetchComments(url: string, signal?: AbortSignal): Promise<CompanyCommentsAnswer> {
  return getJson<CompanyCommentsAnswer>(url, { signal });
}

/** The multipliers from the page data's `apiUrls.multipliers`, checked. */
export function fetchMultipliers(url: string, signal?: AbortSignal): Promise<MultipliersAnswer> {
  return getJson<MultipliersAnswer>(url, { signal, check: checkMultipliers, empty: emptyMultipliers });
}

/** The consensus forecasts from the page data's `apiUrls.consensus` (get-emitent-list-of-indexes). */
export function fetchConsensus(url: string, signal?: AbortSignal): Promise<ConsensusAnswer> {
  return getJson<ConsensusAnswer>(url, { signal, check: checkConsensus, empty: emptyConsensus });
}

/** The network graph loads from a caller-supplied URL; the reference server's is /api/company/{id}/related/. */
export function fetchRelated(dataUrl: string, signal?: AbortSignal): Promise<RelatedLink[]> {
  return getJson<RelatedLink[]>(dataUrl, { signal, check: checkRelatedLinks, empty: emptyRelatedLinks });
}

/**
 * GET /api/comments/create_comments_access_request/{providerId}/ (the page data's
 * `apiUrls.commentsAccessRequest`, with %providerId%). SPEC §7 makes it a GET, but it writes, so
 * the session token goes along as X-CSRF-Token.
 */
export function createCommentsAccessRequest(
  urlTemplate: string,
  providerId: number,
  signal?: AbortSignal,
): Promise<CommentsAccessRequestAnswer> {
  return getJson<CommentsAccessRequestAnswer>(urlTemplate.replace('%providerId%', String(providerId)), {
    signal,
    csrf: true,
  });
}
