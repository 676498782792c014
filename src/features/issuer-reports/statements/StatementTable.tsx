import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ReportSection } from '../../../contract/reports.ts';
import { AccessPrompt, moreRowsAction } from '../../../runtime/chrome/AccessPrompt.tsx';
import type { Translate } from '../../../runtime/hooks.ts';
import { DataTable, type TableColumn, type TableRow } from '../../../widgets/data-table/index.ts';
import { scrollToTop } from '../../../widgets/scroll-back/scroll-back.ts';
import {
  closedPart,
  figureDecimals,
  formatFigure,
  statementLines,
  type StatementKey,
  type StatementLine,
  type StatementView,
} from './statements.model.ts';

/** The table body scrolls inside this height, under a fixed head. */
const TABLE_MAX_HEIGHT_PX = 560;

export interface StatementTableProps {
  statementKey: StatementKey;
  section: ReportSection;
  headingLevel: 2 | 3;
  /** Labels of `issuer`, `widgets` and `common`. */
  t: Translate;
  /** Replaces the figures (a derived view); default the reported ones. */
  view?: StatementView;
  /** Makes each line's name a button: the user asked about this line (e.g. its history). */
  onLineClick?(line: StatementLine, section: ReportSection): void;
  /** The accessible name of a line's button, saying what it does; default the line's name. */
  lineActionLabel?(line: StatementLine): string;
  /** Extra controls shown in the statement's toolbar, after its own. */
  toolbar?: ReactNode;
  /** The user asked for the closed part ("show more"), whether or not it is locked for them. */
  onShowMore?(): void;
  /** The report's name (e.g. "RAS"), before the statement's in the table's name: one page may show several reports. */
  reportName?: string;
  /**
   * The period columns on screen, [start, end) of `scroll_head`; default all. A view still works
   * out its figures from every period (a year-over-year change finds its base off screen).
   */
  periods?: { start: number; end: number };
}

/**
 * One statement of an IFRS or RAS report as a full data table (SPEC §3 "Reports", §4 "Report and
 * list toggles", §5 locked expansion): fixed head and first column, the unit, sub lines as
 * collapsible groups, the closed part toggled open and closed, or the reason it is withheld.
 */
