import { define } from '../src/runtime/define.tsx';
import {
  ConsensusForecasts,
  type ConsensusForecastsProps,
} from '../src/features/consensus-forecasts/index.ts';

/**
 * @summary The issuer's consensus forecasts: each indicator's actual value, the forecasts of the next two years, their range, the change and the analysts behind them, six a page (30 at most); hidden when there are none.
 * @attr page-data - selector of the issuer page-data block (its `apiUrls.consensus`); default `#fin-page-data`
 * @event fin-section-visibility - 1000 ms after the data loads: whether the block shows; detail `{section: 'consensus_forecasts', visible}` (the page's `<fin-left-menu>` shows or hides its entry)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart pager - the page buttons under the table
 * @csspart pager-button - a page button
 * @csspart pager-current - the button of the page shown
 * @csspart hint - the log-in or get-access prompt under masked prices
 * @csspart message - the loading or error line
 * @cssproperty --fin-color-accent - page buttons and links
 * @cssproperty --fin-color-rise-text - a rising forecast
 * @cssproperty --fin-color-fall-text - a falling forecast
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-consensus-forecasts></fin-consensus-forecasts>
 * @pageData issuer
 */
define<ConsensusForecastsProps>('fin-consensus-forecasts', ConsensusForecasts, {
  props: { pageData: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-consensus-forecasts': HTMLElement & ConsensusForecastsProps;
  }
}
