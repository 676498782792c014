/**
 * SPEC §6 access rules as pure functions. The server masks the data; these only decide which
 * prompt or control an element shows.
 */
import { PAID_ACCESS_LEVEL, SUPPORT_TARIFF, type UserGlobals } from '../contract/types.ts';

export function isPaid(user: UserGlobals): boolean {
  return user.userAuth && user.userAccessLevel === PAID_ACCESS_LEVEL;
}

/** How much of a price the user may see: nothing, the last price only, or everything. */
export type PriceVisibility = 'masked' | 'last-price' | 'full';

export function priceVisibility(user: UserGlobals): PriceVisibility {
  if (isPaid(user)) return 'full';
  return user.userAuth ? 'last-price' : 'masked';
}

/** SPEC §6: the access check passes for 1077; others get 'get access' or 'not authorized'. */
export type AccessPrompt = 'granted' | 'need_get_access' | 'need_auth';

export function accessPrompt(user: UserGlobals): AccessPrompt {
  if (isPaid(user)) return 'granted';
  return user.userAuth ? 'need_get_access' : 'need_auth';
}

/** Support tickets load only for level 1077 or tariff 677. */
export function canSeeSupportTickets(user: UserGlobals): boolean {
  return (
    user.userAuth && (user.userAccessLevel === PAID_ACCESS_LEVEL || user.userTariffs.includes(SUPPORT_TARIFF))
  );
}

/** Y-axis titles and values on the stock chart are shown only to signed-in users (SPEC §6). */
export function canSeeChartAxis(user: UserGlobals): boolean {
  return user.userAuth;
}
