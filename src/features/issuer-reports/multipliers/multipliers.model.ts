/**
 * The multipliers as the section shows them (SPEC §3 "Multipliers", §4, §9): quarterly (period 1)
 * or annual (period 2) groups, each a table of its multipliers, 2 shown until expanded and at most
 * 1000; market-based values come masked ('***') to non-paid users (SPEC §6), null is not computed.
 */
import type { MultiplierGroup, MultiplierRow, MultipliersAnswer } from '../../../contract/company.ts';
import { formatNumber } from '../../../core/format.ts';

/** SPEC §4: multipliers show 2 entries until expanded. */
export const MULTIPLIERS_SHOWN = 2;
/** SPEC §9: multipliers limit 1000. */
export const MULTIPLIERS_LIMIT = 1000;

/** SPEC: period 1 quarterly, 2 annual. */
export type MultipliersPeriod = 1 | 2;
export const MULTIPLIER_PERIODS: readonly MultipliersPeriod[] = [1, 2];

/** The groups of a period that have multipliers, each with at most MULTIPLIERS_LIMIT rows. */
export function multiplierGroups(answer: MultipliersAnswer, period: MultipliersPeriod): MultiplierGroup[] {
  return (answer[String(period) as '1' | '2'] ?? [])
    .filter((group) => group.body.length > 0)
    .map((group) => ({ ...group, body: group.body.slice(0, MULTIPLIERS_LIMIT) }));
}

/**
 * Whether a group has at least one multiplier for some period: a value, or one masked for this
 * user. A group of dashes only (nothing could be computed: no prices before a listing) has none.
 */
export function groupHasValues(group: MultiplierGroup): boolean {
  return group.body.some((row) =>
    group.columns.slice(1).some((column) => row[column] !== null && row[column] !== undefined),
  );
}

/** Whether a period has a multiplier to show in any of its groups. */
function periodHasValues(answer: MultipliersAnswer, period: MultipliersPeriod): boolean {
  return multiplierGroups(answer, period).some(groupHasValues);
}

/** Whether the answer has anything to show in either period (else the section says "no data"). */
export function hasMultipliers(answer: MultipliersAnswer): boolean {
  return MULTIPLIER_PERIODS.some((period) => periodHasValues(answer, period));
}

/** The period to open: the page's default when it has multipliers, else the other one. */
export function initialPeriod(answer: MultipliersAnswer, preferred: MultipliersPeriod): MultipliersPeriod {
  if (periodHasValues(answer, preferred)) return preferred;
  return MULTIPLIER_PERIODS.find((period) => periodHasValues(answer, period)) ?? preferred;
}

/** Whether any value of the groups is a price-like figure the server masked. */
export function hasMaskedMultiplier(groups: readonly MultiplierGroup[]): boolean {
  return groups.some((group) =>
    group.body.some((row) => group.columns.slice(1).some((column) => row[column] === '***')),
  );
}

export type MultiplierCell = { kind: 'value'; text: string } | { kind: 'masked' } | { kind: 'none' };

/**
 * A value as shown: '***' as masked, null as not computed, numbers with space thousands: large
 * ones (capitalisation in millions) whole, ratios with 2 decimals.
 */
export function multiplierCell(value: MultiplierRow[string] | undefined): MultiplierCell {
  if (value === '***') return { kind: 'masked' };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { kind: 'none' };
  return { kind: 'value', text: formatNumber(value, Math.abs(value) >= 1000 ? 0 : 2) };
}
