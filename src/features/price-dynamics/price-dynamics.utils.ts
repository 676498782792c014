/** Pure transforms of the price-dynamics answers into what the block shows (SPEC §2, §3, §9). */
import { scalePosition } from '../../core/format.ts';
import {
  PRICE_DYNAMICS_WINDOW_FIELDS,
  type IssuerPriceDynamics,
  type MaskedValue,
  type StockPriceDynamics,
} from '../../contract/types.ts';

export type PriceWindow = '1m' | '1y';

export interface PriceWindowRow {
  window: PriceWindow;
  min: MaskedValue;
  max: MaskedValue;
  /** Change over the window in percent. */
  delta: MaskedValue;
  /** 0…1 position of the last price on the min–max scale; null when any of the three is unknown. */
  marker: number | null;
}

/** SPEC §2: the block is hidden when all six window values are null ('***' is a value, masked). */
export function isPriceDynamicsEmpty(dynamics: StockPriceDynamics): boolean {
  return PRICE_DYNAMICS_WINDOW_FIELDS.every((field) => dynamics[field] === null);
}

function markerOf(last: MaskedValue, min: MaskedValue, max: MaskedValue): number | null {
  return typeof last === 'number' && typeof min === 'number' && typeof max === 'number'
    ? scalePosition(last, min, max)
    : null;
}

export function priceWindowRows(dynamics: StockPriceDynamics): PriceWindowRow[] {
  return (['1m', '1y'] as const).map((window) => {
    const min = dynamics[`absolute_min_price_${window}`];
    const max = dynamics[`absolute_max_price_${window}`];
    return {
      window,
      min,
      max,
      delta: dynamics[`delta_last_price_${window}`],
      marker: markerOf(dynamics.last_price, min, max),
    };
  });
}

export function isIssuerPriceDynamicsEmpty(dynamics: IssuerPriceDynamics | null): boolean {
  return (
    dynamics === null ||
    [dynamics.absoluteMinPrice, dynamics.absoluteMaxPrice, dynamics.deltaLastPrice, dynamics.lastPrice].every(
      (value) => value === null,
    )
  );
}

export function issuerMarker(dynamics: IssuerPriceDynamics): number | null {
  return markerOf(dynamics.lastPrice, dynamics.absoluteMinPrice, dynamics.absoluteMaxPrice);
}

/**
 * What the price-range meter says to a screen reader (aria-valuetext): the last price and where
 * it sits in the window's range, e.g. "305.00 RUB, 12 % of the 1-year range". `template` is the
 * `pd:range_value_{window}` label with `{price}` and `{percent}`.
 */
export function rangeValueText(template: string, price: string, marker: number): string {
  return template.replace('{price}', price).replace('{percent}', String(Math.round(marker * 100)));
}

export type Trend = 'rise' | 'fall' | 'unchanged' | 'unknown';

export function trendOf(delta: MaskedValue): Trend {
  if (typeof delta !== 'number') return 'unknown';
  if (delta > 0) return 'rise';
  return delta < 0 ? 'fall' : 'unchanged';
}
