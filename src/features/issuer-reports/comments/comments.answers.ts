/**
 * The checks of the analytics-comment answers (SPEC §3 "Comment", §7 comments_about and
 * create_comments_access_request), run by the API layer: what the comments section reads must
 * have its type, so an answer of another shape is a load error with retry, never a crash. The
 * content stays a string here: it is provider HTML, sanitized where it is shown. They live with
 * the section (not in contract/answers.ts) so they load with the element, not the shared runtime.
 */
import type {
  CommentFileAlert,
  CommentFileState,
  CommentsAccessRequestAnswer,
  CompanyComment,
  CompanyCommentsAnswer,
  LinkedEmitent,
} from '../../../contract/company.ts';
import {
  arrayOf,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
  type Check,
} from '../../../contract/validate.ts';

const FILE_STATES: readonly CommentFileState[] = ['open', 'request_sent', 'request_rejected', 'denied'];
const FILE_ALERTS: readonly CommentFileAlert[] = [
  'need_auth',
  'need_get_access',
  'request_sent',
  'request_rejected',
  'download_denied',
];

const linkedEmitent: Check<LinkedEmitent> = object<LinkedEmitent>({ id: integer, name: string, url: string });

const comment: Check<CompanyComment> = object<CompanyComment>({
  id: integer,
  title: string,
  provider_name: string,
  provider_id: integer,
  language: string,
  file: nullable(string),
  mimetype: optional(nullable(string), null),
  content: string,
  cb_link: optional(string, ''),
  cb_file_link: nullable(string),
  date: string,
  'date.numeric': number,
  linked_emitents: optional(arrayOf(linkedEmitent), []),
  moderated: optional(boolean, true),
  approved: optional(boolean, true),
  checked: optional(boolean, true),
  requestExists: optional(boolean, false),
  request_date: optional(nullable(string), null),
  file_access_kind: oneOf(['open', 'paid', 'request']),
  file_access: oneOf(FILE_STATES),
  alert: nullable(oneOf(FILE_ALERTS)),
  requestAllowed: optional(boolean, false),
});

export const checkCommentsAnswer: Check<CompanyCommentsAnswer> = object<CompanyCommentsAnswer>({
  items: arrayOf(comment),
});

export const checkCommentsAccessRequestAnswer: Check<CommentsAccessRequestAnswer> =
  object<CommentsAccessRequestAnswer>({
    response: object({
      items: arrayOf(
        object({
          success: boolean,
          status: oneOf(['sent', 'approved', 'rejected']),
          message: nullable(oneOf(['request_sent', 'request_rejected'])),
          date: optional(nullable(string), null),
        }),
      ),
    }),
  });
