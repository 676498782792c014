/**
 * The analytics comments section of <fin-issuer-reports> (SPEC §2, §3 "Comment", §4 "Comment
 * file access"): each comment with its provider, date, language and linked issuers, the content
 * sanitized (comment-html.ts), and its file by access state — a download link when open, else the
 * SPEC alert when the user tries, with the log-in or access link, and the access request to the
 * provider, which moves every comment of that provider at once.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { safeHref } from '../../../contract/links.ts';
import type { CompanyComment } from '../../../contract/company.ts';
import { bcp47Of, type Lang } from '../../../contract/types.ts';
import { ApiError, toApiError } from '../../../core/api/client.ts';
import { $lang } from '../../../core/stores/lang.ts';
import { ElementMessage } from '../../../runtime/chrome/ElementMessage.tsx';
import { ElementState, LoadError } from '../../../runtime/chrome/ElementState.tsx';
import { accessHref, loginHref } from '../../../runtime/chrome/access-links.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { useResource } from '../../../runtime/resource.ts';
import { useStyles } from '../../../runtime/styles.ts';
import type { SectionProps } from '../issuer-reports.sections.ts';
import { createCommentsResource, requestCommentsAccess } from './comments.api.ts';
import {
  afterAccessRequest,
  alertKey,
  COLLAPSE_TEXT_CHARS,
  fileFormat,
  fileStateKey,
  languageName,
  type RequestStatus,
} from './comments.model.ts';
import css from './comments.css?inline';
import type * as CommentHtml from './comment-html.ts';

/** The access request to one provider: under way, or failed (shown at the comment it was sent from). */
type RequestCall =
  | { providerId: number; commentId: number; phase: 'sending' }
  | {
      providerId: number;
      commentId: number;
      phase: 'failed';
      error: ApiError;
    };

type Sanitize = typeof CommentHtml.sanitizeCommentHtml;

let sanitizerModule: Promise<typeof CommentHtml> | null = null;

/**
 * The sanitizer (DOMPurify) loads with the first comments section, in parallel with the comments
 * call, not with the element: a page showing other sections never downloads it. A failed load is
 * forgotten, so a retry loads again.
 */
function loadSanitizer(): Promise<Sanitize> {
  sanitizerModule ??= import('./comment-html.ts').catch((error: unknown) => {
    sanitizerModule = null;
    throw error;
  });
  return sanitizerModule.then((module) => module.sanitizeCommentHtml);
}

/** The sanitizer once loaded; 'failed' when its chunk did not load (with `retry`). */
function useSanitizer(): { sanitize: Sanitize | null | 'failed'; retry(): void } {
  const [sanitize, setSanitize] = useState<Sanitize | null | 'failed'>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadSanitizer().then(
      (loaded) => live && setSanitize(() => loaded),
      () => live && setSanitize('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setSanitize(null);
    setAttempt((n) => n + 1);
  }, []);
  return { sanitize, retry };
}

