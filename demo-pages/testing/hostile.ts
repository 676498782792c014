/**
 * Hostile data for the browser gates (issue 11, "Hostile data"): a corpus of XSS payloads in the
 * style of DOMPurify's and OWASP's lists, a trap that counts any payload that runs, and a look
 * into every shadow root for what a payload would leave behind. Each payload calls
 * `window.__pwned(id)` if it runs, marks every element it would create with `data-xss`, and
 * carries the text `xss-mark-<id>`, so a test can tell "ran", "became markup" and "shown as text"
 * apart.
 */
import type { Page } from '@playwright/test';

/** The text each placement carries, to find it shown as text. */
export const markOf = (id: number): string => `xss-mark-${id}`;

/** The payloads: each a function of the placement's id (what `__pwned` reports). */
export const PAYLOADS: ReadonlyArray<(id: number) => string> = [
  (id) => `<img data-xss src=x onerror="__pwned(${id})">${markOf(id)}`,
  (id) => `<svg data-xss onload=__pwned(${id})>${markOf(id)}`,
  (id) => `"'><img data-xss src=x onerror=__pwned(${id})>${markOf(id)}`,
  (id) => `'"></textarea></title></style></script><script data-xss>__pwned(${id})</script>${markOf(id)}`,
  (id) => `javascript:__pwned(${id})//${markOf(id)}`,
  (id) => ` JaVaScRiPt:__pwned(${id})//${markOf(id)}`,
  (id) => `\tjava\nscript:__pwned(${id})//${markOf(id)}`,
  (id) => `&#106;avascript:__pwned(${id})//${markOf(id)}`,
  (id) => `data:text/html,<script data-xss>parent.__pwned(${id})</script>${markOf(id)}`,
  (id) => `vbscript:msgbox(${id})//${markOf(id)}`,
  (id) => `//evil.example/${markOf(id)}`,
  (id) => `{{constructor.constructor('__pwned(${id})')()}}\${__pwned(${id})}${markOf(id)}`,
  // The highlighted search variant: `<b>` around the match, with markup hidden next to it.
  (id) =>
    `<b>${markOf(id)}</b><b onmouseover=__pwned(${id}) data-xss>x</b><img data-xss src=x onerror=__pwned(${id})>`,
  (id) => `<a data-xss href="javascript:__pwned(${id})">${markOf(id)}</a>`,
  (id) => `<iframe data-xss srcdoc="<script>parent.__pwned(${id})</script>"></iframe>${markOf(id)}`,
  (id) => `<details data-xss open ontoggle=__pwned(${id})>${markOf(id)}`,
  (id) => `<math><mtext><table><mglyph><style><img data-xss src=x onerror=__pwned(${id})>${markOf(id)}`,
  (id) => `<input data-xss autofocus onfocus=__pwned(${id})><style>*{display:none}</style>${markOf(id)}`,
  // Right-to-left override, zero-width characters and a very long string.
  (id) => `\u202e${markOf(id)}\u200b\u200d\u2066<img data-xss src=x onerror=__pwned(${id})>\u2069`,
  (id) => `${markOf(id)}${'W'.repeat(4000)}<img data-xss src=x onerror=__pwned(${id})>`,
];

/** What ran: the ids `__pwned` was called with, and the dialogs a payload opened. */
export interface Trap {
  executed: number[];
  dialogs: string[];
}

/**
 * Installs the trap in every frame of the page, surviving navigations: `__pwned(id)` records the
 * id in the test, and any dialog (an `alert` a payload might use) is counted and dismissed.
 */
export async function installTrap(page: Page): Promise<Trap> {
  const trap: Trap = { executed: [], dialogs: [] };
  page.on('dialog', (dialog) => {
    trap.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.exposeFunction('__pwned', (id: number) => void trap.executed.push(id));
  return trap;
}

/**
 * Replaces string leaves of a JSON value: `pick` gives the new text (or undefined to keep one).
 * A leaf's path is written as the page-data check names fields (`tradingGrounds[0].text`).
 */
export function replaceStrings(
  value: unknown,
  pick: (leaf: string, index: number, path: string) => string | undefined,
): { value: unknown; placed: number } {
  let index = 0;
  let placed = 0;
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string') {
      const next = pick(node, index++, path);
      if (next === undefined) return node;
      placed += 1;
      return next;
    }
    if (Array.isArray(node)) return node.map((child, i) => walk(child, `${path}[${i}]`));
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [key, walk(child, path ? `${path}.${key}` : key)]),
      );
    }
    return node;
  };
  return { value: walk(value, ''), placed };
}

/**
 * Replaces string leaves of page data like replaceStrings, but keeps the leaves the page-data
 * check refuses (a language code, an address): those make the element show the check's message
 * instead of rendering, which would leave the batch's other leaves untried. Returns their paths.
 */
export function replacePageData(
  value: unknown,
  check: (value: unknown, path: string) => unknown,
  pick: (leaf: string, index: number) => string | undefined,
): { value: unknown; placed: number; refused: string[] } {
  const refused = new Set<string>();
  for (;;) {
    const hostile = replaceStrings(value, (leaf, index, path) =>
      refused.has(path) ? undefined : pick(leaf, index),
    );
    try {
      check(hostile.value, '');
      return { ...hostile, refused: [...refused] };
    } catch (error) {
      const path = (error as { path?: unknown }).path;
      if (typeof path !== 'string' || refused.has(path)) throw error;
      refused.add(path);
    }
  }
}

/** What the payloads left in the page: injected elements, unsafe links, marks shown as text. */
export interface Aftermath {
  /** Elements a payload created (`data-xss`), as `tag in host`. */
  injected: string[];
  /** Links, frames and forms whose address has a scheme outside the allow-list. */
  unsafeLinks: string[];
  /** Placement ids whose mark is shown as text (or as a form field's value). */
  shown: number[];
}

/** Looks through the document and every shadow root in it (nested ones too). */
export function aftermath(page: Page): Promise<Aftermath> {
  return page.evaluate(() => {
    const allowed = new Set(['http:', 'https:', 'mailto:', 'tel:', 'about:']);
    const result = { injected: [] as string[], unsafeLinks: [] as string[], shown: new Set<number>() };
    const readMarks = (text: string) => {
      for (const match of text.matchAll(/xss-mark-(\d+)/g)) result.shown.add(Number(match[1]));
    };
    const visit = (root: Document | ShadowRoot, where: string) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.hasAttribute('data-xss')) result.injected.push(`${element.localName} in ${where}`);
        const address =
          element instanceof HTMLAnchorElement || element instanceof HTMLAreaElement
            ? element.href && element.protocol
            : element instanceof HTMLIFrameElement || element instanceof HTMLEmbedElement
              ? element.src && new URL(element.src, location.href).protocol
              : element instanceof HTMLFormElement
                ? element.action && new URL(element.action, location.href).protocol
                : null;
        if (address && !allowed.has(address))
          result.unsafeLinks.push(`${element.localName} ${address} in ${where}`);
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
          readMarks(element.value);
        if (element.shadowRoot) visit(element.shadowRoot, element.localName);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(parent.tagName)) continue;
        if (parent.checkVisibility()) readMarks(node.textContent ?? '');
      }
    };
    visit(document, 'document');
    return { injected: result.injected, unsafeLinks: result.unsafeLinks, shown: [...result.shown] };
  });
}
