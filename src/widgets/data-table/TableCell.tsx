/**
 * What a table cell shows (SPEC §3 "Table cell", §5 text cut), shared by the full data table and
 * the scroll table: the value as text (markup stripped, never HTML), its link, its tooltip and
 * info mark, and for a cut text the way to the full text (a tooltip on wide screens, a show-more
 * button below 680 px).
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { safeHref } from '../../contract/links.ts';
import { cellText, cutText, isCellObject } from './data-table.model.ts';
import { useStyles } from '../../runtime/styles.ts';
import cellCss from './table-cell.css?inline';

export interface CellContentProps {
  /** The row's value: a plain value or a cell object. */
  value: unknown;
  /** Cut text over 80 characters (SPEC §5); false for comment columns and tables that never cut. */
  cut?: boolean;
  /** Below 680 px a cut text gets a show-more button instead of the tooltip. */
  narrow?: boolean;
  /** The show-more button of a cut text is open (the full text shown). */
  open?: boolean;
  onToggle?(): void;
  labels: { more: string; hide: string };
}

/** A cell's content: its text (cut unless told not to), link, tooltip, info mark and show-more button. */
export function CellContent({
  value,
  cut: cutAllowed = true,
  narrow = false,
  open = false,
  onToggle,
  labels,
}: CellContentProps) {
  useStyles(cellCss);
  const cell = isCellObject(value) ? value : null;
  const full = cellText(value);
  const { text, cut } = cutAllowed ? cutText(full) : { text: full, cut: false };
  const href = cell?.lnk ? safeHref(cell.lnk) : null;
  const shownText = open ? full : text;
  // What the tooltip holds: the full text of a cut cell (wide screens), then the cell's own tooltip.
  const tipTexts = [cut && !narrow ? full : null, cell?.tooltip || null].filter(
    (entry): entry is string => entry !== null,
  );

  let node: ReactNode;
  if (tipTexts.length > 0) {
    node = (
      <Tip text={tipTexts}>
        {(trigger) =>
          href ? (
            <a href={href} title={cell?.ttl} {...trigger}>
              {shownText}
            </a>
          ) : (
            <button type="button" className="fin-tip__trigger" {...trigger}>
              {shownText}
            </button>
          )
        }
      </Tip>
    );
  } else if (href) {
    node = (
      <a href={href} title={cell?.ttl}>
        {shownText}
      </a>
    );
  } else {
    node = shownText;
  }

  return (
    <>
      {node}
      {cell?.info ? (
        <Tip text={[cell.info]} names>
          {(trigger) => (
            <button type="button" className="fin-tip__info" {...trigger}>
              <span aria-hidden="true">i</span>
            </button>
          )}
        </Tip>
      ) : null}
      {cut && narrow ? (
        <button
          type="button"
          className="fin-cell-more fin-link-button"
          aria-expanded={open}
          onClick={onToggle}
        >
          {open ? labels.hide : labels.more}
        </button>
      ) : null}
    </>
  );
}

/** The `title` a cell carries: only the cell object's own (a cut text's full text is in its tooltip). */
export function cellTitle(value: unknown): string | undefined {
  return isCellObject(value) && value.title ? value.title : undefined;
}

// ---------------------------------------------------------------------------------------------
// Tooltip

export interface TipTriggerProps {
  'aria-describedby'?: string;
  'aria-labelledby'?: string;
}

interface TipProps {
  /** The tooltip's text, one paragraph per entry. */
  text: string[];
  /**
   * The tooltip names its trigger (an icon button such as the info mark) instead of describing
   * a trigger that has its own text.
   */
  names?: boolean;
  children(trigger: TipTriggerProps): ReactElement;
}

/** Pointer-leave delay: time to move onto the tooltip, which keeps it open (WCAG 1.4.13 hoverable). */
const HIDE_DELAY_MS = 200;
const GAP_PX = 6;

/** The one tooltip on screen: showing another hides it. */
let hideShownTip: (() => void) | null = null;

/**
 * A tooltip after WCAG 1.4.13 and the WAI-ARIA tooltip pattern: shown on hover and on focus of
 * its trigger (a button or link) and on a tap; the pointer can move onto it without it closing;
 * Escape hides it (and is used up, so an overlay around does not close too). The text is a real
 * element with role tooltip that the trigger references, so screen readers read it even while
 * it is hidden. It is placed `fixed` next to the trigger, so a scroll box does not clip it.
 */
export function Tip({ text, names = false, children }: TipProps) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hovered = useRef(false);
  const [shown, setShown] = useState(false);
  const [place, setPlace] = useState<CSSProperties & { placement?: 'below' | 'above' }>({});

  const hide = useCallback(() => {
    clearTimeout(hideTimer.current);
    setShown(false);
  }, []);
  const show = () => {
    clearTimeout(hideTimer.current);
    setShown(true);
  };

  // One tooltip on screen: showing this one hides the one shown before.
  useEffect(() => {
    if (!shown) return;
    if (hideShownTip && hideShownTip !== hide) hideShownTip();
    hideShownTip = hide;
    return () => {
      if (hideShownTip === hide) hideShownTip = null;
    };
  }, [shown, hide]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // Escape hides it, wherever the focus is (the pointer may be over it with focus elsewhere).
  // Capture phase on the document, and the key marked used: an overlay or dialog around, which
  // leaves a used Escape alone, stays open.
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      hide();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [shown, hide]);

  // Placed below the trigger, above it when there is no room, kept inside the viewport; follows scrolling.
  useLayoutEffect(() => {
    if (!shown) return;
    const update = () => {
      const anchor = wrapper.current?.getBoundingClientRect();
      const box = bubble.current?.getBoundingClientRect();
      if (!anchor || !box) return;
      const view = wrapper.current!.ownerDocument.documentElement;
      const viewWidth = view.clientWidth || globalThis.innerWidth || 0;
      const viewHeight = view.clientHeight || globalThis.innerHeight || 0;
      const below = anchor.bottom + GAP_PX + box.height <= viewHeight || anchor.top - GAP_PX - box.height < 0;
      const left = Math.max(4, Math.min(anchor.left, viewWidth - box.width - 4));
      setPlace({
        left,
        top: below ? anchor.bottom + GAP_PX : anchor.top - GAP_PX - box.height,
        placement: below ? 'below' : 'above',
      });
    };
    update();
    globalThis.addEventListener('scroll', update, true);
    globalThis.addEventListener('resize', update);
    return () => {
      globalThis.removeEventListener('scroll', update, true);
      globalThis.removeEventListener('resize', update);
    };
  }, [shown]);

  const { placement, ...position } = place;
  return (
    <span
      ref={wrapper}
      className="fin-tip"
      onMouseEnter={() => {
        hovered.current = true;
        show();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        clearTimeout(hideTimer.current);
        hideTimer.current = setTimeout(hide, HIDE_DELAY_MS);
      }}
      onFocus={show}
      // A tap shows it (touch has no hover; the focus a tap gives is not reliable on every browser).
      onClick={show}
      onBlur={(event) => {
        if (!hovered.current && !event.currentTarget.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      {children(names ? { 'aria-labelledby': id } : { 'aria-describedby': id })}
      <span
        ref={bubble}
        id={id}
        role="tooltip"
        className="fin-tip__bubble"
        part="tooltip"
        hidden={!shown}
        data-placement={placement}
        style={shown ? position : undefined}
      >
        {text.map((paragraph, index) => (
          // The space keeps the paragraphs apart in the text a screen reader reads.
          <span key={index} className="fin-tip__text">
            {index > 0 ? ' ' : null}
            {paragraph}
          </span>
        ))}
      </span>
    </span>
  );
}
