import { atom, batch, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import { parseDisplayDate } from '../../contract/calendar.ts';
import {
  DEFAULT_PAGE_DATA_SELECTOR,
  PageDataError,
  readIssuerPageData,
  readIssuerReportsPageData,
  readStockPageBlock,
  pageRoot,
  type PageFieldProblem,
} from '../page-data.ts';
import type { IssuerPageData, StockPageData } from '../../contract/types.ts';
import type { IssuerReportsPageData } from '../../contract/company.ts';
import { initPeriod } from './period.ts';

/** Page data as read from one block: the validated data, or the error to show in its place. */
export type PageDataState<T> =
  /** `problems`: optional fields that were malformed and got their defaults (only their users fail). */
  | { status: 'ok'; data: T; problems?: PageFieldProblem[] }
  | { status: 'error'; error: Error }
  /** The page has no such block: an error only for an element that needs it (not for one given stock-id). */
  | { status: 'missing'; error: PageDataError }
  | { status: 'none' };

const cache = new Map<string, WritableAtom<PageDataState<unknown>>>();
const fillers = new Map<string, (quiet: boolean) => void>();

function blockStore<T>(
  kind: string,
  selector: string,
  read: (selector: string) => { data: T; problems?: PageFieldProblem[] },
  /** Runs with the data when the block has been read (in the same batch as the read). */
  onRead?: (data: T) => void,
): ReadableAtom<PageDataState<T>> {
  const key = `${kind} ${selector}`;
  let store = cache.get(key) as WritableAtom<PageDataState<T>> | undefined;
  if (!store) {
    const state = atom<PageDataState<T>>({ status: 'none' });
    const fill = (quiet = false) => {
      const root = pageRoot();
      // `.value`, not get(): get() on an unmounted store mounts it, and its mount fills loudly
      // (a quiet reread on the server would then warn about a block of another page's kind).
      if (root === null || state.value?.status !== 'none') return;
      if (!root.querySelector(selector)) {
        state.set({
          status: 'missing',
          error: new PageDataError(selector, 'no such page-data block on the page'),
        });
        return;
      }
      try {
        const { data, problems } = read(selector);
        if (!quiet)
          for (const problem of problems ?? []) console.error(`fin-elements: ${problem.error.message}`);
        batch(() => {
          state.set(problems?.length ? { status: 'ok', data, problems } : { status: 'ok', data });
          onRead?.(data);
        });
      } catch (error) {
        if (!quiet) console.error(`fin-elements: ${(error as Error).message}`);
        state.set({ status: 'error', error: error as Error });
      }
    };
    onMount(state, () => fill());
    fillers.set(key, fill);
    store = state;
    cache.set(key, store as WritableAtom<PageDataState<unknown>>);
  }
  return store;
}

/**
 * SPEC §4: a stock's chart period starts at 1M back from its last trading date. Started where the
 * page data of a block comes in (read or replaced), so no element has to write the period it
 * follows; a block with the same last date keeps the period it has.
 */
function startPeriod(data: StockPageData, selector: string): void {
  if (parseDisplayDate(data.excelDefaultEnd) !== null) initPeriod(data.excelDefaultEnd, selector);
}

/**
 * The stock page data of a block. Elements use the page's main block unless an attribute points
 * them at another one (several instruments on one page).
 */
export function stockPageStore(
  selector = DEFAULT_PAGE_DATA_SELECTOR,
): ReadableAtom<PageDataState<StockPageData>> {
  return blockStore(
    'stock',
    selector,
    (s) => readStockPageBlock(s),
    (data) => startPeriod(data, selector),
  );
}

export function issuerPageStore(
  selector = DEFAULT_PAGE_DATA_SELECTOR,
): ReadableAtom<PageDataState<IssuerPageData>> {
  return blockStore('issuer', selector, (s) => ({ data: readIssuerPageData(s) }));
}

/** The issuer page data with the issuer blocks' fields (reports, comments, consensus). */
export function issuerReportsPageStore(
  selector = DEFAULT_PAGE_DATA_SELECTOR,
): ReadableAtom<PageDataState<IssuerReportsPageData>> {
  return blockStore('issuer-reports', selector, (s) => ({ data: readIssuerReportsPageData(s) }));
}

/** The main block of a stock page. */
export const $page = stockPageStore();

/**
 * Replaces the data of a block the elements read (a ground switch reloads the page data with
 * `?format=json`, SPEC §2): every element bound to it follows without a reload.
 */
export function setStockPageData(data: StockPageData, selector = DEFAULT_PAGE_DATA_SELECTOR): void {
  batch(() => {
    (stockPageStore(selector) as WritableAtom<PageDataState<StockPageData>>).set({ status: 'ok', data });
    startPeriod(data, selector);
  });
}

/** Forget what was read, so the next mount reads the blocks again (tests; pages that replace blocks). */
export function resetPageData(): void {
  for (const store of cache.values()) store.set({ status: 'none' });
}

/**
 * Reads every block again from the page now (the server renderer, once per page it renders: a
 * store stays mounted between renders, so its mount would not read the next page's blocks).
 * Quietly: a store of another kind than the page's (an issuer store on a stock page) fails here,
 * and the element that reads it reports that, in the browser.
 */
export function rereadPageData(): void {
  resetPageData();
  for (const fill of fillers.values()) fill(true);
}
