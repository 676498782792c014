export { DEFAULT_ACCESS_URL, DEFAULT_LOGIN_URL } from './access-links.ts';
export { MaskedHint, hasMaskedValue, type MaskedHintProps } from './MaskedHint.tsx';
