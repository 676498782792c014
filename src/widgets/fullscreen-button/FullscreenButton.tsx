import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CSS_FULLSCREEN_CLASS,
  readFullscreenCookie,
  writeFullscreenCookie,
} from './fullscreen-button.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './fullscreen-button.css?inline';

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
  /**
   * `enter` is the button's name (its state is aria-pressed, so the name stays); `exit` is its
   * title while full screen.
   */
  labels: { enter: string; exit: string };
  /** Accessible name of the full-screen overlay (a modal dialog): the block's title; default `labels.enter`. */
  overlayLabel?: string;
  className?: string;
}

type Mode = 'native' | 'css' | null;

/** SPEC §9: the full-screen icon is 36 px high. */
const ICON_SIZE = 36;

/**
 * The full-screen toggle with its two icons (SPEC §2, §4, §9): a toggle button (aria-pressed)
 * with one name. A click uses the Fullscreen API when the browser offers it, else a CSS fixed
 * overlay, which is a modal dialog for assistive technology and keeps the keyboard focus inside
 * (the page behind is covered). Either mode keeps Tab inside the block. The state is kept in a
 * cookie named after the element; a remembered full screen is restored in the CSS mode, because
 * the Fullscreen API only works from a user gesture. Escape leaves either mode.
 */
export function FullscreenButton({
  target,
  cookieName,
  onChange,
  onStateChange,
  labels,
  overlayLabel,
  className,
}: FullscreenButtonProps) {
  useStyles(css);
  const [mode, setMode] = useState<Mode>(null);
  const modeRef = useRef<Mode>(null);
  /** The element wearing the overlay class, to take it off again even after unmount. */
  const overlaid = useRef<HTMLElement | null>(null);
  /** The overlay's own attributes before it became a dialog, put back when it closes. */
  const savedAttributes = useRef<Array<[string, string | null]>>([]);
  const dialogLabel = overlayLabel ?? labels.enter;
  const callbacks = useRef({ onChange, onStateChange, target, dialogLabel });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onStateChange, target, dialogLabel };
  });

  /** Applies a new mode: the overlay class, the page scroll lock, the cookie and the callbacks. */
  const apply = useCallback(
    (next: Mode, byUser: boolean) => {
      const previous = modeRef.current;
      if (previous === next) return;
      modeRef.current = next;
      if (previous === 'css' && overlaid.current) {
        setOverlay(overlaid.current, false);
        restoreAttributes(overlaid.current, savedAttributes.current);
      }
      overlaid.current = null;
      if (next === 'css') {
        overlaid.current = callbacks.current.target();
        if (overlaid.current) {
          setOverlay(overlaid.current, true);
          savedAttributes.current = setDialogAttributes(overlaid.current, callbacks.current.dialogLabel);
        }
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
      if (overlaid.current) {
        setOverlay(overlaid.current, false);
        restoreAttributes(overlaid.current, savedAttributes.current);
      }
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

  // Focus stays inside while full screen: Tab and Shift+Tab wrap around the block's controls, and
  // focus that lands outside (a click is impossible, the overlay covers the page; a script or the
  // browser's own focus moves are not) comes back in.
  useEffect(() => {
    if (mode === null) return;
    const element = mode === 'css' ? overlaid.current : callbacks.current.target();
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const items = focusableIn(element);
      const active = deepActiveElement();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (!active || !containsDeep(element, active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const landed = event.composedPath()[0];
      if (landed instanceof Node && !containsDeep(element, landed)) focusableIn(element)[0]?.focus();
    };
    // A focus move inside one shadow root does not reach the document: listen on the block's root too.
    const roots = new Set<Document | ShadowRoot>([document, element.getRootNode() as Document | ShadowRoot]);
    document.addEventListener('keydown', onKeyDown);
    for (const root of roots) root.addEventListener('focusin', onFocusIn as EventListener);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const root of roots) root.removeEventListener('focusin', onFocusIn as EventListener);
    };
  }, [mode]);

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
  return (
    <button
      type="button"
      className={['fin-fullscreen-button', className].filter(Boolean).join(' ')}
      part="fullscreen-button"
      // One name, the state in aria-pressed: a toggle button that renamed itself would be read as a new control.
      aria-label={labels.enter}
      aria-pressed={fullscreen}
      title={fullscreen ? labels.exit : labels.enter}
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

const DIALOG_ATTRIBUTES = ['role', 'aria-modal', 'aria-label'] as const;

/** The CSS overlay covers the page: assistive technology gets a modal dialog named after the block. */
function setDialogAttributes(element: HTMLElement, label: string): Array<[string, string | null]> {
  const saved = DIALOG_ATTRIBUTES.map((name): [string, string | null] => [name, element.getAttribute(name)]);
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-modal', 'true');
  element.setAttribute('aria-label', label);
  return saved;
}

function restoreAttributes(element: HTMLElement, saved: Array<[string, string | null]>) {
  for (const [name, value] of saved) {
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [contenteditable="true"], [tabindex]';

/** The element's controls that Tab reaches, in order (those in its own tree; laid out, not hidden). */
function focusableIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.tabIndex >= 0 && !item.closest('[hidden], [inert]') && item.getClientRects().length > 0,
  );
}

/** Whether `node` is inside `container`, also through the shadow roots in between. */
function containsDeep(container: Node, node: Node): boolean {
  for (let current: Node | null = node; current;) {
    if (current === container) return true;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return false;
}

/** The focused element, looking through open shadow roots (document.activeElement stops at the host). */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
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
