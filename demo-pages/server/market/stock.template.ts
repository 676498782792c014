/**
 * /stocks/{stringId}/[{groundId}/]: the stock page template with its elements dropped in, each in
 * a `<section id>` with its heading (the anchors of the left menu, SPEC §2), and the left menu
 * in a side column (sticky on desktop, a strip at the top below 680 px).
 */
import type { MarketStockPageData } from '../../../src/contract/stocks.ts';
import { stockSectionLabelKey } from '../../../src/contract/page-sections.ts';
import type { Lang, StockPageData } from '../../../src/contract/types.ts';
import { stockUrl } from './stock.page-data.ts';
import { breadcrumb, ELEMENT_SCRIPTS, type PageElement } from '../templates/layout.ts';
import { html, trusted, type SafeHtml } from '../templates/html.ts';
import { STOCK_PAGE_SCRIPT_URL } from './stock-page.script.ts';
import { reserveStyle, STOCK_PAGE_RESERVATIONS } from '../templates/reserve.ts';

/**
 * The sections of the stock page in page order. Their ids are those of SPEC §2's left menu
 * (`stock:menu_<id>` labels), in the menu's order, except the price dynamics and the exchange
 * table, which the menu does not list (`stock:section_<id>`): the price dynamics come first, the
 * quote summary above the chart (SPEC §1 "price dynamics, price chart…"), and the exchange
 * table right after the chart, whose ground it switches.
 */
export const STOCK_PAGE_SECTIONS = [
  'price_dynamics',
  'graph',
  'exchange',
  'dividends',
  'other_stocks',
  'other_bonds',
  'indexes',
  'holders',
  'growing_leaders',
] as const;

export type StockPageSection = (typeof STOCK_PAGE_SECTIONS)[number];

/** Sections whose element shows its own title: their heading is for screen readers and the menu. */
const TITLED_BY_ELEMENT: ReadonlySet<StockPageSection> = new Set(['price_dynamics']);

export interface StockPageElement extends PageElement {
  /** Where it goes: a section (default `graph`, the chart elements) or `aside`, the side column. */
  section?: StockPageSection | 'aside';
}

