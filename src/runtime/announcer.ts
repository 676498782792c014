/**
 * One polite live region in the host's light DOM (slotted into `<slot name="status">`, shown to
 * nobody): Chromium does not reliably announce live regions inside shadow roots (TECH-NOTES), nor a
 * region created already holding its text, so the region exists, empty, from mount.
 */
import { useCallback, useEffect, useRef } from 'react';

/** The element's `::slotted` rule that hides the region (put it in the element's CSS). */
export const ANNOUNCER_SLOT = 'status';

export function useAnnouncer(host: HTMLElement): (text: string) => void {
  const region = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const span = host.ownerDocument.createElement('span');
    span.slot = ANNOUNCER_SLOT;
    span.setAttribute('role', 'status');
    span.setAttribute('data-fin-status', '');
    host.append(span);
    region.current = span;
    return () => {
      span.remove();
      region.current = null;
    };
  }, [host]);
  return useCallback((text: string) => {
    if (region.current) region.current.textContent = text;
  }, []);
}
