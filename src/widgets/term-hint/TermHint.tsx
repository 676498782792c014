/**
 * A term's short explanation beside its heading (P/E, bid/ask, legal close price …): a small "?"
 * disclosure button that opens the text under the heading. Shown only while the page's one hints
 * switch (`$hints`, DESIGN §5a) is on, so every hint of every element appears and disappears at
 * once when the visitor flips `<fin-hints-toggle>`.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $hints } from '../../core/stores/hints.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './term-hint.css?inline';

export interface TermHintProps {
  /** The explanation, plain text in the page's language. */
  text: string;
  /** The button's name, e.g. "What is P/E?", in the page's language. */
  label: string;
}

export function TermHint({ text, label }: TermHintProps) {
  useStyles(css);
  const on = useStore($hints);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!on) return null;
  return (
    <span className="th" data-term-hint="">
      <button
        type="button"
        className="th-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        title={label}
        onClick={(event) => {
          // Inside a sortable heading: opening the hint does not sort the column.
          event.stopPropagation();
          setOpen(!open);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {/* The "?" is drawn by CSS: the heading's text (and a copied table) stays the term alone. */}
      </button>
      {open ? (
        <span id={id} className="th-text">
          {text}
        </span>
      ) : null}
    </span>
  );
}
