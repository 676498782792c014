/**
 * createResource(): the one loader behind every element's calls (DESIGN §3). A newer load aborts
 * the older one (the request is cancelled, not only ignored), so a quick switch never shows the
 * previous answer; every load is a nanostores `task`, so tests `await allTasks()` instead of
 * sleeping; failures become typed ApiErrors, logged once, shown by the element chrome.
 *
 * It lives in core so shared stores can load with it too (the archive of a page-data block);
 * a component holds one with `useResource` (runtime/resource.ts).
 */
import { atom, batch, task, type ReadableAtom } from 'nanostores';
import { toApiError, type ApiError } from './api/client.ts';

export type ResourceState<K, V> =
  | { status: 'idle' }
  | { status: 'loading'; key: K }
  | { status: 'ready'; key: K; value: V }
  | { status: 'error'; key: K; error: ApiError };

export interface Resource<K, V> {
  readonly $state: ReadableAtom<ResourceState<K, V>>;
  /** Loads `key`, cancelling a load under way. Resolves when this load has settled or was superseded. */
  load(key: K): Promise<void>;
  /** Loads the last key again (the chrome's retry button). */
  retry(): Promise<void>;
  /** Cancels the load under way (unmount). */
  cancel(): void;
  /**
   * Takes `key`'s answer from the page's preload (core/preload.ts) synchronously, if it has one:
   * the state turns ready at once, before the first render. True when it did.
   */
  prime(key: K): boolean;
  /** `key`'s answer in the page's preload, without touching the state (undefined: none). */
  preloaded(key: K): V | undefined;
}

export interface ResourceOptions<K, V> {
  /** What is loaded, for the console message of a failure: `holders of 12`. */
  describe: (key: K) => string;
  /**
   * Loads the value. An answer that also brings another store's share (the compared stocks of
   * the chart's main call) hands its storing to `alongside`: it runs in one batch with the value's
   * ready state, so a component never renders the one without the other (nor draws twice), and
   * not at all when a newer load has superseded this one.
   */
  load: (key: K, signal: AbortSignal, alongside: (commit: () => void) => void) => Promise<V>;
  /**
   * The answer the server put into the page for `key`, already shaped like `load`'s, or undefined
   * (`peekPreloaded` with the call's path, query and check, then the same transform as `load`).
   */
  peek?: (key: K) => V | undefined;
}

export function createResource<K, V>({ describe, load, peek }: ResourceOptions<K, V>): Resource<K, V> {
  const $state = atom<ResourceState<K, V>>({ status: 'idle' });
  let controller: AbortController | null = null;
  let lastKey: { key: K } | null = null;

  function start(key: K): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    lastKey = { key };
    $state.set({ status: 'loading', key });
    return task(async () => {
      const commits: Array<() => void> = [];
      try {
        const value = await load(key, current.signal, (commit) => commits.push(commit));
        if (controller === current)
          batch(() => {
            for (const commit of commits) commit();
            $state.set({ status: 'ready', key, value });
          });
      } catch (error) {
        if (controller !== current) return; // superseded or cancelled
        const apiError = toApiError(error);
        console.error(`fin-elements: ${describe(key)} not loaded: ${apiError.message}`);
        $state.set({ status: 'error', key, error: apiError });
      } finally {
        if (controller === current) controller = null;
      }
    });
  }

  return {
    $state,
    load: start,
    retry: () => (lastKey ? start(lastKey.key) : Promise.resolve()),
    cancel() {
      controller?.abort();
      controller = null;
    },
    preloaded: (key) => peek?.(key),
    prime(key) {
      const value = peek?.(key);
      if (value === undefined) return false;
      controller?.abort();
      controller = null;
      lastKey = { key };
      $state.set({ status: 'ready', key, value });
      return true;
    },
  };
}
