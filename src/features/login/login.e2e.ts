/** <fin-login> on /login/ against the reference server: the SMS sign-in of SPEC §4/§5. */
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders } from '../../../demo-pages/testing/session.ts';

interface Sms {
  phone: string;
  code: string;
  text: string;
}

/** A number of its own per test and run: the per-phone limits of other tests do not meet it. */
let serial = 0;
function freshPhone(): string {
  serial += 1;
  return `+7902${String(Date.now() + serial * 7919).slice(-7)}`;
}

async function outbox(page: Page): Promise<Sms[]> {
  return (await (await page.request.get('/dev/outbox?session=current')).json()) as Sms[];
}

/** Every call the page makes to the login API, in order (method and path). */
function loginCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/auth/') || url.search.includes('action=ajaxSendCode'))
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** Texts the live regions of the light DOM take, in order (what a screen reader would read out). */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const heard: string[] = [];
    Object.assign(window, { heard });
    new MutationObserver(() => {
      const text = document.querySelector('#fin-announcer [data-fin-said]')?.textContent?.trim();
      if (text && heard.at(-1) !== text) heard.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);

test('signs in with the SMS text pasted whole, updates the user and goes back to back=', async ({ page }) => {
  const phone = freshPhone();
  await page.goto(`/login/?lang=eng&back=${encodeURIComponent('/stocks/sber/?lang=eng')}`);
  const phoneField = page.getByLabel('Phone number');
  await expect(phoneField).toHaveAttribute('autocomplete', 'tel');
  await phoneField.fill(phone);
  await phoneField.press('Enter');
  const codeField = page.getByLabel('Code from SMS');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');

  const [sms] = await outbox(page);
  expect(sms!.phone).toBe(phone);
  // The SMS ends with the WebOTP line the browser needs to hand the code to this origin.
  expect(sms!.text.split('\n').at(-1)).toBe(`@127.0.0.1 #${sms!.code}`);
  // What a person pastes: the message text, the code written in pairs.
  const pasted = `Your code: ${sms!.code.replace(/(\d\d)(?=\d)/g, '$1 ')}`;
  expect(pasted).toMatch(/^Your code: \d\d \d\d \d\d$/);
  await codeField.fill(pasted);
  await expect(codeField).toHaveValue(sms!.code);

  const signedIn = page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        document.addEventListener('fin-sign-in', (event) => resolve((event as CustomEvent).detail), {
          once: true,
        }),
      ),
  );
  await codeField.press('Enter');
  expect(await signedIn).toMatchObject({ user: { userAuth: true, userMobileExists: true } });
  await page.waitForURL('**/stocks/sber/?lang=eng');
  await expect(page.locator('[data-fin-user]')).toContainText(phone);
});

test('an empty phone sends nothing; a refused phone keeps the code form hidden and says why', async ({
  page,
}) => {
  const calls = loginCalls(page);
  await page.goto('/login/?lang=eng');
  const phoneField = page.getByLabel('Phone number');
  await phoneField.fill('');
  await page.getByRole('button', { name: 'Get code' }).click();
  await phoneField.fill('12');
  await page.getByRole('button', { name: 'Get code' }).click();
  // The server answered with a non-empty messages list: no code was sent, no code form.
  await expect(page.locator('#login-message')).toHaveText('Enter a valid phone number');
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toBeFocused();
  await expect(page.getByLabel('Code from SMS')).toHaveCount(0);
  expect(calls).toEqual(['POST /api/auth/login/']);
});

test('code form: an empty code is refused without a call; the code is re-sent only after 30 s, announced at start and end', async ({
  page,
}) => {
  await page.clock.install();
  const calls = loginCalls(page);
  await page.goto('/login/?lang=eng');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await listen(page);
  const phone = freshPhone();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  const codeField = page.getByLabel('Code from SMS');
  await expect(codeField).toBeFocused();

  // SPEC §5: an empty code is rejected, blocks the submit and flags authCodeEmpty.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#login-message')).toHaveText('Enter the code from the SMS');
  await expect(codeField).toHaveAttribute('data-auth-code-empty', 'true');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toBeFocused();

  // Before 30 s the button refuses, and so does the server when asked directly.
  const resend = page.getByRole('button', { name: 'Send the code again' });
  await page.clock.runFor(29_000);
  await expect(page.locator('#countdown')).toHaveText('You can request the code again in 1 s');
  await expect(resend).toBeDisabled();
  const early = await page.request.get('/?action=ajaxSendCode', { headers: await csrfHeaders(page.request) });
  expect(early.status()).toBe(429);
  expect(Number(early.headers()['retry-after'])).toBeGreaterThan(0);

  // 30 s later (the server's clock moved as far): allowed, and the countdown starts again.
  await page.request.post('/dev/login/age', {
    data: { seconds: 30 },
    headers: await csrfHeaders(page.request),
  });
  await page.clock.runFor(1_000);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.locator('#countdown')).toHaveText('You can request the code again in 30 s');
  await expect(resend).toBeDisabled();
  const sent = await outbox(page);
  expect(sent.map((sms) => sms.phone)).toEqual([phone, phone]);
  expect(await heard(page)).toEqual([
    'You can request the code again in 30 s',
    'Enter the code from the SMS',
    'You can request the code again now',
    'You can request the code again in 30 s',
  ]);
  expect(calls).toEqual(['POST /api/auth/login/', 'GET /?action=ajaxSendCode']);

  // Signing in takes the sends back from the address's budget (login-limits.ts).
  await codeField.fill(sent[0]!.code);
  await codeField.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
});

test('throttled by the server (429 with Retry-After): the wait is shown in the page language', async ({
  page,
  playwright,
  baseURL,
}) => {
  const phone = freshPhone();
  // Five codes to one phone from five other browsers use up its budget (login-limits.ts).
  for (let i = 0; i < 5; i += 1) {
    const other = await playwright.request.newContext({ baseURL: baseURL! });
    const started = await other.post('/api/auth/login/', {
      data: { phone },
      headers: await csrfHeaders(other),
    });
    expect(started.status()).toBe(200);
    await other.dispose();
  }
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/login/')) answers.push(response.status());
  });
  await page.goto('/login/?lang=deu');
  await page.getByLabel('Telefonnummer').fill(phone);
  await page.getByLabel('Telefonnummer').press('Enter');
  await expect(page.locator('#login-message')).toHaveText(
    'Zu viele Code-Anfragen. Bitte versuchen Sie es in 15 Minuten erneut.',
  );
  expect(answers).toEqual([429]);
  await expect(page.locator('#code')).toHaveCount(0);
});
