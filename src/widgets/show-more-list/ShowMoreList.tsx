import { useId, useRef, useState, type ReactNode } from 'react';
import { scrollToTop } from '../scroll-back/scroll-back.ts';
import { visibleRows } from '../scroll-table/scroll-table.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './show-more-list.css?inline';

export interface ShowMoreListProps {
  /** The entries, each rendered inside its own `<li>`. */
  items: ReactNode[];
  /** Entries shown while collapsed; default 5 (SPEC §9 "List default: 5 items"), 0 = no limit. */
  limit?: number;
  labels: { more: string; hide: string };
  /** The user expanded or collapsed the list (the element fires `fin-expand-change`). */
  onExpandChange?(expanded: boolean): void;
  as?: 'ul' | 'ol';
  className?: string;
}

/** SPEC §9: a list shows 5 items before show-more. */
export const SHOW_MORE_LIMIT = 5;

/**
 * A list showing its first `limit` entries with a show-more / hide button (SPEC §2). Focus stays
 * on the button; collapsing brings the list top back into view when it was scrolled past.
 */
export function ShowMoreList({
  items,
  limit = SHOW_MORE_LIMIT,
  labels,
  onExpandChange,
  as: List = 'ul',
  className,
}: ShowMoreListProps) {
  useStyles(css);
  const listId = useId();
  const list = useRef<HTMLOListElement & HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  const { shown, collapsible } = visibleRows(items, limit, expanded);

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    onExpandChange?.(next);
    if (!next && list.current) scrollToTop(list.current);
  };

  return (
    <div className={['fin-show-more', className].filter(Boolean).join(' ')} part="show-more-list">
      <List ref={list} id={listId} className="fin-show-more__list" part="list">
        {shown.map((item, index) => (
          <li key={index} className="fin-show-more__item" part="item">
            {item}
          </li>
        ))}
      </List>
      {collapsible ? (
        <button
          type="button"
          className="fin-link-button fin-show-more__toggle"
          part="show-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={toggle}
        >
          {expanded ? labels.hide : labels.more}
        </button>
      ) : null}
    </div>
  );
}
