/** Reading the injected menu and keeping the language links on the page's current address. */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { checkMenuData, type MenuData } from '../../contract/menu.ts';
import type { Lang } from '../../contract/types.ts';
import { ValidationError } from '../../contract/validate.ts';
import { PageDataError, readJsonBlock } from '../../core/page-data.ts';

/** The menu block the selector names, checked; throws PageDataError naming what is wrong. */
export function readMenuData(selector: string, root?: ParentNode): MenuData {
  const raw = readJsonBlock(selector, root);
  try {
    return checkMenuData(raw, '');
  } catch (error) {
    if (error instanceof ValidationError) throw new PageDataError(selector, error.message);
    throw error;
  }
}

/**
 * The address (path and query) with `lang` set and everything else kept: the stock's ground
 * segment, the search term, other parameters. The hash is left out (it names a place on this
 * page's layout, which another language lays out the same but a visitor expects the top).
 */
export function withLang(address: string, lang: Lang): string {
  const parsed = new URL(address, 'http://menu.invalid');
  parsed.searchParams.set('lang', lang);
  return `${parsed.pathname}${parsed.search}`;
}

export type LoadedMenu = { data: MenuData; error: null } | { data: null; error: Error | null };

/**
 * The menu block as a store: read (once, logged once if broken) when an element first subscribes,
 * never during render, so the server and the browser render the same first view.
 */
export function menuDataStore(selector: string): ReadableAtom<LoadedMenu> {
  const store = atom<LoadedMenu>({ data: null, error: null });
  onMount(store, () => {
    try {
      store.set({ data: readMenuData(selector), error: null });
    } catch (error) {
      console.error(`fin-elements: ${(error as Error).message}`);
      store.set({ data: null, error: error as Error });
    }
  });
  return store;
}
