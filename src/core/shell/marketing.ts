/**
 * Marketing cookies (SPEC §1 shell, §9 "kept 5 days"): the utm parameters and the ad networks'
 * click ids of the address a visitor landed on. They are written only once the visitor allowed
 * marketing cookies; until the choice the landing parameters wait in the tab's sessionStorage.
 */
import { MARKETING_COOKIE_PREFIX, MARKETING_COOKIE_SECONDS } from '../../contract/shell.ts';
import { cookieText } from './cookies.ts';

/** Click ids of the ad networks: Google (gclid, gbraid, wbraid, dclid), Yandex, Meta, Microsoft, TikTok, X. */
export const CLICK_ID_PARAMS = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'yclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
] as const;

/** utm_source, utm_medium, utm_campaign, utm_term, utm_content, utm_id … (any utm_ name). */
const UTM_PARAM = /^utm_[a-z0-9_]{1,30}$/;
/** A longer value is not an ad parameter (click ids are under 200 characters). */
const MAX_VALUE_LENGTH = 500;
/** At most this many parameters are kept: an address cannot flood the cookie jar. */
const MAX_PARAMS = 12;

export type MarketingParams = Record<string, string>;

/** The marketing parameters of an address's query (`?utm_source=…&gclid=…`), first value of each. */
export function marketingParamsOf(search: string): MarketingParams {
  const params: MarketingParams = {};
  let kept = 0;
  for (const [rawName, value] of new URLSearchParams(search)) {
    const name = rawName.toLowerCase();
    if (kept >= MAX_PARAMS) break;
    if (name in params || value === '' || value.length > MAX_VALUE_LENGTH) continue;
    if (!UTM_PARAM.test(name) && !(CLICK_ID_PARAMS as readonly string[]).includes(name)) continue;
    params[name] = value;
    kept += 1;
  }
  return params;
}

/** The cookie texts that keep these parameters 5 days (`fin_mkt_<name>`). */
export function marketingCookieTexts(params: MarketingParams): string[] {
  return Object.entries(params).map(([name, value]) =>
    cookieText(`${MARKETING_COOKIE_PREFIX}${name}`, value, MARKETING_COOKIE_SECONDS),
  );
}

/** The marketing cookies' names among a `document.cookie` string (to forget them when consent is withdrawn). */
export function marketingCookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name.startsWith(MARKETING_COOKIE_PREFIX));
}
