/**
 * /elements/: the catalog integrators read. Generated from the same JSDoc as custom-elements.json
 * (demo-pages/tools/manifest.ts), so it cannot drift from the code; each element runs live.
 */
import type { ElementDoc } from '../../tools/manifest.ts';
import { html, trusted, type SafeHtml } from './html.ts';
import type { PageElement } from './layout.ts';

export const elementScript = (tag: string) => `/dist/elements/${tag}.js`;

/** The live examples of the catalog: markup from our own element files, so trusted. */
export function catalogElements(docs: ElementDoc[]): PageElement[] {
  return docs.map((doc) => ({ markup: trusted(doc.example), script: elementScript(doc.tagName) }));
}

function describedList(title: string, items: ElementDoc['attributes']): SafeHtml | null {
  if (items.length === 0) return null;
  return html`<h3>${title}</h3>
    <dl>
      ${items.map((item) => html`<dt><code>${item.name}</code></dt><dd>${item.description}</dd>`)}
    </dl>`;
}

export function catalogPageBody(docs: ElementDoc[]): SafeHtml {
  return html`<main lang="en">
    <h1>Elements</h1>
    <p>
      Every element of the library with its attributes, events and styling hooks, and a live example. Load an
      element with <code>&lt;script type="module" src="/dist/elements/TAG.js"&gt;</code>, or every element with
      the classic script <code>/dist/fin-elements.legacy.js</code>. The same data is published as
      <a href="/dist/custom-elements.json">custom-elements.json</a>.
    </p>
    ${docs.map(
      (doc) => html`<section id="${doc.tagName}" class="catalog-entry">
        <h2><code>&lt;${doc.tagName}&gt;</code></h2>
        <p>${doc.summary}</p>
        <h3>Example</h3>
        <pre><code>${doc.example}</code></pre>
        <div class="elements">${trusted(doc.example)}</div>
        ${describedList('Attributes', doc.attributes)} ${describedList('Events', doc.events)}
        ${describedList('CSS parts', doc.cssParts)} ${describedList('CSS custom properties', doc.cssProperties)}
      </section>`,
    )}
  </main>`;
}

/** A legacy page that cannot load modules: page data plus the one classic script. */
export function legacyBundlePageBody(pageDataJson: SafeHtml): SafeHtml {
  return html`<main lang="en">
    <h1>Test: classic-script bundle</h1>
    <p class="muted">This page loads <code>/dist/fin-elements.legacy.js</code> with a plain script tag.</p>
    ${pageDataJson}
    <fin-price-dynamics page-data="#legacy-page-data"></fin-price-dynamics>
    <script src="/dist/fin-elements.legacy.js" defer></script>
  </main>`;
}
