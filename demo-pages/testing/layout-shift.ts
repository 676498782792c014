/**
 * Layout shift as a visitor meets it (issue 20 item 3, Core Web Vitals' CLS): a
 * `PerformanceObserver` of `layout-shift` entries installed before the page's first byte, read
 * after every element has shown its data and the page has been scrolled to its end (the chart
 * and the graph load when they come into view).
 *
 * CLS is the largest session window: entries less than 1 s apart, a window at most 5 s long,
 * shifts right after an input left out (web.dev/articles/cls).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { elementsSettled, laidOut } from './layout.ts';

/** One layout-shift entry: its score, time and the elements that moved (the largest first). */
export interface ShiftEntry {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: string[];
}

export interface LayoutShift {
  /** The largest session window (the CLS definition). */
  cls: number;
  /** Every shift without a recent input, summed (stricter). */
  sum: number;
  /** The shifts of the largest window, for the report. */
  entries: ShiftEntry[];
}

/**
 * How long each data call of the context takes: a visitor on a slower connection than the test
 * machine's loopback, so every loading state is painted (and measured) before its data comes.
 */
export const DATA_CALL_DELAY_MS = 300;

/**
 * Installs the observer in every document of the context (before any script of the page runs) and
 * slows the data calls down to a visitor's connection.
 */
export async function observeLayoutShift(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DATA_CALL_DELAY_MS));
    await route.continue();
  });
  await context.addInitScript(() => {
    const seen: ShiftEntry[] = [];
    Object.assign(window, { __layoutShifts: seen });
    /** The moved node: shadow hosts down to it, e.g. `fin-stock-chart >> div.chart`. */
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : '?';
      const parts: string[] = [];
      for (let element: Element | null = node; element;) {
        const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`);
        parts.unshift(`${element.localName}${element.id ? `#${element.id}` : ''}${classes.join('')}`);
        const root = element.getRootNode();
        element = root instanceof ShadowRoot ? root.host : null;
      }
      return parts.join(' >> ');
    };
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        seen.push({
          value: entry.value,
          startTime: entry.startTime,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map(
            ({ node, previousRect: was, currentRect: now }) =>
              `${describe(node)} (${Math.round(was.x)},${Math.round(was.y)} ${Math.round(was.width)}×${Math.round(was.height)}` +
              ` → ${Math.round(now.x)},${Math.round(now.y)} ${Math.round(now.width)}×${Math.round(now.height)})`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** CLS and the plain sum of the shifts recorded so far in the page (see the module comment). */
export async function layoutShiftOf(page: Page): Promise<LayoutShift> {
  const entries = await page.evaluate(() =>
    (window as unknown as { __layoutShifts: ShiftEntry[] }).__layoutShifts.filter(
      (entry) => !entry.hadRecentInput,
    ),
  );
  let best: ShiftEntry[] = [];
  let session: ShiftEntry[] = [];
  const score = (list: ShiftEntry[]) => list.reduce((total, entry) => total + entry.value, 0);
  for (const entry of entries) {
    const first = session[0];
    const last = session.at(-1);
    const joins =
      first && last && entry.startTime - last.startTime < 1000 && entry.startTime - first.startTime < 5000;
    session = joins ? [...session, entry] : [entry];
    if (score(session) > score(best)) best = session;
  }
  return { cls: score(best), sum: score(entries), entries: best };
}

/**
 * Opens the page and meets it as a visitor does: waits until every element has shown its data,
 * scrolls to the end a screen at a time (lazy blocks mount on the way), waits for them too and
 * comes back to the top. The observer must be installed in the page's context first.
 */
export async function visitForLayoutShift(page: Page, url: string): Promise<LayoutShift> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await elementsSettled(page);
  await laidOut(page);
  for (let screens = 0; screens < 40; screens++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await laidOut(page);
    await elementsSettled(page);
    if (atEnd) break;
  }
  await laidOut(page);
  return layoutShiftOf(page);
}
