/** Media queries for elements that change layout at the SPEC §9 breakpoint. */
import { useEffect, useState } from 'react';

/** SPEC §9: below 680 px the adaptive layout applies. */
export const NARROW_MEDIA_QUERY = '(max-width: 679.98px)';

/** Whether a media query matches, following changes (a resize, a rotated phone). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() =>
    typeof matchMedia === 'function' ? matchMedia(query).matches : false,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
