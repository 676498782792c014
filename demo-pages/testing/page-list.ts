/**
 * The demo's page kinds, one list for every gate of `npm test` (axe, layout, hostile data, strict
 * CSP): a new kind of page is covered by being added here. Each kind's first page is found on the
 * demo index, as a visitor would find it, so the list never names a database id.
 */
import { expect, type Page } from '@playwright/test';
import { LANGUAGES } from '../../src/contract/types.ts';

export { LANGUAGES };

/** The widths every page must fit without sideways scroll (DESIGN §5). */
export const GATE_WIDTHS = [320, 375, 1280] as const;

/** Page kinds linked from the demo index: the href prefix of each kind's first link. */
export const LINKED_KINDS = [
  '/stocks/',
  '/company/',
  '/bonds/',
  '/indexes/',
  '/etf/',
  '/search/',
  '/watchlist/',
  '/profile/access/',
  '/profile_access/',
] as const;

/** Page kinds with a fixed address. */
export const FIXED_PAGES = ['/', '/elements/', '/login/', '/profile/support/'] as const;

/** The first link of each kind of page on the demo index (path and query, no `lang`). */
export async function linkedPages(page: Page): Promise<string[]> {
  await page.goto('/?lang=eng');
  const urls: string[] = [];
  for (const kind of LINKED_KINDS) {
    const href = await page.locator(`a[href^="${kind}"]`).first().getAttribute('href');
    expect(href, kind).toBeTruthy();
    urls.push(href!);
  }
  return urls;
}

/** Every kind of page, as listed: fixed addresses and the linked kinds' href prefixes. */
export const PAGE_KINDS = [...FIXED_PAGES, ...LINKED_KINDS] as const;

/** The page of one kind: its fixed address, or the first link of the kind on the demo index. */
export async function pageOfKind(page: Page, kind: (typeof PAGE_KINDS)[number]): Promise<string> {
  if ((FIXED_PAGES as readonly string[]).includes(kind)) return kind;
  await page.goto('/?lang=eng');
  const href = await page.locator(`a[href^="${kind}"]`).first().getAttribute('href');
  expect(href, kind).toBeTruthy();
  return href!;
}

/** Every kind of demo page: the fixed ones and the first of each linked kind. */
export async function demoPages(page: Page): Promise<string[]> {
  return [...FIXED_PAGES, ...(await linkedPages(page))];
}

/** The address with `lang=` set (replacing one already there). */
export function withLang(url: string, lang: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set('lang', lang);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