function CommentsSection({ issuer, t, headingLevel }: SectionProps) {
  useStyles(css, 'element');
  const sanitizer = useSanitizer();
  const lang = useStore($lang);
  const { state, resource } = useResource(createCommentsResource, { url: issuer.apiUrls.comments, lang });
  // The answers of access requests, by provider: they move the comments of the loaded list.
  const [answered, setAnswered] = useState<Record<number, RequestStatus>>({});
  const [call, setCall] = useState<RequestCall | null>(null);
  // Comments whose alert shows: the user tried to download their file.
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  // One polite announcement for the section, so a change to several comments is said once.
  const [announcement, setAnnouncement] = useState('');
  const statusRefs = useRef(new Map<number, HTMLElement>());

  const requestAccess = useCallback(
    async (comment: CompanyComment) => {
      if (call?.phase === 'sending') return;
      const ids = { providerId: comment.provider_id, commentId: comment.id };
      setCall({ ...ids, phase: 'sending' });
      // The button says it is sending; the outcome alone is announced, once.
      setAnnouncement('');
      try {
        const answer = await requestCommentsAccess(issuer.apiUrls.commentsAccessRequest, comment.provider_id);
        const item = answer.response.items[0];
        if (!item) throw new ApiError('json', issuer.apiUrls.commentsAccessRequest, 'The answer has no item');
        setCall(null);
        if (item.status === 'approved') {
          // Access is granted: the file links come with the list.
          setAnnouncement('');
          void resource.retry();
          return;
        }
        setAnswered((before) => ({ ...before, [comment.provider_id]: item.status }));
        setAnnouncement(t(item.status === 'sent' ? 'issuer:request_sent' : 'issuer:request_rejected'));
        // The button is gone: focus goes to the state that replaced it, in the same comment.
        requestAnimationFrame(() => statusRefs.current.get(comment.id)?.focus());
      } catch (error) {
        setAnnouncement('');
        setCall({ ...ids, phase: 'failed', error: toApiError(error) });
      }
    },
    [call, issuer.apiUrls.commentsAccessRequest, resource, t],
  );

  const tryDownload = (comment: CompanyComment) => {
    setTried((before) => new Set(before).add(comment.id));
    if (comment.alert) setAnnouncement(t(alertKey(comment.alert)));
  };

  if (state.status === 'ready' && sanitizer.sanitize === 'failed')
    return <LoadError error={{ kind: 'network' }} onRetry={sanitizer.retry} t={t} />;
  const sanitize = sanitizer.sanitize === 'failed' ? null : sanitizer.sanitize;
  return (
    <ElementState
      t={t}
      ready={sanitize !== null}
      state={state}
      onRetry={resource.retry}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('issuer:no_comments')}
    >
      {(answer) => {
        let comments = answer.items;
        for (const [providerId, status] of Object.entries(answered))
          comments = afterAccessRequest(comments, Number(providerId), status) ?? comments;
        return (
          <div className="irc">
            <p className="fin-visually-hidden" role="status">
              {announcement}
            </p>
            <ul className="irc-list">
              {comments.map((comment) => (
                <li key={comment.id} className="irc-item">
                  <CommentCard
                    comment={comment}
                    sanitize={sanitize!}
                    t={t}
                    lang={lang}
                    headingLevel={headingLevel}
                    loginUrl={issuer.loginUrl}
                    accessUrl={issuer.accessUrl}
                    alertShown={tried.has(comment.id)}
                    call={call?.commentId === comment.id ? call : null}
                    sending={call?.phase === 'sending' && call.providerId === comment.provider_id}
                    onTry={() => tryDownload(comment)}
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
  sanitize: Sanitize;
  t: Translate;
  lang: Lang;
  headingLevel: 2 | 3;
  loginUrl: string;
  accessUrl: string;
  alertShown: boolean;
  call: RequestCall | null;
  sending: boolean;
  onTry(): void;
  onRequest(): void;
  statusRef(node: HTMLElement | null): void;
}

function CommentCard({ comment, sanitize, t, lang, headingLevel, ...file }: CommentCardProps) {
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
      <CommentContent html={comment.content} sanitize={sanitize} lang={contentLang} t={t} />
      {comment.file ? <CommentFile comment={comment} t={t} {...file} /> : null}
    </article>
  );
}

function isoOfSeconds(seconds: number): string | undefined {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;
}

/** The sanitized content, appended as nodes (never as an HTML string); long content collapsed. */
function CommentContent({
  html,
  sanitize,
  lang,
  t,
}: {
  html: string;
  sanitize: Sanitize;
  lang: string | undefined;
  t: Translate;
}) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const fragment = useMemo(() => sanitize(html), [sanitize, html]);
  const long = (fragment.textContent ?? '').length > COLLAPSE_TEXT_CHARS;
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    box.current?.replaceChildren(fragment.cloneNode(true));
  }, [fragment]);
  return (
    <>
      <div
        ref={box}
        id={id}
        lang={lang}
        className={long && !expanded ? 'irc-content irc-content--collapsed' : 'irc-content'}
      />
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

function CommentFile({
  comment,
  t,
  loginUrl,
  accessUrl,
  alertShown,
  call,
  sending,
  onTry,
  onRequest,
  statusRef,
}: Omit<CommentCardProps, 'lang' | 'headingLevel' | 'sanitize'>) {
  const name = comment.file!;
  const format = fileFormat(name);
  const href = comment.file_access === 'open' ? safeHref(comment.cb_file_link) : null;
  const stateKey = fileStateKey(comment);
  const label = `${t('issuer:download')} ${name}${format ? ` (${format})` : ''}`;
  return (
    <div className="irc-file" data-file-access={comment.file_access}>
      {href ? (
        <a className="irc-download" href={href} download={name} type={comment.mimetype ?? undefined}>
          {label}
        </a>
      ) : (
        <button type="button" className="fin-link-button irc-download" onClick={onTry}>
          {label}
        </button>
      )}
      {stateKey ? (
        <span className="irc-state" ref={statusRef} tabIndex={-1} data-state={comment.file_access}>
          {t(stateKey)}
        </span>
      ) : null}
      {comment.requestAllowed ? (
        <button
          type="button"
          className="irc-request"
          aria-disabled={sending || undefined}
          onClick={() => {
            if (!sending) onRequest();
          }}
        >
          {sending ? t('issuer:comment_request_sending') : t('issuer:send_request_label')}
        </button>
      ) : null}
      {alertShown && comment.alert && !href ? (
        <p className="irc-alert" data-alert={comment.alert}>
          {t(alertKey(comment.alert))}
          {comment.alert === 'need_auth' ? (
            <>
              {' '}
              <a href={loginHref(loginUrl)}>{t('common:login')}</a>
            </>
          ) : comment.alert === 'need_get_access' ? (
            <>
              {' '}
              <a href={accessHref(accessUrl)}>{t('archive:get_access')}</a>
            </>
          ) : null}
        </p>
      ) : null}
      {call?.phase === 'failed' ? (
        <RequestFailed error={call.error} t={t} loginUrl={loginUrl} onRetry={onRequest} />
      ) : null}
    </div>
  );
}

/** A failed access request, inline at its comment: the reason, with a retry (or the log-in link when the session ended). */
function RequestFailed({
  error,
  t,
  loginUrl,
  onRetry,
}: {
  error: ApiError;
  t: Translate;
  loginUrl: string;
  onRetry(): void;
}) {
  const need = (error.body as { need?: unknown } | undefined)?.need;
  if (need === 'need_auth')
    return (
      <ElementMessage kind="error">
        {t('common:need_auth')} <a href={loginHref(loginUrl)}>{t('common:login')}</a>
      </ElementMessage>
    );
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
