/**
 * A view loaded on first use (its chunk is requested by `load()`): each section of
 * <fin-issuer-reports>, its analysis views and line-history dialog, the network graph's table. A failure to load is a state the caller shows
 * (an inline error with a retry) instead of a thrown error that would take the element down, as
 * React.lazy would (it also keeps the failed promise, so it could not retry).
 *
 * Once loaded, the view renders at once (`loaded`): the server renderer loads every lazy view
 * before it serves (`loadLazyViews`), so its first view holds the views, not their loading lines.
 */
import { useCallback, useContext, useEffect, useState, type ComponentType } from 'react';
import { HostContext } from './host-context.ts';

export type LazyState<P> =
  { status: 'idle' | 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'error' };

/** A lazy view's loader; `loaded` is its component once a load has succeeded. */
export interface LazyLoad<P> {
  (): Promise<ComponentType<P>>;
  readonly loaded?: ComponentType<P>;
}

/** Every lazy view of the modules imported so far (the server renderer loads them all). */
const everyLazyView = new Set<LazyLoad<never>>();

/** One shared load per module: later uses get the same component; a failed load may be retried. */
export function lazyModule<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyLoad<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const get = Object.assign(
    () =>
      (pending ??= load().then(
        (module) => (get.loaded = module.default),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    { loaded: undefined as ComponentType<P> | undefined },
  );
  everyLazyView.add(get as LazyLoad<never>);
  return get;
}

/** Loads every lazy view registered so far; resolves with the errors of those that failed. */
export async function loadLazyViews(): Promise<unknown[]> {
  const results = await Promise.allSettled([...everyLazyView].map((get) => get()));
  return results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
}

/**
 * Loads the view when `wanted` turns true (idle and loading read alike); `retry` loads it again
 * after a failure. A view already loaded is ready from the first render.
 */
export function useLazyView<P>(get: LazyLoad<P>, wanted: boolean) {
  // The element's tag for the log line (a view rendered outside an element logs without it).
  const tag = useContext(HostContext)?.tag ?? 'element';
  const [state, setState] = useState<LazyState<P>>(() =>
    wanted && get.loaded ? { status: 'ready', Component: get.loaded } : { status: 'idle' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    get().then(
      (Component) =>
        live &&
        setState((now) =>
          now.status === 'ready' && now.Component === Component ? now : { status: 'ready', Component },
        ),
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
