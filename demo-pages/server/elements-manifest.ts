/**
 * The built Custom Elements Manifest (`custom-elements.json` in the element build, written by
 * `npm run build` from elements/*.ts): the /elements/ catalog and the single-element test pages
 * read it instead of the sources, once per build folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Cem from 'custom-elements-manifest';

export const MANIFEST_FILE = 'custom-elements.json';

/**
 * The page data an element reads (`@pageData` in its file, `pageData` in the manifest): the demo
 * pages that show it alone or in the catalog inject that kind, the stock page's by default.
 */
export const PAGE_DATA_KINDS = ['stock', 'issuer'] as const;
export type PageDataKind = (typeof PAGE_DATA_KINDS)[number];

export interface CatalogItem {
  name: string;
  /** Markdown: `code spans` are the only markup the catalog renders. */
  description: string;
  /** TypeScript type text (`number`, `'stock' | 'issuer'`, `CustomEvent<…>`). */
  type?: string;
  /** An attribute's default, as the attribute's text. */
  default?: string;
}

export interface CatalogElement {
  tagName: string;
  summary: string;
  /** Markup of the live example (from our own element files, like the rest of the build). */
  example: string;
  attributes: CatalogItem[];
  events: CatalogItem[];
  cssParts: CatalogItem[];
  cssProperties: CatalogItem[];
  /** The page data the element reads. */
  pageData: PageDataKind;
}

type Declaration = Cem.CustomElementDeclaration & { pageData?: string };

const isCustomElement = (declaration: Cem.Declaration): declaration is Declaration =>
  'customElement' in declaration && declaration.customElement === true;

const pageDataKind = (value: string | undefined): PageDataKind =>
  PAGE_DATA_KINDS.find((kind) => kind === value) ?? 'stock';

function item(entry: { name: string; description?: string; type?: Cem.Type; default?: string }): CatalogItem {
  return {
    name: entry.name,
    description: entry.description ?? '',
    ...(entry.type ? { type: entry.type.text } : {}),
    ...(entry.default === undefined ? {} : { default: entry.default }),
  };
}

export function catalogFromManifest(manifest: Cem.Package): CatalogElement[] {
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter(isCustomElement)
    .filter((declaration) => declaration.tagName)
    .map((declaration) => ({
      tagName: declaration.tagName!,
      summary: declaration.summary ?? '',
      example: declaration.demos?.[0]?.description ?? '',
      attributes: (declaration.attributes ?? []).map(item),
      events: (declaration.events ?? []).map(item),
      cssParts: (declaration.cssParts ?? []).map(item),
      cssProperties: (declaration.cssProperties ?? []).map(item),
      pageData: pageDataKind(declaration.pageData),
    }))
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

const cache = new Map<string, CatalogElement[]>();

/**
 * The elements of the build in `distDir`, read on first use and kept; null while the build has
 * no manifest (then the next call looks again, so a build made meanwhile is found).
 */
export function elementCatalog(distDir: string): CatalogElement[] | null {
  const cached = cache.get(distDir);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(join(distDir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const elements = catalogFromManifest(JSON.parse(text) as Cem.Package);
  cache.set(distDir, elements);
  return elements;
}
