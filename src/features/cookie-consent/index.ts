export { COOKIE_SETTINGS_SELECTOR, CookieConsent, type CookieConsentProps } from './CookieConsent.tsx';
