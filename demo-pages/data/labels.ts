/**
 * The UI texts of the portal: module → key → text in each of the ten languages, one JSON file per
 * module in labels/ (what each module holds: labels/README.md). The generator loads them into the
 * `labels` table; /api/labels/{module}/ serves them (SPEC §7). Placeholders in braces ({seconds})
 * are filled in by the client.
 */
import { FALLBACK_LABELS } from '../../src/contract/fallback-labels.ts';
import type { Lang } from '../../src/contract/types.ts';
import archive from './labels/archive.json' with { type: 'json' };
import auth from './labels/auth.json' with { type: 'json' };
import banners from './labels/banners.json' with { type: 'json' };
import chart from './labels/chart.json' with { type: 'json' };
import common from './labels/common.json' with { type: 'json' };
import compare from './labels/compare.json' with { type: 'json' };
import issuer from './labels/issuer.json' with { type: 'json' };
import market from './labels/market.json' with { type: 'json' };
import pd from './labels/pd.json' with { type: 'json' };
import profile from './labels/profile.json' with { type: 'json' };
import search from './labels/search.json' with { type: 'json' };
import stock from './labels/stock.json' with { type: 'json' };
import widgets from './labels/widgets.json' with { type: 'json' };
import menu from './labels/menu.json' with { type: 'json' };

export type Translations = Record<Lang, string>;
export type LabelModules = Record<string, Record<string, Translations>>;

// Typed as LabelModules, so a key without one of the ten languages does not compile.
export const LABELS: LabelModules = {
  issuer,
  market,
  search,
  compare,
  archive,
  chart,
  widgets,
  profile,
  common: {
    ...common,
    // The elements carry these themselves, for when the labels call fails: one source.
    error_load: FALLBACK_LABELS['common:error_load']!,
    error_page_data: FALLBACK_LABELS['common:error_page_data']!,
    error_timeout: FALLBACK_LABELS['common:error_timeout']!,
    retry: FALLBACK_LABELS['common:retry']!,
  },
  pd,
  auth,
  stock,
  menu,
  banners,
};
