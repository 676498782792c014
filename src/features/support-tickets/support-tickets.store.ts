/**
 * The signed-in user's support tickets (SPEC §3 "Support ticket", §6, §7 GET
 * /api/profile/support/tickets/), one load per page: the header's badge and the list on the
 * support page are the same element and share this store, so they never disagree on the count.
 *
 * The call is made only for access level 1077 or tariff 677 (SPEC §6): for anyone else the store
 * stays idle and no request leaves the page.
 */
import { computed } from 'nanostores';
import type { SupportMessage, SupportTicket } from '../../contract/profile.ts';
import { isUnread } from '../../contract/profile.ts';
import type { UserGlobals } from '../../contract/types.ts';
import { canSeeSupportTickets } from '../../core/access.ts';
import { fetchSupportTickets } from '../../core/api/profile.ts';
import { createResource } from '../../core/resource.ts';
import { $user } from '../../core/stores/user.ts';

export const ticketsResource = createResource({
  describe: (userId: number) => `support tickets of user ${userId}`,
  load: (_userId: number, signal: AbortSignal) => fetchSupportTickets(signal),
});

/** Starts the one load for this user, unless it is loaded or under way already. */
export function ensureTickets(user: UserGlobals): void {
  if (!canSeeSupportTickets(user) || user.userId === null) return;
  const state = ticketsResource.$state.get();
  // Loaded, under way or failed for this user already (a failure waits for the retry button).
  if (state.status !== 'idle' && state.key === user.userId) return;
  void ticketsResource.load(user.userId);
}

export interface TicketView extends SupportTicket {
  /** Messages newest first, each with whether the current user has yet to read it. */
  shown: Array<SupportMessage & { isUnread: boolean }>;
  unreadCount: number;
  /** The current user, whose own messages are "from you". */
  ownerId: number | null;
}

/** Tickets newest first; unread computed here from SPEC §3's rule, not taken from the answer. */
export function ticketViews(tickets: readonly SupportTicket[], userId: number | null): TicketView[] {
  return [...tickets]
    .sort((a, b) => b['date.numeric'] - a['date.numeric'] || b.id - a.id)
    .map((ticket) => {
      const shown = [...ticket.messages]
        .sort((a, b) => b['date.numeric'] - a['date.numeric'] || b.id - a.id)
        .map((message) => ({ ...message, isUnread: isUnread(message, userId) }));
      return { ...ticket, shown, unreadCount: shown.filter((m) => m.isUnread).length, ownerId: userId };
    });
}

/** Unread messages over all tickets, or null while there is nothing to count (no access, loading, failed). */
export const $unreadCount = computed([ticketsResource.$state, $user], (state, user) => {
  if (state.status !== 'ready' || !canSeeSupportTickets(user)) return null;
  return ticketViews(state.value, user.userId).reduce((sum, ticket) => sum + ticket.unreadCount, 0);
});
