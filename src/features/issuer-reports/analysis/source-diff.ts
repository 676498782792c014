/**
 * The difference between the two IFRS sources of one issuer (msfo: company filings, msfo2: the
 * data provider) for one section: the lines both show (matched by line id) over the periods both
 * have (matched by column id), and the lines only one source has.
 */
import type { ReportColumn, ReportLine, ReportSection, ReportValue } from '../../../contract/reports.ts';
import { sectionLines, withholdsRows } from './section-lines.ts';

export interface DiffCell {
  source1: ReportValue;
  source2: ReportValue;
  /** source 1 − source 2; null when either is missing. */
  difference: number | null;
  /** (source 1 − source 2) / |source 2| × 100; null when either is missing or source 2 is 0. */
  relative: number | null;
}

export interface DiffLine {
  line: ReportLine;
  parentId: string | null;
  /** Source 1's unit of the line. */
  dimension: string;
  /** Aligned with SourceDiff.columns. */
  cells: DiffCell[];
}

export interface SourceDiff {
  /** The periods both sources have, in source 1's order. */
  columns: ReportColumn[];
  /** The lines both sources show, in source 1's order. */
  lines: DiffLine[];
  /** Lines only source 1 has (source 2 shows all its lines and lacks them). */
  only1: ReportLine[];
  only2: ReportLine[];
  /**
   * Lines one source shows while the other withholds its rows beyond the free part from this
   * user: the other may have them, so they are neither compared nor called "only in one".
   */
  undecided: ReportLine[];
}

export function diffCell(source1: ReportValue, source2: ReportValue): DiffCell {
  const difference = source1 === null || source2 === null ? null : source1 - source2;
  const relative =
    difference === null || source2 === 0 || source2 === null ? null : (difference / Math.abs(source2)) * 100;
  return { source1, source2, difference, relative };
}

export function sourceDiff(section1: ReportSection, section2: ReportSection): SourceDiff {
  const columns2 = new Map(section2.scroll_head.map((column, i) => [column.id, i]));
  const shared = section1.scroll_head.flatMap((column, i) => {
    const j = columns2.get(column.id);
    return j === undefined ? [] : [{ column, i, j }];
  });
  const lines1 = sectionLines(section1);
  const lines2 = new Map(sectionLines(section2).map((entry) => [entry.line.id, entry]));
  const ids1 = new Set(lines1.map((entry) => entry.line.id));
  const diff: SourceDiff = {
    columns: shared.map((s) => s.column),
    lines: [],
    only1: [],
    only2: [],
    undecided: [],
  };

  for (const entry of lines1) {
    const other = lines2.get(entry.line.id);
    if (other) {
      diff.lines.push({
        line: entry.line,
        parentId: entry.parentId,
        dimension: entry.dimension,
        cells: shared.map(({ i, j }) => diffCell(entry.values[i] ?? null, other.values[j] ?? null)),
      });
    } else (withholdsRows(section2) ? diff.undecided : diff.only1).push(entry.line);
  }
  for (const [id, entry] of lines2) {
    if (!ids1.has(id)) (withholdsRows(section1) ? diff.undecided : diff.only2).push(entry.line);
  }
  return diff;
}
