/**
 * What a server render of one element is given (elements/server.tsx, issue 24): nothing but the
 * page's own data. Shared by the renderer and the reference server that loads its build.
 */
import type { LabelsBlock } from './preload.ts';
import type { Lang, UserGlobals } from './types.ts';

export interface RenderRequest {
  tag: string;
  /** The element's attributes as written in the page (`{ kind: 'stocks' }`). */
  attributes?: Record<string, string>;
  lang: Lang;
  /** The page's JSON blocks by element id (`{ 'fin-page-data': {...}, 'fin-menu-data': {...} }`). */
  blocks?: Record<string, unknown>;
  /** The visitor's user globals (SPEC §3); default anonymous. */
  user?: UserGlobals;
  /** The visitor's hints choice (their cookie or saved setting, contract/hints.ts); default on. */
  hints?: boolean;
  /** The labels of the page's language (`#fin-labels`); missing modules render their label keys' fallbacks. */
  labels?: LabelsBlock;
  /** The first answers of the page's calls (`#fin-preload`), masked for this visitor. */
  preload?: Record<string, unknown>;
  /** The page's CSP nonce, written on the `<style>` elements. */
  nonce?: string;
}
