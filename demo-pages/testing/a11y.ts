/**
 * What the accessibility gate shares: waiting until a page's elements show their data, the axe-core
 * run and its tally by impact, and finding the controls inside our elements that open something
 * (a dropdown, the calendar, a dialog, a hidden table part, another view) so each open state is
 * checked too. Everything here is generic over the page: a new element is covered by being on a
 * page of the demo list.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { CONTENT_ID } from '../server/templates/layout.ts';

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

/** Every node of one kind of violation found in one state of one page. */
export interface Finding {
  where: string;
  rule: string;
  impact: Impact;
  help: string;
  targets: string[];
}

/** Counts of violation nodes by impact over many axe runs, and the runs themselves. */
export class AxeTally {
  readonly findings: Finding[] = [];
  runs = 0;

  add(where: string, results: AxeResults): void {
    this.runs += 1;
    for (const violation of results.violations) this.findings.push(finding(where, violation));
  }

  count(impact: Impact): number {
    return this.findings
      .filter((found) => found.impact === impact)
      .reduce((sum, found) => sum + found.targets.length, 0);
  }

  /** `critical 0 · serious 0 · moderate 2 · minor 0 (48 runs)` plus one line per rule. */
  summary(title: string): string {
    const counts = IMPACTS.map((impact) => `${impact} ${this.count(impact)}`).join(' · ');
    const byRule = new Map<string, { impact: Impact; nodes: number; where: Set<string> }>();
    for (const found of this.findings) {
      const entry = byRule.get(found.rule) ?? { impact: found.impact, nodes: 0, where: new Set() };
      entry.nodes += found.targets.length;
      entry.where.add(found.where);
      byRule.set(found.rule, entry);
    }
    const rules = [...byRule].map(
      ([rule, entry]) =>
        `  ${entry.impact} ${rule}: ${entry.nodes} node(s) in ${entry.where.size} run(s), e.g. ${[...entry.where][0]}`,
    );
    return [`${title}: ${counts} (${this.runs} axe runs)`, ...rules].join('\n');
  }

  /** The critical and serious findings, said so a failure names the page, state and nodes. */
  blocking(): string[] {
    return this.findings
      .filter((found) => found.impact === 'critical' || found.impact === 'serious')
      .map(
        (found) =>
          `${found.where}: ${found.impact} ${found.rule} (${found.help}) at ${found.targets.join(' | ')}`,
      );
  }
}

function finding(where: string, violation: Result): Finding {
  return {
    where,
    rule: violation.id,
    impact: (violation.impact ?? 'minor') as Impact,
    help: violation.help,
    targets: violation.nodes.map((node) => JSON.stringify(node.target)),
  };
}

/**
 * One axe run over the whole page, open shadow roots included, with axe's default rules (WCAG
 * 2.x A and AA and best practices, the set the issue's audit used). Nothing is excluded: amCharts'
 * canvas, focus overlay and logo inside the chart's shadow root pass as they are.
 */
export async function runAxe(page: Page, scope?: string): Promise<AxeResults> {
  const builder = new AxeBuilder({ page });
  // An open state changes one element: checking that element (its shadow tree included) is enough.
  if (scope) builder.include(scope);
  return (
    builder
      // One run in the page itself: our pages have no frames, and the default mode's extra blank
      // page per run (to merge frame results) costs seconds per run.
      .setLegacyMode(true)
      // Violations only: passes are not reported, and collecting them doubles the time.
      .options({ resultTypes: ['violations'] })
      .analyze()
  );
}

/**
 * Resolves once every custom element of the page (in shadow roots too) has rendered: it is
 * defined, no loading message is left (aria-busy) and every chart has drawn (PriceChart's
 * `data-rendered`). Waits on the page's state, not on a time.
 */
export async function elementsSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const waiting: string[] = [];
          const visit = (root: Document | ShadowRoot) => {
            for (const node of root.querySelectorAll('*')) {
              const tag = node.localName;
              if (tag.includes('-') && node.shadowRoot === null && customElements.get(tag) === undefined)
                waiting.push(`${tag} not defined`);
              if (node.getAttribute('aria-busy') === 'true') waiting.push(`${tag} busy`);
              if (
                node.getAttribute('part')?.split(' ').includes('chart') &&
                !node.hasAttribute('data-rendered')
              )
                waiting.push('chart not drawn');
              if (node.shadowRoot) visit(node.shadowRoot);
            }
          };
          visit(document);
          return waiting;
        }),
      // Short steps: an opened state usually settles within a frame or a data call, and the
      // default steps (up to 1 s) would wait most of a second after every click.
      { timeout: 20_000, intervals: [50, 100, 200], message: 'the elements render their data' },
    )
    .toEqual([]);
}

