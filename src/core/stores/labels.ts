import { map } from 'nanostores';
import { fetchLabels } from '../api/labels.ts';
import { showLabelsMode, type LabelsByModule } from '../labels.ts';
import type { Lang } from '../../contract/types.ts';
import { $lang } from './lang.ts';

/** Loaded labels of the page's language, by module. */
export const $labels = map<LabelsByModule>({});

/** Modules whose load failed, so elements can fall back instead of waiting forever. */
export const $labelErrors = map<Record<string, string | undefined>>({});

const pending = new Map<string, Promise<void>>();

/** Loads a module's labels once per language; concurrent callers share one request. */
export function loadLabels(module: string, lang: Lang = $lang.get()): Promise<void> {
  const key = `${lang}/${module}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = fetchLabels(module, lang, showLabelsMode())
      .then((labels) => {
        if ($lang.get() === lang) $labels.setKey(module, labels);
      })
      .catch((error: Error) => {
        pending.delete(key); // a later mount may retry
        $labelErrors.setKey(module, error.message);
        console.error(`fin-elements: labels of "${module}" not loaded: ${error.message}`);
      });
    pending.set(key, loading);
  }
  return loading;
}

// A language switch drops the labels of the old language; elements reload what they use.
$lang.listen(() => {
  $labels.set({});
  $labelErrors.set({});
});

/** Tests only: forget loaded labels and pending loads. */
export function resetLabels(): void {
  pending.clear();
  $labels.set({});
  $labelErrors.set({});
}
