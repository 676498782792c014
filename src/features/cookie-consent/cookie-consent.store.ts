/**
 * The marketing-cookie choice (SPEC §1 shell, §9): the landing address's utm parameters and
 * click ids wait in the tab's sessionStorage until the visitor answers; "allow" writes them as
 * 5-day cookies, "refuse" forgets them and removes any written before. The answer is kept in a
 * cookie about six months and can be changed from the page footer.
 */
import { atom } from 'nanostores';
import { CONSENT_SECONDS, SHELL_COOKIES, type MarketingConsent } from '../../contract/shell.ts';
import {
  cookieText,
  documentCookies,
  getCookie,
  setCookie,
  writeCookieText,
} from '../../core/shell/cookies.ts';
import {
  marketingCookieNames,
  marketingCookieTexts,
  marketingParamsOf,
  type MarketingParams,
} from '../../core/shell/marketing.ts';

const PENDING_KEY = 'fin_marketing_pending';

/** Whether the consent bar is open: something waits for an answer, or the visitor asked for it. */
export const $consentBarOpen = atom(false);

export function currentConsent(): MarketingConsent | null {
  const value = getCookie(SHELL_COOKIES.marketingConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

function readPending(): MarketingParams {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}');
    return parsed && typeof parsed === 'object'
      ? marketingParamsOf(new URLSearchParams(parsed as Record<string, string>).toString())
      : {};
  } catch {
    return {};
  }
}

function writePending(params: MarketingParams): void {
  try {
    if (Object.keys(params).length === 0) sessionStorage.removeItem(PENDING_KEY);
    else sessionStorage.setItem(PENDING_KEY, JSON.stringify(params));
  } catch {
    // Storage refused (private mode): the parameters live as long as the page.
  }
}

function writeMarketingCookies(params: MarketingParams): void {
  for (const text of marketingCookieTexts(params)) writeCookieText(text);
}

/**
 * On each page view: the address's marketing parameters are written at once when the visitor
 * allowed them, dropped when they refused, and otherwise kept waiting for the answer (the
 * landing address's first). Returns whether there is something to ask about.
 */
export function takeLandingParams(search: string): boolean {
  const params = marketingParamsOf(search);
  const consent = currentConsent();
  if (consent === 'accepted') writeMarketingCookies(params);
  if (consent !== null) return false;
  const pending = { ...params, ...readPending() };
  writePending(pending);
  return Object.keys(pending).length > 0;
}

/** On a page view: opens the bar when there is something to ask about. */
export function startConsent(search: string): void {
  if (takeLandingParams(search)) $consentBarOpen.set(true);
}

/** The footer's "Cookie settings": the bar again, to change the answer. */
export function reopenConsent(): void {
  $consentBarOpen.set(true);
}

/** The visitor's answer: remembered, and the waiting parameters written or forgotten. */
export function answerConsent(consent: MarketingConsent, search: string): void {
  setCookie(SHELL_COOKIES.marketingConsent, consent, CONSENT_SECONDS);
  const params = { ...marketingParamsOf(search), ...readPending() };
  writePending({});
  $consentBarOpen.set(false);
  if (consent === 'accepted') writeMarketingCookies(params);
  else for (const name of marketingCookieNames(documentCookies())) writeCookieText(cookieText(name, '', 0));
}
