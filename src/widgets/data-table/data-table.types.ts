/**
 * Public types of the full data table (SPEC §2 shared widgets, §3 "Table cell" and "Table row").
 * Elements build their columns and rows against these; the model and the component share them.
 */
import type { ReactNode } from 'react';

/** SPEC §3 "Table cell" as an object: a value with its title, link, info mark and tooltip. */
export type CellObject = {
  val: string | number | null;
  /** Shown as the cell's title attribute. */
  title?: string;
  /** The value links here (http(s), mailto, tel or relative addresses only: contract/links.ts). */
  lnk?: string;
  /** Shown as a small info button next to the value, its text in a tooltip (hover, focus, tap). */
  info?: string;
  /** Shown as a tooltip of the value (hover, focus, tap; Escape hides it). */
  tooltip?: string;
  /** Title of the link when `lnk` is set. */
  ttl?: string;
};

/** SPEC §3 "Table cell": a plain value or a cell object. `'***'` is a price masked by the server. */
export type CellValue = string | number | null | CellObject;

/** SPEC §3 "Table row". Cells are the row's fields named by the columns. */
export interface TableRow {
  [field: string]: unknown;
  /** CSS class(es) of the row's `<tr>`. */
  class?: string;
  /**
   * Rows revealed by show/hide links: `prev` rows (shown above the others) wait for the
   * "show previous" link, `next` rows for the "show next" link; `hide` rows are shown only while
   * neither is revealed (a placeholder such as "…", replaced by the rows it stands for).
   */
  show?: 'prev' | 'next' | 'hide';
  /** Never shown (kept for its data, e.g. checked state). */
  hidden?: boolean;
  /** Initial state of the row's checkbox (with `checkboxes`). */
  checked?: boolean;
  /** The row's first cell spans this many columns (a sub-heading or note row). */
  colspan?: number;
  group?: string;
}

export interface TableColumn {
  /** The row field this column shows. */
  field: string;
  /** Header text. */
  title: string;
  /**
   * A short explanation of the term the heading names (P/E, legal close price …), shown beside it
   * while the page's hints are on (widgets/term-hint); `label` names its button ("What is P/E?").
   */
  hint?: { text: string; label: string };
  /** Default true: the header is a sort button. */
  sortable?: boolean;
  /** Shown even when every value is empty or 0 (SPEC §5). */
  alwaysShown?: boolean;
  /** A comment column: its text is never cut at 80 characters (SPEC §5). */
  comment?: boolean;
  align?: 'start' | 'end';
  /** Renders the cell instead of the default text (the sort still uses the raw value). */
  format?: (value: unknown, row: TableRow) => ReactNode;
  /** Extra class of the cell, e.g. rise/fall colouring. */
  className?: (value: unknown, row: TableRow) => string | undefined;
}

export type SortOrder = 'asc' | 'desc';

export interface TableSort {
  field: string;
  order: SortOrder;
}

/** Row limits of SPEC §9 (2: multipliers and quarterly reports, SPEC §4); 0 means no limit. */
export type RowLimit = 0 | 2 | 5 | 6 | 7 | 100 | 1000;

export interface LockedExpansion {
  /** need_auth: the visitor is not logged in; need_get_access: logged in without paid access. */
  reason: 'need_auth' | 'need_get_access';
  accessUrl: string;
  loginUrl: string;
}

export interface DataTableProps {
  columns: TableColumn[];
  rows: TableRow[];
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** Rows shown while collapsed; default 0 = no limit. */
  limit?: RowLimit;
  /**
   * Rows the server has in all when it sent only the first ones (expansion locked for this
   * visitor): show-more appears when this exceeds the limit, so `locked` can explain.
   */
  totalRows?: number;
  /** A first column with the row's number in the shown order. */
  rowNumbers?: boolean;
  /** A checkbox per row (and a select-all box in the head). */
  checkboxes?: boolean;
  /** The checked rows, in the server's order, after each user change. */
  onCheckedChange?(rows: TableRow[]): void;
  /** Groups rows by this field (shown in the order of first appearance); groups collapse. */
  groupBy?: string;
  /** The head stays in view while the body scrolls (inside the `maxHeight` box). */
  fixedHead?: boolean;
  /** The first column stays in view while the table scrolls sideways. */
  fixedFirstColumn?: boolean;
  /** Controlled sort; leave undefined to let the table keep its own. null = server order. */
  sort?: TableSort | null;
  /** A user changed the sort: order null = back to the server's order. */
  onSortChange?(sort: { field: string; order: SortOrder | null }): void;
  /** Fields shown below 680 px (default: all), the first one fixed. */
  mobileColumns?: string[];
  /**
   * Below 680 px: 1-based position, among the mobile columns, of the column shown next to the
   * fixed first column (SPEC §9 default 2: the column right after it).
   */
  mobileShownColumn?: number;
  /**
   * Below 680 px: how many columns are shown next to the fixed ones (default 1), or `'fit'`: as
   * many as fit the table's width without sideways scroll (at least one).
   */
  mobilePageSize?: number | 'fit';
  /**
   * Below 680 px: how many of the first mobile columns stay while the others page (default 1;
   * e.g. 2 keeps a dividend's year and amount beside every paged date).
   */
  mobileFixedColumns?: number;
  /** Expansion is locked for this visitor: show-more explains why instead of expanding. */
  locked?: LockedExpansion | null;
  /**
   * The user expanded or collapsed the table. A feature that logs expansions (SPEC §7) calls
   * core/api `logExpandAction` from here.
   */
  onExpandChange?(expanded: boolean): void;
  /** px: the body scrolls inside this height with a fixed head, and only the rows in view are rendered. */
  maxHeight?: number;
  /** Shown in the body when no row is on screen (the header stays); default `widgets:no_data`. */
  emptyText?: string;
  /** Labels: `widgets:*`, `common:need_auth`, `common:need_get_access`, `common:login`. */
  t: (key: string) => string;
}
