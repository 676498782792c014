import type { Ref } from 'react';
import type { NeedAccess } from '../../contract/reports.ts';
import type { Translate } from '../hooks.ts';
import { useStyles } from '../styles.ts';
import { accessHref, loginHref } from './access-links.ts';
import css from './access-prompt.css?inline';

export interface AccessPromptProps {
  /** Anonymous (log in) or signed in without paid access (get access). */
  need: NeedAccess;
  /** The action in the page's language, e.g. "Log in to see 5 more rows"; the whole text is the link. */
  action: string;
  /** A sentence after the action, e.g. what paid access gives; plain text. */
  detail?: string;
  /** Where the "log in" link goes (default `/login/` with `back=` the current page). */
  loginUrl?: string;
  /** Where the "get access" link goes (SPEC §2 default `/profile/access/`). */
  accessUrl?: string;
  /** The element's own class for its layout. */
  className?: string;
  /** The link, to move the focus to it when the prompt replaced the control the user pressed. */
  linkRef?: Ref<HTMLAnchorElement>;
  /**
   * A note present from the first paint (no live region, nothing to announce); default false: the
   * prompt answers what the user did and is a polite status.
   */
  still?: boolean;
}

/**
 * The log-in or get-access prompt of every element (SPEC §6): a neutral line with an info icon and
 * the action as its link, never an error box. It takes the place of what it replaces (a "show
 * more" button, a chart's axis), at the height of one line of text, so nothing around it moves.
 * It is a status, not an alert: the visitor did nothing wrong.
 */
export function AccessPrompt({
  need,
  action,
  detail,
  loginUrl,
  accessUrl,
  className,
  linkRef,
  still = false,
}: AccessPromptProps) {
  useStyles(css);
  const href = need === 'need_auth' ? loginHref(loginUrl) : accessHref(accessUrl);
  return (
    <p
      className={className ? `fin-access-prompt ${className}` : 'fin-access-prompt'}
      part="access-prompt"
      role={still ? undefined : 'status'}
      data-need={need}
    >
      <svg className="fin-access-prompt__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <rect x="7.25" y="7" width="1.5" height="5" rx="0.75" fill="currentColor" />
        <circle cx="8" cy="4.75" r="1" fill="currentColor" />
      </svg>
      <span className="fin-access-prompt__text">
        <a href={href} ref={linkRef}>
          {action}
        </a>
        {detail ? <span className="fin-access-prompt__detail"> {detail}</span> : null}
      </span>
    </p>
  );
}

/** The action text for rows withheld from the visitor: "Log in to see 5 more rows" (a count where known). */
export function moreRowsAction(t: Translate, need: NeedAccess, count: number | null | undefined): string {
  const known = typeof count === 'number' && count > 0;
  if (need === 'need_auth')
    return known
      ? t('common:login_to_see_rows').replace('{count}', String(count))
      : t('common:login_to_see_more');
  return known
    ? t('common:access_to_see_rows').replace('{count}', String(count))
    : t('common:access_to_see_more');
}
