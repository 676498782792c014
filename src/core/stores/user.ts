import { atom, onMount } from 'nanostores';
import { ANONYMOUS } from '../../contract/page-data.ts';
import { readUser } from '../page-data.ts';
import type { UserGlobals } from '../../contract/types.ts';

/** The signed-in user, read once from the page (`#fin-user` or the legacy window globals). */
export const $user = atom<UserGlobals>(ANONYMOUS);

onMount($user, () => {
  if (typeof document !== 'undefined') $user.set(readUser(document));
});
