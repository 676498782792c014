import { useId, useRef, useState, type ReactNode } from 'react';
import { CellContent, cellTitle } from '../data-table/TableCell.tsx';
import { scrollToTop } from '../scroll-back/scroll-back.ts';
import { visibleRows } from './scroll-table.utils.ts';
import { useStyles } from '../../runtime/styles.ts';
import css from './scroll-table.css?inline';

export interface ScrollTableColumn {
  /** Key of the value in a row. */
  field: string;
  /** Column heading. */
  title: string;
  /** `end` for numbers (right-aligned in left-to-right text). */
  align?: 'start' | 'end';
  /**
   * Renders a cell; default: the data table's cell content (SPEC §3 "Table cell": a plain value or
   * `{val, title, lnk, info, tooltip, ttl}`, markup shown as text, empty for null/undefined).
   */
  format?(value: unknown, row: Record<string, unknown>): ReactNode;
}

export interface ScrollTableProps {
  columns: ScrollTableColumn[];
  rows: Array<Record<string, unknown>>;
  /** The table's caption (its accessible name). */
  caption: string;
  /** Keep the caption for screen readers only (when the page already shows a heading). */
  captionHidden?: boolean;
  /** Rows shown while collapsed; default 5 (SPEC §9), 0 = no limit. */
  limit?: number;
  labels: { more: string; hide: string };
  /** The user expanded or collapsed the table (the element fires `fin-expand-change`). */
  onExpandChange?(expanded: boolean): void;
  className?: string;
}

/** SPEC §9: scroll table default limit 5. */
export const SCROLL_TABLE_LIMIT = 5;

/**
 * A table that scrolls sideways inside its own box (wide tables on phones) and shows `limit` rows
 * until expanded with the show-more link (SPEC §2 shared widgets). Collapsing scrolls the page
 * back to the table top when it is above the viewport (SPEC §4).
 */
export function ScrollTable({
  columns,
  rows,
  caption,
  captionHidden,
  limit = SCROLL_TABLE_LIMIT,
  labels,
  onExpandChange,
  className,
}: ScrollTableProps) {
  useStyles(css);
  const id = useId();
  const block = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const { shown, collapsible } = visibleRows(rows, limit, expanded);

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    onExpandChange?.(next);
    if (!next && block.current) scrollToTop(block.current);
  };

  return (
    <div
      ref={block}
      className={['fin-scroll-table', className].filter(Boolean).join(' ')}
      part="scroll-table"
    >
      {/* A focusable, named region: keyboard users can scroll a wide table sideways. */}
      <div className="fin-scroll-table__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table id={`${id}-table`} className="fin-scroll-table__table" part="table">
          <caption id={`${id}-caption`} className={captionHidden ? 'fin-visually-hidden' : undefined}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.field} scope="col" className={cellClass(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.field} className={cellClass(column)} title={cellTitle(row[column.field])}>
                    {column.format ? (
                      column.format(row[column.field], row)
                    ) : (
                      // The scroll box shows whole texts (no cut at 80): it scrolls sideways instead.
                      <CellContent value={row[column.field]} cut={false} labels={labels} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {collapsible ? (
        <button
          type="button"
          className="fin-link-button fin-scroll-table__toggle"
          part="show-more"
          aria-expanded={expanded}
          aria-controls={`${id}-table`}
          onClick={toggle}
        >
          {expanded ? labels.hide : labels.more}
        </button>
      ) : null}
    </div>
  );
}

function cellClass(column: ScrollTableColumn): string | undefined {
  return column.align === 'end' ? 'fin-scroll-table__cell--end' : undefined;
}
