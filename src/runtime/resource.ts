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
 */
export function useResource<K, V>(
  create: () => Resource<K, V>,
  key: K | null,
): { state: ResourceState<K, V>; resource: Resource<K, V> } {
  const [resource] = useState(() => {
    const created = create();
    if (key !== null) created.prime(key);
    return created;
  });
  const state = useStore(resource.$state);
  const keyText = key === null ? null : JSON.stringify(key);
  useEffect(() => {
    if (keyText === null) return;
    const current = resource.$state.get();
    // Primed from the page for this very key: nothing to call.
    if (current.status === 'ready' && JSON.stringify(current.key) === keyText) return;
    const key = JSON.parse(keyText) as K;
    // The first key came after the first render (the page data arrived later): the preload still
    // answers it. Later keys are the visitor's choices and are called.
    if (current.status === 'idle' && resource.prime(key)) return;
    void resource.load(key);
  }, [resource, keyText]);
  useEffect(() => resource.cancel, [resource]);
  return { state, resource };
}
