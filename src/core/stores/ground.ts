import { atom, onMount } from 'nanostores';
import { $page } from './page.ts';

/**
 * The trading ground the page shows. One source of truth: switching it in one element (the chart's
 * ground select) makes every element bound to the main page data follow.
 */
export const $ground = atom<number | null>(null);

onMount($ground, () =>
  $page.subscribe((page) => {
    if (page.status === 'ok' && $ground.get() === null) $ground.set(page.data.groundId);
  }),
);

export function setGround(groundId: number): void {
  $ground.set(groundId);
}
