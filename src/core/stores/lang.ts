import { atom, onMount } from 'nanostores';
import { pageLang } from '../page-data.ts';
import { DEFAULT_LANG, type Lang } from '../../contract/types.ts';

/**
 * The page's language; every element on the page follows it. Read at once (not only on mount), so
 * the first render, the one that hydrates the server's HTML, is already in the page's language.
 */
export const $lang = atom<Lang>(typeof document === 'undefined' ? DEFAULT_LANG : pageLang(document));

onMount($lang, () => {
  if (typeof document !== 'undefined') $lang.set(pageLang(document));
});
