/**
 * The analytics comments section of <fin-issuer-reports> (SPEC §2, §3 "Comment", §4 "Comment
 * file access"): each comment with its provider, date, language and linked issuers, the content
 * sanitized (comment-html.ts), and its file by access state with one control for each: the
 * download link when open, else the log-in or access prompt, the access request to the provider
 * (saying before it is sent that it covers every file of that provider, and moving every comment
 * of the provider at once), or the day it was requested.
 */
import { useStore } from '@nanostores/react';
import {
  createElement,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { safeHref } from '../../../contract/links.ts';
import type { CompanyComment } from '../../../contract/company.ts';
import { bcp47Of, type Lang } from '../../../contract/types.ts';
import { ApiError, toApiError } from '../../../core/api/client.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { pushMessage } from '../../../core/stores/messages.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { ElementState } from '../../../runtime/chrome/ElementState.tsx';
import { AccessPrompt } from '../../../runtime/chrome/AccessPrompt.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { createCommentsResource, requestCommentsAccess } from './comments.api.ts';
import {
  afterAccessRequest,
  COLLAPSE_TEXT_CHARS,
  fileControl,
  fileFormat,
  languageName,
  type RequestStatus,
} from './comments.model.ts';
import css from './comments.css?inline';
import { COMMENT_TAGS, sanitizeCommentHtml } from './comment-html.ts';

/** The access request to one provider: under way, or failed (shown at the comment it was sent from). */
type RequestCall =
  | { providerId: number; commentId: number; phase: 'sending' }
  | {
      providerId: number;
      commentId: number;
      phase: 'failed';
      error: ApiError;
    };

function CommentsSection({ issuer, t, headingLevel }: SectionProps) {
  useStyles(css, 'element');
  const lang = useStore($lang);
  const { state, resource } = useResource(createCommentsResource, { url: issuer.apiUrls.comments, lang });
  // The answers of access requests, by provider: they move the comments of the loaded list.
  const [answered, setAnswered] = useState<Record<number, { status: RequestStatus; date: string | null }>>(
    {},
  );
  const [call, setCall] = useState<RequestCall | null>(null);
  const statusRefs = useRef(new Map<number, HTMLElement>());
  // The comment whose request button was answered: its state, which replaces the button, takes focus.
  const focusAfterAnswer = useRef<number | null>(null);
  // After the commit that renders the state: it mounts with the answer (no element to focus before).
  useEffect(() => {
    const commentId = focusAfterAnswer.current;
    if (commentId === null) return;
    focusAfterAnswer.current = null;
    statusRefs.current.get(commentId)?.focus();
  }, [answered]);

  const requestAccess = useCallback(
    async (comment: CompanyComment) => {
      if (call?.phase === 'sending') return;
      const ids = { providerId: comment.provider_id, commentId: comment.id };
      setCall({ ...ids, phase: 'sending' });
      try {
        const answer = await requestCommentsAccess(issuer.apiUrls.commentsAccessRequest, comment.provider_id);
        const item = answer.response.items[0];
        if (!item) throw new ApiError('json', issuer.apiUrls.commentsAccessRequest, 'The answer has no item');
        setCall(null);
        if (item.status === 'approved') {
          // Access is granted: the file links come with the list.
          void resource.retry();
          return;
        }
        const date = item.date ?? null;
        // The button is gone with the answer: focus goes to the state that replaced it, in the same comment.
        focusAfterAnswer.current = comment.id;
        setAnswered((before) => ({ ...before, [comment.provider_id]: { status: item.status, date } }));
        // The outcome, once, in the page's message queue (it moves every comment of the provider,
        // so it is said once for all of them).
        const sent = item.status === 'sent';
        pushMessage({
          message: sent ? requestedText(t, date) : t('issuer:forbidden_request_label'),
          type: sent ? 'alertGreen' : 'alertYellow',
          key: sent ? 'issuer:request_sent' : 'issuer:request_rejected',
          source: 'fin-issuer-reports',
        });
      } catch (error) {
        setCall({ ...ids, phase: 'failed', error: toApiError(error) });
      }
    },
    [call, issuer.apiUrls.commentsAccessRequest, resource, t],
  );

  return (
    <ElementState
      t={t}
      ready
      state={state}
      onRetry={resource.retry}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('issuer:no_comments')}
    >
      {(answer) => {
        let comments = answer.items;
        for (const [providerId, { status, date }] of Object.entries(answered))
          comments = afterAccessRequest(comments, Number(providerId), status, date) ?? comments;
        return (
          <div className="irc">
            <ul className="irc-list">
              {comments.map((comment) => (
                <li key={comment.id} className="irc-item">
                  <CommentCard
                    comment={comment}
                    t={t}
                    lang={lang}
                    headingLevel={headingLevel}
                    loginUrl={issuer.loginUrl}
                    accessUrl={issuer.accessUrl}
                    call={call?.commentId === comment.id ? call : null}
                    sending={call?.phase === 'sending' && call.providerId === comment.provider_id}
                    onRequest={() => void requestAccess(comment)}
                    statusRef={(node) => {
                      if (node) statusRefs.current.set(comment.id, node);
                      else statusRefs.current.delete(comment.id);
                    }}
                  />
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </ElementState>
  );
}

interface CommentCardProps {
  comment: CompanyComment;
  t: Translate;
  lang: Lang;
  headingLevel: 2 | 3;
  loginUrl: string;
  accessUrl: string;
  call: RequestCall | null;
  sending: boolean;
  onRequest(): void;
  statusRef(node: HTMLElement | null): void;
}

function CommentCard({ comment, t, lang, headingLevel, ...file }: CommentCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const contentLang = bcp47Of(comment.language) ?? undefined;
  const titleId = useId();
  return (
    <article className="irc-comment" aria-labelledby={titleId} data-comment-id={comment.id}>
      <Heading id={titleId} className="irc-title" lang={contentLang}>
        {comment.title}
      </Heading>
      <dl className="irc-meta">
        <div>
          <dt>{t('issuer:comment_provider')}</dt>
          <dd className="irc-provider">{comment.provider_name}</dd>
        </div>
        <div>
          <dt>{t('common:date')}</dt>
          <dd>
            <time dateTime={isoOfSeconds(comment['date.numeric'])}>{comment.date}</time>
          </dd>
        </div>
        <div>
          <dt>{t('common:language')}</dt>
          <dd className="irc-language">{languageName(comment.language, lang)}</dd>
        </div>
        {comment.linked_emitents.length > 0 ? (
          <div>
            <dt>{t('issuer:comment_issuers')}</dt>
            <dd>
              <ul className="irc-issuers">
                {comment.linked_emitents.map((emitent) => {
                  const href = safeHref(emitent.url);
                  return <li key={emitent.id}>{href ? <a href={href}>{emitent.name}</a> : emitent.name}</li>;
                })}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <CommentContent html={comment.content} lang={contentLang} t={t} />
      {comment.file ? <CommentFile comment={comment} t={t} {...file} /> : null}
    </article>
  );
}

function isoOfSeconds(seconds: number): string | undefined {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;
}

/**
 * The sanitized content as React elements (never an HTML string): the same on the server, which
 * sanitizes in jsdom (elements/server.tsx), and in the browser, so hydration keeps the server's
 * nodes. Long content is collapsed.
 */
function CommentContent({ html, lang, t }: { html: string; lang: string | undefined; t: Translate }) {
  const id = useId();
  const { nodes, long } = useMemo(() => {
    const fragment = sanitizeCommentHtml(html);
    return {
      nodes: reactNodesOf(fragment.childNodes),
      long: (fragment.textContent ?? '').length > COLLAPSE_TEXT_CHARS,
    };
  }, [html]);
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <div
        id={id}
        lang={lang}
        className={long && !expanded ? 'irc-content irc-content--collapsed' : 'irc-content'}
      >
        {nodes}
      </div>
      {long ? (
        <button
          type="button"
          className="fin-link-button irc-more"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('widgets:hide') : t('widgets:show_more')}
        </button>
      ) : null}
    </>
  );
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * The sanitizer's nodes as React elements: only the tags and the link attributes it kept (it let
 * nothing else through). Adjacent text is joined, so the server's markup and the browser's tree
 * have the same text nodes.
 */
function reactNodesOf(nodes: NodeListOf<ChildNode>): ReactNode[] {
  const out: ReactNode[] = [];
  const pushText = (text: string) => {
    const last = out.length - 1;
    if (typeof out[last] === 'string') out[last] += text;
    else if (text) out.push(text);
  };
  nodes.forEach((node, index) => {
    if (node.nodeType === TEXT_NODE) return pushText(node.textContent ?? '');
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.localName;
    // Never the case after the sanitizer; were it so, its text only.
    if (!(COMMENT_TAGS as readonly string[]).includes(tag)) return pushText(element.textContent ?? '');
    const props: Record<string, string | number> = { key: index };
    if (tag === 'a')
      for (const name of ['href', 'target', 'rel']) {
        const value = element.getAttribute(name);
        if (value !== null) props[name] = value;
      }
    out.push(createElement(tag, props, ...reactNodesOf(element.childNodes)));
  });
  return out;
}

function CommentFile({
  comment,
  t,
  loginUrl,
  accessUrl,
  call,
  sending,
  onRequest,
  statusRef,
}: Omit<CommentCardProps, 'lang' | 'headingLevel'>) {
  const scopeId = useId();
  const name = comment.file!;
  const format = fileFormat(name);
  const fileText = `${name}${format ? ` (${format})` : ''}`;
  const withProvider = (key: string) => t(key).replace('{provider}', comment.provider_name);
  const control = fileControl(comment);
  const href = control.kind === 'download' ? safeHref(comment.cb_file_link) : null;
  return (
    <div className="irc-file" data-file-access={comment.file_access} data-control={control.kind}>
      {href ? (
        <a className="irc-download" href={href} download={name} type={comment.mimetype ?? undefined}>
          {`${t('issuer:download')} ${fileText}`}
        </a>
      ) : (
        // The file's name without a link: the control beside it says how to get it.
        <span className="irc-file-name">{fileText}</span>
      )}
      {control.kind === 'request' ? (
        <>
          <button
            type="button"
            className="irc-request"
            aria-describedby={scopeId}
            aria-disabled={sending || undefined}
            onClick={() => {
              if (!sending) onRequest();
            }}
          >
            {sending ? t('issuer:comment_request_sending') : withProvider('issuer:comment_request_from')}
          </button>
          {/* Said before the request is sent: it goes to the provider and covers all its files. */}
          <span id={scopeId} className="irc-scope">
            {withProvider('issuer:comment_request_scope')}
          </span>
        </>
      ) : control.kind === 'requested' || control.kind === 'declined' || control.kind === 'unavailable' ? (
        <span className="irc-state" ref={statusRef} tabIndex={-1} data-state={comment.file_access}>
          {control.kind === 'requested'
            ? requestedText(t, control.date)
            : t(control.kind === 'declined' ? 'issuer:forbidden_request_label' : 'issuer:download_denied')}
        </span>
      ) : control.kind === 'login' ? (
        <AccessPrompt
          className="irc-prompt"
          need="need_auth"
          action={
            control.toRequest
              ? withProvider('issuer:comment_login_to_request')
              : t('issuer:comment_login_to_download')
          }
          loginUrl={loginUrl}
          still
        />
      ) : control.kind === 'get_access' ? (
        <AccessPrompt
          className="irc-prompt"
          need="need_get_access"
          action={t('issuer:comment_access_to_download')}
          accessUrl={accessUrl}
          still
        />
      ) : null}
      {call?.phase === 'failed' ? (
        <RequestFailed
          error={call.error}
          t={t}
          loginUrl={loginUrl}
          loginAction={withProvider('issuer:comment_login_to_request')}
          onRetry={onRequest}
        />
      ) : null}
    </div>
  );
}

/** "Requested on 12.03.2026", or "Request sent" when the day is not known. */
function requestedText(t: Translate, date: string | null): string {
  return date ? t('issuer:comment_requested_on').replace('{date}', date) : t('issuer:request_sent');
}

/** A failed access request, inline at its comment: the reason, with a retry (or the log-in link when the session ended). */
function RequestFailed({
  error,
  t,
  loginUrl,
  loginAction,
  onRetry,
}: {
  error: ApiError;
  t: Translate;
  loginUrl: string;
  /** The session ended: the way to log in again and request. */
  loginAction: string;
  onRetry(): void;
}) {
  const need = (error.body as { need?: unknown } | undefined)?.need;
  if (need === 'need_auth') return <AccessPrompt need="need_auth" action={loginAction} loginUrl={loginUrl} />;
  return (
    <ElementMessage kind="error" onRetry={onRetry} retryLabel={t('common:retry')}>
      {t('issuer:comment_request_failed')}{' '}
      {error.kind === 'timeout'
        ? t('common:error_timeout')
        : error.kind === 'http'
          ? ''
          : t('common:error_load')}
    </ElementMessage>
  );
}

/** The section's view: a chunk of its own, loaded when the section shows (comments.section.ts). */
export default CommentsSection;
