import { Suspense, use, useContext } from 'react';
import { ElementMessage } from './chrome/ElementMessage.tsx';
import type { Translate } from './hooks.ts';
import { HostContext } from './host-context.ts';
import { useLazyView, type LazyLoad } from './lazy-view.ts';

/**
 * A view whose chunk loads on first use: the loading line until it is there, the load error with
 * a retry if it fails (in this view only), then the view with `props`.
 *
 * A view the server rendered (its chunk was loaded there) is hydrated, not replaced: while its
 * chunk is not here yet, the view suspends, and React keeps the server's DOM of the boundary as it
 * is until the chunk has come (no loading line in between, no mismatch). The boundary is there on
 * both sides, so the server's markup and the browser's tree have the same shape.
 */
export function LazyView<P extends object>(props: { load: LazyLoad<P>; props: P; t: Translate }) {
  const loading = <ElementMessage kind="loading">{props.t('common:loading')}</ElementMessage>;
  return (
    <Suspense fallback={loading}>
      <LazyBody {...props} />
    </Suspense>
  );
}

function LazyBody<P extends object>({ load, props, t }: { load: LazyLoad<P>; props: P; t: Translate }) {
  const fromServer = useContext(HostContext)?.serverView ?? false;
  // The hooks come before \`use\`: when the chunk comes while React waits on it, React replays this
  // render, and by then \`load.loaded\` is set, so \`use\` is skipped. A hook called only after it
  // would be new in the replay, which React refuses while hydrating ("Update hook called on
  // initial render"), and the server's DOM of the section would be thrown away.
  const { state, retry } = useLazyView(load, true);
  const Component = state.status === 'ready' ? state.Component : load.loaded;
  if (Component) return <Component {...props} />;
  if (fromServer && state.status !== 'error') use(settled(load));
  if (state.status === 'error')
    return (
      <ElementMessage kind="error" onRetry={retry} retryLabel={t('common:retry')}>
        {t('common:error_load')}
      </ElementMessage>
    );
  return <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>;
}

/** The load as a promise that never rejects (a failure is the view's error state, not a thrown error). */
const settling = new WeakMap<LazyLoad<never>, Promise<void>>();
function settled<P>(load: LazyLoad<P>): Promise<void> {
  const key = load as LazyLoad<never>;
  let promise = settling.get(key);
  if (!promise) {
    promise = load().then(
      () => undefined,
      () => undefined,
    );
    settling.set(key, promise);
  }
  return promise;
}
