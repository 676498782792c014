/**
 * `useResource()`: a resource (core/resource.ts: abort, latest wins, `task()`) per component
 * instance, following a key.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Resource, ResourceState } from '../core/resource.ts';

/**
 * One resource per component instance, loading `key` whenever it changes (compared by value) and
 * cancelled on unmount. `key` null: nothing to load yet.
 */
export function useResource<K, V>(
  create: () => Resource<K, V>,
  key: K | null,
): { state: ResourceState<K, V>; resource: Resource<K, V> } {
  const [resource] = useState(create);
  const state = useStore(resource.$state);
  const keyText = key === null ? null : JSON.stringify(key);
  useEffect(() => {
    if (keyText !== null) void resource.load(JSON.parse(keyText) as K);
  }, [resource, keyText]);
  useEffect(() => resource.cancel, [resource]);
  return { state, resource };
}
