/**
 * Every label key SPEC.md names is served by /api/labels/{module}/ in all ten languages.
 * Where each lives: SPEC §8's access texts in `common`, the file-access alerts and asterisk-cell
 * texts in `issuer`, the code-form alert in `auth`, pd:no_data_min_max in `pd`; the rest in the
 * search, compare, chart and widgets modules (demo-pages/data/labels/*.json).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/types.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from './testing.ts';

/** SPEC section → the `module:key` labels it names. */
const SPEC_LABELS: Record<string, string[]> = {
  '§8 error catalogue': [
    'common:access_denied',
    'common:access_denied_auth',
    'common:need_auth',
    'common:need_get_access',
    'issuer:request_sent',
    'issuer:request_rejected',
    'issuer:download_denied',
    'compare:null_compare_data',
    'chart:no_graph_data',
    'chart:graph_period_start_incorrect',
    'pd:no_data_min_max',
    // Comparison search: too many results, and the number-of-matches label; main search: not found.
    'search:tooManyResults',
    'search:matches_count',
    'search:label_not_found',
  ],
  '§5 validation, §6 permissions': [
    'compare:max_stocks_in_compare',
    'compare:max_indexes_in_compare',
    'auth:authCodeEmpty',
    'issuer:forbidden_request_label',
    'issuer:already_send_request_label',
    'issuer:send_request_label',
    // The comparison search box: "need to log in" / "need to get access".
    'compare:need_to_log_in',
    'compare:need_to_get_access',
  ],
  '§2 graph period tabs': [
    'chart:period_today',
    'chart:period_1m',
    'chart:period_3m',
    'chart:period_6m',
    'chart:period_1y',
    'chart:period_3y',
  ],
  '§2 view tabs': ['chart:view_chart', 'chart:view_dynamic', 'chart:view_archive'],
  '§4 main search category tabs': [
    'search:tab_bonds',
    'search:tab_stocks',
    'search:tab_indexes',
    'search:tab_companies',
    'search:tab_etf',
  ],
  '§9 export menu': [
    'chart:export_print',
    'chart:export_png',
    'chart:export_jpeg',
    'chart:export_pdf',
    'chart:export_svg',
  ],
  '§3 trend options': [
    'chart:trend_not_selected',
    'chart:trend_linear',
    'chart:trend_logarithmic',
    'chart:trend_exponential',
  ],
  '§2 shared widgets': ['widgets:show_more', 'widgets:hide', 'widgets:full_screen'],
};

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = createTestDatabase();
  app = await createTestApp(database.dbPath);
});

afterAll(async () => {
  await app.close();
  database.cleanup();
});

describe('labels SPEC.md names', () => {
  const modules = [
    ...new Set(Object.values(SPEC_LABELS).flatMap((keys) => keys.map((key) => key.split(':')[0]!))),
  ];

  it('are served by /api/labels/{module}/ in all ten languages, none empty', async () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      const served = new Map<string, Record<string, string>>();
      for (const module of modules) {
        const response = await app.inject({ method: 'GET', url: `/api/labels/${module}/?lang=${lang}` });
        served.set(module, response.statusCode === 200 ? response.json() : {});
      }
      for (const [section, keys] of Object.entries(SPEC_LABELS)) {
        for (const fullKey of keys) {
          const [module, key] = fullKey.split(':') as [string, string];
          const text = served.get(module)?.[key];
          if (typeof text !== 'string' || text.trim() === '' || text.startsWith('{{'))
            missing.push(`${section}: ${fullKey} (${lang})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are translated, not copied from English, where the words differ', async () => {
    const texts = async (module: string, lang: string) =>
      (await app.inject({ method: 'GET', url: `/api/labels/${module}/?lang=${lang}` })).json() as Record<
        string,
        string
      >;
    for (const module of ['compare', 'search']) {
      const english = await texts(module, 'eng');
      for (const lang of LANGUAGES.filter((l) => l !== 'eng')) {
        const other = await texts(module, lang);
        for (const key of [
          'null_compare_data',
          'max_stocks_in_compare',
          'label_not_found',
          'tooManyResults',
        ]) {
          if (key in english) expect(other[key], `${module}:${key} ${lang}`).not.toBe(english[key]);
        }
      }
    }
  });
});
