/**
 * /elements/: the catalog integrators read. Rendered from the build's custom-elements.json (written
 * by demo-pages/tools/manifest.ts from the element files), so it cannot drift from the code; each
 * element runs live.
 */
import type { CatalogElement, CatalogItem } from '../elements-manifest.ts';
import { html, trusted, type SafeHtml } from './html.ts';
import type { PageElement } from './layout.ts';
import { CATALOG_RESERVATIONS, reserveStyle } from './reserve.ts';

export const elementScript = (tag: string) => `/dist/elements/${tag}.js`;

/**
 * Pages that show every element (the catalog, the strict-CSP test) carry the stock page's data as
 * `#fin-page-data` and the issuer page's in this block, which the issuer elements' examples read.
 */
export const ISSUER_PAGE_DATA_ID = 'fin-issuer-page-data';

/**
 * An element's example as a page of every element shows it: one that reads the issuer page data
 * points at the issuer block (unless its example names a block itself).
 */
export function sharedPageExample(element: CatalogElement): string {
  if (element.pageData !== 'issuer' || /\spage-data=/.test(element.example)) return element.example;
  const open = `<${element.tagName}`;
  return element.example.startsWith(open)
    ? `${open} page-data="#${ISSUER_PAGE_DATA_ID}"${element.example.slice(open.length)}`
    : element.example;
}

/** Whether a page of these elements needs the issuer block (ISSUER_PAGE_DATA_ID). */
export const needsIssuerPageData = (elements: CatalogElement[]): boolean =>
  elements.some((element) => element.pageData === 'issuer');

/** The live examples of the catalog: markup from our own element files, so trusted. */
export function catalogElements(elements: CatalogElement[]): PageElement[] {
  return elements.map((element) => ({
    markup: trusted(sharedPageExample(element)),
    script: elementScript(element.tagName),
  }));
}

/**
 * Markdown's inline code (`#fin-page-data`) as <code>; everything else is escaped text. The text
 * is never taken as HTML.
 */
export function inlineCode(text: string): SafeHtml {
  // split() with a capture group: the odd parts are the code spans; a lone backtick stays text.
  const parts = text.split(/`([^`]+)`/);
  return html`${parts.map((part, i) => (i % 2 === 1 ? html`<code>${part}</code>` : part))}`;
}

function itemFacts(item: CatalogItem): SafeHtml | null {
  if (item.type === undefined && item.default === undefined) return null;
  return html`<span class="catalog-facts"
    >${item.type === undefined ? null : html`Type <code>${item.type}</code>`}${
      item.type !== undefined && item.default !== undefined ? ', ' : ''
    }${item.default === undefined ? null : html`default <code>${item.default}</code>`}</span
  >`;
}

function describedList(title: string, items: CatalogItem[]): SafeHtml | null {
  if (items.length === 0) return null;
  return html`<h3>${title}</h3>
    <dl>
      ${items.map(
        (item) =>
          html`<dt><code>${item.name}</code></dt>
            <dd>${inlineCode(item.description)} ${itemFacts(item)}</dd>`,
      )}
    </dl>`;
}

export function catalogPageBody(elements: CatalogElement[]): SafeHtml {
  return html`<style>
      ${trusted(reserveStyle(CATALOG_RESERVATIONS, '.catalog '))}
    </style>
    <main lang="en" class="catalog">
    <h1>Elements</h1>
    <p>
      Every element of the library with its attributes, events and styling hooks, and a live example. Load an
      element with <code>&lt;script type="module" src="/dist/elements/TAG.js"&gt;</code>, or every element with
      the classic script <code>/dist/fin-elements.legacy.js</code>. The same data is published as
      <a href="/dist/custom-elements.json">custom-elements.json</a>, with TypeScript types in
      <a href="/dist/fin-elements.d.ts">fin-elements.d.ts</a>.
    </p>
    ${elements.map(
      (element) => html`<section id="${element.tagName}" class="catalog-entry">
        <h2><code>&lt;${element.tagName}&gt;</code></h2>
        <p>${inlineCode(element.summary)}</p>
        ${
          element.pageData === 'issuer'
            ? html`<p>Reads the page data of an issuer page (<code>/company/{id}/</code>).</p>`
            : null
        }
        <h3>Example</h3>
        <pre><code>${sharedPageExample(element)}</code></pre>
        <div class="elements">${trusted(sharedPageExample(element))}</div>
        ${describedList('Attributes', element.attributes)} ${describedList('Events', element.events)}
        ${describedList('CSS parts', element.cssParts)}
        ${describedList('CSS custom properties', element.cssProperties)}
      </section>`,
    )}
  </main>`;
}

/** While the build has no custom-elements.json: what to run. */
export function catalogMissingBody(): SafeHtml {
  return html`<main lang="en" class="catalog">
    <h1>Elements</h1>
    <p>The element build has no <code>custom-elements.json</code> yet: run <code>npm run build</code>.</p>
  </main>`;
}

/** A legacy page that cannot load modules: page data plus the one classic script. */
export function legacyBundlePageBody(pageDataJson: SafeHtml): SafeHtml {
  return html`<main lang="en">
    <h1>Test: classic-script bundle</h1>
    <p class="muted">This page loads <code>/dist/fin-elements.legacy.js</code> with a plain script tag.</p>
    ${pageDataJson}
    <fin-price-dynamics page-data="#legacy-page-data"></fin-price-dynamics>
    <fin-network-graph
      data-url="/api/company/1/related/"
      main-emitent-id="1"
      title="Sberbank: related companies"
      export-file-name="sberbank-related"
      export-title="Sberbank: related companies (synthetic demo data)"
    ></fin-network-graph>
    <script src="/dist/fin-elements.legacy.js" defer></script>
  </main>`;
}
