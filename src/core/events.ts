/**
 * Every CustomEvent the elements fire (DESIGN §5): `fin-` prefix, kebab-case, bubbling and composed
 * so a host page can listen on `document`. The map types `addEventListener` for integrators.
 */
import type { SearchCategory, SearchSuggestion } from '../contract/search.ts';
import type { UserGlobals } from '../contract/types.ts';

export interface FinEventDetails {
  /** An element could not render: bad page data or a failed call. */
  'fin-error': { tag: string; message: string };
  /** The price-dynamics block loaded its values (or found none). */
  'fin-price-dynamics-load': { stockId: number; groundId: number; empty: boolean };
  /**
   * The user picked another trading ground. Every element bound to the page's main data follows;
   * a legacy page with its own ground select fires it on `document` to the same effect.
   */
  'fin-ground-select': { groundId: number };
  /**
   * The page now shows another trading ground (fired on `document` once the elements follow and,
   * on a stock page, the address is rewritten): the host page updates what it rendered for the
   * old one (title, language links, its own ground links).
   */
  'fin-ground-change': { groundId: number };
  /** The user picked a chart period tab (id) or dates (id null); DD.MM.YYYY. */
  'fin-period-change': { id: number | null; from: string; to: string };
  /** The user switched the chart view: 0 chart, 1 dynamic table, 2 archive (SPEC §9). */
  'fin-view-change': { view: number; extended: boolean };
  /** Compare changed: the stocks and indexes now on the chart besides the main series. */
  'fin-compare-change': { stocks: Array<{ stockId: number; tgId: number }>; indexes: number[] };
  /** Comparison search: a result with a trading ground (or typed by the search URL) was picked to compare. */
  'fin-compare': { item: CompareSearchItem };
  /** Comparison search: a result without a trading ground or type was picked. */
  'fin-compare-select': { item: CompareSearchItem };
  /** Comparison search: the input was cleared. */
  'fin-compare-cancel': Record<string, never>;
  /**
   * Site search: the user chose a result and the element was asked for events (`events`) instead
   * of navigating to `item.url`; `term` is what was typed.
   */
  'fin-search-select': { item: SearchSuggestion; category: SearchCategory; term: string };
  /** A table's sort changed by a user: order null = back to the server's order. */
  'fin-sort-change': { field: string; order: 'asc' | 'desc' | null };
  /** A table or list was expanded or collapsed by a user. */
  'fin-expand-change': { expanded: boolean };
  /** A tab bar's active tab changed by a user. */
  'fin-tab-change': { id: string | number };
  /** Full-screen mode toggled; the state is also kept in a cookie named after the element. */
  'fin-fullscreen-change': { fullscreen: boolean };
  /**
   * A section that shows only when it has data says whether it does (the consensus forecasts,
   * SPEC §9: 1000 ms after its data loads): the page's `<fin-left-menu>` shows or hides its entry.
   * `section` is the id of the page's `<section>` (`consensus_forecasts`).
   */
  'fin-section-visibility': { section: string; visible: boolean };
  /** `<fin-login>` signed the session in; `$user` already holds the user. */
  'fin-sign-in': { user: UserGlobals };
}

/** SPEC §3 "Comparison search result" (type: the search URL's kind, or nav_per_share). */
export interface CompareSearchItem {
  emissionId: number;
  emissionName: string;
  emissionNameWithTg: string;
  isin: string | null;
  ticker: string | null;
  tradingGroundsId: number | null;
  tradingGroundsName: string | null;
  type: string;
  measure_id?: number | null;
}

export type FinEventName = keyof FinEventDetails;

export function createFinEvent<N extends FinEventName>(
  name: N,
  detail: FinEventDetails[N],
): CustomEvent<FinEventDetails[N]> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fin-error': CustomEvent<FinEventDetails['fin-error']>;
    'fin-price-dynamics-load': CustomEvent<FinEventDetails['fin-price-dynamics-load']>;
    'fin-ground-select': CustomEvent<FinEventDetails['fin-ground-select']>;
    'fin-ground-change': CustomEvent<FinEventDetails['fin-ground-change']>;
    'fin-period-change': CustomEvent<FinEventDetails['fin-period-change']>;
    'fin-view-change': CustomEvent<FinEventDetails['fin-view-change']>;
    'fin-compare-change': CustomEvent<FinEventDetails['fin-compare-change']>;
    'fin-compare': CustomEvent<FinEventDetails['fin-compare']>;
    'fin-compare-select': CustomEvent<FinEventDetails['fin-compare-select']>;
    'fin-compare-cancel': CustomEvent<FinEventDetails['fin-compare-cancel']>;
    'fin-search-select': CustomEvent<FinEventDetails['fin-search-select']>;
    'fin-sort-change': CustomEvent<FinEventDetails['fin-sort-change']>;
    'fin-expand-change': CustomEvent<FinEventDetails['fin-expand-change']>;
    'fin-tab-change': CustomEvent<FinEventDetails['fin-tab-change']>;
    'fin-fullscreen-change': CustomEvent<FinEventDetails['fin-fullscreen-change']>;
    'fin-section-visibility': CustomEvent<FinEventDetails['fin-section-visibility']>;
    'fin-sign-in': CustomEvent<FinEventDetails['fin-sign-in']>;
  }
}
