import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cspNonce } from '../../core/csp.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './export-menu.css?inline';
import {
  EXPORT_FORMATS,
  exportDrawing,
  type ExportDrawing,
  type ExportFormat,
  type ExportMenuProps,
} from './export-api.ts';

/**
 * SPEC §9 export menu: a menu button (WAI-ARIA menu button pattern, focus moves onto the items)
 * with print, PNG, JPEG, PDF and SVG in that order. Choosing closes the menu, gives focus back to
 * the button and makes the file; while it is being made the button is busy and the items
 * disabled. Failures go to `onError` (SPEC §8: not shown).
 */
export function ExportMenu({ getDrawing, options, labels, onError }: ExportMenuProps) {
  useStyles(css);
  const baseId = useId();
  const menuId = `${baseId}-menu`;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  /** The menu opens from the button's end edge; near the screen's start it opens from the start. */
  const [fromStart, setFromStart] = useState(false);

  const openMenu = (at: number) => {
    setFromStart(false);
    setActive(at);
    setOpen(true);
  };
  /** Whether the closing in progress gives the focus back to the button. */
  const focusButton = useRef(false);
  const close = (returnFocus: boolean) => {
    focusButton.current = returnFocus;
    setOpen(false);
  };

  // Focus moves at commit, never in a passive effect: a hover's effect still pending when a click
  // closes the menu (a loaded machine) would otherwise focus the hidden item after the button got
  // the focus, and the focus fell to the page.
  useLayoutEffect(() => {
    if (open) items.current[active]?.focus();
    else if (focusButton.current) button.current?.focus();
    focusButton.current = false;
  }, [open, active]);

  // Measured before paint, so the menu never shows cut off by the screen's edge.
  useLayoutEffect(() => {
    if (!open || !menu.current) return;
    const box = menu.current.getBoundingClientRect();
    const rtl = getComputedStyle(menu.current).direction === 'rtl';
    if (rtl ? box.right > document.documentElement.clientWidth : box.left < 0) setFromStart(true);
  }, [open]);

  // A click outside (composedPath: we live in a shadow root) closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const choose = (format: ExportFormat) => {
    if (busy) return;
    close(true);
    const report = (error: unknown) => (onError ? onError(error, format) : console.error(error));
    let drawing: ExportDrawing | null;
    try {
      drawing = getDrawing();
    } catch (error) {
      report(error);
      return;
    }
    if (!drawing) {
      report(new Error('Nothing to export yet'));
      return;
    }
    setBusy(format);
    exportDrawing(format, drawing, { ...options, nonce: options.nonce || cspNonce() })
      .catch(report)
      .finally(() => setBusy(null));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 0 : EXPORT_FORMATS.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const last = EXPORT_FORMATS.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => (index === last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        setActive((index) => (index === 0 ? last : index - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        choose(EXPORT_FORMATS[active]!);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // Focus moves on from the button's place; the menu must not stay open behind it.
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={wrapper} className={`fin-export${open ? ' fin-export--open' : ''}`} part="export">
      <button
        ref={button}
        type="button"
        className="fin-export__button"
        part="export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-busy={busy ? true : undefined}
        onMouseDown={(event) => {
          // Keep focus in the open menu so its blur does not race the click that closes it.
          if (open) event.preventDefault();
        }}
        onClick={() => (open ? close(true) : openMenu(0))}
        onKeyDown={onButtonKeyDown}
      >
        <svg className="fin-export__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M8 1v9m-4-4 4 4 4-4M2 12v3h12v-3" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span>{labels.export}</span>
      </button>
      <ul
        ref={menu}
        id={menuId}
        role="menu"
        className={`fin-export__menu${fromStart ? ' fin-export__menu--start' : ''}`}
        part="export-menu"
        aria-label={labels.export}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        onBlur={(event) => {
          const to = event.relatedTarget;
          if (!(to instanceof Node) || !wrapper.current?.contains(to)) close(false);
        }}
      >
        {EXPORT_FORMATS.map((format, index) => (
          <li
            key={format}
            ref={(element) => {
              items.current[index] = element;
            }}
            role="menuitem"
            tabIndex={-1}
            className="fin-export__item"
            part="export-item"
            data-format={format}
            aria-disabled={busy ? true : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(format)}
          >
            {labels[format]}
          </li>
        ))}
      </ul>
    </div>
  );
}
