/**
 * The faults gate's tools: the calls an element makes on a normal load (found, not listed), the
 * faults a call can be made to answer, and what an element shows after one, read from its shadow
 * root. `faultProblems` returns what is wrong instead of asserting, so the gate and its positive
 * control (a deliberately broken element) run the same checks.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test';
import { DEFAULT_TIMEOUT_MS } from '../../src/core/api/client.ts';
import type { Lang } from '../../src/contract/types.ts';
import { LABELS } from '../data/labels.ts';
import { elementCatalog } from '../server/elements-manifest.ts';

/** The tags of the build under test, from its Custom Elements Manifest. */
export function manifestTags(): string[] {
  const distDir = process.env.E2E_DIST_DIR ?? 'dist';
  const catalog = elementCatalog(distDir);
  if (!catalog) throw new Error(`${distDir}/custom-elements.json is missing: run the build first`);
  return catalog.map((element) => element.tagName);
}

/** A call as the page makes it: method and path (the query is part of the same call). */
export interface Call {
  method: string;
  path: string;
}

export const callName = (call: Call) => `${call.method} ${call.path}`;

/**
 * The data calls of a page: fetches under /api/ other than the labels (SPEC §8 defines a missing
 * label: `{{key}}`; an element's own messages have built-in texts for that case).
 */
export function isDataCall(request: Request): boolean {
  if (request.resourceType() !== 'fetch' && request.resourceType() !== 'xhr') return false;
  const path = new URL(request.url()).pathname;
  return path.startsWith('/api/') && !path.startsWith('/api/labels/');
}

/** The data calls the page at `url` makes on a normal load of `tag`, in the order first made. */
export async function discoverCalls(page: Page, url: string, tag: string): Promise<Call[]> {
  return (await discoverLoad(page, url, tag)).calls;
}

/** The data calls of a normal load, and how many other calls (labels) under /api/ it made. */
export async function discoverLoad(
  page: Page,
  url: string,
  tag: string,
): Promise<{ calls: Call[]; otherCalls: number }> {
  const calls = new Map<string, Call>();
  let otherCalls = 0;
  const listener = (request: Request) => {
    if (!isDataCall(request) && new URL(request.url()).pathname.startsWith('/api/')) otherCalls += 1;
    if (!isDataCall(request)) return;
    const call = { method: request.method(), path: new URL(request.url()).pathname };
    calls.set(callName(call), call);
  };
  page.on('request', listener);
  await page.goto(url);
  // The element's loads are over (its labels came first), and nothing more is on its way.
  if (!(await settled(page, tag))) throw new Error(`${tag} stays loading on a normal load of ${url}`);
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return { calls: [...calls.values()], otherCalls };
}

