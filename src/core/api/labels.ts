/** GET /api/labels/{module}/ (SPEC §7). */
import type { Lang, LabelMap } from '../../contract/types.ts';
import { checkLabels } from '../../contract/answers.ts';
import { getJson } from './client.ts';

export function fetchLabels(
  module: string,
  lang: Lang,
  showLabels: boolean,
  signal?: AbortSignal,
): Promise<LabelMap> {
  return getJson<LabelMap>(`/api/labels/${encodeURIComponent(module)}/`, {
    query: { lang, show_labels: showLabels ? 1 : undefined },
    signal,
    check: checkLabels,
  });
}
