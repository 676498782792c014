import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useStyles } from '../../runtime/styles.ts';
import css from './dialog.css?inline';

export interface DialogProps {
  open: boolean;
  /** The dialog asks to close (Escape, the close button, a click on the backdrop); set `open` false. */
  onClose(): void;
  title: string;
  children?: ReactNode;
  /** Accessible name of the close button, e.g. `widgets:close`. */
  closeLabel: string;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` (`showModal()`): the browser traps focus, makes the page
 * behind inert and handles Escape. Focus goes back to the element that was focused when the
 * dialog opened, also when that element sits in a shadow root.
 */
export function Dialog({ open, onClose, title, children, closeLabel, className }: DialogProps) {
  useStyles(css);
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const latest = useRef({ onClose, open });
  useLayoutEffect(() => {
    latest.current = { onClose, open };
  });
  // Counts the browser's closings. The owner may open the dialog again before its own closing has
  // rendered (Escape, then Enter on the opener at once): React then renders `open` true twice in a
  // row, and only this count tells the effect below that the dialog was closed in between.
  const [browserClosings, setBrowserClosings] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = deepActiveElement();
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, browserClosings]);

  // The browser closes the dialog itself on Escape: tell the owner, and give focus back.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onNativeClose = () => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
      // Closed by the browser or our buttons, not by the owner setting `open` false.
      if (latest.current.open) {
        latest.current.onClose();
        setBrowserClosings((count) => count + 1);
      }
    };
    element.addEventListener('close', onNativeClose);
    return () => {
      element.removeEventListener('close', onNativeClose);
      // Unmounted while open: the page must not stay inert, and focus must not get lost.
      if (element.open) {
        element.close();
        if (opener.current?.isConnected) opener.current.focus();
      }
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={['fin-dialog', className].filter(Boolean).join(' ')}
      part="dialog"
      aria-labelledby={titleId}
      // A click on the backdrop lands on the <dialog> itself (the content box fills it).
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="fin-dialog__box">
        <div className="fin-dialog__header">
          <h2 id={titleId} className="fin-dialog__title" part="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="fin-dialog__close"
            part="dialog-close"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={() => dialog.current?.close()}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="fin-dialog__body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}

/** The focused element, looking through open shadow roots (document.activeElement stops at the host). */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
