import { define } from '../src/runtime/define.tsx';
import { RelatedList, type RelatedListProps } from '../src/features/related-list/index.ts';

/**
 * @summary A related list of the stock page: the issuer's other stocks, its bonds, or the indexes holding the stock, five until expanded; hidden when empty.
 * @attr kind - `stocks` (the issuer's other stocks), `bonds` (its bonds) or `indexes` (indexes holding the stock)
 * @attr page-data - selector of the page-data block; default `#fin-page-data`
 * @event fin-expand-change - a user expanded or collapsed the list; detail `{expanded}`
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart list - the list
 * @csspart item - an entry
 * @csspart show-more - the show-more / hide button
 * @csspart message - the loading or error line
 * @cssproperty --fin-color-accent - links and buttons
 * @cssproperty --fin-color-border - lines between entries
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-related-list kind="indexes"></fin-related-list>
 */
define<RelatedListProps>('fin-related-list', RelatedList, {
  props: { kind: 'string', pageData: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-related-list': HTMLElement & RelatedListProps;
  }
}