/** A control inside one of our elements that opens something, found by its ARIA state. */
export interface Opener {
  /** Host element tag, for the report. */
  host: string;
  /**
   * The host is one of the shell's pieces (header, footer bars, message views): outside the page's
   * content (`#content`), the same markup on every page.
   */
  shell: boolean;
  /** Its kind: host, tag, class and the tab list's name (controls of one kind behave alike). */
  kind: string;
  /** Its accessible text, for the report. */
  name: string;
  tab: boolean;
  /** A tab that is the selected one: its view is the state the page opened in. */
  open: boolean;
  /** Index among the openers marked by the last findOpeners call. */
  index: number;
}

/**
 * The controls in the page's custom elements that open a state: `aria-expanded="false"`
 * (dropdowns, the calendar, show-more, expandable rows and cells, the compare field),
 * `aria-haspopup` (menus and dialog openers), unselected tabs (another view of the element),
 * and the chart's buttons that open a dialog for some users (the short list).
 */
const OPENER_SELECTOR = [
  '[aria-expanded="false"]',
  '[aria-haspopup]:not([aria-haspopup="false"]):not([aria-expanded="true"])',
  '[role="tab"]',
  'button[data-action="watchlist"]',
  'button[data-action="export"]',
].join(',');

/** Marks every visible, enabled opener of the page with `data-a11y-opener=<index>` and lists them. */
export async function findOpeners(page: Page): Promise<Opener[]> {
  return page.evaluate(
    ([selector, contentId]) => {
      // A type only: nothing of the test's module is sent to the page.
      const found: Opener[] = [];
      const visit = (root: Document | ShadowRoot, host: Element | null) => {
        for (const node of root.querySelectorAll('*')) {
          node.removeAttribute('data-a11y-opener');
          const usable =
            host !== null &&
            node.matches(selector) &&
            !(node as HTMLButtonElement).disabled &&
            node.getClientRects().length > 0;
          if (usable) {
            const tablist = node.closest('[role="tablist"]');
            node.setAttribute('data-a11y-opener', String(found.length));
            found.push({
              host: host.localName,
              shell: host.closest(`#${contentId}`) === null,
              // A tab's class says whether it is selected: tabs are of one kind per tab list.
              kind: tablist
                ? [host.localName, 'tab', tablist.getAttribute('aria-label') ?? ''].join('|')
                : [host.localName, node.localName, node.className].join('|'),
              name: (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40),
              tab: node.getAttribute('role') === 'tab',
              open: node.getAttribute('role') === 'tab' && node.getAttribute('aria-selected') === 'true',
              index: found.length,
            });
          }
          if (node.shadowRoot) visit(node.shadowRoot, host ?? node);
        }
      };
      visit(document, null);
      return found;
    },
    [OPENER_SELECTOR, CONTENT_ID] as const,
  );
}

/** The opener marked with this index (Playwright's CSS pierces open shadow roots). */
export const openerLocator = (page: Page, index: number) => page.locator(`[data-a11y-opener="${index}"]`);

/** How many controls of one kind are opened (rows of a table, period tabs behave alike). */
const PER_KIND = 2;

/**
 * Opens the page's states one after another and calls `check` in each: the next opener not yet
 * used (other controls before tabs, so a view's own controls are opened before the view changes),
 * then Escape (closes a dialog, popup or list; harmless elsewhere) and the next, found afresh,
 * since an opened state may bring its own openers (a view's calendar, a dialog's fields).
 * `include` says which openers this page opens (another page opens the rest); default all.
 */
export async function forEachOpenState(
  page: Page,
  check: (state: string, host: string) => Promise<void>,
  { include = () => true, limit = 40 }: { include?: (opener: Opener) => boolean; limit?: number } = {},
): Promise<string[]> {
  const used = new Set<string>();
  const perKind = new Map<string, number>();
  const states: string[] = [];
  for (let step = 0; step < limit; step++) {
    const openers = await findOpeners(page);
    // The views the page opened in count as seen: the next tab opened is another one.
    if (step === 0) for (const opener of openers) if (opener.open) used.add(`${opener.kind}|${opener.name}`);
    const fresh = openers.filter(
      (opener) =>
        include(opener) &&
        !opener.open &&
        !used.has(`${opener.kind}|${opener.name}`) &&
        (perKind.get(opener.kind) ?? 0) < PER_KIND,
    );
    const next = fresh.find((opener) => !opener.tab) ?? fresh[0];
    if (!next) break;
    used.add(`${next.kind}|${next.name}`);
    perKind.set(next.kind, (perKind.get(next.kind) ?? 0) + 1);
    const state = `${next.host} "${next.name}"`;
    await openerLocator(page, next.index).click();
    await elementsSettled(page);
    await check(state, next.host);
    states.push(state);
    await page.keyboard.press('Escape');
  }
  return states;
}
