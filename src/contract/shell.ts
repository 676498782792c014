/**
 * SPEC §4 "Shell" and §9 constants of the page chrome's banners, the bottom ad strip and the
 * marketing cookies, in one place for the elements, their tests and the demo server.
 */

/** Registration banner: shown after this long without input (SPEC §9 inactivity 15 s). */
export const REGISTRATION_IDLE_MS = 15_000;
/** Registration banner: shown once the reader has seen this share of the page (SPEC §9 scroll 60 %). */
export const REGISTRATION_SCROLL_SHARE = 0.6;
/** Registration banner: closing it keeps it away this long (SPEC §9 24 h cookie). */
export const REGISTRATION_CLOSED_SECONDS = 24 * 60 * 60;

/** Bottom ad strip ("catfish"): shown this long after load (SPEC §9 catfish delay 3 s). */
export const AD_STRIP_DELAY_MS = 3_000;
/** Bottom ad strip: closing it keeps it away for a day (SPEC §9 ad close cookie 1 day). */
export const AD_CLOSED_SECONDS = 24 * 60 * 60;

/** Marketing cookies (utm parameters, ad click ids) are kept 5 days (SPEC §9). */
export const MARKETING_COOKIE_SECONDS = 5 * 24 * 60 * 60;
/** The visitor's answer in the consent bar is remembered about six months. */
export const CONSENT_SECONDS = 182 * 24 * 60 * 60;
/**
 * The app banner, once closed, stays closed "for good": 400 days is the longest a browser keeps
 * a cookie (Chromium caps Max-Age there).
 */
export const APP_BANNER_CLOSED_SECONDS = 400 * 24 * 60 * 60;

/** The cookies the shell's elements write (all readable by the page, SameSite=Lax, path /). */
export const SHELL_COOKIES = {
  registrationClosed: 'fin_registration_closed',
  adClosed: 'fin_ad_closed',
  appBannerClosed: 'fin_app_banner_closed',
  marketingConsent: 'fin_marketing_consent',
} as const;

/** Prefix of each marketing cookie: `fin_mkt_utm_source`, `fin_mkt_gclid` … */
export const MARKETING_COOKIE_PREFIX = 'fin_mkt_';

/** The consent bar's two answers, equally easy to give. */
export type MarketingConsent = 'accepted' | 'rejected';
