/**
 * The calls of the comments section (SPEC §7), at the addresses the issuer page data gives, with
 * their answers checked (contract/comment-answers.ts). They live with the section, so the checks
 * load with the element rather than with the shared runtime.
 */
import { checkCommentsAccessRequestAnswer, checkCommentsAnswer } from './comments.answers.ts';
import type { CommentsAccessRequestAnswer, CompanyCommentsAnswer } from '../../../contract/company.ts';
import type { Lang } from '../../../contract/types.ts';
import { getJson } from '../../../core/api/client.ts';
import { peekPreloaded } from '../../../core/preload.ts';
import { createResource } from '../../../core/resource.ts';

/** GET /api/company/{id}/comments_about/ (`apiUrls.comments`), in the page's language: the API picks each comment's version. */
export function fetchComments(url: string, lang: Lang, signal?: AbortSignal): Promise<CompanyCommentsAnswer> {
  return getJson<CompanyCommentsAnswer>(url, {
    query: { lang },
    signal,
    check: checkCommentsAnswer,
    // An empty body is no comments, not a failure.
    empty: () => ({ items: [] }),
  });
}

export interface CommentsKey {
  url: string;
  lang: Lang;
}

export const createCommentsResource = () =>
  createResource({
    describe: ({ url }: CommentsKey) => `comments ${url}`,
    load: ({ url, lang }: CommentsKey, signal: AbortSignal) => fetchComments(url, lang, signal),
    // The page's preloaded answer of the same call (core/preload.ts).
    peek: ({ url, lang }: CommentsKey) => peekPreloaded(url, { query: { lang }, check: checkCommentsAnswer }),
  });

/**
 * GET /api/comments/create_comments_access_request/{providerId}/ (`apiUrls.commentsAccessRequest`,
 * with %providerId%). SPEC §7 makes it a GET, but it writes, so the session token goes along as
 * X-CSRF-Token (`csrf: true`; the client sends it on every POST by itself).
 */
export function requestCommentsAccess(
  urlTemplate: string,
  providerId: number,
  signal?: AbortSignal,
): Promise<CommentsAccessRequestAnswer> {
  return getJson<CommentsAccessRequestAnswer>(urlTemplate.replace('%providerId%', String(providerId)), {
    signal,
    csrf: true,
    check: checkCommentsAccessRequestAnswer,
  });
}
