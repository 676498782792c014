/**
 * /company/{id}/: the issuer page (SPEC §2 "Issuer page blocks"), assembled from elements like the
 * stock page: the left menu in a side column (a strip at the top below 680 px), then one
 * `<section id>` per block with its heading, in SPEC order: the price-dynamics bar, the reports
 * (IFRS, RAS, FMP), multipliers, analytics comments and quarterly report files (each a
 * `<fin-issuer-reports sections>`), the consensus forecasts (hidden with their menu entry when
 * there are none) and the related issuers, still server-rendered.
 */
import type {
  IssuerReportSection,
  IssuerReportsPageData,
  RelatedLink,
} from '../../../src/contract/company.ts';
import { issuerSectionLabelKey, type IssuerPageSection } from '../../../src/contract/page-sections.ts';
import type { Lang, MaskedValue } from '../../../src/contract/types.ts';
import { formatNumber as formatContractNumber } from '../../../src/contract/format.ts';
import { breadcrumb, ELEMENT_SCRIPTS, type PageElement } from '../templates/layout.ts';
import { html, trusted, type SafeHtml } from '../templates/html.ts';
import { RELATED_TABLE_STYLE, relatedTable } from './related-table.ts';
import { ISSUER_PAGE_RESERVATIONS, reserveStyle } from '../templates/reserve.ts';

/**
 * The blocks of the issuer page in page order (their ids are the menu's, ISSUER_PAGE_MENU_SECTIONS),
 * with the section of <fin-issuer-reports> each shows.
 */
export const COMPANY_PAGE_BLOCKS: ReadonlyArray<{
  id: IssuerPageSection;
  reports?: IssuerReportSection;
}> = [
  { id: 'price_dynamics' },
  { id: 'ifrs', reports: 'ifrs' },
  { id: 'ras', reports: 'ras' },
  { id: 'ifrs_fmp', reports: 'fmp' },
  { id: 'multipliers', reports: 'multipliers' },
  { id: 'comments', reports: 'comments' },
  { id: 'quarterly_reports', reports: 'quarterly' },
  { id: 'consensus_forecasts' },
  { id: 'related_issuers' },
];

/** Whether the issuer has something for a block (the page leaves out the others, and the menu too). */
export function companyBlockShown(
  id: IssuerPageSection,
  data: IssuerReportsPageData,
  relatedCount: number,
): boolean {
  const has = (...apiUrls: string[]) => data.reports.some((tab) => apiUrls.includes(tab.apiUrl));
  switch (id) {
    case 'price_dynamics':
      return data.stockId !== null;
    case 'ifrs':
      return has('msfo', 'msfo2');
    case 'ras':
      return has('rsbu');
    case 'ifrs_fmp':
      return has('fmp');
    case 'multipliers':
      return has('msfo', 'msfo2', 'rsbu', 'fmp');
    case 'comments':
      return data.commentsCount > 0;
    case 'quarterly_reports':
      return has('quarterly');
    case 'consensus_forecasts':
      return data.hasConsensus;
    case 'related_issuers':
      return relatedCount > 0;
  }
}

const NETWORK_GRAPH: PageElement = {
  markup: html`<fin-network-graph></fin-network-graph>`,
  script: ELEMENT_SCRIPTS.networkGraph,
};

/** The element of a block. */
function blockElement(block: (typeof COMPANY_PAGE_BLOCKS)[number]): PageElement | null {
  if (block.id === 'related_issuers') return NETWORK_GRAPH;
  if (block.reports)
    return {
      markup: html`<fin-issuer-reports sections="${block.reports}"></fin-issuer-reports>`,
      script: ELEMENT_SCRIPTS.issuerReports,
    };
  if (block.id === 'price_dynamics')
    return {
      markup: html`<fin-price-dynamics variant="issuer"></fin-price-dynamics>`,
      script: ELEMENT_SCRIPTS.priceDynamics,
    };
  if (block.id === 'consensus_forecasts')
    return {
      markup: html`<fin-consensus-forecasts></fin-consensus-forecasts>`,
      script: ELEMENT_SCRIPTS.consensusForecasts,
    };
  return null;
}

const MENU: PageElement = {
  markup: html`<fin-left-menu variant="issuer"></fin-left-menu>`,
  script: ELEMENT_SCRIPTS.leftMenu,
};

/** The elements of the page (for their scripts): the menu and those of the blocks shown. */
export function companyPageElements(blocks: readonly IssuerPageSection[]): PageElement[] {
  return [
    MENU,
    ...COMPANY_PAGE_BLOCKS.filter((block) => blocks.includes(block.id)).flatMap(
      (block) => blockElement(block) ?? [],
    ),
  ];
}