export const FAULT_KINDS = [
  'http 500',
  'http 404',
  'invalid JSON',
  'empty body',
  'null',
  'wrong shape',
  'hang',
  'slow',
  '206 forever',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Kinds after which the element must say the call failed (or show what it showed without it). */
const FAILING: ReadonlySet<FaultKind> = new Set([
  'http 500',
  'http 404',
  'invalid JSON',
  'null',
  'wrong shape',
  'hang',
]);

/** What the fault answers: the body of a normal answer turned into the other shape. */
function wrongShape(normal: string): string {
  try {
    return Array.isArray(JSON.parse(normal)) ? '{}' : '[]';
  } catch {
    return '[]';
  }
}

const json = (route: Route, status: number, body: string) =>
  route.fulfill({ status, contentType: 'application/json', body });

/**
 * Makes `call` answer with `kind` until unrouted. `onHeld` learns of each held request (hang,
 * slow): a slow one is let through by calling the function it gets.
 */
export async function routeFault(
  page: Page,
  call: Call,
  kind: FaultKind,
  onHeld: (release: () => void, request: Request) => void = () => {},
): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === call.path;
  const handler = async (route: Route) => {
    if (route.request().method() !== call.method) return route.fallback();
    switch (kind) {
      case 'http 500':
        return json(route, 500, '{"error":"Internal server error"}');
      case 'http 404':
        return json(route, 404, '{"error":"Not found"}');
      case 'invalid JSON':
        return json(route, 200, '{"data": [');
      case 'empty body':
        return json(route, 200, '');
      case 'null':
        return json(route, 200, 'null');
      case 'wrong shape': {
        const normal = await route.fetch();
        return json(route, 200, wrongShape(await normal.text()));
      }
      case '206 forever':
        return json(route, 206, '{"date":"01.01.2001","date.numeric":978307200}');
      case 'hang':
        onHeld(() => {}, route.request());
        return new Promise<void>(() => {}); // never answered: the client's timeout ends it
      case 'slow': {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        onHeld(release, route.request());
        await released;
        return route.fallback();
      }
    }
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** What an element shows, read from its shadow root. */
export interface ElementView {
  present: boolean;
  hidden: boolean;
  loading: boolean;
  errors: Array<{ text: string; retry: string | null }>;
  notices: string[];
  text: string;
}

export function readView(page: Page, tag: string): Promise<ElementView> {
  return page.evaluate((name) => {
    const host = document.querySelector(name);
    const root = host?.shadowRoot;
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    if (!host || !root)
      return { present: false, hidden: false, loading: false, errors: [], notices: [], text: '' };
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    // Connected but not rendered yet: the kit marks the host loading until React's first render
    // commits (define.tsx), and the shadow root holds only its styles until then.
    const unrendered = host.hasAttribute('data-fin-loading') && !root.querySelector(':not(style, link)');
    return {
      present: true,
      hidden: (host as HTMLElement).hidden === true || getComputedStyle(host).display === 'none',
      loading:
        unrendered || [...root.querySelectorAll('.fin-message--loading, [aria-busy="true"]')].some(visible),
      errors: [...root.querySelectorAll('.fin-message--error')].filter(visible).map((message) => ({
        text: clean(message.querySelector('span')?.textContent),
        retry: message.querySelector('button') ? clean(message.querySelector('button')!.textContent) : null,
      })),
      notices: [...root.querySelectorAll('.fin-message--info, [data-empty]')]
        .filter(visible)
        .map((notice) => clean(notice.textContent)),
      text: clean(root.textContent),
    };
  }, tag);
}

/** Every label text of a language, to tell a message is in it. */
export function labelTexts(lang: Lang): Set<string> {
  return new Set(
    Object.values(LABELS).flatMap((module) => Object.values(module).map((texts) => texts[lang].trim())),
  );
}

export const label = (module: string, key: string, lang: Lang): string => LABELS[module]![key]![lang];

/** Waits until the element has left its loading state; false when it never does (a problem). */
export async function settled(page: Page, tag: string, timeoutMs = 5000): Promise<ElementView | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const view = await readView(page, tag);
    if (view.present && !view.loading) return view;
    if (Date.now() > until) return null;
    await page
      .waitForFunction(
        (name) => {
          const host = document.querySelector(name);
          const root = host?.shadowRoot;
          if (!root || root.querySelector('.fin-message--loading, [aria-busy="true"]')) return false;
          // Rendered (readView's `unrendered`).
          return !host!.hasAttribute('data-fin-loading') || !!root.querySelector(':not(style, link)');
        },
        tag,
        { timeout: Math.max(1, until - Date.now()), polling: 'raf' },
      )
      .catch(() => undefined);
  }
}

export interface FaultCase {
  /** The page with the element, without `lang`. */
  url: string;
  tag: string;
  call: Call;
  kind: FaultKind;
  lang: Lang;
  /** What the element shows on a normal load in this language (the view a retry must bring back). */
  normal: ElementView;
  /** How many other calls (labels) a normal load makes: a hang waits for them before the clock jumps. */
  otherCalls?: number;
  /**
   * How many other data calls a normal load makes (an element with sections has several, started
   * once its labels are in): a hang waits for their answers too, or the jump times them out as well.
   */
  otherDataCalls?: number;
}

/**
 * Loads the page with the fault on the call and returns the problems found (the page's clock
 * must be installed, `page.clock.install()`, so a hang runs past the client's timeout at once): an uncaught
 * exception, a loading state left on, a message not in the page's language, a failure shown
 * without retry, a retry that does not bring the data back, a slow answer that never shows.
 */
