import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type UIEvent,
} from 'react';
import { flushSync } from 'react-dom';
import {
  DEFAULT_MOBILE_SHOWN_COLUMN,
  DEFAULT_VIRTUAL_HEIGHT_PX,
  FIT_COLUMN_PX,
  MOBILE_BREAKPOINT_PX,
  VIRTUALIZE_ABOVE_ROWS,
  buildDisplayList,
  cellText,
  fitPageGuess,
  hiddenColumnFields,
  mobileColumnPage,
  nextSort,
  sortOrder,
  virtualWindow,
  type DisplayItem,
  type Reveal,
} from './data-table.model.ts';
import { scrollToTop } from '../scroll-back/scroll-back.ts';
import { CellContent, cellTitle } from './TableCell.tsx';
import type {
  DataTableProps,
  LockedExpansion,
  TableColumn,
  TableRow,
  TableSort,
} from './data-table.types.ts';
import { useStyles } from '../../runtime/styles.ts';
import { TermHint } from '../term-hint/index.ts';
import { AccessPrompt, moreRowsAction } from '../../runtime/chrome/AccessPrompt.tsx';
import css from './data-table.css?inline';

/** Row height assumed until a rendered row has been measured (and where nothing can be measured). */
const ESTIMATED_ROW_HEIGHT_PX = 33;
/** Widths of the lead columns, so a fixed first column can sit right after them. */
const CHECK_COLUMN_PX = 36;
const NUMBER_COLUMN_PX = 48;

/**
 * The full data table (SPEC §2 shared widgets): sort per column, row limit with show more/hide,
 * groups, prev/next row reveals, checkboxes, row numbers, fixed head and first column, a paged
 * column layout below 680 px, and virtual rows for long tables. All logic is in the model.
 *
 * Elements pass `t` from `useLabels('widgets', 'common')`, add `dataTableStyles` to their styles,
 * and fire `fin-sort-change` / `fin-expand-change` from `onSortChange` / `onExpandChange` (both
 * are called for user actions only).
 */
