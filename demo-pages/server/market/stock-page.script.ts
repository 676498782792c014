/**
 * The stock page's own script, served as a module from the server's origin (no inline script, so
 * it runs under a strict CSP): what the server rendered around the elements follows the ground
 * the page shows. A ground switch without a reload (the elements' select or table, the page's
 * ground links, Back and Forward) changes the address; then the ground links mark the ground
 * shown, the title and the heading's ticker are those the server renders for it (carried by each
 * ground link), and the language links and the log-in link lead back to this address.
 */
import type { FastifyInstance } from 'fastify';

export const STOCK_PAGE_SCRIPT_URL = '/assets/stock-page.js';

const SCRIPT = `
const groundLinks = () => [...document.querySelectorAll('.grounds a[data-ground-id]')];

/** Everything outside the elements that names the page's address and ground, set from the address. */
function followAddress() {
  const here = location.pathname;
  const current = groundLinks().find((link) => link.getAttribute('href') === here);
  if (current) {
    for (const link of groundLinks()) {
      if (link === current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    if (current.dataset.title) document.title = current.dataset.title;
    const ticker = document.querySelector('h1 [data-ground-ticker]');
    if (ticker && current.dataset.ticker) ticker.textContent = current.dataset.ticker;
  }
  // The language links: this address in another language.
  for (const link of document.querySelectorAll('.shell-langs a[hreflang]')) {
    const lang = new URL(link.href).searchParams.get('lang');
    if (!lang) continue;
    const next = new URL(location.href);
    next.searchParams.set('lang', lang);
    link.setAttribute('href', next.pathname + next.search);
  }
  // The log-in link comes back here after signing in.
  for (const link of document.querySelectorAll('.shell-user a[href^="/login/"]')) {
    const next = new URL(link.href);
    next.searchParams.set('back', location.pathname + location.search);
    link.setAttribute('href', next.pathname + next.search);
  }
}

// The shared ground store announces a switch once the address is rewritten; Back and Forward
// change the address before the elements follow.
document.addEventListener('fin-ground-change', followAddress);
addEventListener('popstate', followAddress);

// Once the elements run, a ground link switches without a reload (SPEC §2); before that, or opened
// in a new tab, it is a plain link.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element && event.target.closest('.grounds a[data-ground-id]');
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  if (!customElements.get('fin-stock-chart')) return;
  event.preventDefault();
  link.dispatchEvent(new CustomEvent('fin-ground-select', {
    detail: { groundId: Number(link.dataset.groundId) }, bubbles: true, composed: true,
  }));
});
`;

/** Serves the script; the template loads it with `<script type="module" src>`. */
export function registerStockPageScript(app: FastifyInstance): void {
  app.get(STOCK_PAGE_SCRIPT_URL, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(SCRIPT),
  );
}
