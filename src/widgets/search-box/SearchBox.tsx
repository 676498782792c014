import {
  useId,
  useLayoutEffect,
  useMemo,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type HTMLAttributes,
} from 'react';
import { useStyles } from '../../runtime/styles.ts';
import { matchSegments } from './highlight.ts';
import css from './search-box.css?inline';

/** The ids that tie the input to its list and options (aria-controls, aria-activedescendant). */
export interface SearchBoxIds {
  listId: string;
  optionId(index: number): string;
}

export function useSearchBoxIds(): SearchBoxIds {
  const id = useId();
  return useMemo(
    () => ({ listId: `${id}-list`, optionId: (index: number) => `${id}-option-${index}` }),
    [id],
  );
}

export interface SearchBoxProps {
  ids: SearchBoxIds;
  term: string;
  /** The results pop-up is shown (with a list, a count or a message): aria-expanded. */
  popupOpen: boolean;
  /** A list of options is in the pop-up (aria-controls, aria-activedescendant). */
  listShown: boolean;
  /** Index of the highlighted option, -1 for none. */
  highlighted: number;
  /** A search is under way (aria-busy and a spinner). */
  busy: boolean;
  /** Accessible name of the input (also its placeholder unless `placeholder` is given). */
  label: string;
  placeholder?: string;
  clearLabel: string;
  busyLabel: string;
  /** Whether the clear button shows. */
  showClear: boolean;
  /** The lists the input controls when there are several (a top result's and the tab's); default the one list. */
  controls?: string;
  onInput(value: string): void;
  onMove(step: 1 | -1): void;
  onEdge(edge: 'first' | 'last'): void;
  /** Enter: true when it picked something (the key is then consumed). */
  onEnter(): boolean;
  /** Escape: true when it closed or cleared something; false lets it through (to a dialog). */
  onEscape(): boolean;
  /** A click or focus on the input asks for the results again. */
  onOpen(): void;
  /** The focus left the box. */
  onClose(): void;
  onClear(): void;
  /** The pop-up's content: tabs, lists (SearchOptions), counts and messages. */
  children?: ReactNode;
  /** The input, for the owner to focus it; with `autoFocus` the box needs it. */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The results take the place below the input instead of a floating pop-up (full-screen mode). */
  inline?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The WAI-ARIA combobox of a search box (one widget for the site search and the comparison
 * search): an input with role combobox that keeps the focus while Arrow Up/Down, Home/End move
 * the highlighted option (aria-activedescendant), Enter picks, Escape closes the list and a
 * second Escape clears; a clear button; the tabs of the pop-up are reached with Tab and switched
 * with the arrow keys (the Tabs widget). Leaving the box closes the list.
 */
export function SearchBox({
  ids,
  term,
  popupOpen,
  listShown,
  highlighted,
  busy,
  label,
  placeholder,
  clearLabel,
  busyLabel,
  showClear,
  controls,
  onInput,
  onMove,
  onEdge,
  onEnter,
  onEscape,
  onOpen,
  onClose,
  onClear,
  children,
  inputRef,
  inline,
  autoFocus,
  className,
}: SearchBoxProps) {
  useStyles(css);
  // The attribute, not only React's focus(): a modal <dialog> opened around the box (after this
  // layout effect) gives the focus to its autofocus element.
  useLayoutEffect(() => {
    if (autoFocus) inputRef?.current?.setAttribute('autofocus', '');
  }, [autoFocus, inputRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        onMove(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Home':
      case 'End':
        // With the list open they move through it; otherwise they move the caret as usual.
        if (listShown) {
          event.preventDefault();
          onEdge(event.key === 'Home' ? 'first' : 'last');
        }
        break;
      case 'Enter':
        if (onEnter()) event.preventDefault();
        break;
      case 'Escape':
        if (onEscape()) {
          event.preventDefault();
          event.stopPropagation();
        }
        break;
    }
  };

  // Focus moving to a tab or a button of the pop-up keeps it open; leaving the box closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) onClose();
  };

  const classes = ['fin-sb', inline ? 'fin-sb--inline' : '', className].filter(Boolean).join(' ');
  return (
    <div className={classes} part="box" onBlur={onBlur}>
      <div className="fin-sb__field">
        <input
          ref={inputRef}
          className="fin-sb__input"
          part="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          // The full-screen dialog opens for typing.
          autoFocus={autoFocus}
          aria-label={label}
          placeholder={placeholder ?? label}
          aria-autocomplete="list"
          aria-expanded={popupOpen}
          // The list when there is one, else the pop-up with its message (too many, nothing found).
          aria-controls={listShown ? (controls ?? ids.listId) : popupOpen ? `${ids.listId}-popup` : undefined}
          aria-activedescendant={listShown && highlighted >= 0 ? ids.optionId(highlighted) : undefined}
          aria-busy={busy || undefined}
          value={term}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={onOpen}
        />
        {busy ? <span className="fin-sb__busy" role="status" aria-label={busyLabel} /> : null}
        {showClear ? (
          <button
            type="button"
            className="fin-sb__clear"
            part="clear"
            aria-label={clearLabel}
            title={clearLabel}
            onClick={onClear}
          >
            ×
          </button>
        ) : null}
      </div>
      {popupOpen ? (
        <div className="fin-sb__popup" part="popup" id={`${ids.listId}-popup`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}

export interface SearchOptionsProps<R> {
  ids: SearchBoxIds;
  items: readonly R[];
  highlighted: number;
  /** Accessible name of the list (the active tab's name). */
  label: string;
  /** The list's id when the box shows more than one list; default `ids.listId`. */
  listId?: string;
  /** Index of the first option among all the box's options (a list after another one); default 0. */
  firstIndex?: number;
  optionKey(item: R, index: number): string;
  renderOption(item: R, index: number): ReactNode;
  /** Data attributes of an option (ids an integrator or a test reads). */
  optionData?(item: R): Record<`data-${string}`, string>;
  onHighlight(index: number): void;
  onPick(index: number): void;
}

/** The listbox of the active group: options the input points at with aria-activedescendant. */
export function SearchOptions<R>({
  ids,
  items,
  highlighted,
  label,
  listId,
  firstIndex = 0,
  optionKey,
  renderOption,
  optionData,
  onHighlight,
  onPick,
}: SearchOptionsProps<R>) {
  return (
    <ul className="fin-sb__list" role="listbox" id={listId ?? ids.listId} aria-label={label} part="list">
      {items.map((item, listIndex) => {
        const index = firstIndex + listIndex;
        const attributes: HTMLAttributes<HTMLLIElement> = optionData?.(item) ?? {};
        return (
          <li
            {...attributes}
            key={optionKey(item, listIndex)}
            id={ids.optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className={index === highlighted ? 'fin-sb__option fin-sb__option--active' : 'fin-sb__option'}
            part={index === highlighted ? 'option option-active' : 'option'}
            // Keep the focus in the input (and the list open) while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== highlighted && onHighlight(index)}
            onClick={() => onPick(index)}
          >
            {renderOption(item, listIndex)}
          </li>
        );
      })}
    </ul>
  );
}

/** Plain text with the searched words in `<mark>` (the text is never read as HTML). */
export function Highlight({ text, words }: { text: string | null | undefined; words: readonly string[] }) {
  return (
    <span className="fin-sb__hl">
      {matchSegments(text, words).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </span>
  );
}
