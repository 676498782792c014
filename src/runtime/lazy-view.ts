/**
 * A view loaded on first use (its chunk is requested by `load()`): each section of
 * <fin-issuer-reports>, its analysis views and line-history dialog, the network graph's table. A failure to load is a state the caller shows
 * (an inline error with a retry) instead of a thrown error that would take the element down, as
 * React.lazy would (it also keeps the failed promise, so it could not retry).
 */
import { useCallback, useContext, useEffect, useState, type ComponentType } from 'react';
import { HostContext } from './host-context.ts';

export type LazyState<P> =
  { status: 'idle' | 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'error' };

/** One shared load per module: later uses get the same component; a failed load may be retried. */
export function lazyModule<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<ComponentType<P>> | null = null;
  return () =>
    (pending ??= load().then(
      (module) => module.default,
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
}

/** Loads the view when `wanted` turns true (idle and loading read alike); `retry` loads it again after a failure. */
export function useLazyView<P>(get: () => Promise<ComponentType<P>>, wanted: boolean) {
  // The element's tag for the log line (a view rendered outside an element logs without it).
  const tag = useContext(HostContext)?.tag ?? 'element';
  const [state, setState] = useState<LazyState<P>>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    get().then(
      (Component) => live && setState({ status: 'ready', Component }),
      (error: unknown) => {
        console.error(`fin-elements: a view of <${tag}> not loaded: ${String(error)}`);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [get, wanted, attempt, tag]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
