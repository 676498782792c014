import { define } from '../src/runtime/define.tsx';
import { NetworkGraph, type NetworkGraphProps } from '../src/features/network-graph/index.ts';

/**
 * @summary The issuer's related companies as a network graph (main issuer blue, others orange, shares on the links), with a keyboard layer, full screen and the watermark logo; without attributes it reads the issuer page data's `graph`.
 * @attr data-url - URL of the links (GET, SPEC §3 "Network graph input"); default the page data's `graph.dataUrl`
 * @attr main-emitent-id - id of the main issuer (its node is blue); default the page data's `graph.mainEmitentId`
 * @attr title - name of the graph (accessible name, full-screen dialog); default the page data's `graph.title`
 * @attr export-file-name - file name of the exports, without extension; default the page data's `graph.exportFileName`
 * @attr export-title - title printed in the exports; default the page data's `graph.exportTitle`
 * @attr show-logo - whether the watermark logo starts shown; default shown
 * @attr page-data - selector of the issuer page-data block; default `#fin-page-data`
 * @event fin-fullscreen-change - a user entered or left full screen; detail `{fullscreen}` (kept in the cookie `fin-network-graph`)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart toolbar - the row of controls above the graph
 * @csspart canvas - the drawing
 * @csspart fullscreen-button - the full-screen toggle
 * @csspart message - the loading, error or no-data line
 * @cssproperty --fin-graph-height - height of the graph; default 480px
 * @cssproperty --fin-graph-height-narrow - height below 680 px of width; default 360px
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-network-graph></fin-network-graph>
 * @pageData issuer
 */
define<NetworkGraphProps>('fin-network-graph', NetworkGraph, {
  props: {
    dataUrl: 'string',
    mainEmitentId: 'number',
    title: 'string',
    exportFileName: 'string',
    exportTitle: 'string',
    showLogo: 'boolean',
    pageData: 'string',
  },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-network-graph': HTMLElement & NetworkGraphProps;
  }
}
