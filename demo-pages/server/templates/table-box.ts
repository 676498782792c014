/**
 * A server-rendered table that may be wider than a phone: it scrolls sideways in its own box (the
 * page never does), and a "the table scrolls sideways" hint shows above it only while the box has
 * columns out of sight. The hint needs no script: it is shown by an animation on the box's scroll
 * timeline, which is active only while the box can scroll (styles: TABLE_BOX_STYLE in layout.ts).
 */
import { html, type SafeHtml } from './html.ts';

/** `label` names the box for keyboard and screen-reader users; `hint` is `widgets:table_scrolls`. */
export function tableBox(label: string, hint: string, table: SafeHtml): SafeHtml {
  return html`<div class="table-box">
    <p class="table-box__hint" data-scroll-hint aria-hidden="true">${hint}</p>
    <div class="table-box__scroll" role="group" aria-label="${label}" tabindex="0">${table}</div>
  </div>`;
}

/** The box's styles, in the page's one style block. */
export const TABLE_BOX_STYLE = `
  .table-box { timeline-scope: --table-box; }
  .table-box__scroll { overflow-x: auto; scroll-timeline: --table-box inline; }
  .table-box__scroll:focus-visible { outline: 2px solid #1d5fbf; outline-offset: 2px; }
  .table-box__hint { visibility: hidden; height: 0; overflow: hidden; margin: 0; color: #5c6375; font-size: 14px;
    line-height: 20px; text-align: right; animation: table-box-hint linear both; animation-timeline: --table-box; }
  @keyframes table-box-hint { from, to { visibility: visible; height: 20px; margin-bottom: 4px; } }
  h1, h2, h3, .levels th, .levels td, .facts th, .facts td { overflow-wrap: anywhere; }
`;
