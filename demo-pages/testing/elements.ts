/**
 * The elements of the build under test, for the gates that cover every element (strict CSP,
 * hostile data): read from the build's Custom Elements Manifest, so a new element is covered by
 * being built, and a few looks into their shadow roots.
 */
import type { Page } from '@playwright/test';
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
