/**
 * The elements of the build under test, for the gates that cover every element (strict CSP,
 * hostile data): read from the build's Custom Elements Manifest, so a new element is covered by
 * being built, and a few looks into their shadow roots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { elementCatalog, type CatalogElement } from '../server/elements-manifest.ts';
import { DEFAULT_DIST_DIR } from '../server/shared/paths.ts';

/** The elements of the build the e2e server serves (E2E_DIST_DIR, as playwright.config.ts). */
export function elementCatalogUnderTest(): CatalogElement[] {
  const catalog = elementCatalog(process.env.E2E_DIST_DIR ?? DEFAULT_DIST_DIR);
  if (!catalog) throw new Error('The element build has no custom-elements.json: run the build first');
  return catalog;
}

/** The tag names of the build under test. */
export function elementTags(): string[] {
  return elementCatalogUnderTest().map((element) => element.tagName);
}

/** What one element shows: its shadow root's text and controls, the loading and error messages, its size. */
export interface ElementShown {
  tag: string;
  text: string;
  /** Form fields, buttons, canvases and pictures: content that is not text. */
  controls: number;
  loading: number;
  errors: number;
  height: number;
}

/** An element that shows nothing yet: no text or control, a loading message, or no height. */
export const showsNothing = (element: ElementShown): boolean =>
  (!element.text && element.controls === 0) || element.loading > 0 || element.height === 0;

/** What each element of `tags` on the page shows (the first of each tag). */
export function elementsShown(page: Page, tags: string[]): Promise<ElementShown[]> {
  return page.evaluate((names) => {
    return names.map((tag) => {
      const host = document.querySelector(tag);
      const root = host?.shadowRoot;
      const count = (selector: string) => root?.querySelectorAll(selector).length ?? 0;
      return {
        tag,
        text: (root?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        controls: count('input, select, button, canvas, svg, img'),
        loading: count('.fin-message--loading, [aria-busy="true"]'),
        errors: count('.fin-message--error:not(.dt-locked)'),
        height: host?.getBoundingClientRect().height ?? 0,
      };
    });
  }, tags);
}

/** The attribute values of HTML markup as written (the entities the server escapes decoded). */
const decodeEntities = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

const OPENING_TAG = /<(fin-[a-z0-9-]+)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/**
 * How an element is set up in markup: the attributes it reads (the manifest's) whose value is not
 * the default, as `name=value` lines in order (classes, styles and the like are the page's).
 */
function setupOf(element: CatalogElement, attributes: string): string {
  const read = new Map(element.attributes.map((attribute) => [attribute.name, attribute.default]));
  const set: string[] = [];
  for (const [, name, double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
    const value = decodeEntities(double ?? single ?? bare ?? '');
    if (read.has(name!) && read.get(name!) !== value) set.push(`${name}=${value}`);
  }
  return set.sort().join('\n');
}

/**
 * The elements of the build that these pages carry set up as the catalog's example is (the HTML
 * the server sends, read with `request`, so with its session: what that visitor's pages carry).
 * Such an element opens the same states on those pages as in the catalog; one set up otherwise
 * (another branch, another first tab) may open others. A tag written by another element at run
 * time is that element's part and is not counted.
 */
export async function elementsCarriedAsInCatalog(
  request: APIRequestContext,
  urls: string[],
): Promise<Set<string>> {
  const catalog = new Map(elementCatalogUnderTest().map((element) => [element.tagName, element]));
  const exampleSetup = new Map(
    [...catalog.values()].map((element) => {
      const [opening] = [...element.example.matchAll(OPENING_TAG)];
      return [element.tagName, opening ? setupOf(element, opening[2]!) : null];
    }),
  );
  const carried = new Set<string>();
  for (const url of urls) {
    const response = await request.get(url);
    if (!response.ok()) throw new Error(`${url}: HTTP ${response.status()}`);
    for (const [, tag, attributes] of (await response.text()).matchAll(OPENING_TAG)) {
      const element = catalog.get(tag!);
      if (element && setupOf(element, attributes!) === exampleSetup.get(tag!)) carried.add(tag!);
    }
  }
  return carried;
}
