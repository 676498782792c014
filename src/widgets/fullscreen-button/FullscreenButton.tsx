import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CSS_FULLSCREEN_CLASS,
  readFullscreenCookie,
  writeFullscreenCookie,
} from './fullscreen-button.utils.ts';

export interface FullscreenButtonProps {
  /** The element to show full screen (usually the element's own block, which holds this button). */
  target: () => HTMLElement | null;
  /** Name of the cookie keeping the state: the element's tag, e.g. `fin-network-graph`. */
  cookieName: string;
  /**
   * The user entered or left full screen (button, Escape, the browser's own exit). The element
   * fires `fin-fullscreen-change` from here. Not called when the state is restored on mount.
   */
  onChange?(fullscreen: boolean): void;
  /** Every state change, the restore from the cookie included: for layout (e.g. redraw a graph). */
  onStateChange?(fullscreen: boolean): void;
  labels: { enter: string; exit: string };
  className?: string;
}

type Mode = 'native' | 'css' | null;

/** SPEC §9: the full-screen icon is 36 px high. */
const ICON_SIZE = 36;

/**
 * The full-screen toggle with its two icons (SPEC §2, §4, §9). A click uses the Fullscreen API
 * when the browser offers it, else a CSS fixed overlay. The state is kept in a cookie named after
 * the element; a remembered full screen is restored in the CSS mode, because the Fullscreen API
 * only works from a user gesture. Escape leaves either mode.
 */
export function FullscreenButton({
  target,
  cookieName,
  onChange,
  onStateChange,
  labels,
  className,
}: FullscreenButtonProps) {
  const [mode, setMode] = useState<Mode>(null);
  const modeRef = useRef<Mode>(null);
  /** The element wearing the overlay class, to take it off again even after unmount. */
  const overlaid = useRef<HTMLElement | null>(null);
  const callbacks = useRef({ onChange, onStateChange, target });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onStateChange, target };
  });

  /** Applies a new mode: the overlay class, the page scroll lock, the cookie and the callbacks. */
  const apply = useCallback(
    (next: Mode, byUser: boolean) => {
      const previous = modeRef.current;
      if (previous === next) return;
      modeRef.current = next;
      if (previous === 'css' && overlaid.current) setOverlay(overlaid.current, false);
      overlaid.current = null;
      if (next === 'css') {
        overlaid.current = callbacks.current.target();
        if (overlaid.current) setOverlay(overlaid.current, true);
      }
      setMode(next);
      writeFullscreenCookie(cookieName, next !== null);
      const fullscreen = next !== null;
      if ((previous !== null) !== fullscreen) {
        callbacks.current.onStateChange?.(fullscreen);
        if (byUser) callbacks.current.onChange?.(fullscreen);
      }
    },
    [cookieName],
  );

  // Restore from the cookie; on unmount leave the overlay so the page is usable again.
  useEffect(() => {
    if (readFullscreenCookie(cookieName)) apply('css', false);
    return () => {
      // The target ref is already detached here: use the element that got the overlay.
      if (overlaid.current) setOverlay(overlaid.current, false);
      overlaid.current = null;
      if (modeRef.current === 'native' && document.fullscreenElement) {
        void document.exitFullscreen().catch(() => undefined);
      }
      modeRef.current = null;
    };
  }, [cookieName, apply]);

  // Follow the browser: the user may leave native full screen with its own key or button.
  useEffect(() => {
    const onFullscreenChange = () => {
      const element = callbacks.current.target();
      const inNative = element !== null && isNativeFullscreen(element);
      if (inNative) apply('native', true);
      else if (modeRef.current === 'native') apply(null, true);
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', onFullscreenChange);
  }, [apply]);

  // Escape leaves the CSS mode (the browser handles it for the native one). A widget inside that
  // used the key itself (closing a dropdown) prevents or stops it first; an open modal dialog
  // takes Escape for itself.
  useEffect(() => {
    if (mode !== 'css') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.composedPath().some((node) => node instanceof HTMLDialogElement && node.open)) return;
      apply(null, true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mode, apply]);

  const toggle = () => {
    const element = callbacks.current.target();
    if (!element) return;
    if (modeRef.current === 'native') {
      void document.exitFullscreen().catch(() => apply(null, true));
      return;
    }
    if (modeRef.current === 'css') {
      apply(null, true);
      return;
    }
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      // The state follows in `fullscreenchange`; a refusal (e.g. an iframe without permission)
      // falls back to the overlay.
      element.requestFullscreen().catch(() => apply('css', true));
    } else {
      apply('css', true);
    }
  };

  const fullscreen = mode !== null;
  const label = fullscreen ? labels.exit : labels.enter;
  return (
    <button
      type="button"
      className={['fin-fullscreen-button', className].filter(Boolean).join(' ')}
      part="fullscreen-button"
      aria-label={label}
      title={label}
      data-fullscreen={fullscreen}
      onClick={toggle}
    >
      {fullscreen ? <ExitIcon /> : <EnterIcon />}
    </button>
  );
}

/** The page's own overflow, put back when the last overlay closes. */
let pageOverflow: string | null = null;

/**
 * Whether the element itself is in native full screen. Inside a shadow root
 * `document.fullscreenElement` is the host, so ask the element's own root.
 */
function isNativeFullscreen(element: HTMLElement): boolean {
  const root = element.getRootNode() as Document | ShadowRoot;
  return (root.fullscreenElement ?? null) === element;
}

function setOverlay(element: HTMLElement, on: boolean) {
  element.classList.toggle(CSS_FULLSCREEN_CLASS, on);
  // The page behind the overlay must not scroll along with it.
  const page = document.documentElement.style;
  if (on && pageOverflow === null) {
    pageOverflow = page.overflow;
    page.overflow = 'hidden';
  } else if (!on && pageOverflow !== null) {
    page.overflow = pageOverflow;
    pageOverflow = null;
  }
}

function EnterIcon() {
  return (
    <svg
      className="fin-fullscreen-button__icon"
      data-icon="enter"
      viewBox="0 0 36 36"
      width={ICON_SIZE}
      height={ICON_SIZE}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M8 15V8h7M21 8h7v7M28 21v7h-7M15 28H8v-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ExitIcon() {
  return (
    <svg
      className="fin-fullscreen-button__icon"
      data-icon="exit"
      viewBox="0 0 36 36"
      width={ICON_SIZE}
      height={ICON_SIZE}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M15 8v7H8M28 15h-7V8M21 28v-7h7M8 21h7v7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