/** The elements of the stock page, in page order within each section. Add new ones here. */
export function stockPageElements(): StockPageElement[] {
  return [
    { markup: html`<fin-stock-chart></fin-stock-chart>`, script: ELEMENT_SCRIPTS.stockChart },
    { section: 'aside', markup: html`<fin-left-menu></fin-left-menu>`, script: ELEMENT_SCRIPTS.leftMenu },
    // Graph: the chart (with its own comparison field) and the archive table.
    { markup: html`<fin-archive-table></fin-archive-table>`, script: ELEMENT_SCRIPTS.archiveTable },
    {
      section: 'price_dynamics',
      markup: html`<fin-price-dynamics></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    },
    {
      section: 'exchange',
      markup: html`<fin-exchange-table></fin-exchange-table>`,
      script: ELEMENT_SCRIPTS.exchangeTable,
    },
    {
      section: 'dividends',
      markup: html`<fin-dividends-table></fin-dividends-table>`,
      script: ELEMENT_SCRIPTS.dividendsTable,
    },
    { section: 'holders', markup: html`<fin-holders></fin-holders>`, script: ELEMENT_SCRIPTS.holders },
    {
      section: 'other_stocks',
      markup: html`<fin-related-list kind="stocks"></fin-related-list>`,
      script: ELEMENT_SCRIPTS.relatedList,
    },
    {
      section: 'other_bonds',
      markup: html`<fin-related-list kind="bonds"></fin-related-list>`,
      script: ELEMENT_SCRIPTS.relatedList,
    },
    {
      section: 'indexes',
      markup: html`<fin-related-list kind="indexes"></fin-related-list>`,
      script: ELEMENT_SCRIPTS.relatedList,
    },
    {
      section: 'growing_leaders',
      markup: html`<fin-leaders></fin-leaders>`,
      script: ELEMENT_SCRIPTS.leaders,
    },
  ];
}

export interface StockPageView {
  lang: Lang;
  data: StockPageData;
  name: string;
  ticker: string;
  emitent: { id: number; name: string } | null;
  groundsLabel: string;
  /** The page title and the ticker on each trading ground of the stock (what a switch to it shows). */
  groundNames: Record<number, { title: string; ticker: string }>;
  elements: StockPageElement[];
  /** Labels in the page's language (section headings). */
  t: (key: string) => string;
}

/**
 * Whether a section has anything to show for this stock: the server knows its page data, so a
 * list the stock does not have leaves no empty heading (and no left-menu entry).
 */
export function sectionHasContent(section: StockPageSection, data: StockPageData): boolean {
  const market = data as Partial<MarketStockPageData>;
  switch (section) {
    case 'graph':
      return !data.hideGraph;
    case 'dividends':
      return data.dividendsTable.data.length > 0 || data.nearestDividend !== null;
    case 'exchange':
      return data.exchangeTable.data.length > 0;
    case 'other_stocks':
      return data.emitentSharesStocksList.length > 0;
    case 'other_bonds':
      return (market.emitentSharesBondsList ?? data.emitentSharesBondsList).length > 0;
    case 'indexes':
      return (market.indexesList ?? data.indexesList).length > 0;
    default:
      return true;
  }
}

export function sectionTitleKey(section: StockPageSection, data?: StockPageData): string {
  // The leaders of a stock without a branch are those of the whole market, not of its sector.
  if (section === 'growing_leaders' && data && (data as Partial<MarketStockPageData>).branchId === null) {
    return 'stock:leaders_caption';
  }
  return stockSectionLabelKey(section);
}

const STYLE = `
  main.stock-page { max-width: 1240px; }
  .stock-layout { display: grid; grid-template-columns: 210px minmax(0, 1fr); gap: 32px; align-items: start; }
  .stock-aside { position: sticky; top: 16px; max-height: calc(100vh - 32px); overflow-y: auto; }
  .stock-section { margin: 0 0 36px; scroll-margin-top: 16px; }
  .stock-section:focus { outline: none; }
  .stock-section > h2 { margin: 0 0 12px; font-size: 1.25rem; }
  .stock-section > * + fin-archive-table, .stock-section > * + fin-compare-search { margin-top: 16px; }
  .stock-section > :not(h2) { display: block; }
  .stock-section > h2.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; margin: 0; }
  @media (max-width: 679.98px) {
    main.stock-page { padding-top: 0; }
    .stock-layout { display: block; }
    .stock-aside { position: sticky; top: 0; z-index: 5; max-height: none; overflow: visible; margin: 0 -24px 16px;
      padding: 0 24px; background: #f4f5f8; border-bottom: 1px solid #dde1e8; }
    .stock-section { scroll-margin-top: 60px; }
  }
${reserveStyle(STOCK_PAGE_RESERVATIONS)}`;

export function stockPageBody(view: StockPageView): SafeHtml {
  const { data, t } = view;
  const inSection = (section: StockPageSection | 'aside') =>
    view.elements.filter((element) => (element.section ?? 'graph') === section);
  const sections = STOCK_PAGE_SECTIONS.filter(
    (section) => inSection(section).length > 0 && sectionHasContent(section, data),
  );
  return html`<style>
      ${trusted(STYLE)}
    </style>
    <main class="stock-page">
      ${breadcrumb(
        t('common:breadcrumbs'),
        view.emitent ? html` › <a href="/company/${view.emitent.id}/">${view.emitent.name}</a>` : null,
      )}
      <h1>${view.name} <small class="muted" data-ground-ticker>${view.ticker}</small></h1>
      <p class="muted">${data.stockInfo.stock_full_name}</p>
      <nav class="grounds" aria-label="${view.groundsLabel}">
        ${data.tradingGrounds.map((ground, index) => {
          const href = stockUrl(data.stringId, index === 0 ? null : ground.id);
          // What the page names for this ground, for the page's script to show after a switch.
          const names = view.groundNames[ground.id];
          const marks = html`data-ground-id="${ground.id}" data-title="${names?.title ?? ''}"
            data-ticker="${names?.ticker ?? ''}"`;
          return ground.id === data.groundId
            ? html`<a href="${href}" aria-current="page" ${marks}>${ground.text}</a>`
            : html`<a href="${href}" ${marks}>${ground.text}</a>`;
        })}
      </nav>
      <div class="stock-layout">
        <aside class="stock-aside">${inSection('aside').map((element) => element.markup)}</aside>
        <div class="stock-sections">
          ${sections.map((section) => {
            const title = t(sectionTitleKey(section, data));
            const heading = TITLED_BY_ELEMENT.has(section)
              ? html`<h2 id="${section}-title" class="visually-hidden">${title}</h2>`
              : html`<h2 id="${section}-title">${title}</h2>`;
            // A section whose element is itself a named region (price dynamics) is not named again:
            // two landmarks of one name would be one too many for screen-reader users.
            const named = TITLED_BY_ELEMENT.has(section)
              ? ''
              : trusted(` aria-labelledby="${section}-title"`);
            return html`<section id="${section}" class="stock-section" tabindex="-1"${named}>
              ${heading} ${inSection(section).map((element) => html`${element.markup} `)}
            </section>`;
          })}
        </div>
      </div>
    </main>
    <script type="module" src="${STOCK_PAGE_SCRIPT_URL}"></script>`;
}
