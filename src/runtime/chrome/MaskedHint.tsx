import { useStore } from '@nanostores/react';
import { priceVisibility } from '../../core/access.ts';
import { $user } from '../../core/stores/user.ts';
import { useStyles } from '../styles.ts';
import { accessHref, loginHref } from './access-links.ts';
import css from './masked-hint.css?inline';

export interface MaskedHintProps {
  /** Texts in the page's language. */
  texts: {
    /** Anonymous visitors: why the prices are '***'. */
    auth: string;
    /** Signed-in visitors without paid access. */
    paid: string;
    login: string;
    getAccess: string;
  };
  /** Where the "log in" link goes (default `/login/`, with `back=` the current page). */
  loginUrl?: string;
  /** Where the "get access" link goes (SPEC §2 default `/profile/access/`). */
  accessUrl?: string;
  /** The element's own class for its styles (e.g. `pd__hint`). */
  className?: string;
}

/**
 * The prompt under a table whose prices the server masked as '***' (SPEC §6): log in for anonymous
 * visitors, get paid access for the others; nothing for paid users. The server decides what is
 * masked; this only says why and where to go.
 */
export function MaskedHint({ texts, loginUrl, accessUrl, className }: MaskedHintProps) {
  useStyles(css);
  const visibility = priceVisibility(useStore($user));
  if (visibility === 'full') return null;
  return (
    <p className={className ? `fin-masked-hint ${className}` : 'fin-masked-hint'} part="hint">
      {visibility === 'masked' ? (
        <>
          {texts.auth} <a href={loginHref(loginUrl)}>{texts.login}</a>
        </>
      ) : (
        <>
          {texts.paid} <a href={accessHref(accessUrl)}>{texts.getAccess}</a>
        </>
      )}
    </p>
  );
}

/** Whether any value is a price the server masked. */
export function hasMaskedValue(values: Iterable<unknown>): boolean {
  for (const value of values) if (value === '***') return true;
  return false;
}