export interface CompanyPageView {
  data: IssuerReportsPageData;
  /** The blocks the issuer has, in page order. */
  blocks: IssuerPageSection[];
  /** issuer:* labels, with {placeholders} filled. */
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** common:* labels. */
  common: (key: string) => string;
  /** Any label by its full key (`stock:menu_ifrs`): the section headings. */
  label: (key: string) => string;
  stocks: Array<{ name: string; url: string }>;
  /** The network graph's links (the issuer's own and its group's). */
  related: RelatedLink[];
  lang: Lang;
  /** `?related_sort=` of the request: the no-JS table's sort. */
  relatedSort: unknown;
  /** The page's address with another `related_sort` (null: the default order). */
  relatedSortHref: (value: string | null) => string;
}

/**
 * SPEC §9 through the elements' own formatter (thousands by a narrow no-break space, so a number
 * never breaks across lines); masked and missing values as the elements show them, and no ".00".
 */
export function formatNumber(value: MaskedValue, decimals = 1): string {
  if (value === null) return '—';
  if (value === '***') return '***';
  const whole = Number.isInteger(Number(Math.abs(value).toFixed(decimals)));
  return formatContractNumber(value, whole ? 0 : decimals);
}

/**
 * The related issuers block: the network graph's links as a table, which the page shows without
 * JavaScript (the network graph element wraps it and offers it as its table view).
 */
function relatedList(view: CompanyPageView): SafeHtml {
  return relatedTable({
    links: view.related,
    mainEmitentId: view.data.emitentId,
    lang: view.lang,
    title: view.data.graph?.title ?? '',
    sort: view.relatedSort,
    sortHref: view.relatedSortHref,
    label: (key, vars) =>
      key.startsWith('issuer:') ? view.t(key.slice('issuer:'.length), vars) : view.label(key),
  });
}

/** Sections whose element shows its own title: their heading is for screen readers and the menu. */
const TITLED_BY_ELEMENT: ReadonlySet<IssuerPageSection> = new Set(['price_dynamics']);

const STYLE = `
  main.company-page { max-width: 1240px; }
  .company-layout { display: grid; grid-template-columns: 210px minmax(0, 1fr); gap: 32px; align-items: start; }
  .company-aside { position: sticky; top: 16px; max-height: calc(100vh - 32px); overflow-y: auto; }
  .company-section { margin: 0 0 36px; scroll-margin-top: 16px; }
  .company-section:focus { outline: none; }
  .company-section > h2 { margin: 0 0 12px; font-size: 1.25rem; }
  .company-section > :not(h2) { display: block; }
  .company-section > h2.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; margin: 0; }
  /* A block whose element hid itself (no consensus forecasts) leaves no heading behind. */
  .company-section:has(> [hidden]) { display: none; }
  .company-stocks { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 20px; padding: 0; list-style: none; }
  @media (max-width: 679.98px) {
    main.company-page { padding-top: 0; }
    .company-layout { display: block; }
    .company-aside { position: sticky; top: 0; z-index: 5; max-height: none; overflow: visible; margin: 0 -24px 16px;
      padding: 0 24px; background: #f4f5f8; border-bottom: 1px solid #dde1e8; }
    .company-section { scroll-margin-top: 60px; }
  }
${reserveStyle(ISSUER_PAGE_RESERVATIONS)}
${RELATED_TABLE_STYLE}`;

function blockContent(view: CompanyPageView, block: (typeof COMPANY_PAGE_BLOCKS)[number]): SafeHtml | null {
  // The graph reads the page data's `graph`; the server's list inside is what a browser without
  // JavaScript shows (and the graph's fallback when it cannot be drawn).
  if (block.id === 'related_issuers')
    return html`<fin-network-graph>${relatedList(view)}</fin-network-graph>`;
  const element = blockElement(block);
  return element ? element.markup : null;
}

export function companyPageBody(view: CompanyPageView): SafeHtml {
  const { data } = view;
  const blocks = COMPANY_PAGE_BLOCKS.filter((block) => view.blocks.includes(block.id));
  return html`<style>
      ${trusted(STYLE)}
    </style>
    <main class="company-page">
      ${breadcrumb(view.common('breadcrumbs'))}
      <h1>${data.emitentName}</h1>
      <p class="muted">${data.emitentFullName}</p>
      ${
        view.stocks.length
          ? html`<nav aria-label="${view.t('stocks_title')}">
              <ul class="company-stocks">
                ${view.stocks.map((stock) => html`<li><a href="${stock.url}">${stock.name}</a></li>`)}
              </ul>
            </nav>`
          : null
      }
      <div class="company-layout">
        <aside class="company-aside">${MENU.markup}</aside>
        <div class="company-sections">
          ${blocks.map((block) => {
            const id = block.id;
            const title = view.label(issuerSectionLabelKey(id));
            const titled = TITLED_BY_ELEMENT.has(id);
            const heading = titled
              ? html`<h2 id="${id}-title" class="visually-hidden">${title}</h2>`
              : html`<h2 id="${id}-title">${title}</h2>`;
            // A section whose element is itself a named region (price dynamics) is not named again.
            const named = titled ? '' : trusted(` aria-labelledby="${id}-title"`);
            return html`<section id="${id}" class="company-section" tabindex="-1"${named}>
              ${heading} ${blockContent(view, block)}
            </section>`;
          })}
        </div>
      </div>
    </main>`;
}
