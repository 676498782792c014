/**
 * Price masking, enforced on the server (SPEC §4 "Access levels", §6; DESIGN §4). Every response
 * that carries prices — price dynamics, page data tables, later chart series and exports — goes
 * through here, so an anonymous or free session never receives a value it may not see.
 *
 *   anonymous  every price is '***'
 *   signed in  the last price is real, every other price '***'
 *   paid       (access level 1077) everything is real
 *
 * A missing value (null) stays null whatever the access: "no data" is not a secret.
 */
import { PAID_ACCESS_LEVEL, type MaskedValue } from '../../../src/contract/types.ts';
import type { SessionUser } from './session.ts';

export const MASK = '***';

/** How much of the price data a session may see. */
export type PriceAccess = 'none' | 'last' | 'full';

/** What kind of price a value is: the last price (any signed-in user) or any other price (paid). */
export type PriceKind = 'last' | 'paid';

export function priceAccessOf(user: SessionUser | null): PriceAccess {
  if (!user) return 'none';
  return user.accessLevel === PAID_ACCESS_LEVEL ? 'full' : 'last';
}

export function canSee(access: PriceAccess, kind: PriceKind): boolean {
  return access === 'full' || (access === 'last' && kind === 'last');
}

/** The value to display: the number, '***' when hidden, null when there is no data. */
export function maskPrice(value: number | null, access: PriceAccess, kind: PriceKind): MaskedValue {
  if (value === null) return null;
  return canSee(access, kind) ? value : MASK;
}

/** The `.numeric` twin: the number, or null when hidden or missing. */
export function maskNumeric(value: number | null, access: PriceAccess, kind: PriceKind): number | null {
  return value !== null && canSee(access, kind) ? value : null;
}

/** Any other value derived from prices (a "bid / ask" text, a row's up/down class): replaced when hidden. */
export function maskDerived<T, R>(
  value: T | null,
  access: PriceAccess,
  kind: PriceKind,
  hidden: R,
): T | R | null {
  if (value === null) return null;
  return canSee(access, kind) ? value : hidden;
}

/**
 * Masks the listed fields of a row (and their `.numeric` twins when the row has them); other
 * fields pass through. For tables whose rows mix prices with names and dates.
 */
export function maskRow<Row extends Record<string, unknown>>(
  row: Row,
  access: PriceAccess,
  kinds: Partial<Record<keyof Row & string, PriceKind>>,
): Row {
  const masked: Record<string, unknown> = { ...row };
  for (const [field, kind] of Object.entries(kinds) as Array<[string, PriceKind]>) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    if (!canSee(access, kind)) {
      masked[field] = MASK;
      if (`${field}.numeric` in row) masked[`${field}.numeric`] = null;
    }
  }
  return masked as Row;
}
