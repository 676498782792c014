import { atom, onMount } from 'nanostores';
import { pageLang } from '../page-data.ts';
import { DEFAULT_LANG, type Lang } from '../../contract/types.ts';

/** The page's language; every element on the page follows it. */
export const $lang = atom<Lang>(DEFAULT_LANG);

onMount($lang, () => {
  if (typeof document !== 'undefined') $lang.set(pageLang(document));
});
