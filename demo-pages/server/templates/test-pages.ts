/** Pages for the browser tests (registered outside production only). */
import type { StockPageData } from '../../../src/contract/types.ts';
import { html, jsonScript, trusted, type SafeHtml } from './html.ts';
import { elementsBlock, ELEMENT_SCRIPTS, type PageElement } from './layout.ts';

export function testMalformedPageElements(): PageElement[] {
  return [
    {
      markup: html`<fin-price-dynamics id="broken"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
    {
      markup: html`<fin-price-dynamics id="ok" page-data="#fin-page-data-ok"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
  ];
}

/** The page's #fin-page-data is malformed JSON; #fin-page-data-ok holds valid data for sber on ground 1. */
export function testMalformedPageBody(valid: StockPageData, elements: PageElement[]): SafeHtml {
  return html`<main>
    <h1>Test: malformed page data</h1>
    <p class="muted" lang="en">
      The first element reads <code>#fin-page-data</code>, which is not valid JSON, and must show an error
      without breaking the second, which reads <code>#fin-page-data-ok</code>.
    </p>
    ${jsonScript('fin-page-data-ok', valid)} ${elementsBlock(elements)}
  </main>`;
}

/** One element alone on a page with the stock page data: what a page with only that tag downloads. */
export function testSingleElementPage(tag: string): { elements: PageElement[]; body: SafeHtml } {
  const elements = [{ markup: html`${trusted(`<${tag}></${tag}>`)}`, script: `/dist/elements/${tag}.js` }];
  return {
    elements,
    body: html`<main>
      <h1>Test: <code>&lt;${tag}&gt;</code> alone</h1>
      ${elementsBlock(elements)}
    </main>`,
  };
}

/** Every element of the build (the /elements/ examples) on one page served under a strict CSP. */
export function testStrictCspBody(elements: PageElement[]): SafeHtml {
  return html`<main>
    <h1>Test: every element under a strict CSP</h1>
    <p class="muted" lang="en">
      Served with <code>Content-Security-Policy</code>: scripts and styles only from this site or with the
      page's nonce. Every element must render without a violation.
    </p>
    ${elementsBlock(elements)}
  </main>`;
}
