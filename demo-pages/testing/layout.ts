/**
 * The layout detector of the layout gate (DESIGN §5: no sideways page scroll and no clipped table
 * header at 320 / 375 / 1280 px): what a reader would see cut off on the page as it is now, in the
 * light DOM and inside every open shadow root.
 *
 * - The page scrolls sideways: `scrollWidth > clientWidth` of the document, with the outermost
 *   elements that reach past the window's right edge.
 * - A table header cell is clipped: its content is wider than the cell, or the cell lies (partly)
 *   outside the box that clips it (a scroll box, `overflow: hidden`) and that box shows no scroll
 *   affordance (a visible element marked `data-scroll-hint` in it or next to it). At desktop
 *   width (a window of 1280 px or more) no affordance excuses it: every column fits there.
 * - A heading (h1–h6, role=heading) is clipped the same way (no affordance excuses a heading).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** From this window width on, a column heading behind a sideways scroll is a failure, hint or not. */
export const DESKTOP_WIDTH_PX = 1280;

export interface LayoutProblem {
  kind: 'page-scroll' | 'clipped-header' | 'clipped-heading';
  /** How far it reaches out, in CSS px. */
  px: number;
  /** The element: shadow hosts down to it, e.g. `fin-archive-table >> th[data-field="change"] "Change, %"`. */
  element: string;
}

/** The layout problems of the page as laid out now (see the module comment). */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate((desktopWidth) => {
    const problems: LayoutProblem[] = [];
    const root = document.documentElement;

    /** Every element, light DOM and open shadow roots, in document order. */
    const all: Element[] = [];
    const walk = (node: Document | ShadowRoot | Element) => {
      for (const child of node.children) {
        all.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    walk(document);

    const parentOf = (element: Element): Element | null =>
      element.parentElement ?? ((element.getRootNode() as ShadowRoot).host || null);
    const describe = (element: Element): string => {
      const hosts: string[] = [];
      for (let node = element.getRootNode(); node instanceof ShadowRoot; node = node.host.getRootNode())
        hosts.unshift(`${node.host.localName}${node.host.id ? `#${node.host.id}` : ''}`);
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const field = element.getAttribute('data-field');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const self = `${element.localName}${id}${classes}${field ? `[data-field="${field}"]` : ''}`;
      return [...hosts, `${self}${text ? ` "${text}"` : ''}`].join(' >> ');
    };
    /** Laid out and visible, bigger than the 1 px of visually-hidden text. */
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    /** The nearest ancestor that clips its content horizontally (scroll boxes included). */
    const clipper = (element: Element): Element | null => {
      for (let node = parentOf(element); node && node !== root; node = parentOf(node)) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow !== 'visible') return node;
      }
      return null;
    };
    /** A visible "scroll →" hint marked `data-scroll-hint` next to the box (up to its grandparent). */
    const hinted = (box: Element): boolean => {
      const parent = box.parentNode;
      const scopes = [parent, parent instanceof Element ? parent.parentNode : null];
      return scopes.some(
        (scope) =>
          (scope instanceof Element || scope instanceof ShadowRoot) &&
          [...scope.querySelectorAll('[data-scroll-hint]')].some(shown),
      );
    };
    /** How far an element is cut: its content past its own box, or itself past its clipping box. */
    const cut = (element: Element): { px: number; box: Element | null } => {
      const inner = element.scrollWidth - element.clientWidth;
      if (inner > 1) return { px: inner, box: null };
      const box = clipper(element);
      if (!box) return { px: 0, box: null };
      const own = element.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      const left = frame.left + box.clientLeft;
      const right = left + box.clientWidth;
      return { px: Math.max(own.right - right, left - own.left, 0), box };
    };

    // Page scroll, with the outermost elements past the right edge.
    const width = root.clientWidth;
    // The window's width (with its scroll bar), as a media query reads it.
    const desktop = window.innerWidth >= desktopWidth;
    const excess = root.scrollWidth - width;
    if (excess > 0) {
      const offenders = all.filter((element) => {
        if (element.getBoundingClientRect().right <= width + 0.5 || !shown(element)) return false;
        const parent = parentOf(element);
        return !parent || parent === root || parent.getBoundingClientRect().right <= width + 0.5;
      });
      // Or text wider than its own box (a long word in a heading): the innermost such element.
      const spilling = all.filter(
        (element) =>
          shown(element) &&
          element.getBoundingClientRect().left + element.scrollWidth > width + 0.5 &&
          getComputedStyle(element).overflowX === 'visible' &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5),
      );
      problems.push({
        kind: 'page-scroll',
        px: excess,
        element:
          (offenders.length ? offenders : spilling.slice(-1)).slice(0, 3).map(describe).join(' | ') ||
          '(none found)',
      });
    }

    for (const element of all) {
      const header = element.localName === 'th' && element.closest('thead') !== null;
      const heading = /^h[1-6]$/.test(element.localName) || element.getAttribute('role') === 'heading';
      if ((!header && !heading) || !shown(element)) continue;
      const { px, box } = cut(element);
      if (px <= 1) continue;
      if (header && !desktop && box && box.scrollWidth > box.clientWidth && hinted(box)) continue;
      problems.push({
        kind: header ? 'clipped-header' : 'clipped-heading',
        px: Math.round(px),
        element: describe(element),
      });
    }
    return problems;
  }, DESKTOP_WIDTH_PX);
}

