/**
 * An element's voice for what is not a queued message (a countdown that starts, a request that was
 * answered in place): it speaks through the page's one announcer (messages/announcer.ts, the light
 * DOM regions the message queue uses), made sure of at mount, long before the first text, because
 * Chromium does not reliably announce live regions inside shadow roots nor a region created
 * already holding its text (TECH-NOTES).
 */
import { useCallback, useEffect } from 'react';
import { announce, ensureAnnouncers } from './messages/announcer.ts';

export function useAnnouncer(): (text: string) => void {
  useEffect(() => ensureAnnouncers(), []);
  return useCallback((text: string) => announce(text), []);
}
