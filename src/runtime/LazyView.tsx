import type { ComponentType } from 'react';
import { ElementMessage } from './chrome/ElementMessage.tsx';
import type { Translate } from './hooks.ts';
import { useLazyView } from './lazy-view.ts';

/**
 * A view whose chunk loads on first use: the loading line until it is there, the load error with
 * a retry if it fails (in this view only), then the view with `props`.
 */
export function LazyView<P extends object>({
  load,
  props,
  t,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  t: Translate;
}) {
  const { state, retry } = useLazyView(load, true);
  if (state.status === 'ready') return <state.Component {...props} />;
  if (state.status === 'error')
    return (
      <ElementMessage kind="error" onRetry={retry} retryLabel={t('common:retry')}>
        {t('common:error_load')}
      </ElementMessage>
    );
  return <ElementMessage kind="loading">{t('common:loading')}</ElementMessage>;
}