export function DataTable(props: DataTableProps) {
  useStyles(css);
  const {
    columns,
    rows,
    caption,
    limit = 0,
    totalRows = 0,
    rowNumbers = false,
    checkboxes = false,
    onCheckedChange,
    groupBy,
    fixedHead = false,
    fixedFirstColumn = false,
    sort: controlledSort,
    onSortChange,
    mobileColumns,
    mobileShownColumn = DEFAULT_MOBILE_SHOWN_COLUMN,
    mobilePageSize = 1,
    mobileFixedColumns = 1,
    locked,
    onExpandChange,
    maxHeight,
    emptyText,
    t,
  } = props;
  const tableId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const lockedRef = useRef<HTMLAnchorElement>(null);
  const width = useTableWidth(rootRef);
  // SPEC §9 breakpoint, on the table's own width (a narrow sidebar pages too).
  const narrow = width > 0 && width < MOBILE_BREAKPOINT_PX;
  const sideways = useSidewaysOverflow(scrollRef);

  // Sort: controlled when the caller passes `sort` (even null), else kept here.
  const [ownSort, setOwnSort] = useState<TableSort | null>(null);
  const sort = controlledSort === undefined ? ownSort : controlledSort;
  const sortField = sort?.field;
  const sortDirection = sort?.order;
  const order = useMemo(
    () => sortOrder(rows, sortField && sortDirection ? { field: sortField, order: sortDirection } : null),
    [rows, sortField, sortDirection],
  );
  const changeSort = (field: string) => {
    const next = nextSort(sort, field);
    if (controlledSort === undefined) setOwnSort(next);
    onSortChange?.(next ?? { field, order: null });
  };

  // Columns: SPEC §5 hiding, then the mobile set and page.
  const hidden = useMemo(() => hiddenColumnFields(columns, rows), [columns, rows]);
  const shownColumns = useMemo(
    () => columns.filter((column) => !hidden.has(column.field)),
    [columns, hidden],
  );
  const mobileSet = useMemo(
    () =>
      mobileColumns
        ? mobileColumns.flatMap((field) => shownColumns.filter((column) => column.field === field))
        : shownColumns,
    [mobileColumns, shownColumns],
  );
  const [shownColumn, setShownColumn] = useState(mobileShownColumn);
  const [shownColumnProp, setShownColumnProp] = useState(mobileShownColumn);
  if (shownColumnProp !== mobileShownColumn) {
    setShownColumnProp(mobileShownColumn);
    setShownColumn(mobileShownColumn);
  }
  const fixedCount = Math.min(mobileSet.length, Math.max(1, Math.floor(mobileFixedColumns)));
  const paged = mobileSet.slice(fixedCount);
  // A fitted page: first a guess from the width, then (in layout effects, before the browser
  // paints) one column more while the table has room for one, one less while it overflows; once it
  // overflowed it only shrinks, until the width or the columns change.
  const fitting = mobilePageSize === 'fit';
  const fitKey = `${width}|${paged.map((column) => column.field).join(',')}`;
  const [fitted, setFitted] = useState<{ key: string; size: number; capped: boolean } | null>(null);
  const pageSize = !fitting
    ? Math.max(1, Math.floor(mobilePageSize))
    : fitted?.key === fitKey
      ? fitted.size
      : fitPageGuess(width, paged.length);
  const page = mobileColumnPage(paged.length, shownColumn, pageSize, fixedCount);
  const renderColumns =
    narrow && mobileSet.length > 0
      ? [...mobileSet.slice(0, fixedCount), ...paged.slice(page.start, page.end)]
      : shownColumns;
  const pagingColumns = narrow && paged.length > pageSize;
  useLayoutEffect(() => {
    if (!fitting || !narrow) return;
    const box = scrollRef.current;
    const table = box?.querySelector('table');
    if (!box || !table) return;
    const capped = fitted?.key === fitKey && fitted.capped;
    // The room left when every column is as narrow as its content allows.
    table.style.width = 'min-content';
    const room = box.clientWidth - table.getBoundingClientRect().width;
    table.style.width = '';
    let next = { key: fitKey, size: pageSize, capped };
    if (room < 0) {
      if (pageSize > 1) next = { key: fitKey, size: pageSize - 1, capped: true };
    } else if (!capped && pageSize < paged.length && room >= FIT_COLUMN_PX) {
      next = { key: fitKey, size: pageSize + 1, capped: false };
    }
    if (fitted?.key !== next.key || fitted.size !== next.size || fitted.capped !== next.capped)
      setFitted(next);
    // Measured again when another page of columns or other rows show (their widths differ).
  }, [fitting, narrow, fitted, fitKey, pageSize, paged.length, page.start, rows]);
  // Said (politely) after the user pages: which column is shown now, as the arrows keep their names.
  const [pagedByUser, setPagedByUser] = useState(false);
  const pageColumns = (step: -1 | 1) => {
    setShownColumn(fixedCount + 1 + Math.max(0, page.start + step * pageSize));
    setPagedByUser(true);
  };
  const pageAnnouncement =
    pagedByUser && pagingColumns
      ? t('widgets:column_shown')
          .replace(
            '{n}',
            page.end - page.start > 1
              ? `${page.start + fixedCount + 1}–${page.end + fixedCount}`
              : String(page.start + fixedCount + 1),
          )
          .replace('{total}', String(mobileSet.length))
          .replace(
            '{title}',
            renderColumns
              .slice(fixedCount)
              .map((column) => column.title)
              .join(', '),
          )
      : '';

  // Rows on screen.
  const [reveal, setReveal] = useState<Reveal>({ prev: false, next: false });
  const [collapsedGroups, setCollapsedGroups] = useState<ReadonlySet<string>>(() => new Set());
  const [expanded, setExpanded] = useState(false);
  const display = useMemo(
    () => buildDisplayList(rows, { order, reveal, groupBy, collapsedGroups, limit, expanded }),
    [rows, order, reveal, groupBy, collapsedGroups, limit, expanded],
  );
  const collapsible = limit > 0 && Math.max(display.total, totalRows) > limit;

  // Checked rows and cells opened on mobile start again with new rows.
  const [stateRows, setStateRows] = useState(rows);
  const [checked, setChecked] = useState<ReadonlySet<TableRow>>(
    () => new Set(rows.filter((row) => row.checked)),
  );
  const [openCells, setOpenCells] = useState<ReadonlySet<string>>(() => new Set());
  if (stateRows !== rows) {
    setStateRows(rows);
    setChecked(new Set(rows.filter((row) => row.checked)));
    setOpenCells(new Set());
  }
  const setCheckedRows = (next: ReadonlySet<TableRow>) => {
    setChecked(next);
    onCheckedChange?.(rows.filter((row) => next.has(row)));
  };

  // Expansion: SPEC §4 collapsed/expanded, §5 locked. A feature that logs expansions (SPEC §7
  // contactActionLog) does it from onExpandChange: analytics belongs to the feature, not here.
  const [lockShown, setLockShown] = useState(false);
  const [collapseCount, setCollapseCount] = useState(0);
  const toggleExpanded = () => {
    if (!expanded && locked) {
      setLockShown(true);
      return;
    }
    const next = !expanded;
    setExpanded(next);
    onExpandChange?.(next);
    if (!next) setCollapseCount((count) => count + 1);
  };
  useEffect(() => {
    if (lockShown) lockedRef.current?.focus();
  }, [lockShown]);
  useLayoutEffect(() => {
    if (collapseCount === 0) return;
    toggleRef.current?.focus({ preventScroll: true });
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    if (rootRef.current) return scrollToTop(rootRef.current);
  }, [collapseCount]);

  // Virtual rows: only those in the scroll box plus overscan, with spacer rows for the rest.
  const virtual = maxHeight !== undefined || display.items.length > VIRTUALIZE_ABOVE_ROWS;
  const boxHeight = maxHeight ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT_PX : undefined);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT_PX);
  const measured = useRef(false);
  const [firstRow, setFirstRow] = useState(0);
  const measureSideways = sideways.measure;
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      if (virtual) setFirstRow(Math.floor(event.currentTarget.scrollTop / rowHeight));
      measureSideways();
    },
    [virtual, rowHeight, measureSideways],
  );
  useLayoutEffect(() => {
    if (!virtual || measured.current) return;
    const height = scrollRef.current?.querySelector('tbody > tr.dt-row')?.getBoundingClientRect().height ?? 0;
    if (height > 0) {
      measured.current = true;
      setRowHeight(height);
    }
  }, [virtual, display.items]);
  const slice = virtual
    ? virtualWindow(display.items.length, firstRow * rowHeight, boxHeight ?? 0, rowHeight)
    : { start: 0, end: display.items.length, before: 0, after: 0 };

  // Lead columns (checkbox, number) and the fixed first column's offset after them.
  const leadWidth = (checkboxes ? CHECK_COLUMN_PX : 0) + (rowNumbers ? NUMBER_COLUMN_PX : 0);
  const columnCount = renderColumns.length + (checkboxes ? 1 : 0) + (rowNumbers ? 1 : 0);
  const checkedCount = useMemo(() => rows.filter((row) => checked.has(row)).length, [rows, checked]);

  const rowContext: RowContext = {
    rows,
    cellLabels: { more: t('widgets:show_more'), hide: t('widgets:hide') },
    renderColumns,
    shownColumns,
    checkboxes,
    rowNumbers,
    checked,
    narrow,
    openCells,
    fixedFirstColumn,
    leadWidth,
    t,
    toggleChecked: (row) => {
      const next = new Set(checked);
      if (next.has(row)) next.delete(row);
      else next.add(row);
      setCheckedRows(next);
    },
    toggleCell: (key) => {
      const next = new Set(openCells);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      setOpenCells(next);
    },
  };

  const renderItem = (item: DisplayItem, position: number): ReactNode => {
    const ariaRowIndex = virtual ? position + 2 : undefined;
    if (item.kind === 'row')
      return <Row key={`r${item.index}`} item={item} ariaRowIndex={ariaRowIndex} {...rowContext} />;
    if (item.kind === 'group') {
      return (
        <tr key={`g${item.key}`} className="dt-group" part="group" aria-rowindex={ariaRowIndex}>
          <th scope="rowgroup" colSpan={columnCount}>
            <button
              type="button"
              className="dt-group__toggle"
              aria-expanded={!item.collapsed}
              onClick={() => {
                const next = new Set(collapsedGroups);
                if (next.has(item.key)) next.delete(item.key);
                else next.add(item.key);
                setCollapsedGroups(next);
              }}
            >
              <span className="dt-group__icon" aria-hidden="true" />
              {item.key} <span className="dt-group__count">({item.count})</span>
            </button>
          </th>
        </tr>
      );
    }
    const showLabel = item.which === 'prev' ? 'widgets:show_previous' : 'widgets:show_next';
    return (
      <tr
        key={`v${item.which}`}
        className={`dt-reveal dt-reveal--${item.which}`}
        aria-rowindex={ariaRowIndex}
      >
        <td colSpan={columnCount}>
          <button
            type="button"
            className="fin-link-button"
            aria-expanded={item.open}
            onClick={() => setReveal({ ...reveal, [item.which]: !item.open })}
          >
            {item.open ? t('widgets:hide') : t(showLabel)}
          </button>
        </td>
      </tr>
    );
  };

  const scrollable = boxHeight !== undefined || sideways.start || sideways.end;
  const classes = [
    'dt',
    fixedHead || virtual ? 'dt--fixed-head' : '',
    fixedFirstColumn ? 'dt--fixed-first' : '',
    virtual ? 'dt--virtual' : '',
    narrow ? 'dt--narrow' : '',
    sideways.start ? 'dt--more-start' : '',
    sideways.end ? 'dt--more-end' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} ref={rootRef}>
      {!sideways.measured || sideways.start || sideways.end ? (
        // Columns past the box's edge: said above the table, with a fade on the cut edge (below).
        // Before the box is measured (the server's first paint, hydration) CSS alone shows it
        // while the box overflows.
        <div
          className={`dt-scroll-hint${sideways.measured ? '' : ' dt-scroll-hint--unmeasured'}`}
          data-scroll-hint
          aria-hidden="true"
        >
          {t('common:table_scrolls')}
        </div>
      ) : null}
      <div className="dt-frame">
        <div
          className="dt-scroll"
          ref={scrollRef}
          style={boxHeight !== undefined ? { maxHeight: `${boxHeight}px` } : undefined}
          onScroll={onScroll}
          // A scroll box must be reachable by keyboard to scroll it.
          tabIndex={scrollable ? 0 : undefined}
          role={scrollable ? 'region' : undefined}
          aria-label={scrollable ? caption : undefined}
        >
          <table
            id={tableId}
            className="dt-table"
            part="table"
            aria-rowcount={virtual ? display.items.length + 1 : undefined}
          >
            <caption className="fin-visually-hidden">
              {caption}
              {/* As the WAI-ARIA sortable table example: a sort button in a header marks a sortable column. */}
              {renderColumns.some((column) => column.sortable !== false)
                ? ` (${t('widgets:sortable_hint')})`
                : null}
            </caption>
            <thead part="head">
              <tr aria-rowindex={virtual ? 1 : undefined}>
                {checkboxes ? (
                  <th
                    scope="col"
                    className="dt-check dt-lead"
                    style={fixedFirstColumn ? { left: 0 } : undefined}
                  >
                    <SelectAll
                      count={checkedCount}
                      total={rows.length}
                      label={t('widgets:select_all')}
                      onChange={(all) => setCheckedRows(new Set(all ? rows : []))}
                    />
                  </th>
                ) : null}
                {rowNumbers ? (
                  <th
                    scope="col"
                    className="dt-num dt-lead"
                    style={fixedFirstColumn ? { left: checkboxes ? CHECK_COLUMN_PX : 0 } : undefined}
                  >
                    <abbr title={t('widgets:row_number')}>#</abbr>
                  </th>
                ) : null}
                {renderColumns.map((column, position) => (
                  <HeaderCell
                    // Paged columns are keyed by place: the cell holding the arrows (and the focus on
                    // one) stays while its column changes, the last one also when a fitted page
                    // shows one column less.
                    key={
                      !pagingColumns || position < fixedCount
                        ? column.field
                        : position === renderColumns.length - 1
                          ? 'paged-last'
                          : `paged-${position}`
                    }
                    column={column}
                    first={position === 0}
                    sort={sort}
                    onSort={changeSort}
                    fixedLeft={fixedFirstColumn && position === 0 ? leadWidth : undefined}
                    paging={
                      pagingColumns
                        ? {
                            previous:
                              position === fixedCount && page.canPrevious ? () => pageColumns(-1) : null,
                            next:
                              position === renderColumns.length - 1 && page.canNext
                                ? () => pageColumns(1)
                                : null,
                            showPrevious: position === fixedCount,
                            showNext: position === renderColumns.length - 1,
                          }
                        : null
                    }
                    t={t}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {slice.before > 0 ? (
                <tr className="dt-spacer" aria-hidden="true" style={{ height: slice.before }} />
              ) : null}
              {display.items
                .slice(slice.start, slice.end)
                .map((item, offset) => renderItem(item, slice.start + offset))}
              {slice.after > 0 ? (
                <tr className="dt-spacer" aria-hidden="true" style={{ height: slice.after }} />
              ) : null}
              {display.items.length === 0 ? (
                <tr className="dt-empty" part="empty">
                  <td colSpan={columnCount}>{emptyText ?? t('widgets:no_data')}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </div>
      <div className="fin-visually-hidden" role="status">
        {pageAnnouncement}
      </div>
      {collapsible ? (
        lockShown && locked ? (
          <LockedMessage
            locked={locked}
            hiddenRows={Math.max(display.total, totalRows) - limit}
            linkRef={lockedRef}
            t={t}
          />
        ) : (
          <div className="dt-more">
            <button
              ref={toggleRef}
              type="button"
              className="fin-link-button"
              part="show-more"
              aria-expanded={expanded}
              aria-controls={tableId}
              onClick={toggleExpanded}
            >
              {expanded ? t('widgets:hide') : t('widgets:show_more')}
            </button>
          </div>
        )
      ) : null}
    </div>
  );
}

/**
 * Calls `measure` whenever one of the elements changes size, from the first layout on. While the
 * document is still loading (the server's HTML hydrating), the first measure waits for the
 * ResizeObserver's first report, which comes after the browser's own layout of the frame and
 * before its paint: a read in the layout effect would force the page's first layout inside the
 * hydration task (~45 ms of the issuer page's load, all its tables hydrating at once). flushSync
 * commits what the measure changes (the phone's paged columns) before that paint, not a frame
 * later. Once the page has loaded, a read costs only what changed, and a table mounted then (a
 * retry, a tab) is measured at once, so it never shows a frame unmeasured. Without an observer
 * (jsdom), it measures at once and on window resizes.
 */
function observeLayout(elements: readonly Element[], measure: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    measure();
    globalThis.addEventListener('resize', measure);
    return () => globalThis.removeEventListener('resize', measure);
  }
  if (elements[0]?.ownerDocument.readyState === 'complete') measure();
  const observer = new ResizeObserver(() => flushSync(measure));
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}

/** The table's own width in px (the window's where nothing is laid out), kept up to date. */
function useTableWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    return observeLayout([element], () => {
      const own = element.getBoundingClientRect().width || element.ownerDocument.defaultView?.innerWidth || 0;
      setWidth(Math.round(own));
    });
  }, [ref]);
  return width;
}

