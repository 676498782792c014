import { atom, onMount } from 'nanostores';
import { $page } from './page.ts';

/**
 * The trading ground the page shows. One source of truth: when the user picks another ground
 * (in an element, or in the legacy page's own select), every element bound to the main page data
 * follows. Both announce it with a `fin-ground-select` event that reaches `document`.
 */
export const $ground = atom<number | null>(null);

function onGroundSelect(event: Event): void {
  const groundId = (event as CustomEvent<{ groundId?: unknown }>).detail?.groundId;
  if (typeof groundId === 'number' && Number.isInteger(groundId)) setGround(groundId);
  else console.error('fin-elements: fin-ground-select needs detail.groundId, an integer');
}

onMount($ground, () => {
  const stopPage = $page.subscribe((page) => {
    if (page.status === 'ok' && $ground.get() === null) $ground.set(page.data.groundId);
  });
  if (typeof document !== 'undefined') document.addEventListener('fin-ground-select', onGroundSelect);
  return () => {
    stopPage();
    if (typeof document !== 'undefined') document.removeEventListener('fin-ground-select', onGroundSelect);
  };
});

export function setGround(groundId: number): void {
  $ground.set(groundId);
}
