/**
 * The label modules each element uses (its `useLabels(...)`, its sections', the elements it shows
 * inside, and `common` of the kit's own messages), so a page can bring its labels along (`#fin-labels`, contract/preload.ts) and no
 * element waits for a label call. label-modules.test.ts reads the features' sources and fails when
 * an element uses a module this list does not give it.
 */
import { LABELS_BLOCK_ID, type LabelsBlock } from '../../../src/contract/preload.ts';
import type { Lang } from '../../../src/contract/types.ts';
import type { LabelStore } from '../shared/labels.ts';

const COMPARE_SEARCH = ['compare', 'search', 'common'];
const ARCHIVE_TABLE = ['archive', 'common', 'widgets'];

export const ELEMENT_LABEL_MODULES: Readonly<Record<string, readonly string[]>> = {
  'fin-access-requests': ['profile', 'auth', 'common'],
  'fin-ad-strip': ['banners', 'common'],
  'fin-alerts': ['common'],
  'fin-app-banner': ['banners', 'common'],
  'fin-archive-table': ARCHIVE_TABLE,
  'fin-chart': ['chart', 'widgets', 'common', 'stock'],
  'fin-compare-search': COMPARE_SEARCH,
  'fin-consensus-forecasts': ['issuer', 'widgets', 'stock', 'common'],
  'fin-cookie-consent': ['banners', 'common'],
  'fin-dividends-table': ['stock', 'widgets', 'common'],
  'fin-exchange-table': ['stock', 'widgets', 'common'],
  'fin-hints-toggle': ['profile', 'common'],
  'fin-holders': ['stock', 'market', 'widgets', 'common'],
  // Every section's: the page may show any of them.
  'fin-issuer-reports': ['issuer', 'common', 'widgets', 'stock', 'archive'],
  'fin-leaders': ['stock', 'market', 'widgets', 'common'],
  'fin-left-menu': ['stock', 'issuer', 'common'],
  'fin-login': ['auth', 'common'],
  'fin-menu': ['common'],
  'fin-message': ['common'],
  'fin-network-graph': ['issuer', 'chart', 'widgets', 'stock', 'common'],
  'fin-price-dynamics': ['pd', 'common'],
  'fin-registration-banner': ['banners', 'common'],
  'fin-related-list': ['widgets', 'common'],
  'fin-site-search': ['search', 'common', 'widgets'],
  // With the archive view and the compare field it shows inside.
  'fin-stock-chart': [
    ...new Set([
      'chart',
      'compare',
      'market',
      'archive',
      'common',
      'widgets',
      ...COMPARE_SEARCH,
      ...ARCHIVE_TABLE,
    ]),
  ],
  'fin-support-tickets': ['profile', 'common'],
};

/** The tag an element's module defines (`/dist/elements/fin-x.js` → `fin-x`). */
const tagOfScript = (script: string) => script.slice(script.lastIndexOf('/') + 1).replace(/\.js$/, '');

/** The label modules of the elements these scripts define, and `extra`, each once, sorted. */
export function labelModulesOf(scripts: readonly string[], extra: readonly string[] = []): string[] {
  const modules = new Set(extra);
  for (const script of scripts)
    for (const module of ELEMENT_LABEL_MODULES[tagOfScript(script)] ?? []) modules.add(module);
  return [...modules].sort();
}

/**
 * The `#fin-labels` block: these modules in the page's language, as /api/labels/ answers them
 * (with `show_labels`, each text its `module:key`). A module the store does not know is left out
 * (the element then calls, and says so).
 */
export function labelsBlock(
  labels: LabelStore,
  lang: Lang,
  showLabels: boolean,
  modules: readonly string[],
): LabelsBlock {
  const found: LabelsBlock['modules'] = {};
  for (const module of modules) {
    const map = labels.module(module, lang, showLabels);
    if (map) found[module] = map;
  }
  return { lang, modules: found };
}

export { LABELS_BLOCK_ID };