/**
 * Whether the table reaches past its scroll box on the left (scrolled) and on the right, kept up to
 * date as the box or the table changes size and as the user scrolls (`measure`, from onScroll).
 */
function useSidewaysOverflow(ref: RefObject<HTMLElement | null>): {
  start: boolean;
  end: boolean;
  /** False until the box is measured: on the server and in the render that hydrates. */
  measured: boolean;
  measure(): void;
} {
  const [edges, setEdges] = useState({ start: false, end: false, measured: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const hidden = box.scrollWidth - box.clientWidth;
    // A pixel of rounding is not a column out of sight.
    const start = hidden > 1 && box.scrollLeft > 1;
    const end = hidden > 1 && box.scrollLeft < hidden - 1;
    setEdges((old) =>
      old.measured && old.start === start && old.end === end ? old : { start, end, measured: true },
    );
  }, [ref]);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    return observeLayout(box.firstElementChild ? [box, box.firstElementChild] : [box], measure);
  }, [ref, measure]);
  return { ...edges, measure };
}

interface HeaderCellProps {
  column: TableColumn;
  first: boolean;
  sort: TableSort | null;
  onSort(field: string): void;
  fixedLeft: number | undefined;
  paging: {
    previous: (() => void) | null;
    next: (() => void) | null;
    showPrevious: boolean;
    showNext: boolean;
  } | null;
  t: DataTableProps['t'];
}

