import { atom, batch, onMount } from 'nanostores';
import { getJson } from '../api/client.ts';
import { createFinEvent } from '../events.ts';
import { parseStockPageData } from '../page-data.ts';
import type { StockPageData } from '../../contract/types.ts';
import { $page, setStockPageData } from './page.ts';
import { $period, resetPeriod } from './period.ts';

/**
 * The trading ground the page shows. One source of truth: when the user picks another ground
 * (in an element, or in the legacy page's own select), every element bound to the main page data
 * follows. Both announce it with a `fin-ground-select` event that reaches `document`.
 */
export const $ground = atom<number | null>(null);

/** True while a ground switch reloads the page data. */
export const $groundSwitching = atom(false);

function onGroundSelect(event: Event): void {
  const groundId = (event as CustomEvent<{ groundId?: unknown }>).detail?.groundId;
  if (typeof groundId === 'number' && Number.isInteger(groundId)) void switchGround(groundId);
  else console.error('fin-elements: fin-ground-select needs detail.groundId, an integer');
}

/** Back/forward between ground addresses this page pushed. */
function onPopState(event: PopStateEvent): void {
  const groundId = (event.state as { finGroundId?: unknown } | null)?.finGroundId;
  if (typeof groundId === 'number') void switchGround(groundId, { history: 'none' });
}

onMount($ground, () => {
  const stopPage = $page.subscribe((page) => {
    if (page.status === 'ok' && $ground.get() === null) $ground.set(page.data.groundId);
  });
  if (typeof document !== 'undefined') {
    document.addEventListener('fin-ground-select', onGroundSelect);
    window.addEventListener('popstate', onPopState);
  }
  return () => {
    stopPage();
    if (typeof document !== 'undefined') {
      document.removeEventListener('fin-ground-select', onGroundSelect);
      window.removeEventListener('popstate', onPopState);
    }
  };
});

/**
 * Another trading ground for the page. SPEC §4: switching the ground resets the period of the
 * page's main block to 1M (the first ground the page learns is no switch).
 */
export function setGround(groundId: number): void {
  const previous = $ground.get();
  batch(() => {
    $ground.set(groundId);
    const period = $period.get();
    if (previous !== null && previous !== groundId && period) resetPeriod(period.lastDate);
  });
  // The host page learns of a switch (not of the first ground): its own marks of the ground follow.
  if (previous !== null && previous !== groundId && typeof document !== 'undefined') {
    document.dispatchEvent(createFinEvent('fin-ground-change', { groundId }));
  }
}

/** SPEC §2: /stocks/{stringId}/ for the first ground, /stocks/{stringId}/{groundId}/ for the others. */
export function stockPagePath(
  data: Pick<StockPageData, 'stringId' | 'tradingGrounds'>,
  groundId: number,
): string {
  const first = data.tradingGrounds[0]?.id;
  return groundId === first ? `/stocks/${data.stringId}/` : `/stocks/${data.stringId}/${groundId}/`;
}

/** `/stocks/{stock}/` with an optional ground segment, wherever it sits in the path. */
const STOCK_SEGMENTS = /\/stocks\/([^/]+)(?:\/(\d+))?(?=\/|$)/g;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The address of this stock's page on another ground (SPEC §2): its `/stocks/{stock}/[{ground}/]`
 * part, named by the string id (any case) or the numeric id, becomes the canonical
 * `/stocks/{stringId}/[{groundId}/]` wherever it sits (a language prefix before it, more path
 * after it). Null when the path is not a page of this stock: then only the shared ground changes.
 */
export function groundSwitchPath(
  pathname: string,
  data: Pick<StockPageData, 'stockId' | 'stringId' | 'tradingGrounds'>,
  groundId: number,
): string | null {
  for (const match of pathname.matchAll(STOCK_SEGMENTS)) {
    const segment = decodeSegment(match[1]!);
    if (segment.toLowerCase() !== data.stringId.toLowerCase() && segment !== String(data.stockId)) continue;
    const before = pathname.slice(0, match.index);
    const after = pathname.slice(match.index + match[0].length).replace(/^\//, '');
    const stockPath = stockPagePath({ ...data, stringId: encodeURIComponent(data.stringId) }, groundId);
    return `${before}${stockPath}${after}`;
  }
  return null;
}

let switching: AbortController | null = null;

/**
 * Switches the stock page to another trading ground without a reload (SPEC §2, §4): the page data
 * of the new address comes with `?format=json`, the address is rewritten (query and hash kept),
 * the period goes back to 1M, and every element follows. Outside a page of this stock only the
 * shared ground changes. If the page data cannot be loaded, the browser navigates to the new
 * address, so nothing is lost.
 */
export async function switchGround(
  groundId: number,
  opts: { history?: 'push' | 'none' } = {},
): Promise<void> {
  const page = $page.get();
  if (page.status !== 'ok' || typeof location === 'undefined') {
    setGround(groundId);
    return;
  }
  const current = page.data;
  const path = groundSwitchPath(location.pathname, current, groundId);
  if (path === null) {
    setGround(groundId);
    return;
  }
  if (groundId === current.groundId && $ground.get() === groundId) return;
  if (!current.tradingGrounds.some((ground) => ground.id === groundId)) {
    console.error(`fin-elements: ground ${groundId} is not a trading ground of ${current.stringId}`);
    return;
  }
  switching?.abort();
  const controller = new AbortController();
  switching = controller;
  $groundSwitching.set(true);
  try {
    const query = new URLSearchParams({ format: 'json', lang: current.lang });
    const next = parseStockPageData(await getJson(`${path}?${query}`, { signal: controller.signal }), path);
    if (switching !== controller) return;
    if (opts.history !== 'none') {
      // Mark the entry we leave, so Back returns to its ground.
      const state = (history.state ?? {}) as Record<string, unknown>;
      if (state.finGroundId === undefined)
        history.replaceState({ ...state, finGroundId: current.groundId }, '');
      history.pushState({ finGroundId: groundId }, '', `${path}${location.search}${location.hash}`);
    }
    // One change for the elements that follow all three (one load, not three).
    batch(() => {
      setStockPageData(next);
      resetPeriod(next.excelDefaultEnd);
      setGround(next.groundId);
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    console.error(`fin-elements: page data of ${path} not loaded (${(error as Error).message}); navigating`);
    location.assign(`${path}${location.search}${location.hash}`);
  } finally {
    if (switching === controller) {
      switching = null;
      $groundSwitching.set(false);
    }
  }
}