export function StatementTable({
  statementKey,
  section,
  headingLevel,
  t,
  view,
  onLineClick,
  lineActionLabel,
  toolbar,
  onShowMore,
  reportName,
  periods,
}: StatementTableProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [closedOpen, setClosedOpen] = useState(false);
  const [lockShown, setLockShown] = useState(false);
  const lockedLink = useRef<HTMLAnchorElement>(null);
  const [collapses, setCollapses] = useState(0);
  const closed = closedPart(section);

  const lines = useMemo(
    () => statementLines(section, { closedOpen, expanded }),
    [section, closedOpen, expanded],
  );
  const toggleLine = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  // One count of decimals per period column (issue 20), from the figures the column shows.
  const decimals = useMemo(
    () =>
      section.scroll_head.map((_column, index) =>
        figureDecimals(
          lines.map((line) => (view?.values ? view.values(line, section) : line.values)[index] ?? null),
        ),
      ),
    [lines, view, section],
  );

  const columns = useMemo<TableColumn[]>(() => {
    const lineColumn: TableColumn = {
      field: 'line',
      title: t('issuer:indicator'),
      sortable: false,
      alwaysShown: true,
      format: (_value, row) => (
        <LineHeading
          line={row.line as StatementLine}
          expanded={expanded.has((row.line as StatementLine).id)}
          onToggle={toggleLine}
          onClick={onLineClick ? (line) => onLineClick(line, section) : undefined}
          actionLabel={lineActionLabel}
        />
      ),
    };
    const periodColumns = section.scroll_head.map((column, index): TableColumn => ({
      field: `p${index}`,
      title: column.ttl,
      sortable: false,
      alwaysShown: true,
      align: 'end',
      format: (value, row) => {
        const line = row.line as StatementLine;
        const figure = value as StatementLine['values'][number];
        return view?.format ? view.format(figure, column, line) : formatFigure(figure, decimals[index]);
      },
    }));
    const shown = periods ? periodColumns.slice(periods.start, periods.end) : periodColumns;
    return [lineColumn, ...shown];
    // toggleLine reads `expanded`, which is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [section, expanded, view, onLineClick, lineActionLabel, t, decimals, periods?.start, periods?.end]);

  const rows = useMemo<TableRow[]>(
    () =>
      lines.map((line) => {
        const values = view?.values ? view.values(line, section) : line.values;
        const row: TableRow = {
          line,
          class: [line.depth > 0 ? 'st-sub' : '', line.closed ? 'st-closed' : ''].filter(Boolean).join(' '),
        };
        section.scroll_head.forEach((_column, index) => {
          row[`p${index}`] = values[index] ?? null;
        });
        return row;
      }),
    [lines, view, section],
  );

  const toggleClosed = () => {
    if (!closedOpen) onShowMore?.();
    if (closed?.locked) {
      setLockShown(true);
      return;
    }
    if (closedOpen) setCollapses((count) => count + 1);
    setClosedOpen(!closedOpen);
  };
  // The prompt replaced the button the user pressed: the focus goes to its link.
  useLayoutEffect(() => {
    if (lockShown) lockedLink.current?.focus({ preventScroll: true });
  }, [lockShown]);
  // Collapsing: the focus stays on the toggle and the page scrolls back to the table's top.
  useLayoutEffect(() => {
    if (collapses === 0 || !rootRef.current) return;
    return scrollToTop(rootRef.current);
  }, [collapses]);

  const caption = `${reportName ? `${reportName}: ` : ''}${section.ttl}, ${section.dimension}`;
  const locked = lockShown ? closed?.locked : null;

  return (
    <div className="st" ref={rootRef} data-statement={statementKey} aria-labelledby={headingId} role="group">
      <div className="st-head">
        <Heading id={headingId} className="st-title">
          {section.ttl}
        </Heading>
        <span className="st-dimension">
          {t('issuer:unit')}: {section.dimension}
        </span>
        {toolbar ? <div className="st-toolbar">{toolbar}</div> : null}
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        caption={caption}
        fixedHead
        fixedFirstColumn
        maxHeight={TABLE_MAX_HEIGHT_PX}
        // Below 680 px: as many periods beside the line names as fit.
        mobilePageSize="fit"
        t={t}
      />
      {closed ? (
        locked ? (
          // In the place of "show more": the way to the withheld lines, and nothing moves.
          <div className="st-more st-locked">
            <AccessPrompt
              need={locked.need}
              action={moreRowsAction(t, locked.need, locked.count)}
              loginUrl={locked.need === 'need_auth' ? locked.link : undefined}
              accessUrl={locked.need === 'need_auth' ? undefined : locked.link}
              linkRef={lockedLink}
            />
          </div>
        ) : (
          <div className="st-more">
            <button
              type="button"
              className="fin-link-button"
              part="show-more"
              aria-expanded={closedOpen}
              onClick={toggleClosed}
            >
              {closedOpen ? t('widgets:hide') : t('widgets:show_more')}
            </button>
            {closedOpen ? null : (
              <span className="st-more__count">
                {t('issuer:closed_rows').replace('{count}', String(closed.count))}
              </span>
            )}
          </div>
        )
      ) : null}
    </div>
  );
}

function LineHeading({
  line,
  expanded,
  onToggle,
  onClick,
  actionLabel,
}: {
  line: StatementLine;
  expanded: boolean;
  onToggle(id: string): void;
  onClick?: (line: StatementLine) => void;
  actionLabel?: (line: StatementLine) => string;
}) {
  const name = onClick ? (
    <button
      type="button"
      className="fin-link-button st-line__name"
      aria-label={actionLabel?.(line)}
      onClick={() => onClick(line)}
    >
      {line.ttl}
    </button>
  ) : (
    <span className="st-line__name">{line.ttl}</span>
  );
  return (
    <span className={line.depth > 0 ? 'st-line st-line--sub' : 'st-line'}>
      {line.hasSub ? (
        // The group's toggle names the line it opens; the name itself stays a separate target.
        <button
          type="button"
          className="st-line__toggle"
          aria-expanded={expanded}
          aria-label={line.ttl}
          onClick={() => onToggle(line.id)}
        >
          <span aria-hidden="true" className="st-line__icon" />
        </button>
      ) : null}
      <span>
        {name}
        {line.dimension ? <span className="st-line__unit">, {line.dimension}</span> : null}
      </span>
    </span>
  );
}
