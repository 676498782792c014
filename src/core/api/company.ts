/**
 * SPEC §7 calls of the issuer (company) page other than the reports (see ./reports.ts) and the
 * analytics comments (their calls, with their answer checks, live with the comments section):
 * multipliers, consensus forecasts and the related-issuer links of the network graph.
 */
import type { MultipliersAnswer, ConsensusAnswer, RelatedLink } from '../../contract/company.ts';
import { checkConsensus, emptyConsensus } from '../../contract/consensus-answer.ts';
import { checkMultipliers, emptyMultipliers } from '../../contract/multipliers-answer.ts';
import { checkRelatedLinks, emptyRelatedLinks } from '../../contract/related-answer.ts';
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
