/** The HTML answer of a page that failed (404 unknown stock, 400 bad id, 500). */
import { html, type SafeHtml } from './html.ts';

export function errorPageBody(status: number, heading: string, detail: string | null): SafeHtml {
  return html`<main>
    <h1>${heading}</h1>
    ${detail ? html`<p>${detail}</p>` : null}
    <p class="muted">HTTP ${status} · <a href="/">fin-elements demo</a></p>
  </main>`;
}
