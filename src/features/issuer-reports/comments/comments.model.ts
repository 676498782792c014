/**
 * The rules of the analytics comments section that need no DOM: what a comment's file shows for
 * its access state (SPEC §4 "Comment file access"), how an access request moves every comment of
 * the provider, and the language and format names shown beside a comment.
 */
import type {
  CommentFileAlert,
  CommentsAccessRequestAnswer,
  CompanyComment,
} from '../../../contract/company.ts';
import { BCP47, bcp47Of, type Lang } from '../../../contract/types.ts';

/** Content longer than this (characters of text) is collapsed behind "show more". */
export const COLLAPSE_TEXT_CHARS = 600;

export type RequestStatus = CommentsAccessRequestAnswer['response']['items'][number]['status'];

/** The label key of the state shown beside a file the user cannot download yet; null for an open file. */
export function fileStateKey(comment: CompanyComment): string | null {
  switch (comment.file_access) {
    case 'open':
      return null;
    case 'request_sent':
      return 'issuer:request_sent';
    case 'request_rejected':
      return 'issuer:request_rejected';
    case 'denied':
      return `issuer:file_access_${comment.file_access_kind}`;
  }
}

/**
 * The one control a comment's file shows for its state (SPEC §4 "Comment file access"): the
 * download link when the file is open, else the way to it — log in, get paid access, or request
 * access from the provider — or where the request stands. Never a link to a file the user cannot have.
 */
export type FileControl =
  | { kind: 'download' }
  | { kind: 'login'; toRequest: boolean }
  | { kind: 'get_access' }
  | { kind: 'request' }
  | { kind: 'requested'; date: string | null }
  | { kind: 'declined' }
  | { kind: 'unavailable' };

export function fileControl(comment: CompanyComment): FileControl {
  if (comment.file_access === 'open' && comment.cb_file_link) return { kind: 'download' };
  if (comment.file_access === 'request_sent')
    return { kind: 'requested', date: comment.request_date ?? null };
  if (comment.file_access === 'request_rejected') return { kind: 'declined' };
  if (comment.requestAllowed) return { kind: 'request' };
  if (comment.alert === 'need_auth')
    return { kind: 'login', toRequest: comment.file_access_kind === 'request' };
  if (comment.alert === 'need_get_access') return { kind: 'get_access' };
  return { kind: 'unavailable' };
}

/** The label key of a SPEC §4 alert, shown when the user tries to download. */
export function alertKey(alert: CommentFileAlert): string {
  switch (alert) {
    case 'need_auth':
      return 'common:need_auth';
    case 'need_get_access':
      return 'common:need_get_access';
    case 'request_sent':
      return 'issuer:already_send_request_label';
    case 'request_rejected':
      return 'issuer:forbidden_request_label';
    case 'download_denied':
      return 'issuer:download_denied';
  }
}

/**
 * The comments after the user's request to a provider was answered: the files of every comment of
 * that provider move together (the request is per provider). `approved` returns null: the file
 * links come from the server, so the list must be loaded again.
 */
export function afterAccessRequest(
  comments: CompanyComment[],
  providerId: number,
  status: RequestStatus,
  /** DD.MM.YYYY the request was sent, from the answer. */
  date: string | null = null,
): CompanyComment[] | null {
  if (status === 'approved') return null;
  const state = status === 'sent' ? 'request_sent' : 'request_rejected';
  return comments.map((comment) =>
    comment.provider_id !== providerId || comment.file_access === 'open'
      ? comment
      : {
          ...comment,
          file_access: state,
          alert: comment.file ? state : null,
          requestAllowed: false,
          requestExists: true,
          request_date: date ?? comment.request_date ?? null,
        },
  );
}

/** The name of a comment's language in the page's language (`rus` → "Russian" on an English page). */
export function languageName(code: string, pageLang: Lang): string {
  const tag = bcp47Of(code);
  if (!tag) return code;
  try {
    return new Intl.DisplayNames([BCP47[pageLang]], { type: 'language', fallback: 'code' }).of(tag) ?? code;
  } catch {
    return code;
  }
}

/** The short format of a file for its link text: from its name (`model.xlsx` → XLSX). */
export function fileFormat(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toUpperCase() : '';
}
