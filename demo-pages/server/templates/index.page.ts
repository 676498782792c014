/** /: the index of the demo, for integrators and testers (in English, whatever the page language). */
import { html, type SafeHtml } from './html.ts';

export interface IndexView {
  featured: Array<{ url: string; title: string; note: string }>;
  stocks: Array<{ url: string; title: string }>;
  companies: Array<{ url: string; title: string }>;
  bonds: Array<{ url: string; title: string }>;
  indexes: Array<{ url: string; title: string }>;
  etfs: Array<{ url: string; title: string }>;
  asOf: string;
  devTools: boolean;
}

export function indexPageBody(view: IndexView): SafeHtml {
  return html`<main lang="en">
    <h1>fin-elements reference server</h1>
    <p>
      This server plays the legacy server-rendered portal: its pages inject page data the way a legacy
      template would and drop in the custom elements; its API answers every call the elements make. Company
      names and ISINs are real; <strong>every price, volume and dividend is synthetic</strong>, generated
      deterministically up to <time datetime="${view.asOf}">${view.asOf}</time>.
    </p>

    <h2>Stock pages</h2>
    <ul>
      ${view.featured.map((page) => html`<li><a href="${page.url}">${page.title}</a> <span class="muted">— ${page.note}</span></li>`)}
    </ul>
    <details>
      <summary>All stocks</summary>
      <ul>
        ${view.stocks.map((page) => html`<li><a href="${page.url}">${page.title}</a></li>`)}
      </ul>
    </details>
    <p>
      Append <code>?format=json</code> to a stock page for its page data, <code>?lang=eng</code> (or pol, ita,
      deu, esp, chn, ukr, fra, tur, rus) to switch the language, <code>?show_labels=1</code> to see label
      keys.
    </p>

    <h2>Issuer pages</h2>
    <ul>
      ${view.companies.map((page) => html`<li><a href="${page.url}">${page.title}</a></li>`)}
    </ul>

    <h2>Bonds, indexes and ETFs</h2>
    ${(
      [
        ['Bonds', view.bonds],
        ['Indexes', view.indexes],
        ['ETFs', view.etfs],
      ] as const
    ).map(
      ([title, pages]) => html`<details>
        <summary>${title} (${pages.length})</summary>
        <ul>
          ${pages.map((page) => html`<li><a href="${page.url}">${page.title}</a></li>`)}
        </ul>
      </details>`,
    )}

    <h2>Other pages</h2>
    <ul>
      <li><a href="/elements/">Elements</a> — every element with its attributes, events and a live example</li>
      <li><a href="/search/?q=sber">Search</a> — site-wide search with category tabs (<code>?q=</code>, <code>&amp;tab=</code>)</li>
      <li><a href="/watchlist/">Watchlist</a> — the signed-in user's stocks</li>
      <li><a href="/profile/access/">Access levels</a> and <a href="/profile_access/">access request</a></li>
      <li><a href="/partner/">Partner demo</a> — a partner's site on a second origin (<code>PARTNER_PORT</code>) embedding <code>&lt;fin-chart&gt;</code></li>
    </ul>

    <h2>Demo accounts</h2>
    <p>
      Prices are masked on the server: anonymous visitors see <code>***</code>, signed-in users see the last
      price, paid users (access level 1077) see everything. <a href="/login/">Sign in</a> with:
    </p>
    <ul>
      <li><code>+79000000001</code> — registered free user (access level 0, no tariffs)</li>
      <li><code>+79000000002</code> — paid user (access level 1077, tariff 677)</li>
      <li>any other valid phone number — registers a new free user</li>
    </ul>
    ${
      view.devTools
        ? html`<p>
              No SMS is sent: the codes are listed at <a href="/dev/outbox">/dev/outbox</a> (development
              only).
            </p>
            <h2>Test pages</h2>
            <ul>
              <li>
                <a href="/test/malformed-page-data/">Malformed page data</a> — one element with broken page
                data, one with valid data
              </li>
              <li><a href="/dev/action-log">/dev/action-log</a> — the actions the pages logged</li>
              <li><a href="/test/legacy-bundle/">Classic-script bundle</a> — the elements on a page without modules</li>
            </ul>`
        : html`<p>No SMS is sent in this demo.</p>`
    }
  </main>`;
}
