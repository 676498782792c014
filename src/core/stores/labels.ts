import { map } from 'nanostores';
import { LABELS_BLOCK_ID, type LabelsBlock } from '../../contract/preload.ts';
import { LANGUAGES } from '../../contract/types.ts';
import { fetchLabels } from '../api/labels.ts';
import { showLabelsMode, type LabelsByModule } from '../labels.ts';
import type { Lang } from '../../contract/types.ts';
import { $lang } from './lang.ts';

/** Loaded labels of the page's language, by module. */
export const $labels = map<LabelsByModule>({});

/** Modules whose load failed, so elements can fall back instead of waiting forever. */
export const $labelErrors = map<Record<string, string | undefined>>({});

const pending = new Map<string, Promise<void>>();

/**
 * The language of the labels in $labels (a switch of $lang to another one drops them). Not read
 * from $lang here: a get() mounts the store, which would read the page's language too early.
 */
let labelsLang: Lang | null = null;

/**
 * The labels the server wrote into the page (contract/preload.ts) or gives the server renderer:
 * their modules need no call.
 */
export function seedLabels(block: LabelsBlock): void {
  labelsLang = block.lang;
  $labels.set({ ...block.modules });
  $labelErrors.set({});
  pending.clear();
  for (const module of Object.keys(block.modules)) pending.set(`${block.lang}/${module}`, Promise.resolve());
}

/** The page's `#fin-labels` block, if there is a well-formed one. */
function readLabelsBlock(): LabelsBlock | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(LABELS_BLOCK_ID);
  if (!block) return null;
  try {
    const parsed = JSON.parse(block.textContent ?? '') as Partial<LabelsBlock> | null;
    const modules = parsed?.modules;
    if (parsed && LANGUAGES.includes(parsed.lang!) && modules && typeof modules === 'object') {
      const wellFormed = Object.values(modules).every(
        (labels) => labels && typeof labels === 'object' && !Array.isArray(labels),
      );
      if (wellFormed) return parsed as LabelsBlock;
    }
    console.error(`fin-elements: #${LABELS_BLOCK_ID} has another shape; the labels will be loaded`);
  } catch (error) {
    console.error(
      `fin-elements: #${LABELS_BLOCK_ID} is not JSON (${(error as Error).message}); the labels will be loaded`,
    );
  }
  return null;
}

/** Loads a module's labels once per language; concurrent callers share one request. */
export function loadLabels(module: string, lang: Lang = $lang.get()): Promise<void> {
  const key = `${lang}/${module}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = fetchLabels(module, lang, showLabelsMode())
      .then((labels) => {
        if ($lang.get() === lang) {
          labelsLang = lang;
          $labels.setKey(module, labels);
        }
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
$lang.listen((lang) => {
  if (lang === labelsLang) return;
  labelsLang = lang;
  $labels.set({});
  $labelErrors.set({});
});

const pageLabels = readLabelsBlock();
if (pageLabels) seedLabels(pageLabels);

/** Tests only: forget loaded labels and pending loads. */
export function resetLabels(): void {
  labelsLang = null;
  pending.clear();
  $labels.set({});
  $labelErrors.set({});
}
