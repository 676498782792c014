/**
 * The states every data element goes through, said the same way everywhere (DESIGN §5): the page
 * data it needs is missing or malformed, the labels or the data are on their way, the call failed
 * (with a retry), or the answer is empty. Only a usable answer reaches the element's own view.
 */
import type { ReactNode } from 'react';
import type { PageDataState } from '../../core/stores/page.ts';
import type { Translate } from '../hooks.ts';
import type { ResourceState } from '../../core/resource.ts';
import { ElementMessage } from './ElementMessage.tsx';
import { PageDataMessage } from './PageDataMessage.tsx';

export interface ElementStateProps<K, V> {
  t: Translate;
  /** The labels the element uses have loaded (no `{{keys}}` flash). */
  ready: boolean;
  /** The page data, when the element needs it; an error or missing block is shown instead of anything else. */
  page?: PageDataState<unknown> | null;
  state: ResourceState<K, V>;
  onRetry(): void;
  /** An answer with nothing to show: the message says so instead of an empty view. */
  isEmpty?(value: V): boolean;
  /** The no-data text; default `stock:no_data`. */
  emptyText?: string;
  children(value: V, key: K): ReactNode;
}

export function ElementState<K, V>({
  t,
  ready,
  page,
  state,
  onRetry,
  isEmpty,
  emptyText,
  children,
}: ElementStateProps<K, V>) {
  if (page && (page.status === 'error' || page.status === 'missing'))
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  if (!ready || state.status === 'idle' || state.status === 'loading')
    return <ElementMessage kind="loading">{ready ? t('common:loading') : '…'}</ElementMessage>;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} t={t} />;
  if (isEmpty?.(state.value))
    return <ElementMessage kind="info">{emptyText ?? t('stock:no_data')}</ElementMessage>;
  return <>{children(state.value, state.key)}</>;
}

/** A failed call in the page's language, with a retry. */
export function LoadError({
  error,
  onRetry,
  t,
}: {
  error: { kind: string };
  onRetry?: () => void;
  t: Translate;
}) {
  return (
    <ElementMessage kind="error" onRetry={onRetry} retryLabel={t('common:retry')}>
      {error.kind === 'timeout' ? t('common:error_timeout') : t('common:error_load')}
    </ElementMessage>
  );
}

/**
 * For an element that renders its page data (no call of its own): the message to show instead of
 * its view while the labels or the page data are not there, or when the block is missing or
 * malformed, or one of the optional fields it `needs` is (naming the field; the other elements of
 * the block render); null when the view can render.
 */
export function pageDataGate(
  page: PageDataState<unknown>,
  ready: boolean,
  t: Translate,
  needs: readonly string[] = [],
): ReactNode | null {
  if (page.status === 'error' || page.status === 'missing')
    return <PageDataMessage error={page.error} logOnce={page.status === 'missing'} t={t} />;
  const problem =
    page.status === 'ok' ? page.problems?.find(({ field }) => needs.includes(field)) : undefined;
  if (problem) return <PageDataMessage error={problem.error} logOnce={false} t={t} />;
  if (!ready || page.status !== 'ok') return <ElementMessage kind="loading">…</ElementMessage>;
  return null;
}
