/**
 * The nonce of a page served under a strict Content-Security-Policy (`style-src 'nonce-…'`), for
 * the few `<style>` elements a library still inserts (amCharts' Root, the style fallback of
 * browsers without constructed sheets). The page gives it as `<meta property="csp-nonce"
 * nonce="…">` (the convention Vite uses); failing that, any nonced script of the page carries it.
 * Browsers hide a nonce from `getAttribute` once the page is parsed, so the `nonce` property is
 * read. An empty string means no nonce: pages without a CSP need none.
 */
export function cspNonce(root: Document = document): string {
  const carrier =
    root.querySelector<HTMLElement>('meta[property="csp-nonce"]') ??
    root.querySelector<HTMLElement>('script[nonce]');
  if (!carrier) return '';
  return carrier.nonce || carrier.getAttribute('nonce') || '';
}
