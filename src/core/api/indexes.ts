/** SPEC §7 index calls: the index chart and index comparison (paid). */
import type {
  IndexGraphicDataRequest,
  IndexCompareData,
  IndexGraphicDataAnswer,
  IndexCompareGraphicDataRequest,
} from '../../contract/indexes.ts';
import { postJson } from './client.ts';

export function fetchIndexGraphicData(
  indexId: number,
  body: IndexGraphicDataRequest,
  signal?: AbortSignal,
): Promise<IndexGraphicDataAnswer> {
  return postJson(`/api/indexes/${indexId}/getGraphicData/`, body, { signal });
}

/** Paid only. `id` is the chart's own entity (page id); index_id the index to add. */
export function fetchIndexCompareGraphicData(
  id: number,
  body: IndexCompareGraphicDataRequest,
  signal?: AbortSignal,
): Promise<IndexCompareData> {
  return postJson(`/api/indexes/${id}/getCompareGraphicData/`, body, { signal });
}
