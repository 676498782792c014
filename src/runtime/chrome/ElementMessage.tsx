import { useContext, useLayoutEffect, type ReactNode } from 'react';
import { HostContext } from '../host-context.ts';

export interface ElementMessageProps {
  kind: 'error' | 'info' | 'loading';
  children: ReactNode;
  /** Offered after an error the user can retry (a failed call). */
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * The inline message an element shows instead of its content: an error in the page's language,
 * a notice (no data), or a loading line. Errors are announced to screen readers.
 */
export function ElementMessage({ kind, children, onRetry, retryLabel }: ElementMessageProps) {
  const host = useContext(HostContext);
  // While a loading line shows, the host keeps the height the page reserved for its content.
  useLayoutEffect(() => (kind === 'loading' ? host?.markLoading() : undefined), [host, kind]);
  return (
    <div
      className={`fin-message fin-message--${kind}`}
      part={`message ${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-busy={kind === 'loading' || undefined}
    >
      <span>{children}</span>
      {onRetry ? (
        <button type="button" className="fin-message__retry" onClick={onRetry}>
          {retryLabel ?? 'Retry'}
        </button>
      ) : null}
    </div>
  );
}
