/**
 * SPEC §7 calls of the issuer (company) page other than the reports (see ./reports.ts) and the
 * analytics comments (their calls, with their answer checks, live with the comments section):
 * multipliers, consensus forecasts and the related-issuer links of the network graph.
 */
import type { MultipliersAnswer, ConsensusAnswer, RelatedLink } from '../../contract/company.ts';
import { checkConsensus, emptyConsensus } from '../../contract/consensus-answer.ts';
import { checkMultipliers, emptyMultipliers } from '../../contract/multipliers-answer.ts';
import { checkRelatedLinks, emptyRelatedLinks } from '../../contract/related-answer.ts';
import { peekPreloaded } from '../preload.ts';
import { getJson, pageUrl } from './client.ts';

// ─── Calls ─────────────────────────────────────────────────────────────────────────────────────

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
  // The data URL is the page's (relative to it on a partner page), not our API's.
  return getJson<RelatedLink[]>(pageUrl(dataUrl), {
    signal,
    check: checkRelatedLinks,
    empty: emptyRelatedLinks,
  });
}

// ─── The page's preloaded answers of these calls (core/preload.ts), keyed by the page data's URL ─

export const peekMultipliers = (url: string): MultipliersAnswer | undefined =>
  peekPreloaded(url, { check: checkMultipliers });

export const peekConsensus = (url: string): ConsensusAnswer | undefined =>
  peekPreloaded(url, { check: checkConsensus });

/** Keyed by the data URL as the page gives it (before pageUrl makes it absolute on a partner page). */
export const peekRelated = (dataUrl: string): RelatedLink[] | undefined =>
  peekPreloaded(dataUrl, { check: checkRelatedLinks });
