/**
 * Scroll back to the top of a block after it collapsed (SPEC §4 "Collapsing scrolls back to the
 * table top"), at the legacy site's pace: 5 px every 1 ms (SPEC §9). Animated by
 * requestAnimationFrame (so it is as smooth as the screen allows and stops in background tabs);
 * with prefers-reduced-motion it jumps.
 */

/** SPEC §9: scroll step 5 px every 1 ms. */
export const SCROLL_PX_PER_MS = 5;

/** Window scroll position after `elapsedMs` of an animation from `from` to `to`. */
export function scrollPosition(from: number, to: number, elapsedMs: number): number {
  const travelled = Math.max(0, elapsedMs) * SCROLL_PX_PER_MS;
  const distance = Math.abs(to - from);
  if (travelled >= distance) return to;
  return from + Math.sign(to - from) * travelled;
}

export interface ScrollToTopOptions {
  /** Pixels kept free above the element (e.g. a sticky site header). */
  offset?: number;
  /** Scroll even when the element's top is already in view (default: only when above it). */
  always?: boolean;
}

let cancelRunning: (() => void) | null = null;

/**
 * Scrolls the window so that `element`'s top is at the top of the viewport, when it is above it.
 * Returns a function that stops the animation. A new call stops the previous one, and so does the
 * user turning the wheel or touching the screen.
 */
export function scrollToTop(element: Element, options: ScrollToTopOptions = {}): () => void {
  cancelRunning?.();
  const top = element.getBoundingClientRect().top - (options.offset ?? 0);
  if (top >= 0 && !options.always) return () => undefined;

  const from = window.scrollY;
  // A whole pixel, rounded up the page: the top is in view however the layout's fractions fall.
  const to = Math.max(0, Math.floor(from + top));
  if (prefersReducedMotion()) {
    window.scrollTo(0, to);
    return () => undefined;
  }

  let frame = 0;
  let start: number | null = null;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    if (cancelRunning === stop) cancelRunning = null;
  };
  const step = (now: number) => {
    start ??= now;
    const position = scrollPosition(from, to, now - start);
    window.scrollTo(0, position);
    if (position === to) stop();
    else frame = requestAnimationFrame(step);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  frame = requestAnimationFrame(step);
  cancelRunning = stop;
  return stop;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
