/** Signing in through the real login calls and the dev outbox (DESIGN §7), for browser tests. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const FREE_PHONE = '+79000000001';
export const PAID_PHONE = '+79000000002';

export type Audience = 'anonymous' | 'free' | 'paid';

/** The header every POST carries (the server refuses one without it; DESIGN §7). */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The CSRF token of the request context's browser, read from a page as an element reads it (the
 * `sid` of `#fin-user`); fetching the page also gives an anonymous context its visitor cookie.
 */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/login/')).text();
  const user = /<script type="application\/json" id="fin-user">([\s\S]*?)<\/script>/.exec(html);
  const sid = (JSON.parse(user?.[1] ?? '{}') as { sid?: unknown }).sid;
  expect(typeof sid, 'the page hands out a CSRF token').toBe('string');
  return sid as string;
}

/** Headers for a direct POST from a test: the browser's own CSRF token. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { [CSRF_HEADER]: await csrfToken(request) };
}

/** Signs the request context in; a page's `page.request` shares its cookies with the page. */
export async function signIn(request: APIRequestContext, phone: string): Promise<void> {
  const headers = await csrfHeaders(request);
  const started = await request.post('/api/auth/login/', { data: { phone }, headers });
  expect(await started.json()).toEqual({ messages: [] });
  // Only this session's codes: parallel tests sign the same demo phone in at the same time.
  const outbox = (await (await request.get('/dev/outbox?session=current')).json()) as Array<{
    phone: string;
    code: string;
  }>;
  const sent = outbox.find((entry) => entry.phone === phone);
  expect(sent, `a code was sent to ${phone}`).toBeDefined();
  const signedIn = await request.post('/api/auth/code/', { data: { code: sent!.code }, headers });
  expect(((await signedIn.json()) as { messages: string[] }).messages).toEqual([]);
}

export async function signInAs(request: APIRequestContext, audience: Audience): Promise<void> {
  if (audience === 'free') await signIn(request, FREE_PHONE);
  if (audience === 'paid') await signIn(request, PAID_PHONE);
}

/** The log-in link the elements show on this page: `/login/` with `back=` the page, to return to it. */
export function loginLinkOf(page: Page): string {
  const url = new URL(page.url());
  return `/login/?back=${encodeURIComponent(url.pathname + url.search + url.hash)}`;
}
