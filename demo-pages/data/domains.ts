/**
 * The demo database is filled domain by domain. The core (grounds, stocks, daily and intraday
 * bars, dividends, splits, indexes, labels, demo users) is written by generate.ts; every other
 * domain (bonds and ETFs, index values, issuer reports, search, profile…) is a DataDomain listed
 * here, with its own tables and its own seeded streams, so domains can grow independently and
 * adding one never shifts the data of another.
 */
import type Database from 'better-sqlite3';
import type { Bar } from './prices.ts';
import { ISSUERS_DOMAIN } from './issuers.ts';
import { marketDomain } from './market.ts';
import { profileDomain } from './profile.ts';
import { searchDomain } from './search.ts';

export interface DomainContext {
  seed: number;
  /** YYYY-MM-DD: the demo's "today". */
  asOf: string;
  /** The latest weekday on or before asOf. */
  lastTradingDay: string;
  /** Every trading day (YYYY-MM-DD) of the 10-year history, oldest first. */
  tradingDays: string[];
  /** Main-ground daily bars of each stock (by stock id), as written to daily_bars. */
  mainBarsByStock: ReadonlyMap<number, Bar[]>;
  /** `--scale N`: the instrument count the search bench asks for; 0 for the normal demo. */
  scale: number;
}

export interface DataDomain {
  name: string;
  /** CREATE TABLE / INDEX statements of the domain's own tables. */
  schema: string;
  /** Inserts the domain's rows; runs inside the generator's transaction, after the core. */
  fill(db: Database.Database, ctx: DomainContext): void;
}

/** In the order they run; a domain may read the tables of the core and of the domains before it. */
export const DATA_DOMAINS: DataDomain[] = [marketDomain, ISSUERS_DOMAIN, profileDomain, searchDomain];
