/** /company/{id}/: the minimal issuer page. */
import type { IssuerPageData } from '../../../src/core/types.ts';
import { elementsBlock, ELEMENT_SCRIPTS, type PageElement } from './layout.ts';
import { html, type SafeHtml } from './html.ts';

export function companyPageElements(): PageElement[] {
  return [
    {
      markup: html`<fin-price-dynamics variant="issuer"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
  ];
}

export interface CompanyPageView {
  data: IssuerPageData;
  fullName: string;
  stocks: Array<{ name: string; url: string }>;
  elements: PageElement[];
}

export function companyPageBody(view: CompanyPageView): SafeHtml {
  return html`<main>
    <nav class="muted"><a href="/">Demo</a></nav>
    <h1>${view.data.emitentName}</h1>
    <p class="muted">${view.fullName}</p>
    ${
      view.stocks.length
        ? html`<ul>
            ${view.stocks.map((stock) => html`<li><a href="${stock.url}">${stock.name}</a></li>`)}
          </ul>`
        : null
    }
    ${elementsBlock(view.elements)}
  </main>`;
}
