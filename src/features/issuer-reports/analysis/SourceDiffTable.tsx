/**
 * The difference between the two IFRS sources for one statement: the lines and periods both
 * have, each cell "source 1 − source 2" with the difference relative to source 2 in brackets
 * (the view's note says so once), then the lines only one source has.
 */
import type { ReportSection } from '../../../contract/reports.ts';
import type { Translate } from '../../../runtime/hooks.ts';
import { DataTable, type TableColumn, type TableRow } from '../../../widgets/data-table/index.ts';
import { figure, label, percent } from './analysis-text.ts';
import { sourceDiff, type DiffCell } from './source-diff.ts';

export interface SourceDiffTableProps {
  section1: ReportSection;
  section2: ReportSection;
  /** The sources' names, as their tabs say. */
  names: [string, string];
  t: Translate;
}

function signed(value: number | null): string {
  return value !== null && value > 0 ? `+${figure(value)}` : figure(value);
}

export function SourceDiffTable({ section1, section2, names, t }: SourceDiffTableProps) {
  const diff = sourceDiff(section1, section2);
  const columns: TableColumn[] = [
    { field: 'line', title: t('issuer:indicator'), sortable: false },
    ...diff.columns.map((column, i) => ({
      field: `c${i}`,
      title: column.ttl,
      sortable: false,
      align: 'end' as const,
      format: (value: unknown) => {
        const cell = value as DiffCell;
        return (
          <span
            className="an-diff__cell"
            title={`${names[0]}: ${figure(cell.source1)}; ${names[1]}: ${figure(cell.source2)}`}
          >
            <span className="an-diff__value">{signed(cell.difference)}</span>
            {cell.relative !== null && <span className="an-diff__relative"> ({percent(cell.relative)})</span>}
          </span>
        );
      },
    })),
  ];
  const rows: TableRow[] = diff.lines.map((entry) => ({
    line: entry.line.ttl,
    class: entry.parentId ? 'an-diff__sub' : undefined,
    ...Object.fromEntries(entry.cells.map((cell, i) => [`c${i}`, cell])),
  }));
  const lists = [
    { key: 'only1', lines: diff.only1, text: label(t, 'issuer:analysis_only_in', { source: names[0] }) },
    { key: 'only2', lines: diff.only2, text: label(t, 'issuer:analysis_only_in', { source: names[1] }) },
    { key: 'undecided', lines: diff.undecided, text: t('issuer:analysis_undecided') },
  ].filter((list) => list.lines.length > 0);

  return (
    <div className="an-diff" data-statement-diff>
      {diff.lines.length > 0 && diff.columns.length > 0 ? (
        <DataTable
          columns={columns}
          rows={rows}
          caption={`${section1.ttl}: ${t('issuer:analysis_diff')}, ${section1.dimension}`}
          fixedFirstColumn
          mobilePageSize="fit"
          t={t}
        />
      ) : (
        <p className="an-note">{t('issuer:analysis_no_common')}</p>
      )}
      {lists.map((list) => (
        <div key={list.key} className="an-diff__only" data-only={list.key}>
          <span>{list.text}</span> <span>{list.lines.map((line) => line.ttl).join('; ')}</span>
        </div>
      ))}
    </div>
  );
}
