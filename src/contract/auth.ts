/**
 * The refusals of the sign-in calls (DESIGN §7: `AuthAnswer.messages`): each key is also an `auth`
 * label that explains it. One list for the server that sends them (and its plain forms, which show
 * them) and for <fin-login>, which shows them; anything else reads as a failed call.
 */
export const AUTH_MESSAGES = [
  'phone_invalid',
  'code_resend_too_early',
  'authCodeEmpty',
  'authCodeWrong',
  'authCodeLocked',
  'authCodeExpired',
  /** Too many wrong codes for the phone or from the address within the window. */
  'auth_too_many_attempts',
  /** Too many codes sent and not used, to the phone or from the address. */
  'auth_too_many_codes',
] as const;

export type AuthMessage = (typeof AUTH_MESSAGES)[number];

const KNOWN: ReadonlySet<string> = new Set(AUTH_MESSAGES);

/** Whether a message key is one of the sign-in refusals the `auth` labels explain. */
export const isAuthMessage = (key: string): key is AuthMessage => KNOWN.has(key);
