import { createContext } from 'react';
import type { FinEventDetails, FinEventName } from '../core/events.ts';

export interface Host {
  element: HTMLElement;
  tag: string;
  emit<N extends FinEventName>(name: N, detail: FinEventDetails[N]): void;
  /** Hides the host element itself, so an element with nothing to show leaves no gap. */
  setHidden(hidden: boolean): void;
}

export const HostContext = createContext<Host | null>(null);
