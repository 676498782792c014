/**
 * <fin-support-tickets> in Chromium against the reference server: the call only for level 1077 or
 * tariff 677 (SPEC §6; the network log of the three access levels), the tickets newest first with
 * the unread marks of SPEC §3's rule computed here from the raw answer, the header's badge, and
 * the empty and error-with-retry states.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../../../demo-pages/testing/session.ts';
import type { SupportTicket } from '../../contract/profile.ts';

const TICKETS = '/api/profile/support/tickets/';

/** Every tickets call the page makes, from now on. */
function ticketCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === TICKETS) calls.push(request.url());
  });
  return calls;
}

const userIdOf = async (page: Page) =>
  page.evaluate(
    () => (JSON.parse(document.getElementById('fin-user')!.textContent!) as { userId: number }).userId,
  );

test.describe('support tickets', () => {
  for (const audience of ['anonymous', 'free'] as const) {
    test(`${audience}: no tickets call, the page says who may see them, no badge`, async ({ page }) => {
      await signInAs(page.request, audience);
      const calls = ticketCalls(page);
      await page.goto('/profile/support/?lang=eng');
      const list = page.locator('fin-support-tickets').first();
      await expect(list.locator('.st-access')).toContainText(
        audience === 'anonymous' ? 'Log in to see your support tickets' : 'paid access or the support tariff',
      );
      await expect(list.locator('.st-access a')).toHaveAttribute(
        'href',
        audience === 'anonymous' ? /^\/login\/\?back=/ : '/profile/access/',
      );
      await expect(page.locator('header .shell-support')).toHaveCount(0);
      // The element has rendered its decision; a load it started would be under way by now.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      expect(calls).toEqual([]);
      // The server refuses them too (SPEC §6): 401 anonymous, 403 a free user.
      expect((await page.request.get(TICKETS)).status()).toBe(audience === 'anonymous' ? 401 : 403);
    });
  }

  test('paid: one call; tickets newest first, unread marks by SPEC §3, the header badge counts them', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    const calls = ticketCalls(page);
    await page.goto('/profile/support/?lang=eng');
    const list = page.locator('#content fin-support-tickets');
    await expect(list.locator('.st-ticket').first()).toBeVisible();

    const raw = (await (await page.request.get(`${TICKETS}?lang=eng`)).json()) as SupportTicket[];
    const userId = await userIdOf(page);
    const newestFirst = [...raw].sort((a, b) => b['date.numeric'] - a['date.numeric']);
    const unreadOf = (ticket: SupportTicket) =>
      ticket.messages.filter((m) => m.status_id === 1 && m.contacts_id !== userId);
    const totalUnread = raw.reduce((sum, ticket) => sum + unreadOf(ticket).length, 0);
    expect(totalUnread, 'the demo account has unread answers').toBeGreaterThan(0);

    expect(
      await list.locator('.st-ticket').evaluateAll((els) => els.map((el) => Number(el.dataset.ticketId))),
    ).toEqual(newestFirst.map((ticket) => ticket.id));
    for (const ticket of newestFirst) {
      const shown = list.locator(`.st-ticket[data-ticket-id="${ticket.id}"]`);
      await expect(shown.locator('.st-title')).toContainText(ticket.title);
      const marks = await shown
        .locator('.st-message')
        .evaluateAll((els) => Object.fromEntries(els.map((el) => [el.dataset.messageId, el.dataset.unread])));
      expect(marks).toEqual(
        Object.fromEntries(
          ticket.messages.map((m) => [String(m.id), String(m.status_id === 1 && m.contacts_id !== userId)]),
        ),
      );
      await expect(shown.locator('.st-new')).toHaveCount(unreadOf(ticket).length);
      // Dates in the page's format.
      await expect(shown.locator('.st-meta time')).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    }
    await expect(list.locator('.st-summary')).toHaveText(`Unread: ${totalUnread}`);

    const badge = page.locator('header .shell-support fin-support-tickets');
    await expect(badge.locator('.st-badge')).toHaveAttribute('data-unread', String(totalUnread));
    await expect(page.locator('header .shell-support')).toHaveAccessibleName(
      new RegExp(`^Support\\s*Unread: ${totalUnread}$`),
    );
    // The badge and the list are one element: one call for both.
    expect(calls).toHaveLength(1);
  });

  test('paid: an empty answer says so; a failed one offers a retry that brings the tickets', async ({
    page,
  }) => {
    await signInAs(page.request, 'paid');
    await page.route(`**${TICKETS}*`, (route) => route.fulfill({ json: [] }));
    await page.goto('/profile/support/?lang=eng');
    const list = page.locator('#content fin-support-tickets');
    await expect(list.getByRole('status')).toHaveText('No tickets yet');
    await expect(page.locator('header .st-badge')).toHaveCount(0);

    await page.unroute(`**${TICKETS}*`);
    await page.route(`**${TICKETS}*`, (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.reload();
    await expect(list.getByRole('alert')).toBeVisible();
    await page.unroute(`**${TICKETS}*`);
    await list.getByRole('button', { name: 'Retry' }).click();
    await expect(list.locator('.st-ticket').first()).toBeVisible();
    // The header's badge follows the same store: it shows once the retry has loaded.
    await expect(page.locator('header .st-badge')).toBeVisible();
  });
});
