import type { ReportLine, ReportRows, ReportSection, ReportValue } from '../../../contract/reports.ts';

/** One line of a section as shown: its values aligned with the section's `scroll_head`. */
export interface SectionLine {
  line: ReportLine;
  /** The parent line's id for a sub row, else null. */
  parentId: string | null;
  dimension: string;
  values: ReportValue[];
}

/**
 * Every line the section shows, in the table's order: the free lines with their sub rows after
 * each, then the closed lines when they are open to this user. Withheld lines are not known.
 */
export function sectionLines(section: ReportSection): SectionLine[] {
  const out: SectionLine[] = [];
  const add = (rows: ReportRows, subRows: Record<string, ReportRows>, parentId: string | null) => {
    rows.scroll_clmn.forEach((line, i) => {
      out.push({
        line,
        parentId,
        dimension: rows.dimensions[i] ?? section.dimension,
        values: rows.scroll_body[i] ?? [],
      });
      const sub = subRows[line.id];
      if (sub && parentId === null) add(sub, subRows, line.id);
    });
  };
  add(section, section.sub_rows, null);
  const closed = section.closed_data;
  if (closed && !closed.locked) add(closed, closed.sub_rows, null);
  return out;
}

/** Whether the section withholds rows from this user (so a line it lacks may still exist). */
export function withholdsRows(section: ReportSection): boolean {
  return section.closed_data?.locked === true;
}
