import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useHost } from '../../runtime/hooks.ts';
import { useStyles } from '../../runtime/styles.ts';
import { BOTTOM_BAR_ATTRIBUTE, keepFocusOnPage, layoutBottomBars } from './bottom-bar.utils.ts';
import css from './bottom-bar.css?inline';

export interface BottomBarProps {
  /** The landmark's name (each bar of a page has its own). */
  label: string;
  /** `aside` for offers and ads, `section` for a bar that asks something (the cookie consent). */
  landmark?: 'aside' | 'section';
  /** The close button's accessible name; without it the bar has no close button. */
  closeLabel?: string;
  /** The close button was pressed (a focus inside moves to the page's content first). */
  onClose?(): void;
  /** Shown in the page's flow (the catalog's example) instead of fixed to the bottom. */
  preview?: boolean;
  /** Extra class of the bar, for an element's own look. */
  className?: string;
  children: ReactNode;
}

/**
 * A slim bar fixed to the bottom of the viewport, never a modal: the page keeps its room below
 * its last content (bottom-bar.utils.ts), nothing takes the focus, and it closes with its button.
 */
export function BottomBar({
  label,
  landmark = 'aside',
  closeLabel,
  onClose,
  preview = false,
  className,
  children,
}: BottomBarProps) {
  useStyles(css);
  const host = useHost().element;
  const bar = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    if (preview || !bar.current) return;
    const measure = () => {
      host.setAttribute(BOTTOM_BAR_ATTRIBUTE, String(bar.current?.getBoundingClientRect().height ?? 0));
      layoutBottomBars(host.ownerDocument);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar.current);
    return () => {
      observer?.disconnect();
      host.removeAttribute(BOTTOM_BAR_ATTRIBUTE);
      layoutBottomBars(host.ownerDocument);
    };
  }, [host, preview]);

  const close = () => {
    keepFocusOnPage(host);
    onClose?.();
  };
  const Landmark = landmark;
  return (
    <Landmark
      ref={bar}
      part="bar"
      aria-label={label}
      className={`bottom-bar${preview ? ' bottom-bar--preview' : ''}${className ? ` ${className}` : ''}`}
    >
      <div className="bottom-bar__content">{children}</div>
      {closeLabel && onClose ? (
        <button
          type="button"
          part="close"
          className="bottom-bar__close"
          aria-label={closeLabel}
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </Landmark>
  );
}

/**
 * What a bar renders while it does not show: an empty hidden block, so the element has rendered
 * (its shadow root is not empty) and takes no room.
 */
export function BottomBarIdle() {
  return <div hidden data-idle="" />;
}
