/**
 * `useResource()`: a resource (core/resource.ts: abort, latest wins, `task()`) per component
 * instance, following a key.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Resource, ResourceState } from '../core/resource.ts';

/**
 * One resource per component instance, loading `key` whenever it changes (compared by value) and
 * cancelled on unmount. `key` null: nothing to load yet. The first key's answer is taken from the
 * page's preload when the server put it there (resource.prime): the first render, on the server
 * and the hydrating one, shows the data, and no request is made for it.
 *
 * `firstView`: the key is still the element's own choice, not the visitor's (leaders opening their
 * next tab when the first is empty). The preload answers it as it answers the first key, in the
 * very render that asks for it, so the server's HTML and the hydrating render agree.
 */
export function useResource<K, V>(
  create: () => Resource<K, V>,
  key: K | null,
  { firstView = false }: { firstView?: boolean } = {},
): { state: ResourceState<K, V>; resource: Resource<K, V> } {
  const [resource] = useState(() => {
    const created = create();
    if (key !== null) created.prime(key);
    return created;
  });
  const stored = useStore(resource.$state);
  const keyText = key === null ? null : JSON.stringify(key);
  // Until the effect below has loaded (or primed) a new key, the stored state is the last key's:
  // never shown as this one's (its rows under this key's empty text). It is this key's loading
  // state, or, on the element's first view, this key's preloaded answer (read, not stored: a
  // render sets no store).
  let state = stored;
  if (key !== null && stored.status !== 'idle' && JSON.stringify(stored.key) !== keyText) {
    const value = firstView ? resource.preloaded(key) : undefined;
    state = value !== undefined ? { status: 'ready', key, value } : { status: 'loading', key };
  }
  useEffect(() => {
    if (keyText === null) return;
    const current = resource.$state.get();
    // Primed from the page for this very key: nothing to call.
    if (current.status === 'ready' && JSON.stringify(current.key) === keyText) return;
    const key = JSON.parse(keyText) as K;
    // The first key came after the first render (the page data arrived later), or the element
    // still picks its first view: the preload answers it. The visitor's choices are called.
    if ((current.status === 'idle' || firstView) && resource.prime(key)) return;
    void resource.load(key);
  }, [resource, keyText, firstView]);
  useEffect(() => resource.cancel, [resource]);
  return { state, resource };
}
