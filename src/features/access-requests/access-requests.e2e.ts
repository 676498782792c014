/** <fin-access-requests> on /profile/access/ against the reference server (SPEC §6 requests). */
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInAs } from '../../../demo-pages/testing/session.ts';
import { endRoutesAfterEachTest } from '../../../demo-pages/testing/routes.ts';

endRoutesAfterEachTest();

/** A new free user per test and run: its requests start empty whatever earlier runs stored. */
function freshPhone(): string {
  return `+7903${String(Date.now()).slice(-7)}`;
}

/** The element's view (its shadow root's block), not the server forms it keeps for pages without scripts. */
const element = (page: Page) => page.locator('fin-access-requests section.access-requests');
/** Its light-DOM live region. */
const heard = (page: Page) => page.locator('#fin-announcer [data-fin-said]');

test('a free user asks for a subscription: answered in place, then "already sent", kept after a reload; no expansion form', async ({
  page,
}) => {
  await signIn(page.request, freshPhone());
  await page.goto('/profile/access/?lang=eng');
  const form = element(page).getByRole('button', { name: 'Send request' });
  await expect(form).toBeVisible();
  await expect(element(page).getByRole('button', { name: 'Request an expansion' })).toHaveCount(0);
  const tariff = element(page).getByLabel('Tariff');
  const second = await tariff.locator('option').nth(1).textContent();
  await tariff.selectOption({ label: second! });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') calls.push(`${new URL(request.url()).pathname} ${request.postData()}`);
  });
  await form.click();
  await expect(
    element(page).getByText('Your request has been sent. A manager will contact you.'),
  ).toBeVisible();
  await expect(heard(page)).toHaveText('Your request has been sent. A manager will contact you.');
  const requests = element(page).getByRole('listitem');
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).toContainText(`${second!} · Subscription · Pending`);
  await form.click();
  await expect(element(page).getByText('This request has already been sent and is pending.')).toBeVisible();
  expect(calls).toHaveLength(2);
  expect(JSON.parse(calls[0]!.split(' ').slice(1).join(' '))).toMatchObject({
    tariff: expect.any(Number),
    contactPersonId: expect.any(Number),
  });

  // The server remembers: after a reload the same tariff says so before anything is sent.
  await page.reload();
  await element(page).getByLabel('Tariff').selectOption({ label: second! });
  await expect(element(page).getByText('This request has already been sent and is pending.')).toBeVisible();
  await expect(element(page).getByRole('listitem')).toHaveCount(1);
});

test('a paid user asks for an expansion: answered in place and kept after a reload', async ({ page }) => {
  await signInAs(page.request, 'paid');
  // The demo's paid user keeps requests between runs: what the server remembers decides the first answer.
  const before = (await (await page.request.get('/api/profile/pa/requests/')).json()) as {
    tariffs: Array<{ id: number; name: string }>;
    requests: Array<{ kind: string; tariff: number; status: string }>;
  };
  const tariff = before.tariffs.at(-1)!;
  const pendingBefore = before.requests.some(
    (request) => request.kind === 'expand' && request.tariff === tariff.id && request.status === 'pending',
  );
  await page.goto('/profile/access/?lang=eng');
  const expansion = element(page).locator('form[data-request-form="expand"]');
  await expansion.getByLabel('Tariff').selectOption(String(tariff.id));
  await expansion.getByRole('button', { name: 'Request an expansion' }).click();
  await expect(expansion.locator('.notice')).toHaveText(
    pendingBefore
      ? 'This request has already been sent and is pending.'
      : 'Your request has been sent. A manager will contact you.',
  );
  await page.reload();
  await element(page)
    .locator('form[data-request-form="expand"]')
    .getByLabel('Tariff')
    .selectOption(String(tariff.id));
  await expect(element(page).locator('form[data-request-form="expand"] .notice')).toHaveText(
    'This request has already been sent and is pending.',
  );
});

test('the phone form for a user without a mobile: an empty phone does nothing, a number gets a code', async ({
  page,
}) => {
  await signIn(page.request, freshPhone());
  // The legacy template of a user without a mobile (social sign-in): userMobileExists false.
  await page.route('**/profile/access/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace('"userMobileExists":true', '"userMobileExists":false');
    await route.fulfill({ response, body });
  });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/profile/update_mob/')) calls.push(request.postData() ?? '');
  });
  await page.goto('/profile/access/?lang=eng');
  const phone = element(page).getByRole('textbox', { name: 'Phone number' });
  const send = element(page).getByRole('button', { name: 'Send the code' });
  await phone.fill('');
  await send.click();
  await phone.fill('12');
  await send.click();
  await expect(element(page).getByText('Enter a valid phone number')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  const number = `+7904${String(Date.now()).slice(-7)}`;
  await phone.fill(number);
  await send.click();
  await expect(element(page).getByText(`The code has been sent by SMS to ${number}`)).toBeVisible();
  expect(calls.map((body) => (JSON.parse(body) as { phone: string }).phone)).toEqual(['12', number]);
});
