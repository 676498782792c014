import { useState, type ReactNode } from 'react';

/**
 * The compare field's place (issue 20, "no lost keystrokes"). Pressing Compare shows a plain input
 * at once, focused, while the search box's code loads, so what the user types right away is kept.
 * The search box meanwhile renders out of sight (still focusable); when its input appears, the text
 * typed so far and the caret move into it and the focus follows in the same task, so no key falls
 * between the two, and only then does the stand-in give way.
 */
export function CompareArea({
  label,
  focusInput,
  children,
}: {
  /** The search box's name (its placeholder), for the stand-in too. */
  label: string;
  /** The user opened the field: the stand-in takes the focus. */
  focusInput: boolean;
  /** The real field, given the hand-over to call when its input renders. */
  children(onInput: (input: HTMLElement) => void): ReactNode;
}) {
  const [standIn, setStandIn] = useState<HTMLInputElement | null>(null);
  const [handedOver, setHandedOver] = useState(false);

  const handOver = (input: HTMLElement) => {
    if (standIn && input instanceof HTMLInputElement) {
      const hadFocus = (standIn.getRootNode() as Document | ShadowRoot).activeElement === standIn;
      if (standIn.value) typeInto(input, standIn.value);
      if (hadFocus) {
        input.focus();
        input.setSelectionRange(
          standIn.selectionStart,
          standIn.selectionEnd,
          standIn.selectionDirection ?? undefined,
        );
      }
    } else if (focusInput) input.focus();
    setHandedOver(true);
  };

  return (
    <>
      {handedOver ? null : (
        <input
          ref={setStandIn}
          className="sc__compare-stand-in"
          part="compare-stand-in"
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          placeholder={label}
          autoFocus={focusInput}
        />
      )}
      <div className={handedOver ? 'sc__compare-field' : 'sc__compare-field sc__compare-field--waiting'}>
        {children(handOver)}
      </div>
    </>
  );
}

/**
 * Puts text into a React-controlled input as typing does: the native value setter (React tracks
 * the value it last set, so a plain assignment would not count as a change) and an input event.
 */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}
