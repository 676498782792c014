/**
 * The page's bottom bars (ad strip, registration banner, app offer, cookie consent) stacked one
 * above the other, and the room the page keeps for them: each bar's host carries its height in
 * `data-fin-bottom-bar`; the stack is laid out from the DOM (so bars of separately built
 * elements agree), each host gets its `--fin-bar-offset`, and the page gets
 * `--fin-bottom-offset` on <html> and as much bottom padding on <body>, so no bar ever covers the
 * page's last content. Other things fixed to the bottom (the alerts) can sit above
 * `var(--fin-bottom-offset)`.
 */
export const BOTTOM_BAR_ATTRIBUTE = 'data-fin-bottom-bar';
const ROOM_ATTRIBUTE = 'data-fin-bottom-room';

export function layoutBottomBars(doc: Document = document): number {
  const hosts = [...doc.querySelectorAll<HTMLElement>(`[${BOTTOM_BAR_ATTRIBUTE}]`)];
  let offset = 0;
  // The last bar in the document sits lowest.
  for (const host of hosts.reverse()) {
    host.style.setProperty('--fin-bar-offset', `${offset}px`);
    offset += Number(host.getAttribute(BOTTOM_BAR_ATTRIBUTE)) || 0;
  }
  const room = `${Math.ceil(offset)}px`;
  doc.documentElement.style.setProperty('--fin-bottom-offset', room);
  const { body } = doc;
  if (offset > 0) {
    // The page's own inline padding is kept to be put back when the last bar closes.
    if (!body.hasAttribute(ROOM_ATTRIBUTE)) body.setAttribute(ROOM_ATTRIBUTE, body.style.paddingBottom);
    // Plus the room the alerts stack asks for while it shows (src/runtime/messages), which the
    // page's own stylesheet would give and this inline padding would otherwise override.
    body.style.paddingBottom = `calc(${room} + var(--fin-alerts-room, 0px))`;
  } else if (body.hasAttribute(ROOM_ATTRIBUTE)) {
    body.style.paddingBottom = body.getAttribute(ROOM_ATTRIBUTE) ?? '';
    body.removeAttribute(ROOM_ATTRIBUTE);
    doc.documentElement.style.removeProperty('--fin-bottom-offset');
  }
  return offset;
}

/**
 * Before a bar that holds the focus goes away: the focus moves to the page's content (its
 * `#content` or `main`, without scrolling) instead of falling to the document.
 */
export function keepFocusOnPage(host: HTMLElement): void {
  if (!host.shadowRoot?.activeElement) return;
  const doc = host.ownerDocument;
  const target = doc.getElementById('content') ?? doc.querySelector<HTMLElement>('main');
  if (target) {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  } else (doc.activeElement as HTMLElement | null)?.blur();
}

/**
 * Whether an Escape belongs to something else that is open (a dialog, a menu, a list box, an
 * expanded control): the bars close with Escape only when nothing else would.
 */
export function escapeBelongsElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  for (const node of event.composedPath()) {
    if (
      node instanceof Element &&
      node.matches(
        'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-expanded="true"]',
      )
    )
      return true;
  }
  return event.view?.document.querySelector('dialog[open], [aria-modal="true"]') != null;
}
