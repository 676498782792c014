import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useStyles } from '../../runtime/styles.ts';
import css from './dropdown.css?inline';

/** SPEC §3 "Select and tab options": one entry of a dropdown. */
export interface DropdownOption {
  id: string | number;
  text: string;
  /** `true`: not offered (SPEC "hide"). */
  hide?: boolean;
  /** `true`: not offered (SPEC "hidden"). */
  hidden?: boolean;
  /** Extra class names for this option (SPEC "class"). */
  class?: string;
}

export interface DropdownProps {
  options: DropdownOption[];
  /** Id of the chosen option; `null` shows the placeholder. */
  value: string | number | null;
  /** Called when the user picks an option other than the current one. */
  onChange(id: string | number): void;
  /** Accessible name of the control (what is being chosen). */
  label: string;
  /** Shown on the button while no option is chosen. */
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

/** Whether an option is offered at all (SPEC: `hide` or `hidden` leave it out). */
export function isOptionVisible(option: DropdownOption): boolean {
  return !option.hide && !option.hidden;
}

/**
 * A button showing the chosen option and a listbox popup (WAI-ARIA listbox with
 * aria-activedescendant: focus sits on the list, the highlighted option is announced).
 * Picking an option closes the popup and gives focus back to the button (SPEC §4).
 */
export function Dropdown({
  options,
  value,
  onChange,
  label,
  placeholder = '',
  className,
  disabled,
}: DropdownProps) {
  useStyles(css);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);

  const visible = options.filter(isOptionVisible);
  const chosenIndex = visible.findIndex((option) => option.id === value);
  const chosen = visible[chosenIndex];

  const openList = (at?: number) => {
    if (disabled || visible.length === 0) return;
    setHighlighted(at ?? Math.max(chosenIndex, 0));
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const pick = (index: number) => {
    const option = visible[index];
    close(true);
    if (option && option.id !== value) onChange(option.id);
  };

  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector(`[data-index="${highlighted}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, highlighted]);

  // A click anywhere else closes the popup. composedPath: we live in a shadow root, where
  // event.target seen from the document is the host element, not the node clicked.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        setHighlighted((index) => Math.min(index + 1, last));
        break;
      case 'ArrowUp':
        setHighlighted((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        setHighlighted(0);
        break;
      case 'End':
        setHighlighted(last);
        break;
      case 'Enter':
      case ' ':
        pick(highlighted);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // Let focus move on; the popup must not stay open behind it.
        setOpen(false);
        return;
      default: {
        const next = typeaheadIndex(visible, highlighted, event.key);
        if (next === -1) return;
        setHighlighted(next);
      }
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const onListBlur = (event: FocusEvent<HTMLUListElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || !wrapper.current?.contains(to)) setOpen(false);
  };

  const classes = ['fin-dropdown', open ? 'fin-dropdown--open' : '', className].filter(Boolean).join(' ');
  return (
    <div ref={wrapper} className={classes} part="dropdown">
      <span id={labelId} className="fin-dropdown__label" hidden>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="fin-dropdown__button"
        part="dropdown-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${valueId}`}
        // Not the native `disabled`: a control disabled while it has focus (the change it just
        // made under way) would drop focus to the page; aria-disabled keeps it where the user is.
        aria-disabled={disabled || undefined}
        // While open, keep focus on the list: browsers that do not focus a clicked button
        // (Safari) would otherwise close it on blur and reopen it on click.
        onMouseDown={(event) => {
          if (open) event.preventDefault();
        }}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span id={valueId} className={chosen ? 'fin-dropdown__value' : 'fin-dropdown__placeholder'}>
          {chosen?.text ?? placeholder}
        </span>
        <svg className="fin-dropdown__arrow" viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
          <path d="M0 0l5 6 5-6z" fill="currentColor" />
        </svg>
      </button>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        className="fin-dropdown__list"
        part="dropdown-list"
        aria-labelledby={labelId}
        aria-activedescendant={open ? optionId(highlighted) : undefined}
        tabIndex={-1}
        hidden={!open}
        onKeyDown={onListKeyDown}
        onBlur={onListBlur}
      >
        {visible.map((option, index) => {
          const optionClasses = [
            'fin-dropdown__option',
            index === highlighted ? 'fin-dropdown__option--highlighted' : '',
            option.class,
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              className={optionClasses}
              part="dropdown-option"
              aria-selected={index === chosenIndex}
              data-index={index}
              // Keep focus on the list so its blur does not close the popup before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlighted(index)}
              onClick={() => pick(index)}
            >
              {option.text}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Index of the next option (after `from`, wrapping) whose text starts with the typed character. */
export function typeaheadIndex(options: DropdownOption[], from: number, key: string): number {
  if (key.length !== 1 || key === ' ') return -1;
  const char = key.toLocaleLowerCase();
  for (let step = 1; step <= options.length; step += 1) {
    const index = (from + step) % options.length;
    if (options[index]?.text.trim().toLocaleLowerCase().startsWith(char)) return index;
  }
  return -1;
}
