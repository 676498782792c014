/**
 * A polite live region in the page's light DOM (TECH-NOTES: Chromium does not reliably announce
 * live regions inside shadow roots, nor a region created already holding its text). Elements
 * prepare it when they mount, long before they have anything to say, and announce through it.
 */
const SELECTOR = '[data-fin-announcer="polite"]';

/** The page's polite announcer, created (empty, visually hidden) if the page has none yet. */
export function politeAnnouncer(doc: Document = document): HTMLElement {
  const found = doc.querySelector<HTMLElement>(SELECTOR);
  if (found) return found;
  const region = doc.createElement('div');
  region.dataset.finAnnouncer = 'polite';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // CSSOM, not a style attribute: allowed under a strict CSP.
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  });
  doc.body.append(region);
  return region;
}

/** Says `text` once through the polite announcer. */
export function announcePolitely(text: string, doc: Document = document): void {
  politeAnnouncer(doc).textContent = text;
}
