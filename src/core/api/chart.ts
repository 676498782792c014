/**
 * The chart widget's data call (SPEC §7): POST {data_url} with the period, answered by a Chart
 * response. The data URL is the embedding page's (often a partner's own server), so the answer is
 * checked like every other one (contract/chart-widget.ts).
 */
import { checkChartResponse, type ChartRequest, type ChartResponse } from '../../contract/chart-widget.ts';
import { postJson } from './client.ts';

export function fetchChartData(
  dataUrl: string,
  body: ChartRequest,
  signal?: AbortSignal,
): Promise<ChartResponse> {
  // Page-relative: against the page, never against the API base of a partner page.
  const url = globalThis.location ? new URL(dataUrl, globalThis.location.href).href : dataUrl;
  return postJson<ChartResponse>(url, body, { signal, check: checkChartResponse });
}