export async function faultProblems(page: Page, fault: FaultCase): Promise<string[]> {
  const { tag, call, kind, lang, normal } = fault;
  const problems: string[] = [];
  const uncaught: string[] = [];
  const onError = (error: Error) => uncaught.push(error.message);
  page.on('pageerror', onError);
  const texts = labelTexts(lang);
  const errorTexts = new Set([label('common', 'error_load', lang), label('common', 'error_timeout', lang)]);
  const retryText = label('common', 'retry', lang);
  // The other requests of the load (labels) must be answered before the clock jumps past the
  // client's timeout, or they time out too.
  const inFlight = new Set<Request>();
  const onRequest = (request: Request) => void inFlight.add(request);
  let othersDone = 0;
  // Data calls of other addresses answered during the case: an element may answer an empty result
  // by showing another of its views that has data (the leaders open the first tab with rows).
  let otherDataAnswered = 0;
  const onDone = (request: Request) => {
    inFlight.delete(request);
    if (isDataCall(request) && new URL(request.url()).pathname !== call.path) otherDataAnswered += 1;
    if (!isDataCall(request) && new URL(request.url()).pathname.startsWith('/api/')) othersDone += 1;
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  let heldRequest: Request | null = null;
  let held: (() => void) | null = null;
  let heldSeen!: () => void;
  const heldPromise = new Promise<void>((resolve) => (heldSeen = resolve));
  const unroute = await routeFault(page, call, kind, (release, request) => {
    held = release;
    heldRequest = request;
    heldSeen();
  });
  try {
    await page.goto(`${fault.url}${fault.url.includes('?') ? '&' : '?'}lang=${lang}`);
    if (kind === 'hang' || kind === 'slow') await heldPromise;
    if (kind === 'hang') {
      await expect.poll(() => othersDone).toBeGreaterThanOrEqual(fault.otherCalls ?? 0);
      // A call that follows the faulted one's answer never comes: then jump after the wait.
      await expect
        .poll(() => otherDataAnswered)
        .toBeGreaterThanOrEqual(fault.otherDataCalls ?? 0)
        .catch(() => undefined);
      await expect.poll(() => [...inFlight].filter((request) => request !== heldRequest).length).toBe(0);
      await page.clock.runFor(DEFAULT_TIMEOUT_MS + 1000);
    }
    if (kind === 'slow') {
      const waiting = await readView(page, tag);
      if (!waiting.loading && waiting.text === normal.text)
        problems.push('shows its data before the answer came');
      held!();
    }
    const view = await settled(page, tag);
    if (!view) {
      problems.push('a loading state stays on');
      return problems;
    }
    for (const error of view.errors) {
      if (!texts.has(error.text) && !errorTexts.has(error.text))
        problems.push(`error message not in ${lang}: "${error.text}"`);
      if (FAILING.has(kind) && error.retry !== retryText)
        problems.push(`error without a retry in ${lang}: "${error.text}" (${error.retry})`);
    }
    for (const notice of view.notices)
      if (!texts.has(notice)) problems.push(`notice not in ${lang}: "${notice}"`);
    const unchanged = view.text === normal.text && view.errors.length === 0;
    const shown = view.errors.length + view.notices.length > 0 || view.hidden;
    if (kind === 'slow' && !unchanged)
      problems.push(`the slow answer does not show: "${view.text.slice(0, 80)}"`);
    const movedToData = kind === 'empty body' && otherDataAnswered > 0 && view.errors.length === 0;
    if (kind !== 'slow' && !unchanged && !shown && !movedToData)
      problems.push(`no inline message: "${view.text.slice(0, 120)}"`);
    if (
      kind === 'hang' &&
      view.errors.length > 0 &&
      !view.errors.some((e) => e.text === label('common', 'error_timeout', lang))
    )
      problems.push('a hang is not said as a timeout');
    // The retry: the call answers again, the data shows.
    const retry = view.errors.find((error) => error.retry !== null);
    if (retry) {
      await unroute();
      await page.locator(tag).getByRole('button', { name: retry.retry! }).first().click();
      const after = await settled(page, tag);
      if (!after) problems.push('a loading state stays on after the retry');
      else if (after.errors.length > 0 || after.text !== normal.text)
        problems.push(`the retry does not bring the data back: "${after.text.slice(0, 120)}"`);
    }
  } finally {
    // Errors thrown by tasks the fault queued (a handler's setTimeout) reach the listener first.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => undefined);
    await unroute();
    page.off('pageerror', onError);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  for (const message of uncaught) problems.push(`uncaught: ${message}`);
  return problems;
}
