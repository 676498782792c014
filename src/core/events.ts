/**
 * Every CustomEvent the elements fire (DESIGN §5): `fin-` prefix, kebab-case, bubbling and composed
 * so a host page can listen on `document`. The map types `addEventListener` for integrators.
 */

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
  }
}
