/** /stocks/{stringId}/[{groundId}/]: the stock page template with its elements dropped in. */
import type { Lang, StockPageData } from '../../../src/core/types.ts';
import { stockUrl } from '../page-data.ts';
import { elementsBlock, ELEMENT_SCRIPTS, type PageElement } from './layout.ts';
import { html, type SafeHtml } from './html.ts';

/** The elements of the stock page, in page order. Add new ones here. */
export function stockPageElements(): PageElement[] {
  return [{ markup: html`<fin-price-dynamics></fin-price-dynamics>`, script: ELEMENT_SCRIPTS.priceDynamics }];
}

export interface StockPageView {
  lang: Lang;
  data: StockPageData;
  name: string;
  ticker: string;
  emitent: { id: number; name: string } | null;
  groundsLabel: string;
  elements: PageElement[];
}

export function stockPageBody(view: StockPageView): SafeHtml {
  const { data } = view;
  return html`<main>
    <nav class="muted">
      <a href="/">Demo</a
      >${view.emitent ? html` › <a href="/company/${view.emitent.id}/">${view.emitent.name}</a>` : null}
    </nav>
    <h1>${view.name} <small class="muted">${view.ticker}</small></h1>
    <p class="muted">${data.stockInfo.stock_full_name}</p>
    <nav class="grounds" aria-label="${view.groundsLabel}">
      ${data.tradingGrounds.map((ground, index) => {
        const href = stockUrl(data.stringId, index === 0 ? null : ground.id);
        return ground.id === data.groundId
          ? html`<a href="${href}" aria-current="page" data-ground-id="${ground.id}">${ground.text}</a>`
          : html`<a href="${href}" data-ground-id="${ground.id}">${ground.text}</a>`;
      })}
    </nav>
    ${elementsBlock(view.elements)}
  </main>`;
}
