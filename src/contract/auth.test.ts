import { describe, expect, it } from 'vitest';
import authLabels from '../../demo-pages/data/labels/auth.json' with { type: 'json' };
import { AUTH_MESSAGES, isAuthMessage } from './auth.ts';
import { LANGUAGES } from './types.ts';

describe('sign-in refusals', () => {
  it('each has an `auth` label in every language, so <fin-login> and the plain forms can say it', () => {
    const labels = authLabels as Record<string, Record<string, string>>;
    for (const key of AUTH_MESSAGES)
      for (const lang of LANGUAGES) expect(labels[key]?.[lang], `${key}.${lang}`).toBeTruthy();
  });

  it('a server text or an unknown key is not one of them', () => {
    expect(isAuthMessage('authCodeWrong')).toBe(true);
    expect(isAuthMessage('Internal error <b>x</b>')).toBe(false);
    expect(isAuthMessage('request_failed')).toBe(false);
  });
});