/**
 * Text of the elements off the type scale (src/runtime/base.css): inside an element's shadow root,
 * a size other than its element's small, base and large steps (12, 14 and 16 px of a 14 px base)
 * and the title step (1.25rem), or a weight other than 400 and the strong 600. Each size × weight
 * off the scale is one more font strike for the page's first render (issue 24). One line per
 * kind, e.g. `fin-chart >> span "A-" 13.33px/400`.
 */
export function offScaleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const found = new Map<string, string>();
    const walk = (root: ShadowRoot, hosts: string) => {
      const base = parseFloat(getComputedStyle(root.host).fontSize);
      const steps = [(base * 12) / 14, base, (base * 16) / 14, rootPx * 1.25];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Element) {
          if (node.shadowRoot) walk(node.shadowRoot, `${hosts}${node.localName} >> `);
          continue;
        }
        const element = node.parentElement;
        if (!element || !node.textContent?.trim() || element.getClientRects().length === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden') continue;
        const size = parseFloat(style.fontSize);
        const onScale =
          steps.some((step) => Math.abs(step - size) < 0.05) && ['400', '600'].includes(style.fontWeight);
        const kind = `${Math.round(size * 100) / 100}px/${style.fontWeight}`;
        if (!onScale && !found.has(kind))
          found.set(kind, `${hosts}${element.localName} "${node.textContent.trim().slice(0, 30)}" ${kind}`);
      }
    };
    for (const element of document.querySelectorAll('*'))
      if (element.shadowRoot && element.localName.startsWith('fin-'))
        walk(element.shadowRoot, `${element.localName} >> `);
    return [...found.values()];
  });
}

/** Waits until every `fin-*` element on the page has rendered and none is loading. */
export async function elementsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const hosts = [...document.querySelectorAll('*')].filter((element) =>
        element.localName.startsWith('fin-'),
      );
      const busy = (root: ShadowRoot | Document): boolean =>
        root.querySelector('[aria-busy="true"]') !== null ||
        [...root.querySelectorAll('*')].some((element) => element.shadowRoot && busy(element.shadowRoot));
      return (
        hosts.every(
          (host) =>
            customElements.get(host.localName) !== undefined &&
            host.shadowRoot !== null &&
            host.shadowRoot.childElementCount > 0,
        ) && !busy(document)
      );
    },
    undefined,
    { polling: 100 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Waits until the page has laid out at the new size (two animation frames: resize observers have run). */
export async function laidOut(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * A report table on a phone shows its line and as many periods as fit: two or three at 375 px
 * (issue 20; one period a page was the defect). Polled as one range because the columns are
 * paged once the resize is observed: the desktop's headers can still be there on the first look.
 */
export async function expectPhoneColumns(headers: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const count = await headers.count();
      return count >= 3 && count <= 4 ? 'line and 2-3 periods' : `${count} headers`;
    })
    .toBe('line and 2-3 periods');
}