function HeaderCell({ column, first, sort, onSort, fixedLeft, paging, t }: HeaderCellProps) {
  const order = sort?.field === column.field ? sort.order : null;
  const sortable = column.sortable !== false;
  const className = [
    first ? 'dt-first' : '',
    column.align === 'end' ? 'dt-end' : '',
    order ? `dt-sorted dt-sorted--${order}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const heading = sortable ? (
    <button type="button" className="dt-sort" onClick={() => onSort(column.field)}>
      {column.title}
      <span className="dt-sort__icon" aria-hidden="true" />
    </button>
  ) : (
    column.title
  );
  const title = column.hint ? (
    <>
      {heading}
      <TermHint text={column.hint.text} label={column.hint.label} />
    </>
  ) : (
    heading
  );
  return (
    <th
      scope="col"
      className={className || undefined}
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
      style={fixedLeft !== undefined ? { left: fixedLeft } : undefined}
      data-field={column.field}
    >
      {paging && (paging.showPrevious || paging.showNext) ? (
        // The arrows on a line of their own above the heading: the column needs no more room
        // than its longest word, so three columns fit a 320 px phone in every language.
        <span className="dt-paged">
          {paging.showPrevious ? (
            <PageButton direction="previous" onClick={paging.previous} label={t('widgets:previous_column')} />
          ) : null}
          {paging.showNext ? (
            <PageButton direction="next" onClick={paging.next} label={t('widgets:next_column')} />
          ) : null}
          <span className="dt-paged__title">{title}</span>
        </span>
      ) : (
        title
      )}
    </th>
  );
}

function PageButton({
  direction,
  onClick,
  label,
}: {
  direction: 'previous' | 'next';
  onClick: (() => void) | null;
  label: string;
}) {
  return (
    // aria-disabled, not disabled: a disabled button drops the focus to the page at the last column.
    <button
      type="button"
      className={`dt-page dt-page--${direction}`}
      aria-label={label}
      title={label}
      aria-disabled={onClick ? undefined : true}
      onClick={onClick ?? undefined}
    >
      <span aria-hidden="true">{direction === 'previous' ? '‹' : '›'}</span>
    </button>
  );
}

function SelectAll({
  count,
  total,
  label,
  onChange,
}: {
  count: number;
  total: number;
  label: string;
  onChange(all: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={total > 0 && count === total}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

interface RowContext {
  rows: readonly TableRow[];
  cellLabels: { more: string; hide: string };
  renderColumns: TableColumn[];
  shownColumns: TableColumn[];
  checkboxes: boolean;
  rowNumbers: boolean;
  checked: ReadonlySet<TableRow>;
  narrow: boolean;
  openCells: ReadonlySet<string>;
  fixedFirstColumn: boolean;
  leadWidth: number;
  t: DataTableProps['t'];
  toggleChecked(row: TableRow): void;
  toggleCell(key: string): void;
}

function Row({
  item,
  ariaRowIndex,
  rows,
  renderColumns,
  shownColumns,
  checkboxes,
  rowNumbers,
  checked,
  narrow,
  openCells,
  fixedFirstColumn,
  leadWidth,
  t,
  cellLabels,
  toggleChecked,
  toggleCell,
}: RowContext & { item: Extract<DisplayItem, { kind: 'row' }>; ariaRowIndex: number | undefined }) {
  const row = rows[item.index]!;
  // A colspan row's first cell covers the first `colspan` shown columns (fewer are on screen on mobile).
  const covered = new Set(
    row.colspan && row.colspan > 1 ? shownColumns.slice(0, row.colspan).map((column) => column.field) : [],
  );
  const cells: ReactNode[] = [];
  for (let position = 0; position < renderColumns.length; position++) {
    const column = renderColumns[position]!;
    const first = position === 0;
    if (!first && covered.has(column.field)) continue;
    const span =
      first && covered.size > 0 ? renderColumns.filter((other) => covered.has(other.field)).length : 1;
    const value = row[column.field];
    const cellKey = `${item.index}:${column.field}`;
    const content = column.format ? (
      column.format(value, row)
    ) : (
      <CellContent
        value={value}
        cut={!column.comment}
        narrow={narrow}
        open={openCells.has(cellKey)}
        onToggle={() => toggleCell(cellKey)}
        labels={cellLabels}
      />
    );
    const className = [
      first ? 'dt-first' : '',
      column.align === 'end' ? 'dt-end' : '',
      column.comment ? 'dt-comment' : '',
      column.className?.(value, row) ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    const cellProps = {
      className: className || undefined,
      colSpan: span > 1 ? span : undefined,
      title: cellTitle(value),
      style: first && fixedFirstColumn ? { left: leadWidth } : undefined,
    };
    cells.push(
      first ? (
        <th key={column.field} scope="row" {...cellProps}>
          {content}
        </th>
      ) : (
        <td key={column.field} {...cellProps}>
          {content}
        </td>
      ),
    );
  }
  const isChecked = checked.has(row);
  return (
    <tr className={row.class ? `dt-row ${row.class}` : 'dt-row'} part="row" aria-rowindex={ariaRowIndex}>
      {checkboxes ? (
        <td className="dt-check dt-lead" style={fixedFirstColumn ? { left: 0 } : undefined}>
          <input
            type="checkbox"
            checked={isChecked}
            aria-label={cellText(row[renderColumns[0]?.field ?? '']) || t('widgets:select_row')}
            onChange={() => toggleChecked(row)}
          />
        </td>
      ) : null}
      {rowNumbers ? (
        <td
          className="dt-num dt-lead"
          style={fixedFirstColumn ? { left: checkboxes ? CHECK_COLUMN_PX : 0 } : undefined}
        >
          {item.number}
        </td>
      ) : null}
      {cells}
    </tr>
  );
}

/**
 * SPEC §5 / §8: why a locked table cannot expand, with the way forward, in the place of the
 * show-more button it replaces (a neutral prompt, not an error: the table does not move).
 */
function LockedMessage({
  locked,
  hiddenRows,
  linkRef,
  t,
}: {
  locked: LockedExpansion;
  hiddenRows: number;
  linkRef: RefObject<HTMLAnchorElement | null>;
  t: DataTableProps['t'];
}) {
  return (
    <div className="dt-more dt-locked">
      <AccessPrompt
        need={locked.reason}
        action={moreRowsAction(t, locked.reason, hiddenRows)}
        loginUrl={locked.loginUrl}
        accessUrl={locked.accessUrl}
        linkRef={linkRef}
      />
    </div>
  );
}
