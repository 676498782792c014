/**
 * Label texts from the `labels` table (SPEC §7 /api/labels/, §8). Labels never change while the
 * server runs (the generator writes them), so each module × language is read once.
 */
import type { Lang, LabelMap } from '../../../src/contract/types.ts';
import type { Db } from './db.ts';

export class LabelStore {
  private readonly cache = new Map<string, LabelMap | null>();
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      module: db.prepare<[string, string], { key: string; text: string }>(
        'SELECT key, text FROM labels WHERE module = ? AND lang = ? ORDER BY key',
      ),
      exists: db.prepare<[string], { found: number }>(
        'SELECT 1 AS found FROM labels WHERE module = ? LIMIT 1',
      ),
    };
  }

  /**
   * key → text of one module, or null when the module does not exist. With `showKeys` every text
   * is its `module:key`, so label editors can see which key is where.
   */
  module(module: string, lang: Lang, showKeys = false): LabelMap | null {
    const cacheKey = `${module}\u0000${lang}`;
    let labels = this.cache.get(cacheKey);
    if (labels === undefined) {
      labels = this.statements.exists.get(module)
        ? Object.fromEntries(this.statements.module.all(module, lang).map((row) => [row.key, row.text]))
        : null;
      this.cache.set(cacheKey, labels);
    }
    if (!labels || !showKeys) return labels;
    return Object.fromEntries(Object.keys(labels).map((key) => [key, `${module}:${key}`]));
  }

  /** One text by `module:key`; a missing label shows as `{{module:key}}` (SPEC §8). */
  text(lang: Lang, fullKey: string, showKeys = false): string {
    const at = fullKey.indexOf(':');
    const [module, key] = at < 0 ? ['common', fullKey] : [fullKey.slice(0, at), fullKey.slice(at + 1)];
    const text = this.module(module, lang, showKeys)?.[key];
    return text === undefined || text === '' ? `{{${fullKey}}}` : text;
  }
}

/** `show_labels` switches the mode on for any value but '0' and 'false' (as the client reads it). */
export function showLabelsRequested(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.show_labels;
  if (value === undefined || value === null) return false;
  return value !== '0' && value !== 'false';
}
