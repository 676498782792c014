/**
 * The DOM side of the left menu: finding the page's sections (light DOM, outside the element's
 * shadow root), their page order, and the scroll spy that reports the current one.
 */
import { activeSectionId, inView, keepsHold } from './left-menu.utils.ts';

/**
 * A section becomes current when its top passes this line (px from the viewport top, at most a
 * third of the viewport): low enough for a sticky strip above it, high enough that a short
 * section scrolled to the top is current rather than the one after it.
 */
export const ACTIVATION_LINE_PX = 96;

function activationLine(viewportHeight: number): number {
  return Math.min(ACTIVATION_LINE_PX, Math.round(viewportHeight / 3));
}

type SectionRoot = Document | ShadowRoot;

/** Where the element's sections live: the document or the shadow root that holds the element. */
export function sectionRoot(element: Element): SectionRoot {
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root : element.ownerDocument;
}

/** The section of an id, unless it is missing or hidden. */
export function findSection(root: SectionRoot, id: string): HTMLElement | null {
  const section = root.getElementById(id);
  return section instanceof HTMLElement && !section.hidden ? section : null;
}

/** Index of each present section in document order. */
export function pageOrder(root: SectionRoot, ids: readonly string[]): Map<string, number> {
  const present = ids.flatMap((id) => {
    const section = findSection(root, id);
    return section ? [{ id, section }] : [];
  });
  present.sort((a, b) =>
    a.section.compareDocumentPosition(b.section) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return new Map(present.map(({ id }, index) => [id, index]));
}

export interface SectionSpy {
  /**
   * Keep `id` current while the page scrolls to it after a menu click: until that scroll ends
   * (or the user scrolls), so the sections passed on the way do not flash in the menu.
   */
  hold(id: string): void;
  stop(): void;
}

/**
 * A scroll that has gone quiet this long has ended: the fallback for browsers without the
 * `scrollend` event.
 */
export const SCROLL_IDLE_MS = 200;
/**
 * Where the browser sends `scrollend`, the click's scroll is held until it arrives; this long
 * without a scroll event is only the safety net (no scrollend comes when the section was already
 * in place). Short pauses in the scroll events of a busy machine must not end the hold.
 */
export const SCROLL_END_TIMEOUT_MS = 1000;

/**
 * Reports the current section (the last whose top passed the activation line; the last one at
 * the bottom of the page) whenever a section crosses the band above that line
 * (IntersectionObserver), the page scrolls or resizes. Measures at most once a frame.
 */
export function watchSections(
  root: SectionRoot,
  ids: readonly string[],
  onCurrent: (id: string | null) => void,
): SectionSpy {
  const view = (root instanceof ShadowRoot ? root.ownerDocument : root).defaultView ?? window;
  const scroller = view.document.scrollingElement ?? view.document.documentElement;
  const sections = ids.flatMap((id) => {
    const section = findSection(root, id);
    return section ? [{ id, section }] : [];
  });
  /** The section of a menu click, current until its scroll ends. */
  let held: string | null = null;
  /**
   * The click's scroll has ended with the section short of the activation line because the page
   * cannot scroll further (a short last section): it stays current until anything scrolls again.
   */
  let settled = false;
  let frame = 0;
  let idle: number | undefined;
  const idleMs = 'onscrollend' in view ? SCROLL_END_TIMEOUT_MS : SCROLL_IDLE_MS;

  const atBottom = () => {
    const scrollable = scroller.scrollHeight > view.innerHeight + 1;
    return scrollable && view.scrollY > 0 && view.scrollY + view.innerHeight >= scroller.scrollHeight - 2;
  };
  const measure = () => {
    frame = 0;
    if (held !== null) return;
    const line = activationLine(view.innerHeight);
    const tops = sections.map(({ id, section }) => ({ id, top: section.getBoundingClientRect().top }));
    onCurrent(activeSectionId(tops, { line, height: view.innerHeight, atBottom: atBottom() }));
  };
  const schedule = () => {
    if (frame === 0) frame = view.requestAnimationFrame(measure);
  };
  const release = () => {
    view.clearTimeout(idle);
    if (held === null) return;
    held = null;
    settled = false;
    schedule();
  };
  const sectionInView = (id: string) => {
    const box = sections.find((section) => section.id === id)?.section.getBoundingClientRect();
    return box !== undefined && inView(box, view.innerHeight);
  };
  // The click's scroll has ended (scrollend, or quiet for idleMs): the spy takes over again.
  const scrollEnded = () => {
    view.clearTimeout(idle);
    if (held === null || settled) return;
    const target = sections.find(({ id }) => id === held)?.section;
    const box = target?.getBoundingClientRect();
    if (box && keepsHold(box, { height: view.innerHeight, atBottom: atBottom() })) {
      settled = true;
    } else {
      release();
    }
  };
  const onScroll = () => {
    if (held !== null) {
      // Another scroll after the click's has ended (find in page, a script): the spy follows it
      // once the clicked section is out of view. While it is in view, the scroll is the page's
      // own (content loading below shrinks or grows the page under a reader who has not moved),
      // and the reader's own scrolling ends the hold through the wheel, touch and keys.
      if (settled) {
        if (!sectionInView(held)) release();
      } else {
        view.clearTimeout(idle);
        idle = view.setTimeout(scrollEnded, idleMs);
      }
    }
    schedule();
  };

  const observer =
    typeof view.IntersectionObserver === 'function'
      ? new view.IntersectionObserver(schedule, {
          // The band above the activation line: a section entering or leaving it may change the current one.
          rootMargin: `0px 0px ${activationLine(view.innerHeight) - view.innerHeight}px 0px`,
        })
      : null;
  for (const { section } of sections) observer?.observe(section);
  view.addEventListener('scroll', onScroll, { passive: true });
  view.addEventListener('scrollend', scrollEnded);
  view.addEventListener('resize', schedule);
  // A user's own scrolling ends the hold of a menu click at once, even while the click's scroll
  // runs (a press on the page's scrollbar comes as mousedown on the document).
  const userScroll = ['wheel', 'touchmove', 'keydown', 'mousedown'] as const;
  for (const type of userScroll) view.addEventListener(type, release, { passive: true });
  measure();

  return {
    hold(id) {
      held = id;
      settled = false;
      onCurrent(id);
      view.clearTimeout(idle);
      idle = view.setTimeout(scrollEnded, idleMs);
    },
    stop() {
      observer?.disconnect();
      view.removeEventListener('scroll', onScroll);
      view.removeEventListener('scrollend', scrollEnded);
      view.removeEventListener('resize', schedule);
      for (const type of userScroll) view.removeEventListener(type, release);
      if (frame !== 0) view.cancelAnimationFrame(frame);
      view.clearTimeout(idle);
    },
  };
}

/** Scrolls smoothly to a section (instantly for users who asked for less motion) and moves focus there. */
export function goToSection(section: HTMLElement): void {
  const view = section.ownerDocument.defaultView ?? window;
  const reduced = view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  // Keyboard users continue from the section (the page gives sections tabindex="-1").
  if (section.hasAttribute('tabindex')) section.focus({ preventScroll: true });
  // The address names the section, as a plain anchor link would, without a jump.
  const { history, location } = view;
  history.replaceState(history.state, '', `${location.pathname}${location.search}#${section.id}`);
}
