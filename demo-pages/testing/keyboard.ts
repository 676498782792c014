/**
 * Keyboard checks of one element on a page, generic over its shadow tree: which controls a user
 * can Tab to, what each is called, whether focus shows, and whether Tab ever leaves the element
 * again. The keyboard gate runs them on every element of the manifest.
 */
import type { Page } from '@playwright/test';

/** A control of the element that takes focus from Tab (tabindex ≥ 0, enabled, shown). */
export interface Control {
  /** `tag.class "name"`, for messages. */
  label: string;
  name: string;
  reached: boolean;
  /** Outline, box shadow, border or background differ between focused and not. */
  focusShows: boolean;
}

export interface TabWalk {
  controls: Control[];
  /** Tab presses until focus left the element after entering it; null: it never left (a trap). */
  pressesToLeave: number | null;
}

const TABBABLE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** Marks the element's Tab stops (`data-kb`) and returns their count. */
async function markControls(page: Page, tag: string): Promise<number> {
  return page.evaluate(
    ({ tag, tabbable }) => {
      const controls: Element[] = [];
      // A radio group is one Tab stop (its checked radio, else its first); arrows move inside it.
      const groupStop = (node: Element) => {
        if (!(node instanceof HTMLInputElement) || node.type !== 'radio' || !node.name) return true;
        const root = node.getRootNode() as ParentNode;
        const group = [...root.querySelectorAll('input[type="radio"]')].filter(
          (radio) => (radio as HTMLInputElement).name === node.name,
        ) as HTMLInputElement[];
        return node === (group.find((radio) => radio.checked) ?? group[0]);
      };
      const visit = (root: ParentNode) => {
        for (const node of root.querySelectorAll('*')) {
          const element = node as HTMLElement;
          const shown =
            element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
          const enabled = !(element as HTMLButtonElement).disabled && !element.closest('[inert]');
          if (node.matches(tabbable) && element.tabIndex >= 0 && shown && enabled && groupStop(node))
            controls.push(node);
          if (node.shadowRoot) visit(node.shadowRoot);
        }
      };
      const host = document.querySelector(tag);
      if (host?.shadowRoot) visit(host.shadowRoot);
      controls.forEach((control, index) => control.setAttribute('data-kb', String(index)));
      return controls.length;
    },
    { tag, tabbable: TABBABLE },
  );
}

/** What a focus ring is made of, to compare focused and not (plain JS: it runs in the page). */
const RING_STYLE = `(element) => {
  const style = getComputedStyle(element);
  return [
    style.outlineStyle === 'none' ? 'none' : style.outlineStyle + ' ' + style.outlineWidth + ' ' + style.outlineColor,
    style.boxShadow,
    style.borderColor,
    style.backgroundColor,
    style.textDecorationLine,
  ].join(' / ');
}`;

/**
 * Starts before the element (focus on the page's heading, taken out of the Tab order again) and
 * presses Tab until focus has entered the element and left it, at most `limit` times. Records the
 * controls reached, their names and focus styles.
 */
export async function tabThrough(page: Page, tag: string, limit?: number): Promise<TabWalk> {
  const count = await markControls(page, tag);
  const maxPresses = limit ?? count * 2 + 20;
  await page.evaluate(() => {
    const start = document.querySelector('h1') as HTMLElement;
    start.tabIndex = -1;
    start.focus();
  });
  const reached = new Map<number, { name: string; focused: string }>();
  let entered = false;
  // An element without Tab stops (a plain list or figure) has nothing to enter or leave.
  let pressesToLeave: number | null = count === 0 ? 0 : null;
  for (let press = 1; press <= (count === 0 ? 0 : maxPresses); press++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(
      ({ tag, ringStyleSource }) => {
        const ring = new Function(`return (${ringStyleSource})`)() as (element: Element) => string;
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        const host = document.querySelector(tag);
        const inside =
          !!active && !!host && (host === active || host.contains(active) || deepContains(host, active));
        function deepContains(root: Element, node: Element): boolean {
          let current: Node | null = node;
          while (current) {
            if (current === root) return true;
            current = current.parentNode ?? (current as ShadowRoot).host ?? null;
          }
          return false;
        }
        const index = active?.getAttribute('data-kb');
        return {
          inside,
          index: index === null || index === undefined ? null : Number(index),
          name: active ? accessibleName(active) : '',
          focused: active ? ring(active) : '',
        };
        function accessibleName(element: Element): string {
          const root = element.getRootNode() as Document | ShadowRoot;
          const labelledBy = element.getAttribute('aria-labelledby');
          if (labelledBy)
            return labelledBy
              .split(/\s+/)
              .map((id) => root.getElementById?.(id)?.textContent ?? '')
              .join(' ')
              .trim();
          const label = element.getAttribute('aria-label');
          if (label?.trim()) return label.trim();
          const input = element as HTMLInputElement;
          const labels = input.labels ? [...input.labels].map((l) => l.textContent ?? '').join(' ') : '';
          if (labels.trim()) return labels.trim();
          const text = (element as HTMLElement).innerText?.trim() || element.textContent?.trim();
          if (text && !['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName)) return text;
          const images = [...element.querySelectorAll('img[alt], svg[aria-label]')]
            .map((img) => img.getAttribute('alt') ?? img.getAttribute('aria-label'))
            .join(' ');
          return (images || element.getAttribute('title') || '').trim();
        }
      },
      { tag, ringStyleSource: RING_STYLE },
    );
    if (at.inside) entered = true;
    if (at.index !== null && !reached.has(at.index))
      reached.set(at.index, { name: at.name, focused: at.focused });
    if (entered && !at.inside) {
      pressesToLeave = press;
      break;
    }
  }
  // Focus has left: each control's style without focus, to compare with the one it had.
  const info = await page.evaluate(
    ({ count, ringStyleSource }) => {
      const ring = new Function(`return (${ringStyleSource})`)() as (element: Element) => string;
      const all: Element[] = [];
      const visit = (root: ParentNode) => {
        for (const node of root.querySelectorAll('[data-kb]')) all.push(node);
        for (const node of root.querySelectorAll('*')) if (node.shadowRoot) visit(node.shadowRoot);
      };
      visit(document);
      return Array.from({ length: count }, (_, index) => {
        const element = all.find((node) => node.getAttribute('data-kb') === String(index));
        return {
          label: element
            ? `${element.localName}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 30)}"`
            : `#${index}`,
          blurred: element ? ring(element) : '',
        };
      });
    },
    { count, ringStyleSource: RING_STYLE },
  );
  return {
    pressesToLeave,
    controls: info.map((control, index) => {
      const seen = reached.get(index);
      return {
        label: control.label,
        name: seen?.name ?? '',
        reached: seen !== undefined,
        focusShows: seen !== undefined && seen.focused !== control.blurred,
      };
    }),
  };
}
