import { define } from '../src/runtime/define.tsx';
import { PriceDynamics, type PriceDynamicsProps } from '../src/features/price-dynamics/index.ts';

/**
 * @summary Price dynamics: 1-month and 1-year minimum, maximum and change with the last price on a scale; hidden when there is no data.
 * @attr variant - `stock` (default) or `issuer` (the issuer page bar, read from its page data)
 * @attr page-data - selector of the page-data block; default `#fin-page-data`
 * @attr stock-id - stock id when the page has no page data (partner embeds)
 * @attr ground-id - trading ground id with `stock-id`
 * @attr login-url - target of the log-in prompt; default `/login/`
 * @attr access-url - target of the get-access prompt; default `/profile/access/`
 * @event fin-price-dynamics-load - values loaded; detail `{stockId, groundId, empty}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart title - the heading
 * @csspart table - the 1M/1Y table of the stock variant
 * @csspart scale - a min–max scale
 * @csspart marker - the last-price marker on a scale
 * @csspart hint - the prompt to log in or get access when prices are masked
 * @csspart message - the loading, error or notice line
 * @cssproperty --fin-color-rise - colour of a rise (default #5cb585)
 * @cssproperty --fin-color-fall - colour of a fall (default #e31e25)
 * @cssproperty --fin-color-rise-text - colour of rise figures as text (default #1b7a45, 4.5:1 on white)
 * @cssproperty --fin-color-fall-text - colour of fall figures as text (default #c0161c)
 * @cssproperty --fin-color-accent - links and buttons
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-price-dynamics stock-id="1" ground-id="1"></fin-price-dynamics>
 */
define<PriceDynamicsProps>('fin-price-dynamics', PriceDynamics, {
  props: {
    variant: 'string',
    pageData: 'string',
    stockId: 'number',
    groundId: 'number',
    loginUrl: 'string',
    accessUrl: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-price-dynamics': HTMLElement & PriceDynamicsProps;
  }
}
