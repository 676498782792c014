import { createContext } from 'react';
import type { FinEventDetails, FinEventName } from '../core/events.ts';

export interface Host {
  element: HTMLElement;
  tag: string;
  emit<N extends FinEventName>(name: N, detail: FinEventDetails[N]): void;
  /** Hides the host element itself, so an element with nothing to show leaves no gap. */
  setHidden(hidden: boolean): void;
  /**
   * Marks the host as loading (`data-fin-loading`) until the returned release is called: the page
   * reserves the element's final height for that time (`--fin-reserve-height`, base.css), so
   * nothing below jumps when the data comes.
   */
  markLoading(): () => void;
  /**
   * The element's first view came from the server (a declarative shadow root): a lazy view whose
   * chunk is not here yet waits for it instead of showing its loading line, so hydration keeps the
   * server's DOM (LazyView.tsx).
   */
  serverView?: boolean;
}

export const HostContext = createContext<Host | null>(null);
